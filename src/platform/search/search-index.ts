import type { EntityManager } from 'typeorm';
import { insertIgnore } from '../database';
import { likeContains } from '../database';
import {
  indexedWords,
  isNumberWord,
  MAX_INDEXED_WORD_LENGTH,
  parseSearchTerms,
  wordsOf,
} from './search-terms';

/**
 * The word index behind `search`: every distinct word of a searchable object's text (`search_words`, one row
 * per word of the whole site) and which objects contain it, in which fields (`search_postings`).
 *
 * WordPress matches each search term with `LIKE '%term%'` against the stored columns, which reads every row.
 * Here a term made of one word is matched against the vocabulary instead (still `LIKE '%term%'`, so a term
 * finds words that contain it, as before), and the objects come from the postings of the matching words: the
 * cost follows the number of distinct words and of matches, not the number of objects. Terms that span several
 * words (phrases, `3d-machine`) use the postings of each word to narrow the rows, then the column `LIKE`.
 *
 * Raw SQL on purpose: the index is written inside other modules' transactions and by the CLI's rebuild.
 */
export const SEARCH_WORDS_TABLE = 'search_words';
export const SEARCH_POSTINGS_TABLE = 'search_postings';

/** One object's searchable text, by field bit (e.g. title 1, excerpt 2, content 4). */
export interface SearchDocument {
  id: number;
  fields: Array<{ field: number; html: string | null | undefined }>;
}

const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** Drops the postings of these objects (their words stay in the vocabulary, harmlessly). */
export async function removeSearchPostings(
  manager: EntityManager,
  objectType: string,
  ids: number[],
): Promise<void> {
  for (const part of chunks(ids)) {
    await manager.query(
      `DELETE FROM ${SEARCH_POSTINGS_TABLE} WHERE object_type = ? AND object_id IN (${placeholders(part.length)})`,
      [objectType, ...part],
    );
  }
}

/** Ids of these words, adding the ones the vocabulary does not have yet. */
async function wordIds(manager: EntityManager, words: string[]): Promise<Map<string, number>> {
  const insert = insertIgnore(manager);
  const ids = new Map<string, number>();
  // In one order for every writer: parallel indexers then wait for each other instead of deadlocking.
  const sorted = [...words].sort();
  for (const part of chunks(sorted)) {
    await manager.query(
      `${insert} ${SEARCH_WORDS_TABLE} (word, is_number) VALUES ${part.map(() => '(?, ?)').join(', ')}`,
      part.flatMap((word) => [word, isNumberWord(word) ? 1 : 0]),
    );
    const rows: Array<{ id: number; word: string }> = await manager.query(
      `SELECT id, word FROM ${SEARCH_WORDS_TABLE} WHERE word IN (${placeholders(part.length)})`,
      part,
    );
    for (const row of rows) ids.set(row.word, Number(row.id));
  }
  return ids;
}

function fieldMasks(document: SearchDocument): Map<string, number> {
  const masks = new Map<string, number>();
  for (const { field, html } of document.fields) {
    for (const word of indexedWords(html)) masks.set(word, (masks.get(word) ?? 0) | field);
  }
  return masks;
}

interface Posting {
  wordId: number;
  mask: number;
}

/** The stored postings of these objects: object id → word → posting. */
async function storedPostings(
  manager: EntityManager,
  objectType: string,
  ids: number[],
): Promise<Map<number, Map<string, Posting>>> {
  const stored = new Map<number, Map<string, Posting>>(ids.map((id) => [id, new Map()]));
  // Two plain lookups rather than a join: the planner cannot then start from the whole vocabulary.
  const postings: Array<{ object_id: number; word_id: number; field_mask: number }> = [];
  for (const part of chunks(ids)) {
    postings.push(
      ...((await manager.query(
        `SELECT object_id, word_id, field_mask FROM ${SEARCH_POSTINGS_TABLE} ` +
          `WHERE object_type = ? AND object_id IN (${placeholders(part.length)})`,
        [objectType, ...part],
      )) as typeof postings),
    );
  }
  const words = new Map<number, string>();
  for (const part of chunks([...new Set(postings.map((row) => Number(row.word_id)))])) {
    const rows: Array<{ id: number; word: string }> = await manager.query(
      `SELECT id, word FROM ${SEARCH_WORDS_TABLE} WHERE id IN (${placeholders(part.length)})`,
      part,
    );
    for (const row of rows) words.set(Number(row.id), row.word);
  }
  for (const row of postings) {
    const word = words.get(Number(row.word_id));
    if (word === undefined) continue;
    stored
      .get(Number(row.object_id))
      ?.set(word, { wordId: Number(row.word_id), mask: Number(row.field_mask) });
  }
  return stored;
}

