import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** Longest base kept when a duplicate slug is renamed `base-<id>` (200 minus room for an ID). */
const RENAMED_BASE_LENGTH = 185;

/**
 * Slugs unique per type and language, enforced by the database (writers resolve collisions on insert):
 * posts and pages get `unique_slug` (the slug, or NULL for rows that may share one — drafts without a
 * slug, revisions, trashed posts) under a unique index per type, language and parent; categories and tags
 * a unique index per taxonomy and language. Duplicates left by earlier parallel writes are renamed
 * `slug-<id>` first (the oldest row keeps its slug).
 */
export class UniqueSlugs1765200000000 implements MigrationInterface {
  name = 'UniqueSlugs1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('posts', new TableColumn(C.nullableString('unique_slug', 200)));
    await queryRunner.query(
      "UPDATE posts SET unique_slug = slug WHERE type <> 'revision' AND status <> 'trash' AND slug IS NOT NULL AND slug <> ''",
    );
    await renameDuplicates(queryRunner, 'posts', ['type', 'language', 'parent_id'], 'unique_slug', true);
    await queryRunner.createIndex(
      'posts',
      new TableIndex({
        name: 'uq_posts_type_slug',
        columnNames: ['type', 'language', 'parent_id', 'unique_slug'],
        isUnique: true,
      }),
    );
    await renameDuplicates(queryRunner, 'terms', ['taxonomy', 'language'], 'slug', false);
    await queryRunner.createIndex(
      'terms',
      new TableIndex({
        name: 'uq_terms_taxonomy_slug',
        columnNames: ['taxonomy', 'language', 'slug'],
        isUnique: true,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('terms', 'uq_terms_taxonomy_slug');
    await queryRunner.dropIndex('posts', 'uq_posts_type_slug');
    await queryRunner.dropColumn('posts', 'unique_slug');
  }
}

async function renameDuplicates(
  queryRunner: QueryRunner,
  table: string,
  scope: string[],
  column: string,
  alsoSlug: boolean,
): Promise<void> {
  const groups = (await queryRunner.query(
    `SELECT ${scope.join(', ')}, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL ` +
      `GROUP BY ${scope.join(', ')}, ${column} HAVING COUNT(*) > 1`,
  )) as Array<Record<string, unknown>>;
  for (const group of groups) {
    const where = [...scope, column].map((name) => `${name} = ?`).join(' AND ');
    const values = [...scope.map((name) => group[name]), group.value];
    const rows = (await queryRunner.query(
      `SELECT id FROM ${table} WHERE ${where} ORDER BY id`,
      values,
    )) as Array<{
      id: number;
    }>;
    for (const { id } of rows.slice(1)) {
      const renamed = `${String(group.value).slice(0, RENAMED_BASE_LENGTH).replace(/-+$/, '')}-${id}`;
      const sets = alsoSlug ? `${column} = ?, slug = ?` : `${column} = ?`;
      await queryRunner.query(`UPDATE ${table} SET ${sets} WHERE id = ?`, [
        renamed,
        ...(alsoSlug ? [renamed] : []),
        id,
      ]);
    }
  }
}
