import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** Translation jobs and their batches (WPML's `icl_translation_status`/`icl_translate_job`, `icl_translation_batches`). */
export class TranslationJobs1765900000001 implements MigrationInterface {
  name = 'TranslationJobs1765900000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'ml_translation_batches',
        columns: [
          C.id(),
          C.string('batch_name', 255),
          { name: 'tp_id', type: 'integer', isNullable: true },
          C.dateTime('created_at'),
          C.dateTime('last_sync', true),
        ],
        indices: [new TableIndex({ name: 'ix_ml_translation_batches_name', columnNames: ['batch_name'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ml_translation_jobs',
        columns: [
          C.id(),
          C.foreignId('batch_id'),
          C.foreignId('trid'),
          C.string('element_type', 40),
          C.foreignId('element_id'),
          C.foreignId('translated_element_id', true),
          C.string('source_language', 7),
          C.string('target_language', 7),
          C.integer('status', 1),
          C.boolean('needs_update', false),
          C.nullableString('review_status', 20),
          C.integer('translator_id', 0),
          C.integer('manager_id', 0),
          C.string('translation_service', 40, 'local'),
          { name: 'tp_id', type: 'integer', isNullable: true },
          C.nullableString('ts_status', 40),
          C.string('title', 255, ''),
          C.dateTime('sent_date'),
          C.dateTime('deadline_date', true),
          C.dateTime('completed_date', true),
          C.string('editor', 20, 'xliff'),
          { name: 'ate_job_id', type: 'integer', isNullable: true },
          C.boolean('automatic', false),
          C.string('content_hash', 32, ''),
          C.dateTime('modified'),
        ],
        indices: [
          new TableIndex({ name: 'ix_ml_jobs_status_sent', columnNames: ['status', 'sent_date'] }),
          new TableIndex({ name: 'ix_ml_jobs_translator', columnNames: ['translator_id', 'status'] }),
          new TableIndex({ name: 'ix_ml_jobs_element', columnNames: ['element_type', 'element_id'] }),
          new TableIndex({ name: 'ix_ml_jobs_trid_language', columnNames: ['trid', 'target_language'] }),
          new TableIndex({ name: 'ix_ml_jobs_batch', columnNames: ['batch_id'] }),
          new TableIndex({ name: 'ix_ml_jobs_target', columnNames: ['target_language', 'status'] }),
          new TableIndex({ name: 'ix_ml_jobs_deadline', columnNames: ['deadline_date'] }),
          new TableIndex({ name: 'ix_ml_jobs_ate', columnNames: ['ate_job_id'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('ml_translation_jobs');
    await queryRunner.dropTable('ml_translation_batches');
  }
}
