import { DateTime } from 'luxon';
import { wallClockInZone } from './wall-clock';

/**
 * The one formatter of WordPress/TEC date-time text: `YYYY-MM-DD HH:MM:SS` (MySQL DATETIME, the stored form of
 * every date-time column and of TEC's `start_date`/`utc_start_date`), its `Y-m-d\TH:i:s` REST form, and the
 * reading back of the stored text in a zone.
 */

const WP_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

// Padding by hand rather than DateTime#toFormat keeps the output ASCII digits whatever locale luxon is set to.
function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function wpDate(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** `YYYY-MM-DD HH:MM:SS` (WordPress/MySQL DATETIME text) for `dt` in its own zone. */
export function formatWpDate(dt: DateTime): string {
  return wpDate(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second);
}

/** `YYYY-MM-DD HH:MM:SS` of `dt` converted to UTC (TEC's `utc_start_date` / `date_gmt` form). */
export function formatWpDateUtc(dt: DateTime): string {
  return formatWpDate(dt.toUTC());
}

/** `YYYY-MM-DD HH:MM:SS` in UTC of a JavaScript date (the stored form of timestamps: claims, logs, expiries). */
export function formatDateTime(date: Date): string {
  return wpDate(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );
}

/** Now, as stored: `YYYY-MM-DD HH:MM:SS` in UTC. */
export function nowUtc(): string {
  return formatDateTime(new Date());
}

/**
 * Reads a stored `YYYY-MM-DD HH:MM:SS` wall-clock string as a time in `zone`; null when malformed.
 * The inverse of `formatWpDate` (as PHP: the repeated DST hour resolves to the earlier instant, a time in the
 * spring-forward gap moves forward).
 */
export function parseWpDate(value: string, zone: string): DateTime<true> | null {
  const match = WP_DATE_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  return wallClockInZone({ year, month, day, hour, minute, second }, zone);
}

/** The REST form of a stored date-time: `Y-m-d\TH:i:s` (WordPress's mysql_to_rfc3339 without offset). */
export function restDate(stored: string): string {
  return stored.replace(' ', 'T');
}
