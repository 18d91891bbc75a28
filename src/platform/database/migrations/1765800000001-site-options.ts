import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** Named site options (WordPress's wp_options). */
export class SiteOptions1765800000001 implements MigrationInterface {
  name = 'SiteOptions1765800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = String(queryRunner.connection.driver.options.type);
    await queryRunner.createTable(
      new Table({
        name: 'site_options',
        columns: [
          { name: 'name', type: 'varchar', length: '191', isPrimary: true },
          { ...C.longText('value', dialect), isNullable: false },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('site_options');
  }
}
