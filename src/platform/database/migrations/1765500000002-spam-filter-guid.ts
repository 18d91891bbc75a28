import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** The service's `X-akismet-guid` of each check, by which its webhook names comments. */
export class SpamFilterGuid1765500000002 implements MigrationInterface {
  name = 'SpamFilterGuid1765500000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('spamfilter_events', new TableColumn(C.string('guid', 64, '')));
    await queryRunner.createIndex(
      'spamfilter_events',
      new TableIndex({ name: 'ix_spamfilter_events_guid', columnNames: ['guid'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('spamfilter_events', 'ix_spamfilter_events_guid');
    await queryRunner.dropColumn('spamfilter_events', 'guid');
  }
}
