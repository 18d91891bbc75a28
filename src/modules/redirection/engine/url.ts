import { parse as parseQueryString, stringify } from 'qs';
import type { SourceFlags } from '../shared/redirect-types';

/** PHP's urldecode (`+` is a space); malformed escapes are left as they are. */
export function phpUrlDecode(text: string): string {
  const plus = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus.replace(/(%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** PHP's rawurldecode, kept as is when the result would not be valid UTF-8. */
export function rawUrlDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** PHP's rawurlencode (RFC 3986: only `A-Za-z0-9-_.~` stay). */
export function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The part before the query (`\?` escapes a literal question mark in a source, as the plugin). */
export function pathOf(url: string): string {
  let path = url;
  if (/^https?:\/\//.test(url)) {
    const rest = url.split('://')[1] ?? '';
    path = `/${rest.split('/').slice(1).join('/')}`;
  }
  const q = path.indexOf('?');
  const escaped = path.indexOf('\\?');
  if (escaped !== -1 && (q === -1 || escaped < q)) path = path.slice(0, escaped);
  else if (q !== -1) path = path.slice(0, q);
  return phpUrlDecode(path);
}

/** The query string after the first `?` ('' when none). */
export function queryOf(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return '';
  const escaped = url.indexOf('\\?');
  if (escaped !== -1 && escaped < q) return url.slice(escaped + 2);
  return url.slice(q + 1);
}

export function withoutTrailingSlash(path: string): string {
  return path === '/' ? path : path.replace(/\/$/, '');
}

const KEEP_ENCODED = ['/', ':', '[', ']', '@', '~', ',', '(', ')', ';'];

/**
 * The lookup key of a plain source or of a request (`Red_Url_Match::get_url`): the decoded path without its
 * trailing slash, URL-encoded except `/ : [ ] @ ~ , ( ) ;`, lower-cased; `/` for the root.
 */
export function matchUrlOf(url: string): string {
  let path = rawUrlEncode(withoutTrailingSlash(pathOf(url)));
  for (const char of KEEP_ENCODED) path = path.split(rawUrlEncode(char)).join(char);
  path = path.toLowerCase();
  return path || '/';
}

type QueryValue = string | null | QueryMap | QueryValue[];
interface QueryMap {
  [key: string]: QueryValue;
}

const QS_OPTIONS = { depth: 10, arrayLimit: 1000, parameterLimit: 5000 } as const;

/**
 * PHP's parse_str of a query string; `keepBare`: a key without `=` is null, as the plugin's own parser keeps it
 * (`?random+thing`).
 */
export function parseQuery(query: string, keepBare = false): QueryMap {
  if (query === '') return {};
  return parseQueryString(query, { ...QS_OPTIONS, strictNullHandling: keepBare }) as unknown as QueryMap;
}

/**
 * The plugin's build_url: PHP's http_build_query with `%5B0%5D` written as `[]`, a null (bare) key written
 * without `=`, and `%252B` as `+`.
 */
export function buildQuery(query: QueryMap): string {
  return stringify(query, { encodeValuesOnly: false, format: 'RFC1738', strictNullHandling: true })
    .replace(/%5B\d*%5D/gi, '[]')
    .replace(/%252B/g, '+');
}

/** The source with its parameters in alphabetical order (`get_url_with_params`, for `exactorder`). */
export function matchUrlWithParams(url: string): string {
  const query = parseQuery(queryOf(url.toLowerCase()));
  const sorted: QueryMap = {};
  for (const key of Object.keys(query).sort()) sorted[key] = query[key];
  return appendQuery(matchUrlOf(url), sorted);
}

function isMap(value: unknown): value is QueryMap {
  return typeof value === 'object' && value !== null;
}

function querySame(source: QueryMap, target: QueryMap, depth = 0): QueryMap {
  if (depth > 10) return {};
  const same: QueryMap = {};
  for (const [key, value] of Object.entries(source)) {
    if (!(key in target)) continue;
    const other = target[key];
    if (isMap(value) && isMap(other)) {
      const inner = querySame(value as QueryMap, other as QueryMap, depth + 1);
      if (Object.keys(inner).length === Object.keys(value).length) same[key] = inner;
    } else if (typeof value === 'string' && typeof other === 'string' && value === other) {
      same[key] = value;
    }
  }
  return same;
}

function queryDiff(source: QueryMap, target: QueryMap, depth = 0): QueryMap {
  if (depth > 10) return {};
  const diff: QueryMap = {};
  for (const [key, value] of Object.entries(source)) {
    const other = target[key];
    if (other !== undefined && isMap(value) && isMap(other)) {
      const inner = queryDiff(value as QueryMap, other as QueryMap, depth + 1);
      if (Object.keys(inner).length > 0) diff[key] = inner;
    } else if (
      other === undefined ||
      typeof value !== 'string' ||
      typeof other !== 'string' ||
      other !== value
    ) {
      diff[key] = value;
    }
  }
  return diff;
}

/** A parsed source query: its parameters, or the raw string when it does not parse (`?=2`). */
export interface SourceQuery {
  params: QueryMap;
  exact: string | null;
}

export function sourceQueryOf(url: string, ignoreCase: boolean): SourceQuery {
  const text = ignoreCase ? url.toLowerCase() : url;
  const query = queryOf(text);
  const params = parseQuery(query);
  const unparsable = Object.keys(params).length === 0 && text.includes('?');
  return { params, exact: unparsable ? query : null };
}

/** `Red_Url_Query::is_match`: the request's query against a source's, under the source flags. */
export function queryMatches(source: SourceQuery, requestUrl: string, flags: SourceFlags): boolean {
  const url = flags.flag_case ? requestUrl.toLowerCase() : requestUrl;
  if (source.exact !== null) return queryOf(url) === source.exact;
  const target = parseQuery(queryOf(url));
  const same = querySame(source.params, target);
  if (Object.keys(same).length !== Object.keys(source.params).length) return false;
  if (flags.flag_query === 'ignore' || flags.flag_query === 'pass') return true;
  const leftover = { ...queryDiff(source.params, target), ...queryDiff(target, source.params) };
  return Object.keys(leftover).length === 0;
}

/** `Red_Url_Path::is_match`: the request path against a source path under the trailing/case flags. */
export function pathMatches(sourcePath: string, requestUrl: string, flags: SourceFlags): boolean {
  let source = sourcePath;
  let target = pathOf(requestUrl);
  if (flags.flag_trailing) {
    source = withoutTrailingSlash(source);
    target = withoutTrailingSlash(target);
  }
  if (flags.flag_case) {
    source = source.toLowerCase();
    target = target.toLowerCase();
  }
  return source === target;
}

function appendQuery(url: string, query: QueryMap): string {
  const built = buildQuery(query);
  if (!built) return url;
  let base = url;
  let tail = built;
  const hash = base.indexOf('#');
  if (hash !== -1) {
    tail += base.slice(hash);
    base = base.slice(0, hash);
  }
  return `${base}${base.includes('?') ? '&' : '?'}${tail}`;
}

/**
 * `Red_Url_Query::add_to_target` (flag_query `pass`): the request's parameters that the target does not
 * already set are appended to it; the target's own parameters are never overridden.
 */
export function passQueryToTarget(targetUrl: string, requestUrl: string, flags: SourceFlags): string {
  if (flags.flag_query !== 'pass' || !targetUrl) return targetUrl;
  const caseFlags = flags.flag_case;
  const targetQuery = parseQuery(
    queryOf(caseFlags ? targetUrl.toLowerCase() : targetUrl).split('#')[0],
    true,
  );
  const requestQuery = parseQuery(queryOf(caseFlags ? requestUrl.toLowerCase() : requestUrl), true);
  const extra: QueryMap = {
    ...queryDiff(targetQuery, requestQuery),
    ...queryDiff(requestQuery, targetQuery),
  };
  for (const key of Object.keys(extra)) if (key in targetQuery) delete extra[key];
  return appendQuery(targetUrl, extra);
}
