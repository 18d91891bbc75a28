import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * Comments (WordPress's `wp_comments`), the discussion settings (one row), and the stored approved-comment
 * count of every post (`wp_posts.comment_count`).
 */
export class Comments1765500000000 implements MigrationInterface {
  name = 'Comments1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunner.connection.driver.options.type;
    await queryRunner.createTable(
      new Table({
        name: 'comments',
        columns: [
          C.id(),
          C.integer('post_id'),
          C.integer('parent_id'),
          C.integer('user_id'),
          C.string('author_name', 255, ''),
          C.string('author_email', 100, ''),
          C.string('author_url', 200, ''),
          C.string('author_ip', 100, ''),
          C.string('author_agent', 255, ''),
          C.dateTime('date'),
          C.dateTime('date_gmt'),
          C.longText('content', dialect),
          // WordPress's comment_approved: '1', '0', 'spam', 'trash', 'post-trashed'.
          C.string('status', 20, '0'),
          C.string('type', 20, 'comment'),
          // Status before trashing or marking spam (`_wp_trash_meta_status`), for untrash/unspam.
          C.nullableString('previous_status', 20),
        ],
        indices: [
          new TableIndex({
            name: 'ix_comments_post_status_date',
            columnNames: ['post_id', 'status', 'type', 'date_gmt'],
          }),
          new TableIndex({ name: 'ix_comments_status_date', columnNames: ['status', 'type', 'date_gmt'] }),
          new TableIndex({ name: 'ix_comments_parent', columnNames: ['parent_id', 'status'] }),
          new TableIndex({ name: 'ix_comments_user', columnNames: ['user_id', 'status'] }),
          new TableIndex({ name: 'ix_comments_author_email', columnNames: ['author_email', 'status'] }),
          new TableIndex({ name: 'ix_comments_author_ip_date', columnNames: ['author_ip', 'date_gmt'] }),
          new TableIndex({ name: 'ix_comments_date_gmt', columnNames: ['date_gmt'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'comment_settings',
        columns: [
          { ...C.integer('id', 1), isPrimary: true },
          C.boolean('allow_anonymous', false),
          C.boolean('registration_required', false),
          C.boolean('require_name_email', true),
          C.boolean('moderation', false),
          C.boolean('previously_approved', true),
          C.integer('max_links', 2),
          C.text('moderation_keys', false),
          C.text('disallowed_keys', false),
          C.integer('flood_seconds', 15),
        ],
      }),
    );
    await queryRunner.query(
      "INSERT INTO comment_settings (id, moderation_keys, disallowed_keys) VALUES (1, '', '')",
    );
    await queryRunner.addColumn('posts', new TableColumn(C.integer('comment_count')));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('posts', 'comment_count');
    await queryRunner.dropTable('comment_settings');
    await queryRunner.dropTable('comments');
  }
}
