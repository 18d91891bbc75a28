import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * Post-like tables in the order their existing IDs are kept: a row whose ID an earlier table already holds
 * gets a new ID above every existing one. `type` is a fixed post type or, for `posts`, its `type` column.
 */
const TABLES: Array<{ table: string; type: string | null; objectType?: string }> = [
  { table: 'posts', type: null },
  { table: 'cal_events', type: 'cal_events', objectType: 'event' },
  { table: 'cal_venues', type: 'cal_venue' },
  { table: 'cal_organizers', type: 'cal_organizer' },
  { table: 'media', type: 'attachment' },
];

/** Every column that holds the ID of a row of each table (besides its own `id`). */
const REFERENCES: Record<string, Array<{ table: string; column: string; where?: string }>> = {
  posts: [
    { table: 'posts', column: 'parent_id' },
    { table: 'post_terms', column: 'post_id' },
    { table: 'search_postings', column: 'object_id', where: "object_type = 'post'" },
  ],
  cal_events: [
    { table: 'cal_event_organizers', column: 'event_id' },
    { table: 'cal_event_terms', column: 'event_id' },
    { table: 'cal_events', column: 'post_parent' },
    { table: 'search_postings', column: 'object_id', where: "object_type = 'event'" },
  ],
  cal_venues: [{ table: 'cal_events', column: 'venue_id' }],
  cal_organizers: [{ table: 'cal_event_organizers', column: 'organizer_id' }],
  media: [
    { table: 'posts', column: 'featured_media' },
    { table: 'cal_events', column: 'image_id' },
    { table: 'cal_venues', column: 'image_id' },
    { table: 'cal_organizers', column: 'image_id' },
  ],
};

/**
 * One ID space for all post-like objects (`post_ids`, see src/database/post-ids.ts). Existing rows keep
 * their IDs where no other post-like row holds the same one; the others are renumbered above the highest
 * ID, with every reference to them (parents, term and organizer links, venues, featured images, search
 * postings) updated in the same transaction.
 */
export class PostIds1765100000000 implements MigrationInterface {
  name = 'PostIds1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(new Table({ name: 'post_ids', columns: [C.id(), C.string('type', 20)] }));
    const renumber: Array<{ table: string; type: string; ids: number[] }> = [];
    for (const { table, type } of TABLES) {
      if (!(await queryRunner.hasTable(table))) continue;
      const typeSql = type === null ? 'type' : `'${type}'`;
      if (type !== null) {
        const taken = (await queryRunner.query(
          `SELECT t.id FROM ${table} t WHERE t.id IN (SELECT p.id FROM post_ids p) ORDER BY t.id`,
        )) as Array<{ id: number }>;
        if (taken.length) renumber.push({ table, type, ids: taken.map((row) => Number(row.id)) });
      }
      await queryRunner.query(
        `INSERT INTO post_ids (id, type) SELECT t.id, ${typeSql} FROM ${table} t
         WHERE t.id NOT IN (SELECT p.id FROM post_ids p)`,
      );
    }
    for (const { table, type, ids } of renumber) {
      for (const oldId of ids) {
        const [{ next }] = (await queryRunner.query('SELECT MAX(id) + 1 AS next FROM post_ids')) as Array<{
          next: number;
        }>;
        const newId = Number(next);
        await queryRunner.query('INSERT INTO post_ids (id, type) VALUES (?, ?)', [newId, type]);
        await queryRunner.query(`UPDATE ${table} SET id = ? WHERE id = ?`, [newId, oldId]);
        for (const ref of REFERENCES[table] ?? []) {
          if (!(await queryRunner.hasTable(ref.table))) continue;
          await queryRunner.query(
            `UPDATE ${ref.table} SET ${ref.column} = ? WHERE ${ref.column} = ?${ref.where ? ` AND ${ref.where}` : ''}`,
            [newId, oldId],
          );
        }
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // IDs given out stay valid (they are unique per table too); only the shared sequence goes.
    await queryRunner.dropTable('post_ids');
  }
}
