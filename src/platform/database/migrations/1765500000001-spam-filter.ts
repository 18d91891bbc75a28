import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * The spam filter: its state (API key, settings, the service's alert; one row), the per-comment history of
 * checks and changes (Akismet's `akismet_history`), and the queue of comments waiting for a re-check.
 */
export class SpamFilter1765500000001 implements MigrationInterface {
  name = 'SpamFilter1765500000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'spamfilter_state',
        columns: [
          { ...C.integer('id', 1), isPrimary: true },
          C.nullableString('api_key', 100),
          C.boolean('strictness', true),
          C.boolean('show_user_comments_approved', true),
          C.nullableString('alert_code', 50),
          C.text('alert_message', true),
        ],
      }),
    );
    await queryRunner.query('INSERT INTO spamfilter_state (id) VALUES (1)');
    await queryRunner.createTable(
      new Table({
        name: 'spamfilter_events',
        columns: [
          C.id(),
          C.integer('comment_id'),
          // check-spam, check-ham, check-error, recheck-queued, report-spam, report-ham, discarded,
          // missed-spam, false-positive, status-changed
          C.string('event', 30),
          C.string('detail', 255, ''),
          C.integer('user_id'),
          C.dateTime('created_gmt'),
        ],
        indices: [
          new TableIndex({ name: 'ix_spamfilter_events_comment', columnNames: ['comment_id', 'id'] }),
          new TableIndex({ name: 'ix_spamfilter_events_event_date', columnNames: ['event', 'created_gmt'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'spamfilter_queue',
        columns: [
          { ...C.integer('comment_id'), isPrimary: true },
          // comment-check, submit-spam or submit-ham
          { ...C.string('kind', 20), isPrimary: true },
          C.integer('attempts'),
          C.dateTime('next_attempt_gmt'),
          C.nullableString('claim_token', 40),
          C.dateTime('claimed_until_gmt', true),
          C.string('last_error', 255, ''),
        ],
        indices: [new TableIndex({ name: 'ix_spamfilter_queue_due', columnNames: ['next_attempt_gmt'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('spamfilter_queue');
    await queryRunner.dropTable('spamfilter_events');
    await queryRunner.dropTable('spamfilter_state');
  }
}
