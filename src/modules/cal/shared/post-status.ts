import type { ArgSpec, RestUser } from '../../../platform/rest';
import { parseList } from '../../../platform/rest';
import type { TypeCapabilities } from '../../../platform/auth';
import { EVENT_CAPS } from '../../../platform/auth';
import { invalidParam } from './validation-lookups';

/** Post statuses WordPress registers (archive `status` filter for editors). */
export const REGISTERED_STATUSES = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'trash',
  'auto-draft',
  'inherit',
];
/** Statuses a calendar object may be written with. */
export const WRITABLE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;
/** WordPress's `any`: every status except trash and auto-draft. */
export const ANY_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];
export const PUBLIC_STATUS = 'publish';
export const TRASH_STATUS = 'trash';

/**
 * TEC's `Base::scale_back_post_status`: publishers get the requested status (default publish); others get
 * `pending` for publish/future, `draft` when nothing was asked, the requested value otherwise.
 * Venue and organizer endpoints use the event type's publish capability (TEC quirk).
 */
export function scaleBackStatus(
  requested: string | undefined,
  user: RestUser | null,
  caps = EVENT_CAPS,
): string {
  if (user?.can(caps.publish)) return requested || PUBLIC_STATUS;
  if (!requested) return 'draft';
  return requested === 'publish' || requested === 'future' ? 'pending' : requested;
}

/** The `status` list of an archive request (CSV string or array). */
export function parseStatusList(value: unknown): string[] {
  return parseList(value)
    .map((status) => String(status).trim())
    .filter(Boolean);
}

/**
 * TEC's `Archive_Base::filter_post_status_list` as a validate callback: users who may edit the type may
 * ask for any registered status; others only for exactly `publish`.
 */
export function archiveStatusValidator(caps: TypeCapabilities): NonNullable<ArgSpec['validate']> {
  return (value, call) => {
    const statuses = parseStatusList(value);
    if (statuses.length === 0) return invalidParam();
    if (call.user?.can(caps.edit)) {
      return statuses.every((status) => REGISTERED_STATUSES.includes(status) || status === 'any')
        ? true
        : invalidParam();
    }
    return statuses.length === 1 && statuses[0] === PUBLIC_STATUS ? true : invalidParam();
  };
}

/** The statuses an archive lists: the requested ones (already validated), or by default what the caller may see. */
/**
 * The `status` a posts archive echoes in its `rest_url`: the statuses asked for, else `any` for users who
 * may edit the type and `publish` for the others (TEC's `filter_post_status_list` default).
 */
export function echoedArchiveStatus(
  requested: string[] | undefined,
  user: RestUser | null,
  caps: TypeCapabilities,
): string {
  if (requested && requested.length > 0) return requested.join(',');
  return user?.can(caps.edit) ? 'any' : PUBLIC_STATUS;
}

export function archiveStatuses(
  requested: string[] | undefined,
  user: RestUser | null,
  caps: TypeCapabilities,
): string[] {
  if (requested && requested.length > 0) {
    return [...new Set(requested.flatMap((status) => (status === 'any' ? ANY_STATUSES : [status])))];
  }
  return user?.can(caps.edit) ? ANY_STATUSES : [PUBLIC_STATUS];
}
