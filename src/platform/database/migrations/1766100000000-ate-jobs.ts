import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** ATE jobs of translation jobs (WPML's ATE job records) and the named locks the ATE routes share. */
export class AteJobs1766100000000 implements MigrationInterface {
  name = 'AteJobs1766100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunner.connection.driver.options.type;
    await queryRunner.createTable(
      new Table({
        name: 'ml_ate_jobs',
        columns: [
          { name: 'job_id', type: 'integer', isPrimary: true },
          C.foreignId('ate_job_id'),
          { name: 'ate_status', type: 'integer', isNullable: true },
          C.nullableString('download_link', 2000),
          C.longText('data', dialect),
          C.string('applied_hash', 40, ''),
          C.dateTime('modified'),
        ],
        indices: [new TableIndex({ name: 'ix_ml_ate_jobs_ate', columnNames: ['ate_job_id'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ml_ate_locks',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          C.string('lock_key', 64, ''),
          C.dateTime('expires_at'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('ml_ate_locks');
    await queryRunner.dropTable('ml_ate_jobs');
  }
}
