import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * The security module (src/modules/security/): the site's console connection and secrets, typed options, the scan
 * job and its issues, and the firewall's shared state (automatic blocks, per-minute counters, decision log).
 */
export class Security1765600000000 implements MigrationInterface {
  name = 'Security1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'security_site',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          C.string('nonce_salt', 64),
          C.string('token_secret', 64),
          C.integer('nonce_generation'),
          C.nullableString('console_site_id', 64),
          C.nullableString('console_public_key', 64),
          C.text('console_site_data'),
          C.nullableString('site_public_key', 64),
          C.text('site_secret_key'),
          C.dateTime('connected_at', true),
          C.nullableString('connect_email', 100),
          C.dateTime('disconnected_at', true),
          C.nullableString('disconnect_email', 100),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'security_options',
        columns: [{ ...C.string('name', 100), isPrimary: true }, C.text('value', false)],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'security_scan',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          C.string('status', 20, 'idle'),
          C.nullableString('instance_id', 64),
          C.integer('run_id'),
          C.dateTime('started_at', true),
          C.dateTime('heartbeat_at', true),
          C.dateTime('finished_at', true),
          C.integer('progress'),
          C.string('stage', 50, ''),
          C.boolean('kill_requested'),
          { name: 'last_scan_time', type: 'integer', isNullable: true },
          { name: 'last_scan_started', type: 'integer', isNullable: true },
          C.string('last_result', 255, ''),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'security_issues',
        columns: [
          C.id(),
          C.integer('time'),
          C.integer('last_updated'),
          C.integer('run_id'),
          C.string('status', 10),
          C.string('type', 50),
          C.integer('severity'),
          C.string('ignore_p', 32),
          C.string('ignore_c', 32),
          C.text('short_msg', false),
          C.text('long_msg', false),
          C.text('data', false),
        ],
        indices: [
          new TableIndex({ name: 'ix_security_issues_status', columnNames: ['status', 'severity', 'time'] }),
          new TableIndex({ name: 'ix_security_issues_run', columnNames: ['run_id', 'status'] }),
          new TableIndex({ name: 'ix_security_issues_ignore_p', columnNames: ['ignore_p'] }),
          new TableIndex({ name: 'ix_security_issues_ignore_c', columnNames: ['ignore_c'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'security_blocks',
        columns: [
          C.id(),
          C.string('ip', 64),
          C.string('source', 20),
          C.string('reason', 255, ''),
          C.dateTime('created_at'),
          { name: 'expires_at', type: 'integer', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'ix_security_blocks_expires', columnNames: ['expires_at'] }),
          new TableIndex({ name: 'ix_security_blocks_ip', columnNames: ['ip'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'security_firewall_hits',
        columns: [
          { ...C.string('ip', 64), isPrimary: true },
          { ...C.string('kind', 10), isPrimary: true },
          { name: 'window_start', type: 'integer', isPrimary: true },
          C.integer('count'),
        ],
        indices: [
          new TableIndex({ name: 'ix_security_firewall_hits_window', columnNames: ['window_start'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'security_firewall_log',
        columns: [
          C.id(),
          C.dateTime('time'),
          C.string('ip', 64),
          C.string('action', 20),
          C.string('reason', 255, ''),
          C.string('method', 10, ''),
          C.string('path', 255, ''),
        ],
        indices: [
          new TableIndex({ name: 'ix_security_firewall_log_time', columnNames: ['time'] }),
          new TableIndex({ name: 'ix_security_firewall_log_action', columnNames: ['action', 'time'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'security_firewall_log',
      'security_firewall_hits',
      'security_blocks',
      'security_issues',
      'security_scan',
      'security_options',
      'security_site',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
