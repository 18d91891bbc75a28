import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** Posts, pages, their revisions and autosaves (one typed table), categories and tags, and their links. */
export class Content1763900000000 implements MigrationInterface {
  name = 'Content1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunner.connection.driver.options.type;
    await queryRunner.createTable(
      new Table({
        name: 'posts',
        columns: [
          C.id(),
          C.string('type', 20),
          C.string('status', 20),
          C.integer('author_id'),
          C.integer('parent_id'),
          C.text('title', false),
          C.longText('content', dialect),
          C.text('excerpt', false),
          C.string('slug', 200, ''),
          C.string('password', 255, ''),
          C.dateTime('date'),
          C.dateTime('date_gmt'),
          C.dateTime('modified'),
          C.dateTime('modified_gmt'),
          C.string('comment_status', 20, 'open'),
          C.string('ping_status', 20, 'open'),
          C.integer('menu_order'),
          C.boolean('sticky'),
          C.string('format', 20, 'standard'),
          C.string('template', 100, ''),
          C.integer('featured_media'),
          C.longText('footnotes', dialect),
          C.boolean('inline_featured_image'),
          C.string('language', 5, 'en'),
          C.nullableString('trash_meta_status', 20),
          C.nullableString('desired_slug', 200),
        ],
        indices: [
          new TableIndex({ name: 'ix_posts_type_date', columnNames: ['type', 'language', 'status', 'date'] }),
          new TableIndex({ name: 'ix_posts_type_modified', columnNames: ['type', 'language', 'modified'] }),
          new TableIndex({ name: 'ix_posts_type_slug', columnNames: ['type', 'language', 'slug'] }),
          new TableIndex({ name: 'ix_posts_type_author', columnNames: ['type', 'author_id', 'status'] }),
          new TableIndex({ name: 'ix_posts_parent', columnNames: ['parent_id', 'type'] }),
          new TableIndex({
            name: 'ix_posts_type_menu_order',
            columnNames: ['type', 'language', 'menu_order'],
          }),
          new TableIndex({ name: 'ix_posts_type_sticky', columnNames: ['type', 'language', 'sticky'] }),
          new TableIndex({ name: 'ix_posts_type_format', columnNames: ['type', 'language', 'format'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'terms',
        columns: [
          C.id(),
          C.string('taxonomy', 32),
          C.string('name', 200),
          C.string('slug', 200),
          C.text('description', false),
          C.integer('parent_id'),
          C.integer('count'),
          C.string('language', 5, 'en'),
        ],
        indices: [
          new TableIndex({ name: 'ix_terms_taxonomy_slug', columnNames: ['taxonomy', 'language', 'slug'] }),
          new TableIndex({ name: 'ix_terms_taxonomy_name', columnNames: ['taxonomy', 'language', 'name'] }),
          new TableIndex({ name: 'ix_terms_taxonomy_parent', columnNames: ['taxonomy', 'parent_id'] }),
          new TableIndex({ name: 'ix_terms_taxonomy_count', columnNames: ['taxonomy', 'language', 'count'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'post_terms',
        columns: [
          { ...C.foreignId('post_id'), isPrimary: true },
          { ...C.foreignId('term_id'), isPrimary: true },
        ],
        indices: [new TableIndex({ name: 'ix_post_terms_term', columnNames: ['term_id', 'post_id'] })],
        foreignKeys: [
          {
            name: 'fk_post_terms_post',
            columnNames: ['post_id'],
            referencedTableName: 'posts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
          {
            name: 'fk_post_terms_term',
            columnNames: ['term_id'],
            referencedTableName: 'terms',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
    // WordPress's default category ("Uncategorized", term 1), one per content language.
    for (const [language, name] of [
      ['en', 'Uncategorized'],
      ['no', 'Ukategorisert'],
    ]) {
      await queryRunner.query(
        'INSERT INTO terms (taxonomy, name, slug, description, parent_id, count, language) VALUES (?, ?, ?, ?, 0, 0, ?)',
        ['category', name, 'uncategorized', '', language],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('post_terms');
    await queryRunner.dropTable('terms');
    await queryRunner.dropTable('posts');
  }
}
