import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/** The oEmbed proxy's cache becomes the site's transients table, shared by every remote-answer cache. */
export class Transients1765800000000 implements MigrationInterface {
  name = 'Transients1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('oembed_cache', 'ix_oembed_cache_expires');
    await queryRunner.renameTable('oembed_cache', 'transients');
    await queryRunner.createIndex(
      'transients',
      new TableIndex({ name: 'ix_transients_expires', columnNames: ['expires_at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('transients', 'ix_transients_expires');
    await queryRunner.renameTable('transients', 'oembed_cache');
    await queryRunner.createIndex(
      'oembed_cache',
      new TableIndex({ name: 'ix_oembed_cache_expires', columnNames: ['expires_at'] }),
    );
  }
}
