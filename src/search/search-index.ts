import type { EntityManager } from 'typeorm';
import { insertIgnore } from '../database/dialect';
import { likeContains } from '../database/like';
import { indexedWords, isNumberWord, MAX_INDEXED_WORD_LENGTH, wordsOf } from './search-terms';

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
 * Raw SQL on purpose: the migration that back-fills the index runs before any entity exists.
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
  for (const part of chunks(words)) {
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

/** Replaces the postings of these objects with the words of their current text. */
export async function writeSearchPostings(
  manager: EntityManager,
  objectType: string,
  documents: SearchDocument[],
): Promise<void> {
  await removeSearchPostings(
    manager,
    objectType,
    documents.map((document) => document.id),
  );
  const masks = documents.map((document) => {
    const mask = new Map<string, number>();
    for (const { field, html } of document.fields) {
      for (const word of indexedWords(html)) mask.set(word, (mask.get(word) ?? 0) | field);
    }
    return mask;
  });
  const vocabulary = [...new Set(masks.flatMap((mask) => [...mask.keys()]))];
  if (vocabulary.length === 0) return;
  const ids = await wordIds(manager, vocabulary);
  const rows: Array<[number, number, number]> = [];
  documents.forEach((document, index) => {
    for (const [word, mask] of masks[index]) {
      const wordId = ids.get(word);
      if (wordId !== undefined) rows.push([wordId, document.id, mask]);
    }
  });
  for (const part of chunks(rows)) {
    await manager.query(
      `INSERT INTO ${SEARCH_POSTINGS_TABLE} (object_type, word_id, object_id, field_mask) VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}`,
      part.flatMap((row) => [objectType, ...row]),
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
 */
export function searchConditions(
  terms: string[],
  target: SearchTarget,
  fields: number[],
  prefix: string,
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
      return (
        `${target.idColumn} IN (SELECT ${sp}.object_id FROM ${SEARCH_POSTINGS_TABLE} ${sp} ` +
        `WHERE ${sp}.object_type = :${name}type${fieldCheck} AND ${sp}.word_id IN ` +
        `(SELECT ${sw}.id FROM ${SEARCH_WORDS_TABLE} ${sw} WHERE ${numbers}${sw}.word LIKE :${name}w${w} ESCAPE '!'))`
      );
    });
    const oneWord = words.length === 1 && words[0] === text.normalize('NFC').toLowerCase();
    if (oneWord) return { sql: exclude ? `NOT (${postings[0]})` : postings[0], params };
    // The postings only say each word occurs somewhere; the column LIKE checks the exact sequence.
    return { sql: exclude ? `NOT ${scan}` : `(${[...postings, scan].join(' AND ')})`, params };
  });
}
