import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** String translation (`ml/st/v1`): registered strings, their translations per language, ST settings. */
export class StringTranslation1766000000000 implements MigrationInterface {
  name = 'StringTranslation1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = String(queryRunner.connection.driver.options.type);
    // gettext keys are case- and space-exact ("Post" and "post" are two strings): binary collation on MySQL
    const exact = dialect === 'mysql' ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'ml_strings',
        columns: [
          C.id(),
          { ...C.string('domain', 160), ...exact },
          { ...C.string('context', 160, ''), ...exact },
          { ...C.string('name', 160), ...exact },
          { ...C.longText('value', dialect), isNullable: false, ...exact },
          C.string('language', 7, 'en'),
          C.integer('status'),
          C.dateTime('updated_at'),
        ],
        uniques: [{ name: 'uq_ml_strings_key', columnNames: ['domain', 'context', 'name'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ml_string_translations',
        columns: [
          C.id(),
          C.foreignId('string_id'),
          C.string('language', 7),
          C.longText('value', dialect),
          C.integer('status'),
          C.dateTime('updated_at'),
        ],
        uniques: [{ name: 'uq_ml_string_translations', columnNames: ['string_id', 'language'] }],
        indices: [{ name: 'ix_ml_string_translations_language', columnNames: ['language', 'status'] }],
        foreignKeys: [
          {
            columnNames: ['string_id'],
            referencedTableName: 'ml_strings',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ml_st_settings',
        columns: [
          { name: 'option_group', type: 'varchar', length: '100', isPrimary: true },
          { name: 'option_key', type: 'varchar', length: '100', isPrimary: true },
          { ...C.longText('value', dialect), isNullable: false },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('ml_st_settings');
    await queryRunner.dropTable('ml_string_translations');
    await queryRunner.dropTable('ml_strings');
  }
}
