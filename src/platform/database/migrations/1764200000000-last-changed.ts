import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** One `last_changed` stamp per group of tables (src/database/last-changed.ts); rows are added at start-up. */
export class LastChanged1764200000000 implements MigrationInterface {
  name = 'LastChanged1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'last_changed',
        columns: [{ ...C.string('name', 32), isPrimary: true }, C.string('version', 40, '')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('last_changed');
  }
}
