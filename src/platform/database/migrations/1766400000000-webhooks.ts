import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * `hooks/v1`: the webhooks, the outbox of content events (written in the transaction of the change) and one
 * delivery per webhook and event, claimed by one instance at a time.
 *
 * Inserts and saves reach the outbox through a TypeORM subscriber; deletions through these triggers, since most
 * deletes are single statements (`DELETE ... WHERE id IN (...)`) of which TypeORM tells a subscriber nothing.
 */
const DELETED: Array<{ table: string; objectType: string; when?: string; language?: boolean }> = [
  { table: 'posts', objectType: 'type', when: "OLD.type IN ('post', 'page')", language: true },
  { table: 'cal_events', objectType: "'event'", language: true },
  { table: 'cal_venues', objectType: "'venue'" },
  { table: 'cal_organizers', objectType: "'organizer'" },
  { table: 'terms', objectType: "'term'", language: true },
  { table: 'cal_terms', objectType: "'term'", language: true },
  { table: 'comments', objectType: "'comment'" },
  { table: 'media', objectType: "'media'", language: true },
  { table: 'redirection_items', objectType: "'redirect'" },
];

function deletionTrigger(dialect: string, entry: (typeof DELETED)[number]): { name: string; sql: string } {
  const name = `trg_hook_${entry.table}_deleted`;
  const now =
    dialect === 'mysql'
      ? "DATE_FORMAT(UTC_TIMESTAMP(), '%Y-%m-%d %H:%i:%s')"
      : "strftime('%Y-%m-%d %H:%M:%S', 'now')";
  const objectType = entry.objectType === 'type' ? 'OLD.type' : entry.objectType;
  const type = dialect === 'mysql' ? `CONCAT(${objectType}, '.deleted')` : `${objectType} || '.deleted'`;
  const insert =
    'INSERT INTO hook_events (type, object_type, object_id, language, rest_path, dispatched, created_gmt) ' +
    `VALUES (${type}, ${objectType}, OLD.id, ${entry.language ? 'OLD.language' : "'en'"}, NULL, 0, ${now})`;
  if (dialect === 'mysql') {
    const body = entry.when ? `IF ${entry.when} THEN ${insert}; END IF;` : `${insert};`;
    return {
      name,
      sql: `CREATE TRIGGER ${name} AFTER DELETE ON ${entry.table} FOR EACH ROW BEGIN ${body} END`,
    };
  }
  const when = entry.when ? ` WHEN ${entry.when}` : '';
  return {
    name,
    sql: `CREATE TRIGGER ${name} AFTER DELETE ON ${entry.table} FOR EACH ROW${when} BEGIN ${insert}; END`,
  };
}
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
    const sqlDialect = ['mysql', 'mariadb'].includes(String(dialect)) ? 'mysql' : 'sqlite';
    for (const entry of DELETED) await queryRunner.query(deletionTrigger(sqlDialect, entry).sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const entry of DELETED)
      await queryRunner.query(`DROP TRIGGER IF EXISTS trg_hook_${entry.table}_deleted`);
    await queryRunner.dropTable('hook_deliveries');
    await queryRunner.dropTable('hook_events');
    await queryRunner.dropTable('hook_webhooks');
  }
}
