import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** Cache of proxied oEmbed responses (WordPress keeps them in a transient per argument set). */
export class OembedCache1764000000000 implements MigrationInterface {
  name = 'OembedCache1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = String(queryRunner.connection.driver.options.type);
    await queryRunner.createTable(
      new Table({
        name: 'oembed_cache',
        columns: [
          { name: 'cache_key', type: 'varchar', length: '64', isPrimary: true },
          C.text('url', false),
          { ...C.longText('response', dialect), isNullable: false },
          C.dateTime('created_at'),
          C.dateTime('expires_at'),
        ],
        indices: [new TableIndex({ name: 'ix_oembed_cache_expires', columnNames: ['expires_at'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('oembed_cache');
  }
}