/**
 * Brings the postings of these objects in line with the words of their current text, touching only the
 * words that came, went or moved between fields (an edited title rewrites a few rows, not the whole text's).
 * `unindexed`: the objects have no postings (bulk loads, rebuilds), so there is nothing to read or remove.
 */
export async function writeSearchPostings(
  manager: EntityManager,
  objectType: string,
  documents: SearchDocument[],
  options: { unindexed?: boolean } = {},
): Promise<void> {
  // Bulk loads and rebuilds know the objects have no postings yet, and skip reading them.
  const stored = options.unindexed
    ? new Map<number, Map<string, Posting>>()
    : await storedPostings(
        manager,
        objectType,
        documents.map((document) => document.id),
      );
  const stale: Array<{ objectId: number; wordId: number }> = [];
  const wanted: Array<{ objectId: number; word: string; mask: number }> = [];
  const knownIds = new Map<string, number>();
  for (const document of documents) {
    const masks = fieldMasks(document);
    const current = stored.get(document.id) ?? new Map<string, Posting>();
    for (const [word, posting] of current) {
      knownIds.set(word, posting.wordId);
      if (masks.get(word) !== posting.mask) stale.push({ objectId: document.id, wordId: posting.wordId });
    }
    for (const [word, mask] of masks) {
      if (current.get(word)?.mask !== mask) wanted.push({ objectId: document.id, word, mask });
    }
  }
  for (const part of chunks(stale)) {
    await manager.query(
      `DELETE FROM ${SEARCH_POSTINGS_TABLE} WHERE object_type = ? AND (${part.map(() => '(object_id = ? AND word_id = ?)').join(' OR ')})`,
      [objectType, ...part.flatMap((row) => [row.objectId, row.wordId])],
    );
  }
  const newWords = [...new Set(wanted.map((row) => row.word))].filter((word) => !knownIds.has(word));
  for (const [word, id] of await wordIds(manager, newWords)) knownIds.set(word, id);
  const rows = wanted.flatMap((row) => {
    const wordId = knownIds.get(row.word);
    return wordId === undefined ? [] : [[objectType, wordId, row.objectId, row.mask]];
  });
  for (const part of chunks(rows)) {
    await manager.query(
      `INSERT INTO ${SEARCH_POSTINGS_TABLE} (object_type, word_id, object_id, field_mask) VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}`,
      part.flat(),
    );
  }
}

/** Where a search looks: the object type in the index, its id column and its stored columns by field bit. */
export interface SearchTarget {
  objectType: string;
  /** SQL expression of the object's id, e.g. `e.id`. */
  idColumn: string;
  /** Stored columns by field bit, e.g. `{ 1: 'e.title', 4: 'e.description' }`. */
  columns: Record<number, string>;
}

