import { EntityManager, MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * The word index behind `search` (src/search/search-index.ts), filled from the events, posts and pages stored.
 *
 * The back-fill below is a frozen copy of the tokenizer and writer as they were when this migration was written
 * (src/search/search-terms.ts, search-index.ts, reindex.ts): a migration must give the same result whenever it
 * runs. When the live tokenizer changes, `npm run cli -- search:reindex` rebuilds the index with it.
 */
const WORDS = 'search_words';
const POSTINGS = 'search_postings';

export class SearchIndex1764100000000 implements MigrationInterface {
  name = 'SearchIndex1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = String(queryRunner.connection.driver.options.type) === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: WORDS,
        columns: [
          C.id(),
          // Binary on MySQL: words are stored lowercased, and é must stay a different word from e.
          {
            ...C.string('word', 100),
            ...(mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
          },
          C.boolean('is_number'),
        ],
        indices: [
          new TableIndex({ name: 'uq_search_words_word', columnNames: ['word'], isUnique: true }),
          // Searches for a word with letters scan only the words with letters.
          new TableIndex({ name: 'ix_search_words_kind', columnNames: ['is_number', 'word'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: POSTINGS,
        columns: [
          { ...C.string('object_type', 20), isPrimary: true },
          { ...C.foreignId('word_id'), isPrimary: true },
          { ...C.foreignId('object_id'), isPrimary: true },
          C.integer('field_mask'),
        ],
        indices: [
          new TableIndex({ name: 'ix_search_postings_object', columnNames: ['object_type', 'object_id'] }),
        ],
      }),
    );
    await backFill(queryRunner.manager, mysql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable(POSTINGS);
    await queryRunner.dropTable(WORDS);
  }
}

// --- the back-fill, as of this migration -------------------------------------------------------------------

const BATCH = 500;
const CHUNK = 400;
const MAX_WORD_LENGTH = 100;
const FIELD = { title: 1, excerpt: 2, content: 4 };

/** Where the searchable text of each object type was stored. */
const SOURCES = [
  { objectType: 'event', select: 'SELECT id, title, excerpt, description AS content FROM cal_events WHERE' },
  {
    objectType: 'post',
    select: "SELECT id, title, excerpt, content FROM posts WHERE type IN ('post', 'page') AND",
  },
];

interface Row {
  id: number;
  title: string | null;
  excerpt: string | null;
  content: string | null;
}

async function backFill(manager: EntityManager, mysql: boolean): Promise<void> {
  for (const source of SOURCES) {
    for (let lastId = 0; ;) {
      const rows: Row[] = await manager.query(`${source.select} id > ? ORDER BY id LIMIT ${BATCH}`, [lastId]);
      if (rows.length === 0) break;
      await writePostings(manager, mysql, source.objectType, rows);
      lastId = Number(rows[rows.length - 1].id);
    }
  }
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

async function writePostings(manager: EntityManager, mysql: boolean, objectType: string, rows: Row[]) {
  const wanted: Array<{ objectId: number; word: string; mask: number }> = [];
  for (const row of rows) {
    const masks = new Map<string, number>();
    const fields: Array<[number, string | null]> = [
      [FIELD.title, row.title],
      [FIELD.excerpt, row.excerpt],
      [FIELD.content, row.content],
    ];
    for (const [field, html] of fields) {
      for (const word of indexedWords(html)) masks.set(word, (masks.get(word) ?? 0) | field);
    }
    for (const [word, mask] of masks) wanted.push({ objectId: Number(row.id), word, mask });
  }
  const ids = new Map<string, number>();
  const words = [...new Set(wanted.map((posting) => posting.word))].sort();
  for (const part of chunks(words)) {
    await manager.query(
      `${mysql ? 'INSERT IGNORE INTO' : 'INSERT OR IGNORE INTO'} ${WORDS} (word, is_number) VALUES ${part.map(() => '(?, ?)').join(', ')}`,
      part.flatMap((word) => [word, /^\p{N}+$/u.test(word) ? 1 : 0]),
    );
    const found: Array<{ id: number; word: string }> = await manager.query(
      `SELECT id, word FROM ${WORDS} WHERE word IN (${part.map(() => '?').join(', ')})`,
      part,
    );
    for (const row of found) ids.set(row.word, Number(row.id));
  }
  const postings = wanted.flatMap((posting) => {
    const wordId = ids.get(posting.word);
    return wordId === undefined ? [] : [[objectType, wordId, posting.objectId, posting.mask]];
  });
  for (const part of chunks(postings)) {
    await manager.query(
      `INSERT INTO ${POSTINGS} (object_type, word_id, object_id, field_mask) VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}`,
      part.flat(),
    );
  }
}

/** The distinct words of stored HTML: tags and comments removed, references decoded, overlong words left out. */
function indexedWords(html: string | null): string[] {
  if (!html) return [];
  const text = decodeEntities(html.replace(/<!--[\s\S]*?-->|<[^>]*>/g, ' ')).replace(/&[a-z]+;/gi, ' ');
  const words =
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words)].filter((word) => word.length <= MAX_WORD_LENGTH);
}

function decodeEntities(text: string): string {
  const char = (code: number, reference: string) =>
    code <= 0x10ffff ? String.fromCodePoint(code) : reference;
  return text
    .replace(/&#x([0-9a-f]+);/gi, (reference, hex: string) => char(parseInt(hex, 16), reference))
    .replace(/&#(\d+);/g, (reference, dec: string) => char(Number(dec), reference))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
