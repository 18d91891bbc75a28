import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

const TABLES = ['posts', 'cal_events', 'cal_venues', 'cal_organizers'];

/**
 * Slugs become nullable: a draft or pending object has no slug yet (WordPress leaves `post_name` empty until
 * publication) and stores NULL, which never collides in a unique index on SQLite or MySQL; the wire shows "".
 */
export class NullableSlugs1765100000002 implements MigrationInterface {
  name = 'NullableSlugs1765100000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.changeColumn(
        table,
        'slug',
        new TableColumn({ name: 'slug', type: 'varchar', length: '200', isNullable: true }),
      );
      await queryRunner.query(`UPDATE ${table} SET slug = NULL WHERE slug = ''`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`UPDATE ${table} SET slug = '' WHERE slug IS NULL`);
      await queryRunner.changeColumn(
        table,
        'slug',
        new TableColumn({ name: 'slug', type: 'varchar', length: '200', default: "''" }),
      );
    }
  }
}
