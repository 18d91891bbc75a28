import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** Secrets of the calendar views (the key of the views route's nonces), shared by every instance. */
export class CalendarViews1765700000000 implements MigrationInterface {
  name = 'CalendarViews1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'cal_views_secrets',
        columns: [{ ...C.string('name', 40), isPrimary: true }, C.string('value', 128)],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('cal_views_secrets');
  }
}
