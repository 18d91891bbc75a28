import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

const TABLES = ['cal_events', 'cal_venues', 'cal_organizers'];

/**
 * Events, venues and organizers: slugs unique per language (as posts, pages and terms already are), so a
 * translation may keep its original's slug under `/no/`. The index keeps its name (`uq_<table>_slug`).
 */
export class CalendarSlugsPerLanguage1765900000002 implements MigrationInterface {
  name = 'CalendarSlugsPerLanguage1765900000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.dropIndex(table, `uq_${table}_slug`);
      await queryRunner.createIndex(
        table,
        new TableIndex({ name: `uq_${table}_slug`, columnNames: ['slug', 'language'], isUnique: true }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.dropIndex(table, `uq_${table}_slug`);
      await queryRunner.createIndex(
        table,
        new TableIndex({ name: `uq_${table}_slug`, columnNames: ['slug'], isUnique: true }),
      );
    }
  }
}
