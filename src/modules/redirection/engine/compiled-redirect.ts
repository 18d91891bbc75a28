import { LinearRegex } from '../../../platform/common/regex';
import { effectiveFlags } from '../redirects/redirect-sanitizer';
import { decodeActionData } from '../redirects/redirect-codec';
import type {
  ActionData,
  ActionType,
  MatchType,
  SourceFlags,
  StoredMatchData,
} from '../shared/redirect-types';
import { FROM_NOTFROM_TYPES } from '../shared/redirect-types';
import { pathMatches, pathOf, queryMatches, SourceQuery, sourceQueryOf } from './url';

/** A row of `redirection_items` as the engine loads it. */
export interface RedirectRow {
  id: number;
  url: string;
  match_url: string;
  match_data: string | null;
  regex: number | boolean;
  position: number;
  action_type: string;
  action_code: number;
  action_data: string | null;
  match_type: string;
}

/** An enabled redirect, parsed and compiled once per index build. */
export interface CompiledRedirect {
  id: number;
  position: number;
  matchUrl: string;
  url: string;
  flags: SourceFlags;
  regex: LinearRegex | null;
  /** True for a regex source whose pattern does not compile: it never matches. */
  broken: boolean;
  /** The regex of a referrer/agent/cookie/header condition (`action_data.regex`); null when it cannot run. */
  conditionRegex: LinearRegex | null;
  sourcePath: string;
  sourceQuery: SourceQuery;
  matchType: MatchType;
  actionType: ActionType;
  actionCode: number;
  actionData: ActionData;
  logExclude: boolean;
}

/**
 * A PCRE pattern (delimiter `@`, dot-all, `i` when case is ignored) on the linear-time engine; null when it
 * cannot run there (saving refuses those, so only rows written around the API reach this).
 */
export function compilePattern(pattern: string, ignoreCase: boolean): LinearRegex | null {
  return LinearRegex.tryCompile(pattern, { dotAll: true, ignoreCase });
}

/** The condition's value as a pattern (`preg_match('@…@i')`), when `action_data.regex` is set. */
function conditionPattern(matchType: string, data: ActionData): LinearRegex | null {
  if (data.regex !== true) return null;
  const value = matchType === 'referrer' ? data.referrer : matchType === 'agent' ? data.agent : data.value;
  return LinearRegex.tryCompile(String(value ?? ''), { ignoreCase: true });
}

function parseMatchData(text: string | null): StoredMatchData {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as StoredMatchData) : {};
  } catch {
    return {};
  }
}

export function compileRedirect(row: RedirectRow, defaults: SourceFlags): CompiledRedirect {
  const matchData = parseMatchData(row.match_data);
  const isRegex = Boolean(Number(row.regex));
  const flags = effectiveFlags(matchData, isRegex, defaults);
  const regex = isRegex ? compilePattern(row.url, flags.flag_case) : null;
  const actionData = decodeActionData(row.match_type, row.action_data) ?? {};
  return {
    id: Number(row.id),
    position: Number(row.position),
    matchUrl: row.match_url,
    url: row.url,
    flags,
    regex,
    broken: isRegex && regex === null,
    sourcePath: pathOf(row.url),
    sourceQuery: sourceQueryOf(row.url, flags.flag_case),
    matchType: row.match_type as MatchType,
    actionType: row.action_type as ActionType,
    actionCode: Number(row.action_code),
    actionData,
    conditionRegex: conditionPattern(row.match_type, actionData),
    logExclude: Boolean(matchData.options?.log_exclude),
  };
}

/** `Red_Item::is_match` on the source: regex against the whole decoded URL, else path and query. */
export function sourceMatches(redirect: CompiledRedirect, decodedUrl: string): boolean {
  if (redirect.flags.flag_regex) {
    return redirect.regex !== null && redirect.regex.test(decodedUrl);
  }
  return (
    pathMatches(redirect.sourcePath, decodedUrl, redirect.flags) &&
    queryMatches(redirect.sourceQuery, decodedUrl, redirect.flags)
  );
}

/** PHP replacement syntax (`$1`, `${1}`, `\1`, `$0`) in JavaScript's. */
function jsReplacement(target: string): string {
  return target
    .replace(/\$\$/g, '$$$$')
    .replace(/\\(\d{1,2})/g, '$$$1')
    .replace(/\$\{(\d{1,2})\}/g, '$$$1')
    .replace(/\$0(?!\d)/g, '$$&');
}

/** Encodes spaces the way the plugin does after a regex replacement: `%20` in the path, `+` in the query. */
function encodeSpaces(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url.replace(/ /g, '%20');
  return url.slice(0, q).replace(/ /g, '%20') + url.slice(q).replace(/ /g, '+');
}

/** The target with the source's regex captures substituted (`preg_replace` over the request URL). */
export function regexTarget(redirect: CompiledRedirect, decodedUrl: string, target: string): string {
  if (!redirect.flags.flag_regex || !redirect.regex) return target;
  return encodeSpaces(redirect.regex.replaceAll(decodedUrl, jsReplacement(target)));
}

/**
 * The target chosen by the match type once its condition is known (`Red_Item::get_match`): `null` means
 * "do not fire, try the next redirect". Actions without a target fire only when the condition holds.
 */
export function chooseTarget(redirect: CompiledRedirect, condition: boolean): string | null | false {
  const data = redirect.actionData;
  const needsTarget = redirect.actionType === 'url' || redirect.actionType === 'pass';
  if (!needsTarget) return condition ? false : null;
  let target: unknown;
  if (redirect.matchType === 'url' || redirect.matchType === 'page') target = data.url;
  else if (redirect.matchType === 'login') target = condition ? data.logged_in : data.logged_out;
  else if (FROM_NOTFROM_TYPES.includes(redirect.matchType))
    target = condition ? data.url_from : data.url_notfrom;
  if (typeof target !== 'string' || target === '') return null;
  return target;
}
