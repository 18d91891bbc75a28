import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * `hooks/v1`: the webhooks, the outbox of content events (written in the transaction of the change) and one
 * delivery per webhook and event, claimed by one instance at a time.
 */
export class Webhooks1766400000000 implements MigrationInterface {
  name = 'Webhooks1766400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunner.connection.driver.options.type;
    await queryRunner.createTable(
      new Table({
        name: 'hook_webhooks',
        columns: [
          C.id(),
          C.text('url', false),
          C.text('events', false),
          C.text('languages'),
          C.boolean('active', true),
          C.string('secret', 100),
          C.nullableString('previous_secret', 100),
          C.dateTime('previous_secret_until', true),
          C.dateTime('failing_since', true),
          C.text('disabled_reason'),
          C.foreignId('created_by'),
          C.dateTime('created_gmt'),
          C.dateTime('modified_gmt'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'hook_events',
        columns: [
          C.id(),
          C.string('type', 50),
          C.string('object_type', 20),
          C.foreignId('object_id'),
          C.string('language', 5, 'en'),
          C.nullableString('rest_path', 200),
          C.boolean('dispatched'),
          C.longText('payload', dialect),
          C.nullableString('claim_owner', 40),
          C.dateTime('claim_until', true),
          C.dateTime('created_gmt'),
        ],
        indices: [
          new TableIndex({ name: 'ix_hook_events_dispatched', columnNames: ['dispatched', 'id'] }),
          new TableIndex({
            name: 'ix_hook_events_object',
            columnNames: ['object_type', 'object_id', 'dispatched'],
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'hook_deliveries',
        columns: [
          C.id(),
          C.foreignId('webhook_id'),
          C.foreignId('event_id'),
          C.string('object_key', 40),
          C.string('status', 20, 'pending'),
          C.integer('attempts'),
          C.dateTime('next_attempt_gmt', true),
          C.nullableString('claim_owner', 40),
          C.dateTime('claim_until', true),
          { name: 'response_code', type: 'integer', isNullable: true },
          { name: 'response_ms', type: 'integer', isNullable: true },
          C.text('last_error'),
          C.dateTime('last_attempt_gmt', true),
          C.dateTime('delivered_gmt', true),
          C.dateTime('created_gmt'),
        ],
        indices: [
          new TableIndex({ name: 'ix_hook_deliveries_due', columnNames: ['status', 'next_attempt_gmt'] }),
          new TableIndex({
            name: 'ix_hook_deliveries_object',
            columnNames: ['webhook_id', 'object_key', 'status'],
          }),
          new TableIndex({ name: 'ix_hook_deliveries_webhook', columnNames: ['webhook_id', 'id'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('hook_deliveries');
    await queryRunner.dropTable('hook_events');
    await queryRunner.dropTable('hook_webhooks');
  }
}
