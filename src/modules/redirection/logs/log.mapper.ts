import { formatDate, formatTime } from '../shared/dates';
import type { NotFoundLogEntity, RedirectLogEntity } from './log.entity';

function requestData(text: string | null): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text);
  } catch {
    return '';
  }
}

/** `Red_404_Log::to_json`. */
export function toNotFoundJson(row: NotFoundLogEntity): Record<string, unknown> {
  return {
    id: row.id,
    created: formatDate(row.created),
    created_time: formatTime(row.created),
    url: row.url,
    agent: row.agent,
    referrer: row.referrer,
    domain: row.domain,
    ip: row.ip ?? '',
    http_code: row.httpCode,
    request_method: row.requestMethod,
    request_data: requestData(row.requestData),
  };
}

/** `Red_Redirect_Log::to_json`: the 404 fields plus the target, the redirect and who redirected. */
export function toRedirectLogJson(row: RedirectLogEntity): Record<string, unknown> {
  const slug = row.redirectBy ?? 'redirection';
  return {
    ...toNotFoundJson(row),
    sent_to: row.sentTo,
    redirection_id: row.redirectionId ?? 0,
    redirect_by_slug: slug,
    redirect_by: slug === 'wordpress' ? 'WordPress' : slug.replace(/(^|[\s-])\w/g, (c) => c.toUpperCase()),
  };
}

/** A grouped row: `{count, <field>, id}` with the id being the grouped value. */
export function toGroupedJson(
  field: string,
  row: { count: number; value: string | null },
): Record<string, unknown> {
  return { count: row.count, [field]: row.value, id: row.value };
}
