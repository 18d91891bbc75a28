import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * The longest published event per language (seconds), which bounds how far before a date window the
 * calendar views look for events still running in it. -1: unknown (computed on first use).
 */
export class CalendarViewsLongest1765720000000 implements MigrationInterface {
  name = 'CalendarViewsLongest1765720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'cal_views_longest',
        columns: [{ ...C.string('language', 2), isPrimary: true }, C.integer('seconds', -1)],
      }),
    );
    await queryRunner.query(
      "INSERT INTO cal_views_longest (language, seconds) VALUES ('en', -1), ('no', -1)",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('cal_views_longest');
  }
}
