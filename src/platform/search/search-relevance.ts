import { likeContains } from '../database';
import { SearchField } from './search-documents';
import type { SearchTarget, SqlCondition } from './search-index';
import { parseSearchTerms } from './search-terms';

/**
 * WordPress's `parse_search_order`: an ascending rank, sentence in the title first, then every word in the
 * title, any word in the title, the sentence in the excerpt, then in the content. A one-word search ranks
 * title matches first. Order by it ascending, then by date descending.
 */
export function relevanceRank(search: string, target: SearchTarget, prefix = 'rel'): SqlCondition {
  const title = target.columns[SearchField.title];
  const terms = parseSearchTerms(search).filter((term) => !term.startsWith('-'));
  const params: Record<string, unknown> = { [`${prefix}Phrase`]: likeContains(search) };
  const phrase = `LIKE :${prefix}Phrase ESCAPE '!'`;
  if (terms.length <= 1) return { sql: `CASE WHEN ${title} ${phrase} THEN 1 ELSE 2 END`, params };
  terms.forEach((term, index) => (params[`${prefix}Term${index}`] = likeContains(term)));
  const titleTerms = terms.map((_, index) => `${title} LIKE :${prefix}Term${index} ESCAPE '!'`);
  const parts = [`WHEN ${title} ${phrase} THEN 1`];
  if (terms.length < 7) parts.push(`WHEN ${titleTerms.join(' AND ')} THEN 2`);
  parts.push(`WHEN ${titleTerms.join(' OR ')} THEN 3`);
  parts.push(`WHEN ${target.columns[SearchField.excerpt]} ${phrase} THEN 4`);
  parts.push(`WHEN ${target.columns[SearchField.content]} ${phrase} THEN 5`);
  return { sql: `CASE ${parts.join(' ')} ELSE 6 END`, params };
}
