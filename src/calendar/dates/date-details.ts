import { DateTime } from 'luxon';
import { wallClockInZone } from './wall-clock';

/** TEC's `start_date_details` / `end_date_details` shape: every component a zero-padded string. */
export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

const WP_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

// Padding by hand rather than DateTime#toFormat keeps the output ASCII digits whatever locale luxon is set to.
function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** `{year:"2017", month:"01", day:"05", hour:"14", minutes:"23", seconds:"36"}` for `dt` in its own zone. */
export function dateDetails(dt: DateTime): DateDetails {
  return {
    year: pad(dt.year, 4),
    month: pad(dt.month),
    day: pad(dt.day),
    hour: pad(dt.hour),
    minutes: pad(dt.minute),
    seconds: pad(dt.second),
  };
}

/** `YYYY-MM-DD HH:MM:SS` (WordPress/MySQL DATETIME text) for `dt` in its own zone. */
export function formatWpDate(dt: DateTime): string {
  return `${pad(dt.year, 4)}-${pad(dt.month)}-${pad(dt.day)} ${pad(dt.hour)}:${pad(dt.minute)}:${pad(dt.second)}`;
}

/** `YYYY-MM-DD HH:MM:SS` of `dt` converted to UTC (TEC's `utc_start_date` / `date_gmt` form). */
export function formatWpDateUtc(dt: DateTime): string {
  return formatWpDate(dt.toUTC());
}

/**
 * Reads a stored `YYYY-MM-DD HH:MM:SS` wall-clock string as a time in `zone`; null when malformed.
 * The inverse of `formatWpDate` (repeated DST hour resolves to the earlier instant).
 */
export function parseWpDate(value: string, zone: string): DateTime<true> | null {
  const match = WP_DATE_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  return wallClockInZone({ year, month, day, hour, minute, second }, zone);
}
