export {
  SEARCHABLE_POST_TYPES,
  SearchField,
  SearchObjectType,
  searchDocument,
  textSearchTarget,
} from './search-documents';
export type { SearchableText } from './search-documents';
export {
  removeSearchPostings,
  searchConditions,
  singleWordSearch,
  writeSearchPostings,
} from './search-index';
export type { SearchDocument, SearchTarget, SqlCondition } from './search-index';
export { indexedWords, parseSearchTerms, wordsOf } from './search-terms';
export { relevanceRank } from './search-relevance';
export { reindexSearch } from './reindex';
