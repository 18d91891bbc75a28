import { isIP } from 'node:net';
import { LinearRegex } from '../../../platform/common/regex';
import { parseLastAccess } from '../shared/dates';
import { RedirectionErrors } from '../redirection.errors';
import { phpBool, phpInt } from '../settings/settings-rules';
import { FLAG_QUERY_VALUES, FlagQuery, RedirectionSettings } from '../settings/settings.types';
import {
  ACTION_TYPES,
  ActionData,
  ActionType,
  ERROR_CODES,
  FROM_NOTFROM_TYPES,
  MATCH_TYPES,
  MatchType,
  REDIRECT_CODES,
  SourceFlags,
  StoredMatchData,
} from '../shared/redirect-types';
import { matchUrlOf, matchUrlWithParams, rawUrlDecode } from '../engine/url';

/** What a create/update writes (the columns the plugin's sanitizer fills). */
export interface SanitizedRedirect {
  url: string;
  matchUrl: string;
  matchData: StoredMatchData | null;
  regex: boolean;
  matchType: MatchType;
  actionType: ActionType;
  actionCode: number;
  actionData: ActionData | null;
  title: string | null;
  groupId: number;
  position: number;
  /** Only when sent (JSON import). */
  hits?: number;
  lastAccess?: string;
}

function trimDeep(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimDeep);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, trimDeep(inner)]));
  }
  return value;
}

const MAX_URL = 8000;
const MAX_MATCH_URL = 2000;
const MAX_INT = 2147483647;

