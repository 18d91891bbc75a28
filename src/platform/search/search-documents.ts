import type { SearchDocument, SearchTarget } from './search-index';

/** WordPress's searchable columns as field bits (`search_columns`: post_title, post_excerpt, post_content). */
export const SearchField = { title: 1, excerpt: 2, content: 4 } as const;

/** Object types in the index. */
export const SearchObjectType = { event: 'event', post: 'post' } as const;

/** Post types whose rows are searched through the index (revisions and autosaves are filtered in memory). */
export const SEARCHABLE_POST_TYPES: readonly string[] = ['post', 'page'];

export interface SearchableText {
  title: string | null;
  excerpt: string | null;
  /** A post's content, an event's description. */
  content: string | null;
}

export function searchDocument(id: number, text: SearchableText): SearchDocument {
  return {
    id: Number(id),
    fields: [
      { field: SearchField.title, html: text.title },
      { field: SearchField.excerpt, html: text.excerpt },
      { field: SearchField.content, html: text.content },
    ],
  };
}

/** The search target of a table with `id`, `title`, `excerpt` and a content column, queried as `alias`. */
export function textSearchTarget(objectType: string, alias: string, contentColumn: string): SearchTarget {
  return {
    objectType,
    idColumn: `${alias}.id`,
    columns: {
      [SearchField.title]: `${alias}.title`,
      [SearchField.excerpt]: `${alias}.excerpt`,
      [SearchField.content]: `${alias}.${contentColumn}`,
    },
  };
}
