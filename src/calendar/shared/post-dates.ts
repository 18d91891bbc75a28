import { DateTime } from 'luxon';
import type { ArgSpec } from '../../rest';
import { formatWpDate, parseEventDateInput } from '../dates';
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
