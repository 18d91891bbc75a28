import { MAX_SLUG_LENGTH } from './slugify';

/** Feed names and `embed` would shadow WordPress rewrite endpoints, so no post may own them. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['feed', 'rdf', 'rss', 'rss2', 'atom', 'embed']);

export interface UniqueSlugOptions {
  /**
   * Slugs refused even when no post owns them. Only the desired slug is tested, never the
   * suffixed candidates (as WordPress). Defaults to {@link isReservedSlug}; use
   * {@link isReservedPageSlug} for hierarchical types such as pages.
   */
  isReserved?: (slug: string) => boolean;
  /** Maximum slug length; the base is shortened so that `base-N` still fits. Default 200. */
  maxLength?: number;
  /** How many suffixes (`-2`, `-3`, …) to try before giving up. Default 10 000. */
  maxAttempts?: number;
}

const DEFAULT_MAX_ATTEMPTS = 10_000;

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}

/**
 * Reserved slugs for hierarchical types: besides {@link RESERVED_SLUGS}, purely numeric slugs and
 * `page2`-style slugs would collide with pagination URLs.
 */
export function isReservedPageSlug(slug: string, paginationBase = 'page'): boolean {
  if (isReservedSlug(slug) || /^\d+$/.test(slug)) {
    return true;
  }
  return slug.startsWith(paginationBase) && /^\d+$/.test(slug.slice(paginationBase.length));
}

/**
 * Returns `desired` when it is free, else the first free `desired-2`, `desired-3`, …
 * (the `wp_unique_post_slug` rule). An empty slug is returned as is: drafts may have no slug.
 */
export async function uniqueSlug(
  desired: string,
  isTaken: (candidate: string) => boolean | Promise<boolean>,
  options: UniqueSlugOptions = {},
): Promise<string> {
  if (desired === '') {
    return desired;
  }
  const isReserved = options.isReserved ?? isReservedSlug;
  if (!isReserved(desired) && !(await isTaken(desired))) {
    return desired;
  }
  for (const candidate of suffixedCandidates(desired, options)) {
    if (!(await isTaken(candidate))) {
      return candidate;
    }
  }
  throw new Error(noFreeSlugMessage(desired, options));
}

/**
 * Same rule as {@link uniqueSlug}, picking from slugs already loaded in one query. `takenSlugs` must
 * hold every taken slug that starts with {@link slugSearchPrefix}`(desired)` — for slugs up to about
 * 190 characters that prefix is `desired` itself, i.e. `WHERE post_name LIKE 'desired%'` (escape the
 * LIKE wildcards `_` and `%`, both legal in slugs).
 */
export function pickUniqueSlug(
  desired: string,
  takenSlugs: ReadonlySet<string>,
  options: UniqueSlugOptions = {},
): string {
  if (desired === '') {
    return desired;
  }
  const isReserved = options.isReserved ?? isReservedSlug;
  if (!isReserved(desired) && !takenSlugs.has(desired)) {
    return desired;
  }
  for (const candidate of suffixedCandidates(desired, options)) {
    if (!takenSlugs.has(candidate)) {
      return candidate;
    }
  }
  throw new Error(noFreeSlugMessage(desired, options));
}

/**
 * The common prefix of `desired` and of every candidate {@link pickUniqueSlug} may try, for the
 * repository's `LIKE 'prefix%'` query. Shorter than `desired` only when a long slug has to be
 * truncated to make room for its suffix.
 */
export function slugSearchPrefix(desired: string, options: UniqueSlugOptions = {}): string {
  const maxLength = options.maxLength ?? MAX_SLUG_LENGTH;
  const longestSuffix = `-${(options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) + 1}`;
  return truncateSlug(desired, maxLength - longestSuffix.length);
}

/**
 * Cuts a slug to at most `maxLength` characters without splitting a `%xx` encoded character,
 * then drops trailing dashes (`_truncate_post_slug`).
 */
export function truncateSlug(slug: string, maxLength: number): string {
  if (slug.length <= maxLength) {
    return slug;
  }
  let truncated = '';
  for (const unit of slug.match(/(?:%[0-9a-fA-F]{2})+|[^%]|%/g) ?? []) {
    const pieces = unit.startsWith('%') && unit.length > 1 ? splitEncodedCharacters(unit) : [unit];
    for (const piece of pieces) {
      if (truncated.length + piece.length > maxLength) {
        return truncated.replace(/-+$/, '');
      }
      truncated += piece;
    }
  }
  return truncated.replace(/-+$/, '');
}

function* suffixedCandidates(desired: string, options: UniqueSlugOptions): Generator<string> {
  const maxLength = options.maxLength ?? MAX_SLUG_LENGTH;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  for (let suffixNumber = 2; suffixNumber < maxAttempts + 2; suffixNumber++) {
    const suffix = `-${suffixNumber}`;
    yield truncateSlug(desired, maxLength - suffix.length) + suffix;
  }
}

/** Groups a run of `%xx` octets into whole UTF-8 characters (lead byte decides the length). */
function splitEncodedCharacters(octetRun: string): string[] {
  const octets = octetRun.match(/%[0-9a-fA-F]{2}/g) ?? [];
  const characters: string[] = [];
  let index = 0;
  while (index < octets.length) {
    const leadByte = parseInt(octets[index].slice(1), 16);
    const byteCount = leadByte >= 0xf0 ? 4 : leadByte >= 0xe0 ? 3 : leadByte >= 0xc0 ? 2 : 1;
    characters.push(octets.slice(index, index + byteCount).join(''));
    index += byteCount;
  }
  return characters;
}

function noFreeSlugMessage(desired: string, options: UniqueSlugOptions): string {
  return `No free slug for "${desired}" after ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS} suffixes`;
}
