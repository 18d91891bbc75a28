import type { FlagQuery } from '../settings/settings.types';

export const MATCH_TYPES = [
  'url',
  'referrer',
  'agent',
  'login',
  'header',
  'custom',
  'cookie',
  'role',
  'server',
  'ip',
  'page',
  'language',
] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const ACTION_TYPES = ['url', 'error', 'nothing', 'random', 'pass'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const REDIRECT_CODES = [301, 302, 303, 304, 307, 308];
export const ERROR_CODES = [400, 401, 403, 404, 410, 418, 451, 500, 501, 502, 503, 504];

/** Match types whose target depends on a condition: `url_from` when it holds, `url_notfrom` when not. */
export const FROM_NOTFROM_TYPES: readonly MatchType[] = [
  'referrer',
  'agent',
  'cookie',
  'header',
  'custom',
  'role',
  'server',
  'ip',
  'language',
];

/** Per-redirect source flags (merged over the site defaults). */
export interface SourceFlags {
  flag_query: FlagQuery;
  flag_case: boolean;
  flag_trailing: boolean;
  flag_regex: boolean;
}

/** The match data of a redirect as stored: only flags that differ from the site defaults. */
export interface StoredMatchData {
  source?: Partial<SourceFlags>;
  options?: { log_exclude?: boolean };
}

/** Target data by match type (`action_data`). */
export type ActionData = Record<string, unknown>;

/** A redirect as the domain sees it (entity + parsed JSON columns). */
export interface Redirect {
  id: number;
  url: string;
  matchUrl: string;
  matchData: StoredMatchData;
  regex: boolean;
  position: number;
  hits: number;
  lastAccess: string;
  groupId: number;
  enabled: boolean;
  actionType: ActionType;
  actionCode: number;
  actionData: ActionData | null;
  matchType: MatchType;
  title: string;
}
