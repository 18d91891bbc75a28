import { DateTime } from 'luxon';
import type { ArgSpec } from '../../../platform/rest';
import { formatWpDate } from '../../../platform/common/dates';
import { parseEventDateInput } from '../dates';
import { invalidParam } from './validation-lookups';

/** `date`/`date_utc` arguments: anything `strtotime` reads (TEC), else 400. */
export const strtotimeValidator: NonNullable<ArgSpec['validate']> = (value) =>
  parseEventDateInput(String(value), 'UTC') ? true : invalidParam();

export interface PostDates {
  date: string;
  dateGmt: string;
}

/**
 * WordPress's post dates from the `date` (site time) and `date_utc` arguments: one derives the other,
 * `date_utc` wins when both are sent; neither → now.
 */
export function resolvePostDates(
  input: { date?: string; dateUtc?: string },
  siteZone: string,
  now = new Date(),
): PostDates {
  let moment: DateTime | null = null;
  if (input.dateUtc) moment = parseEventDateInput(input.dateUtc, 'UTC', now);
  if (!moment && input.date) moment = parseEventDateInput(input.date, siteZone, now);
  const instant = moment ?? DateTime.fromJSDate(now);
  return { date: formatWpDate(instant.setZone(siteZone)), dateGmt: formatWpDate(instant.setZone('UTC')) };
}

/** Now as site time and UTC (`modified`/`modified_gmt`). */
export function nowPostDates(siteZone: string, now = new Date()): PostDates {
  return resolvePostDates({}, siteZone, now);
}

/** `date_utc` of a draft that has no date of its own yet (WordPress's floating `post_date_gmt`). */
export const ZERO_DATE = '0000-00-00 00:00:00';

/** Statuses whose objects float: no GMT date and no slug until published (wp_insert_post). */
export const FLOATING_STATUSES: ReadonlySet<string> = new Set(['draft', 'pending', 'auto-draft']);

/**
 * wp_insert_post's date rules for a calendar object being saved: a draft or pending object created
 * without a date floats (`date_utc` zero); once it leaves those statuses it gets the current time. A new
 * object's `modified` is its `date` (so an event created with a `date` was last modified then).
 */
export function settleFloatingDates(
  entity: { status: string; date: string; dateGmt: string; modified: string; modifiedGmt: string },
  options: { creating: boolean; dateSent: boolean; siteZone: string },
): void {
  const floating = FLOATING_STATUSES.has(entity.status);
  if (options.creating && floating && !options.dateSent) entity.dateGmt = ZERO_DATE;
  else if (!floating && entity.dateGmt === ZERO_DATE) Object.assign(entity, nowPostDates(options.siteZone));
  if (options.creating) {
    entity.modified = entity.date;
    entity.modifiedGmt = entity.dateGmt;
  }
}

/**
 * The slug a trashed object asks for (wp_add_trashed_suffix_to_post_name_for_post): `<slug>__trashed`, or
 * `__trashed` for a draft that had none; the caller keeps it unique (`__trashed-2`).
 */
export function trashedSlug(slug: string | null): string {
  return slug?.endsWith('__trashed') ? slug : `${slug ?? ''}__trashed`;
}
