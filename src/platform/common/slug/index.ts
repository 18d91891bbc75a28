export { removeAccents } from './remove-accents';
export { MAX_SLUG_LENGTH, percentEncodeNonAscii, slugify } from './slugify';
export type { SlugifyOptions } from './slugify';
export {
  RESERVED_SLUGS,
  isReservedPageSlug,
  isReservedSlug,
  pickUniqueSlug,
  slugSearchPrefix,
  truncateSlug,
  uniqueSlug,
} from './unique-slug';
export type { UniqueSlugOptions } from './unique-slug';
