import { DateTime } from 'luxon';
import { formatWpDate, parseWpDate } from '../../../platform/common/dates';

export const NEVER_ACCESSED = '1970-01-01 00:00:00';

function parseUtc(stored: string): DateTime {
  return parseWpDate(stored, 'UTC') ?? DateTime.invalid(`not a stored date: ${stored}`);
}

/** WordPress's default `date_format` (`F j, Y`) of a stored UTC date-time, e.g. `November 24, 2026`. */
export function formatDate(stored: string): string {
  return parseUtc(stored).setLocale('en-US').toFormat('MMMM d, yyyy');
}

/** WordPress's default `time_format` (`g:i a`), e.g. `6:10 am`. */
export function formatTime(stored: string): string {
  return parseUtc(stored).setLocale('en-US').toFormat('h:mm a').replace(/^0/, '').toLowerCase();
}

/** A redirect's `last_access`: the date, or `-` when never hit. */
export function formatLastAccess(stored: string): string {
  return !stored || stored <= NEVER_ACCESSED ? '-' : formatDate(stored);
}

const LAST_ACCESS_FORMATS = ['MMMM d, yyyy', 'MMM d, yyyy', 'MMMM d, yyyy h:mm a', 'yyyy-MM-dd'];

/**
 * An imported `last_access` as stored (`Y-m-d H:i:s` UTC), or undefined when it is no date. Redirection reads it
 * with PHP's `strtotime` under WordPress's UTC default zone, so text without a zone is UTC, never the server's zone.
 */
export function parseLastAccess(text: string): string | undefined {
  const trimmed = text.trim();
  const candidates = [
    ...LAST_ACCESS_FORMATS.map((format) =>
      DateTime.fromFormat(trimmed, format, { zone: 'utc', locale: 'en-US' }),
    ),
    DateTime.fromSQL(trimmed, { zone: 'utc' }),
    DateTime.fromISO(trimmed, { zone: 'utc' }),
    DateTime.fromRFC2822(trimmed, { zone: 'utc' }),
    DateTime.fromHTTP(trimmed, { zone: 'utc' }),
  ];
  const parsed = candidates.find((candidate) => candidate.isValid);
  return parsed ? formatWpDate(parsed.toUTC()) : undefined;
}

/** A UTC `Y-m-d H:i:s` some days/months/years before now. */
export function utcAgo(amount: { days?: number; months?: number; years?: number }): string {
  return formatWpDate(DateTime.utc().minus(amount));
}