export interface SqlCondition {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * One condition per parsed WordPress search term (see `parseSearchTerms`); every one must hold. A term
 * matches when one of the searched fields contains it; a `-term` when none does.
 *
 * @param fields the field bits searched (WordPress's `search_columns`); all of `target.columns` when empty
 * @param prefix names the SQL parameters (unique per query)
 * @param options.probe an object's postings are looked up per object (`EXISTS`, for a query that walks the
 *   objects in order and stops early), instead of the matching objects being read from the postings (`IN`)
 */
export function searchConditions(
  terms: string[],
  target: SearchTarget,
  fields: number[],
  prefix: string,
  options: { probe?: boolean } = {},
): SqlCondition[] {
  const searched = fields.length ? fields : Object.keys(target.columns).map(Number);
  const allFields = Object.keys(target.columns).length === searched.length;
  const mask = searched.reduce((bits, field) => bits | field, 0);
  return terms.map((term, index) => {
    const name = `${prefix}${index}`;
    const exclude = term.startsWith('-') && term.length > 1;
    const text = exclude ? term.slice(1) : term;
    const params: Record<string, unknown> = { [`${name}like`]: likeContains(text) };
    const scan = `(${searched
      .map((field) => `COALESCE(${target.columns[field]}, '') LIKE :${name}like ESCAPE '!'`)
      .join(' OR ')})`;
    const words = [...new Set(wordsOf(text))];
    if (words.length === 0 || words.some((word) => word.length > MAX_INDEXED_WORD_LENGTH)) {
      return { sql: exclude ? `NOT ${scan}` : scan, params };
    }
    params[`${name}type`] = target.objectType;
    if (!allFields) params[`${name}mask`] = mask;
    const postings = words.map((word, w) => {
      params[`${name}w${w}`] = likeContains(word);
      const sw = `sw_${name}_${w}`;
      const sp = `sp_${name}_${w}`;
      const numbers = isNumberWord(word) ? '' : `${sw}.is_number = 0 AND `;
      const fieldCheck = allFields ? '' : ` AND (${sp}.field_mask & :${name}mask) <> 0`;
      const vocabulary = `(SELECT ${sw}.id FROM ${SEARCH_WORDS_TABLE} ${sw} WHERE ${numbers}${sw}.word LIKE :${name}w${w} ESCAPE '!')`;
      if (options.probe) {
        return (
          `EXISTS (SELECT 1 FROM ${SEARCH_POSTINGS_TABLE} ${sp} WHERE ${sp}.object_type = :${name}type ` +
          `AND ${sp}.object_id = ${target.idColumn}${fieldCheck} AND ${sp}.word_id IN ${vocabulary})`
        );
      }
      return (
        `${target.idColumn} IN (SELECT ${sp}.object_id FROM ${SEARCH_POSTINGS_TABLE} ${sp} ` +
        `WHERE ${sp}.object_type = :${name}type${fieldCheck} AND ${sp}.word_id IN ${vocabulary})`
      );
    });
    const oneWord = words.length === 1 && words[0] === text.normalize('NFC').toLowerCase();
    if (oneWord) return { sql: exclude ? `NOT (${postings[0]})` : postings[0], params };
    // The postings only say each word occurs somewhere; the column LIKE checks the exact sequence.
    return { sql: exclude ? `NOT ${scan}` : `(${[...postings, scan].join(' AND ')})`, params };
  });
}

/**
 * For a search that is one word and nothing else (no phrase, no exclusion): the ids of the vocabulary words
 * that word matches (as `searchConditions` matches them). The objects found are then exactly those with a
 * posting of one of these words, so with one word a maintained count per word gives the search's total.
 * Null for any other search.
 */
export async function singleWordSearch(manager: EntityManager, search: string): Promise<number[] | null> {
  const terms = parseSearchTerms(search);
  if (terms.length !== 1 || terms[0].startsWith('-')) return null;
  const text = terms[0];
  const words = [...new Set(wordsOf(text))];
  if (words.length !== 1 || words[0].length > MAX_INDEXED_WORD_LENGTH) return null;
  const [word] = words;
  if (word !== text.normalize('NFC').toLowerCase()) return null;
  const numbers = isNumberWord(word) ? '' : 'is_number = 0 AND ';
  const rows: Array<{ id: number | string }> = await manager.query(
    `SELECT id FROM ${SEARCH_WORDS_TABLE} WHERE ${numbers}word LIKE ? ESCAPE '!'`,
    [likeContains(word)],
  );
  return rows.map((row) => Number(row.id));
}