/** A non-negative value that fits the integer columns. */
function clampInt(value: number): number {
  return Math.min(MAX_INT, Math.max(0, value));
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

function stripTags(text: string): string {
  return text.replace(/<[^>]*>?/g, '');
}

function textField(value: unknown): string {
  return stripTags(String(value ?? ''))
    .replace(/[\r\n\t ]+/g, ' ')
    .trim();
}

/** `Red_Item_Sanitize::sanitize_url`: relative, one line, no control characters, leading slash, decoded. */
export function sanitizeSourceUrl(input: string, regex: boolean): string {
  let url = stripTags(input).replace(/&amp;/g, '&');
  url = url.replace(/^https?:\/\/(.*?)\//, '/').replace(/^https?:\/\/(.*?)$/, '/');
  url = url.replace(/[\r\n\t][\s\S]*$/, '');
  url = url.replace(CONTROL_CHARACTERS, '');
  if (!url.startsWith('/') && !regex) url = `/${url}`;
  return rawUrlDecode(url);
}

/** A target URL as saved (trimmed, tags stripped, control characters removed). */
function targetUrl(value: unknown): string {
  return stripTags(String(value ?? ''))
    .replace(CONTROL_CHARACTERS, '')
    .trim();
}

/** `Red_Source_Flags` of a posted source: flags not sent take the class defaults (exact, off), not the site's. */
function flagsOf(source: Record<string, unknown>, regex: boolean): SourceFlags {
  const query = String(source.flag_query ?? 'exact');
  return {
    flag_query: (FLAG_QUERY_VALUES as readonly string[]).includes(query) ? (query as FlagQuery) : 'exact',
    flag_case: phpBool(source.flag_case),
    flag_trailing: phpBool(source.flag_trailing),
    flag_regex: source.flag_regex === undefined ? regex : phpBool(source.flag_regex),
  };
}

export function siteFlags(settings: RedirectionSettings): SourceFlags {
  return {
    flag_query: settings.flag_query,
    flag_case: settings.flag_case,
    flag_trailing: settings.flag_trailing,
    flag_regex: settings.flag_regex,
  };
}

/** The flags in force for a redirect: its stored deviations over the site defaults. */
export function effectiveFlags(stored: StoredMatchData, regex: boolean, defaults: SourceFlags): SourceFlags {
  const flags = { ...defaults, ...(stored.source ?? {}) };
  flags.flag_regex = regex;
  return flags;
}

function withoutDefaults(flags: SourceFlags, defaults: SourceFlags): Partial<SourceFlags> {
  const result: Partial<SourceFlags> = {};
  for (const key of Object.keys(flags) as Array<keyof SourceFlags>) {
    if (flags[key] !== defaults[key]) (result as Record<string, unknown>)[key] = flags[key];
  }
  return result;
}

/** The match type's `save()`: its target data, URLs dropped when the action needs no target. */
export function actionDataFor(
  matchType: MatchType,
  input: Record<string, unknown>,
  withTarget: boolean,
): ActionData | null {
  const str = (key: string) => targetUrl(input[key]);
  const fromNotFrom = withTarget ? { url_from: str('url_from'), url_notfrom: str('url_notfrom') } : {};
  switch (matchType) {
    case 'url':
      return withTarget ? { url: str('url') } : null;
    case 'login':
      return withTarget ? { logged_in: str('logged_in'), logged_out: str('logged_out') } : {};
    case 'page':
      return { page: '404', ...(withTarget ? { url: str('url') } : {}) };
    case 'referrer':
      return { regex: phpBool(input.regex), referrer: textField(input.referrer), ...fromNotFrom };
    case 'agent':
      return { regex: phpBool(input.regex), agent: textField(input.agent), ...fromNotFrom };
    case 'cookie':
    case 'header':
      return {
        regex: phpBool(input.regex),
        name:
          matchType === 'header'
            ? textField(input.name).replace(/[^A-Za-z0-9_-]/g, '')
            : textField(input.name),
        value: textField(input.value),
        ...fromNotFrom,
      };
    case 'custom':
      return { filter: textField(input.filter).replace(/[^A-Za-z0-9_.-]/g, ''), ...fromNotFrom };
    case 'role':
      return { role: textField(input.role), ...fromNotFrom };
    case 'server': {
      let server = textField(input.server);
      if (server !== '' && !/^https?:\/\//i.test(server)) server = `http://${server}`;
      try {
        const parsed = server ? new URL(server) : null;
        server = parsed ? `${parsed.protocol}//${parsed.host}` : '';
      } catch {
        server = '';
      }
      return { server, ...fromNotFrom };
    }
    case 'ip': {
      const list = Array.isArray(input.ip) ? input.ip : String(input.ip ?? '').split(/[\s,]+/);
      const ips = list.map((ip) => String(ip).trim()).filter((ip) => isIP(ip) !== 0);
      return { ip: ips, ...fromNotFrom };
    }
    case 'language':
      return {
        language: textField(input.language)
          .split(',')
          .map((code) => code.trim().replace(/[^A-Za-z0-9_-]/g, ''))
          .filter(Boolean)
          .join(','),
        ...fromNotFrom,
      };
  }
}

/** A regex the engine cannot run (backreference, lookahead, syntax error, too large) is a 400 naming it. */
function refuseUnrunnable(pattern: string, ignoreCase: boolean, dotAll: boolean): void {
  const refusal = LinearRegex.refusal(pattern, { ignoreCase, dotAll });
  if (refusal) throw RedirectionErrors.invalidRegex(pattern, refusal.message);
}

export interface SanitizeContext {
  settings: RedirectionSettings;
  /** Host name of the site (Redirection_Request::get_server_name). */
  serverName: string;
  groupExists: (id: number) => boolean;
  now: () => number;
}

/**
 * `Red_Item_Sanitize::get`: the plugin's rules for a create/update body. Throws the plugin's errors
 * (invalid matcher, action, group, source URL).
 */
export function sanitizeRedirect(raw: Record<string, unknown>, context: SanitizeContext): SanitizedRedirect {
  const details = trimDeep(raw) as Record<string, unknown>;
  const defaults = siteFlags(context.settings);
  let regex = details.regex !== undefined && (details.regex === true || phpInt(details.regex) === 1);
  let flags: SourceFlags = { ...defaults, flag_regex: regex };
  const matchData: StoredMatchData = {};
  const inputMatchData = details.match_data as Record<string, unknown> | undefined;
  const inputSource =
    inputMatchData && typeof inputMatchData === 'object' ? inputMatchData.source : undefined;
  if (inputSource && typeof inputSource === 'object') {
    flags = flagsOf(inputSource as Record<string, unknown>, regex);
    regex = flags.flag_regex;
  }
  if (regex) flags.flag_query = 'exact';
  const source = withoutDefaults(flags, defaults);
  if (Object.keys(source).length) matchData.source = source;
  const inputOptions =
    inputMatchData && typeof inputMatchData === 'object' ? inputMatchData.options : undefined;
  if (
    inputOptions &&
    typeof inputOptions === 'object' &&
    phpBool((inputOptions as Record<string, unknown>).log_exclude)
  ) {
    matchData.options = { log_exclude: true };
  }

  // The source URL, auto-generated when empty; an absolute URL on another host becomes a server match.
  let url = typeof details.url === 'string' || typeof details.url === 'number' ? String(details.url) : '';
  if (url === '') url = autoGenerate(context);
  let matchTypeInput = details.match_type;
  let actionInput = details.action_data;
  if (/https?:/.test(url)) {
    try {
      const parsed = new URL(url);
      if (parsed.hostname && parsed.hostname !== context.serverName) {
        matchTypeInput = 'server';
        const target =
          actionInput && typeof actionInput === 'object'
            ? (actionInput as Record<string, unknown>).url
            : undefined;
        actionInput = {
          server: `${parsed.protocol}//${parsed.host}`,
          ...(target !== undefined ? { url_from: target } : {}),
        };
        url = parsed.pathname || '/';
      }
    } catch {
      // not a URL: sanitised as a path below
    }
  }
  url = sanitizeSourceUrl(url, regex);

  const matchType = String(matchTypeInput ?? '');
  if (!(MATCH_TYPES as readonly string[]).includes(matchType)) throw RedirectionErrors.invalidMatcher();
  const actionType = String(details.action_type ?? '');
  if (!(ACTION_TYPES as readonly string[]).includes(actionType)) throw RedirectionErrors.invalidAction();
  const groupId = phpInt(details.group_id);
  if (!context.groupExists(groupId)) throw RedirectionErrors.invalidGroup();
  if (url === '' || url.length > MAX_URL) throw RedirectionErrors.invalidSource();

  const code = phpInt(details.action_code);
  let actionCode = 0;
  if (actionType === 'url' || actionType === 'random')
    actionCode = REDIRECT_CODES.includes(code) ? code : 301;
  else if (actionType === 'error') actionCode = ERROR_CODES.includes(code) ? code : 404;

  const withTarget = actionType === 'url' || actionType === 'pass';
  const actionData =
    actionInput && typeof actionInput === 'object' && !Array.isArray(actionInput)
      ? actionDataFor(matchType as MatchType, actionInput as Record<string, unknown>, withTarget)
      : actionInput !== undefined && matchType === 'page'
        ? actionDataFor('page', {}, withTarget)
        : null;

  let title: string | null = textField(details.title ?? '')
    .slice(0, 500)
    .trim();
  if (title === '') title = null;

  if (regex) refuseUnrunnable(url, flags.flag_case, true);
  if (actionData?.regex === true) {
    const value =
      matchType === 'referrer'
        ? actionData.referrer
        : matchType === 'agent'
          ? actionData.agent
          : actionData.value;
    refuseUnrunnable(String(value ?? ''), true, false);
  }

  const matchUrl = regex
    ? 'regex'
    : flags.flag_query === 'exactorder'
      ? matchUrlWithParams(url)
      : matchUrlOf(url);
  // The lookup key column holds 2,000 characters (as the plugin's); a longer source could never be found.
  if (matchUrl.length > MAX_MATCH_URL) throw RedirectionErrors.invalidSource();

  const result: SanitizedRedirect = {
    url,
    matchUrl,
    matchData: Object.keys(matchData).length ? matchData : null,
    regex,
    matchType: matchType as MatchType,
    actionType: actionType as ActionType,
    actionCode,
    actionData,
    title,
    groupId,
    position: details.position !== undefined ? clampInt(phpInt(details.position)) : 0,
  };
  if (details.hits !== undefined) result.hits = clampInt(phpInt(details.hits));
  if (typeof details.last_access === 'string') {
    const lastAccess = parseLastAccess(details.last_access);
    if (lastAccess !== undefined) result.lastAccess = lastAccess;
  }
  return result;
}

function autoGenerate(context: SanitizeContext): string {
  const target = context.settings.auto_target;
  if (!target) return '';
  const id = Math.floor(context.now() / 1000);
  return target.replace(/\$dec\$/g, String(id)).replace(/\$hex\$/g, id.toString(16));
}

export { FROM_NOTFROM_TYPES };
