import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * The media library as WordPress's attachments: slug, status, the post it is attached to, caption,
 * description, the stored file with its generated sizes (`details`, JSON), modification dates; indexes for the
 * `core/v2/media` list (newest first per language and status) and its filters.
 */
export class MediaLibrary1765910000000 implements MigrationInterface {
  name = 'MediaLibrary1765910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = String(queryRunner.connection.driver.options.type);
    await queryRunner.addColumns('media', [
      new TableColumn(C.string('slug', 200, '')),
      new TableColumn(C.string('status', 20, 'inherit')),
      new TableColumn(C.integer('parent_id', 0)),
      new TableColumn(C.longText('caption', dialect)),
      new TableColumn(C.longText('description', dialect)),
      new TableColumn(C.string('file', 255, '')),
      new TableColumn({ name: 'filesize', type: 'integer', isNullable: true }),
      new TableColumn(C.longText('details', dialect)),
      new TableColumn(C.string('modified', 19, '')),
      new TableColumn(C.string('modified_gmt', 19, '')),
      new TableColumn(C.string('comment_status', 20, 'open')),
      new TableColumn(C.string('ping_status', 20, 'closed')),
    ]);
    await queryRunner.query('UPDATE media SET modified = date, modified_gmt = date_gmt');
    await queryRunner.createIndices('media', [
      new TableIndex({ name: 'ix_media_list', columnNames: ['language', 'status', 'date', 'id'] }),
      new TableIndex({ name: 'ix_media_parent', columnNames: ['parent_id'] }),
      new TableIndex({ name: 'ix_media_author', columnNames: ['author_id'] }),
      new TableIndex({ name: 'ix_media_mime', columnNames: ['mime_type'] }),
      new TableIndex({ name: 'ix_media_slug', columnNames: ['slug'] }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of [
      'ix_media_list',
      'ix_media_parent',
      'ix_media_author',
      'ix_media_mime',
      'ix_media_slug',
    ]) {
      await queryRunner.dropIndex('media', name);
    }
    for (const name of [
      'slug',
      'status',
      'parent_id',
      'caption',
      'description',
      'file',
      'filesize',
      'details',
      'modified',
      'modified_gmt',
      'comment_status',
      'ping_status',
    ]) {
      await queryRunner.dropColumn('media', name);
    }
  }
}
