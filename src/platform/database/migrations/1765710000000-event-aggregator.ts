import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * Event imports: the records of the import service (TEC's `tribe-ea-record` posts and their
 * `_tribe_aggregator_*` meta), their error log, the origin IDs of what they imported, and job claims.
 */
export class EventAggregator1765710000000 implements MigrationInterface {
  name = 'EventAggregator1765710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = String(queryRunner.connection.driver.options.type);
    await queryRunner.createTable(
      new Table({
        name: 'ea_import_records',
        columns: [
          C.id(),
          C.string('import_id', 64),
          C.string('origin', 20),
          C.string('type', 20, 'manual'),
          C.string('status', 20, 'draft'),
          C.nullableString('next_batch_hash', 64),
          C.integer('percentage_complete'),
          C.integer('total_events'),
          C.string('post_status', 20, ''),
          C.text('source', true),
          { ...C.longText('activity', dialect), isNullable: true },
          C.integer('author_id'),
          C.integer('parent_id'),
          C.string('language', 2, 'en'),
          C.integer('frequency_seconds'),
          C.dateTime('next_run_at', true),
          C.dateTime('delivered_at', true),
          C.integer('attempts'),
          C.nullableString('claimed_by', 64),
          C.dateTime('claimed_until', true),
          C.dateTime('created_at'),
          C.dateTime('modified_at'),
        ],
        indices: [
          new TableIndex({ name: 'ix_ea_records_import', columnNames: ['import_id', 'status'] }),
          new TableIndex({ name: 'ix_ea_records_due', columnNames: ['status', 'delivered_at'] }),
          new TableIndex({ name: 'ix_ea_records_schedule', columnNames: ['status', 'next_run_at'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ea_import_errors',
        columns: [
          C.id(),
          C.foreignId('record_id'),
          C.string('code', 191),
          C.text('message', true),
          C.dateTime('created_at'),
        ],
        indices: [new TableIndex({ name: 'ix_ea_errors_record', columnNames: ['record_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ea_imported_items',
        columns: [
          C.id(),
          C.string('origin', 20),
          C.string('kind', 20),
          C.string('origin_key', 191),
          C.foreignId('object_id'),
          C.string('content_hash', 64, ''),
          C.string('language', 2, 'en'),
        ],
        indices: [
          new TableIndex({
            name: 'ux_ea_items_origin',
            columnNames: ['origin', 'kind', 'language', 'origin_key'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_ea_items_object', columnNames: ['kind', 'object_id'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('ea_imported_items');
    await queryRunner.dropTable('ea_import_errors');
    await queryRunner.dropTable('ea_import_records');
  }
}
