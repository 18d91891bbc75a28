import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** The redirect-log expiry is gated through `site_options` like every periodic job; its own claim table goes. */
export class DropRedirectionJobClaims1766200000000 implements MigrationInterface {
  name = 'DropRedirectionJobClaims1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('redirection_job_claims', true);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
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
  }
}
