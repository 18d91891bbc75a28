import { DateTime } from 'luxon';
import { formatWpDate, parseWpDate } from '../../common/dates';

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

/** A UTC `Y-m-d H:i:s` some days/months/years before now. */
export function utcAgo(amount: { days?: number; months?: number; years?: number }): string {
  return formatWpDate(DateTime.utc().minus(amount));
}
