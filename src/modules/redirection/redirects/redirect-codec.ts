import type { RedirectEntity } from './redirect.entity';
import type { ActionData, ActionType, MatchType, Redirect, StoredMatchData } from '../shared/redirect-types';

function parseJson(text: string | null): unknown {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The action data column: a plain URL string for `url` matches, JSON otherwise (as the plugin stores it). */
export function decodeActionData(matchType: string, stored: string | null): ActionData | null {
  if (stored === null) return null;
  if (matchType === 'url') return { url: stored };
  const parsed = parseJson(stored);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as ActionData)
    : null;
}

export function encodeActionData(matchType: string, data: ActionData | null): string | null {
  if (data === null) return null;
  if (matchType === 'url') return typeof data.url === 'string' ? data.url : null;
  return JSON.stringify(data);
}

export function toRedirect(entity: RedirectEntity): Redirect {
  const matchData = parseJson(entity.matchData);
  return {
    id: entity.id,
    url: entity.url,
    matchUrl: entity.matchUrl,
    matchData: (typeof matchData === 'object' && matchData !== null ? matchData : {}) as StoredMatchData,
    regex: Boolean(entity.regex),
    position: entity.position,
    hits: entity.lastCount,
    lastAccess: entity.lastAccess,
    groupId: entity.groupId,
    enabled: entity.status === 'enabled',
    actionType: entity.actionType as ActionType,
    actionCode: entity.actionCode,
    actionData: decodeActionData(entity.matchType, entity.actionData),
    matchType: entity.matchType as MatchType,
    title: entity.title ?? '',
  };
}
