import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

export class Users1763700000000 implements MigrationInterface {
  name = 'Users1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          C.id(),
          { name: 'login', type: 'varchar', length: '60' },
          { name: 'email', type: 'varchar', length: '100' },
          { name: 'slug', type: 'varchar', length: '50' },
          { name: 'display_name', type: 'varchar', length: '250', default: "''" },
          { name: 'first_name', type: 'varchar', length: '100', default: "''" },
          { name: 'last_name', type: 'varchar', length: '100', default: "''" },
          { name: 'nickname', type: 'varchar', length: '100', default: "''" },
          { name: 'description', type: 'text', isNullable: true },
          { name: 'url', type: 'varchar', length: '200', default: "''" },
          { name: 'locale', type: 'varchar', length: '20', default: "''" },
          { name: 'role', type: 'varchar', length: '20' },
          { name: 'password_hash', type: 'varchar', length: '255' },
          { name: 'registered_at', type: 'varchar', length: '19' },
        ],
        indices: [
          new TableIndex({ name: 'uq_users_login', columnNames: ['login'], isUnique: true }),
          new TableIndex({ name: 'uq_users_email', columnNames: ['email'], isUnique: true }),
          new TableIndex({ name: 'uq_users_slug', columnNames: ['slug'], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'application_passwords',
        columns: [
          { name: 'uuid', type: 'varchar', length: '36', isPrimary: true },
          C.foreignId('user_id'),
          { name: 'app_id', type: 'varchar', length: '36', default: "''" },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'password_hash', type: 'varchar', length: '128' },
          { name: 'created_at', type: 'varchar', length: '19' },
          { name: 'last_used_at', type: 'varchar', length: '19', isNullable: true },
          { name: 'last_ip', type: 'varchar', length: '45', isNullable: true },
        ],
        indices: [new TableIndex({ name: 'ix_application_passwords_user', columnNames: ['user_id'] })],
        foreignKeys: [
          {
            name: 'fk_application_passwords_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('application_passwords');
    await queryRunner.dropTable('users');
  }
}
