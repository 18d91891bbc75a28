import type { EntityManager } from 'typeorm';
import { SEARCHABLE_POST_TYPES, SearchableText, searchDocument, SearchObjectType } from './search-documents';
import { SEARCH_POSTINGS_TABLE, SEARCH_WORDS_TABLE, writeSearchPostings } from './search-index';

const BATCH = 500;

/** Where the searchable text of each object type is stored. */
const SOURCES = [
  {
    objectType: SearchObjectType.event,
    select: 'SELECT id, title, excerpt, description AS content FROM cal_events WHERE',
  },
  {
    objectType: SearchObjectType.post,
    select: `SELECT id, title, excerpt, content FROM posts WHERE type IN (${SEARCHABLE_POST_TYPES.map((type) => `'${type}'`).join(', ')}) AND`,
  },
];

/**
 * Rebuilds the whole search index from the stored events, posts and pages (`npm run cli -- search:reindex`
 * after rows were edited by hand or the tokenizer changed; the migration that created the index back-filled it
 * with its own frozen copy of this code). Returns the number of objects indexed.
 * Run it in a transaction so searches never see a half-built index.
 */
export async function reindexSearch(
  manager: EntityManager,
  onProgress?: (done: number, total: number) => void,
): Promise<number> {
  const total = onProgress ? await countSources(manager) : 0;
  await manager.query(`DELETE FROM ${SEARCH_POSTINGS_TABLE}`);
  let indexed = 0;
  for (const source of SOURCES) {
    for (let lastId = 0; ;) {
      const rows: Array<{ id: number } & SearchableText> = await manager.query(
        `${source.select} id > ? ORDER BY id LIMIT ${BATCH}`,
        [lastId],
      );
      if (rows.length === 0) break;
      await writeSearchPostings(
        manager,
        source.objectType,
        rows.map((row) => searchDocument(row.id, row)),
        { unindexed: true },
      );
      indexed += rows.length;
      lastId = Number(rows[rows.length - 1].id);
      onProgress?.(indexed, Math.max(total, indexed));
    }
  }
  await manager.query(
    `DELETE FROM ${SEARCH_WORDS_TABLE} WHERE id NOT IN (SELECT DISTINCT word_id FROM ${SEARCH_POSTINGS_TABLE})`,
  );
  return indexed;
}

async function countSources(manager: EntityManager): Promise<number> {
  let total = 0;
  for (const source of SOURCES) {
    const [row] = (await manager.query(
      source.select.replace(/^SELECT .* FROM/, 'SELECT COUNT(*) AS n FROM') + ' 1 = 1',
    )) as Array<{ n: number | string }>;
    total += Number(row.n);
  }
  return total;
}
