import { stringify } from 'qs';
import type { Language } from '../context/request-context';
import { DEFAULT_LANGUAGE } from '../context/request-context';

/** Characters qs leaves unencoded in a value (RFC 3986 unreserved). */
const UNRESERVED = /^[\w.~-]*$/;

/**
 * The query string qs would build from flat numbers and strings that need no encoding (the `?post=12` of an
 * item's links), without qs; null for anything else.
 */
function plainQuery(query: Record<string, unknown>, keys: string[]): string | null {
  let result = '';
  for (const key of keys) {
    const value = query[key];
    const plain =
      typeof value === 'number'
        ? Number.isSafeInteger(value)
        : typeof value === 'string' && UNRESERVED.test(value);
    if (!plain || !UNRESERVED.test(key)) return null;
    result += `${result ? '&' : ''}${key}=${value}`;
  }
  return result;
}

/** Absolute URLs into the API; links for the `no` language use the language-prefixed root. */
export class RestUrls {
  /** `{site}/{prefix}` or `{site}/{lang}/{prefix}`, without trailing slash (every link starts with it). */
  readonly base: string;
  private readonly rootUrl: string;
  /** The roots toRoute accepts: this language's, then the unprefixed one. */
  private readonly bases: string[];

  constructor(
    private readonly siteUrl: string,
    private readonly restPrefix: string,
    private readonly language: Language,
  ) {
    const languagePart = language === DEFAULT_LANGUAGE ? '' : `/${language}`;
    this.base = `${siteUrl}${languagePart}/${restPrefix}`;
    this.rootUrl = `${this.base}/`;
    this.bases = [this.base, `${siteUrl}/${restPrefix}`];
  }

  /** The same site's URLs in another content language (links to a translation). */
  forLanguage(language: Language): RestUrls {
    return new RestUrls(this.siteUrl, this.restPrefix, language);
  }

  /** The API root as WordPress's rest_url() gives it (trailing slash). */
  root(): string {
    return this.rootUrl;
  }

  /** `route` starts with a slash, e.g. `/cal/events/v1/events/3`. */
  route(route: string, query?: Record<string, unknown>): string {
    const keys = query ? Object.keys(query) : [];
    if (keys.length === 0) return `${this.base}${route}`;
    const queryString = plainQuery(query!, keys) ?? stringify(query, { encodeValuesOnly: true });
    return `${this.base}${route}?${queryString}`;
  }

  /** A page of the site itself (not the API). */
  site(path = '/'): string {
    const languagePart = this.language === DEFAULT_LANGUAGE ? '' : `/${this.language}`;
    return `${this.siteUrl}${languagePart}${path}`;
  }

  /** Route path and query of an absolute API URL, or null when it points outside the API. */
  toRoute(url: string): { path: string; query: string } | null {
    for (const base of this.bases) {
      if (!url.startsWith(base)) continue;
      const next = url.charAt(base.length);
      if (next !== '' && next !== '/' && next !== '?') continue;
      const mark = url.indexOf('?', base.length);
      const path = mark < 0 ? url.slice(base.length) : url.slice(base.length, mark);
      return { path: path || '/', query: mark < 0 ? '' : url.slice(mark + 1).split('?', 1)[0] };
    }
    return null;
  }
}
