import { formatLastAccess } from '../shared/dates';
import type { Redirect, SourceFlags } from '../shared/redirect-types';
import { effectiveFlags } from './redirect-sanitizer';

/** `Red_Item::to_json`. */
export function toRedirectJson(redirect: Redirect, defaults: SourceFlags): Record<string, unknown> {
  const matchData: Record<string, unknown> = {
    source: effectiveFlags(redirect.matchData, redirect.regex, defaults),
  };
  if (redirect.matchData.options?.log_exclude) matchData.options = { log_exclude: true };
  return {
    id: redirect.id,
    url: redirect.url,
    match_url: redirect.matchUrl,
    match_data: matchData,
    action_code: redirect.actionCode,
    action_type: redirect.actionType,
    action_data: redirect.actionData,
    match_type: redirect.matchType,
    title: redirect.title,
    hits: redirect.hits,
    regex: redirect.regex,
    group_id: redirect.groupId,
    position: redirect.position,
    last_access: formatLastAccess(redirect.lastAccess),
    enabled: redirect.enabled,
  };
}
