import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

const NEVER = '1970-01-01 00:00:00';

/**
 * The Redirection plugin's tables (DB schema 4.2): groups, redirects (items), the redirect log and the 404
 * log, plus its options bundle and the claims of its background jobs. A fresh install has the groups
 * "Redirections" and "Modified Posts" (module 1, WordPress).
 */
export class Redirection1765300000000 implements MigrationInterface {
  name = 'Redirection1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = String(queryRunner.connection.driver.options.type);
    await queryRunner.createTable(
      new Table({
        name: 'redirection_groups',
        columns: [
          C.id(),
          C.string('name', 50),
          C.integer('tracking', 1),
          C.integer('module_id', 0),
          C.string('status', 10, 'enabled'),
          C.integer('position', 0),
        ],
        indices: [
          new TableIndex({ name: 'ix_redirection_groups_module', columnNames: ['module_id'] }),
          new TableIndex({ name: 'ix_redirection_groups_status', columnNames: ['status'] }),
          new TableIndex({ name: 'ix_redirection_groups_name', columnNames: ['name'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'redirection_items',
        columns: [
          C.id(),
          C.text('url', false),
          C.string('match_url', 2000, ''),
          C.text('match_data'),
          C.boolean('regex'),
          C.integer('position', 0),
          C.integer('last_count', 0),
          C.string('last_access', 19, NEVER),
          C.integer('group_id', 0),
          C.string('status', 10, 'enabled'),
          C.string('action_type', 20),
          C.integer('action_code', 0),
          C.longText('action_data', dialect),
          C.string('match_type', 20),
          C.text('title'),
        ],
        indices: [
          new TableIndex({ name: 'ix_redirection_items_status', columnNames: ['status'] }),
          new TableIndex({ name: 'ix_redirection_items_regex', columnNames: ['regex'] }),
          new TableIndex({ name: 'ix_redirection_items_group_pos', columnNames: ['group_id', 'position'] }),
          new TableIndex({ name: 'ix_redirection_items_last_count', columnNames: ['last_count'] }),
          new TableIndex({ name: 'ix_redirection_items_last_access', columnNames: ['last_access'] }),
          new TableIndex({
            name: 'ix_redirection_items_action',
            columnNames: ['action_type', 'action_code'],
          }),
          new TableIndex({ name: 'ix_redirection_items_match_type', columnNames: ['match_type'] }),
        ],
      }),
    );
    const logColumns = [
      C.id(),
      C.dateTime('created'),
      C.text('url', false),
      C.nullableString('domain', 255),
      C.text('agent'),
      C.text('referrer'),
      C.integer('http_code', 0),
      C.nullableString('request_method', 10),
      C.text('request_data'),
      C.nullableString('ip', 45),
    ];
    await queryRunner.createTable(
      new Table({
        name: 'redirection_logs',
        columns: [
          ...logColumns,
          C.text('sent_to'),
          C.nullableString('redirect_by', 50),
          { ...C.foreignId('redirection_id', true) },
        ],
        indices: [
          new TableIndex({ name: 'ix_redirection_logs_created', columnNames: ['created'] }),
          new TableIndex({ name: 'ix_redirection_logs_redirection', columnNames: ['redirection_id'] }),
          new TableIndex({ name: 'ix_redirection_logs_ip', columnNames: ['ip'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'redirection_404',
        columns: logColumns,
        indices: [
          new TableIndex({ name: 'ix_redirection_404_created', columnNames: ['created'] }),
          new TableIndex({ name: 'ix_redirection_404_ip', columnNames: ['ip'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'redirection_options',
        columns: [
          { ...C.string('name', 64), isPrimary: true },
          { ...C.longText('value', dialect), isNullable: false },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'redirection_job_claims',
        columns: [
          { ...C.string('name', 64), isPrimary: true },
          C.dateTime('next_run'),
          C.string('claimed_by', 64, ''),
        ],
      }),
    );
    await queryRunner.query(
      `INSERT INTO redirection_groups (name, tracking, module_id, status, position) VALUES ('Redirections', 1, 1, 'enabled', 0), ('Modified Posts', 1, 1, 'enabled', 0)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'redirection_job_claims',
      'redirection_options',
      'redirection_404',
      'redirection_logs',
      'redirection_items',
      'redirection_groups',
    ])
      await queryRunner.dropTable(table);
  }
}
