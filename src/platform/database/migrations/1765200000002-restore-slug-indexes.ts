import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

const TABLES = ['cal_events', 'cal_venues', 'cal_organizers'];
/** Longest base kept when a duplicate slug is renamed `base-<id>`. */
const RENAMED_BASE_LENGTH = 185;

/**
 * On MySQL/MariaDB, making the slug columns nullable (NullableSlugs1765100000002, TypeORM's changeColumn)
 * re-created the columns without their unique indexes; parallel writers could then store one slug twice.
 * The indexes come back here (duplicates written meanwhile renamed `slug-<id>`, the oldest row keeps its
 * slug). On SQLite the indexes survived and nothing changes.
 */
export class RestoreSlugIndexes1765200000002 implements MigrationInterface {
  name = 'RestoreSlugIndexes1765200000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      const name = `uq_${table}_slug`;
      const current = await queryRunner.getTable(table);
      if (!current || current.indices.some((index) => index.name === name)) continue;
      const duplicates = (await queryRunner.query(
        `SELECT slug FROM ${table} WHERE slug IS NOT NULL GROUP BY slug HAVING COUNT(*) > 1`,
      )) as Array<{ slug: string }>;
      for (const { slug } of duplicates) {
        const rows = (await queryRunner.query(`SELECT id FROM ${table} WHERE slug = ? ORDER BY id`, [
          slug,
        ])) as Array<{ id: number }>;
        for (const { id } of rows.slice(1)) {
          const renamed = `${slug.slice(0, RENAMED_BASE_LENGTH).replace(/-+$/, '')}-${id}`;
          await queryRunner.query(`UPDATE ${table} SET slug = ? WHERE id = ?`, [renamed, id]);
        }
      }
      await queryRunner.createIndex(table, new TableIndex({ name, columnNames: ['slug'], isUnique: true }));
    }
  }

  async down(): Promise<void> {
    // The indexes belong to the original tables; nothing to undo.
  }
}
