import { decodeEntities } from '../common/html';

/** WordPress's default search stopwords (`WP_Query::get_search_stopwords`). */
const STOPWORDS = new Set(
  'about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(
    ',',
  ),
);

/**
 * WordPress's `parse_search`: quoted phrases and words separated by spaces, tabs, commas or plus signs;
 * stopwords and single letters or dashes are dropped. When nothing is left, or more than nine terms, the
 * whole string is one term. A leading `-` (kept here) makes a term an exclusion.
 */
export function parseSearchTerms(search: string): string[] {
  const cleaned = search.replace(/[\r\n]/g, '');
  const terms: string[] = [];
  for (const match of cleaned.match(/"[^"]*(?:"|$)|[^\t ",+]+/g) ?? []) {
    const quoted = /^".+"$/.test(match);
    const term = quoted ? match.replace(/^["']+|["']+$/g, '') : match.replace(/^["' ]+|["' ]+$/g, '');
    if (term === '' || /^[a-z-]$/i.test(term)) continue;
    if (STOPWORDS.has(term.toLowerCase())) continue;
    terms.push(term);
  }
  return terms.length === 0 || terms.length > 9 ? [cleaned] : terms;
}

/** Longest word the search index keeps; longer runs of letters and digits are searched by scanning. */
export const MAX_INDEXED_WORD_LENGTH = 100;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The runs of letters, marks and digits of `text`, lowercased (NFC), in order, repeats included. */
export function wordsOf(text: string): string[] {
  return text.normalize('NFC').toLowerCase().match(WORD) ?? [];
}

/** Whether a word consists of digits only (such words are kept apart in the index). */
export function isNumberWord(word: string): boolean {
  return /^\p{N}+$/u.test(word);
}

/**
 * The distinct words a search can find in stored HTML: tags and comments removed, character references
 * decoded, words longer than `MAX_INDEXED_WORD_LENGTH` left out.
 */
export function indexedWords(html: string | null | undefined): string[] {
  if (!html) return [];
  const text = decodeEntities(html.replace(/<!--[\s\S]*?-->|<[^>]*>/g, ' ')).replace(/&[a-z]+;/gi, ' ');
  return [...new Set(wordsOf(text))].filter((word) => word.length <= MAX_INDEXED_WORD_LENGTH);
}
