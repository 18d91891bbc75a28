import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** Failed logins per client address, counted atomically in the database so every instance shares the limit. */
export class AuthFailures1765200000001 implements MigrationInterface {
  name = 'AuthFailures1765200000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'auth_failures',
        columns: [
          { ...C.string('client', 64), isPrimary: true },
          C.integer('failures'),
          { name: 'window_start', type: 'bigint', default: 0 },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('auth_failures');
  }
}
