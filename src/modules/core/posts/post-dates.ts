import { DateTime } from 'luxon';
import { formatWpDate, parseWpDate, restDate } from '../../../platform/common/dates';
import { ZERO_DATE } from './post.entity';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/** A `date`/`date_gmt` value as WordPress's rest_parse_date reads it; null when unparsable. */
export function parseRestDate(value: string): { time: DateTime; hasZone: boolean } | null {
  const match = RFC3339.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, , zone] = match;
  const base = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  if (!zone) {
    const time = DateTime.fromISO(base, { zone: 'utc' });
    return time.isValid ? { time, hasZone: false } : null;
  }
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : normaliseOffset(zone);
  const time = DateTime.fromISO(`${base}${offset}`, { setZone: true });
  return time.isValid ? { time, hasZone: true } : null;
}

function normaliseOffset(zone: string): string {
  const digits = zone.slice(1).replace(':', '');
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
}

const toMysql = formatWpDate;

/** A stored local time read in the site time zone (invalid when malformed). */
export function fromLocal(local: string, timeZone: string): DateTime {
  return parseWpDate(local, timeZone) ?? DateTime.invalid(`not a stored date: ${local}`);
}

/** A stored GMT time (invalid when malformed). */
export function fromGmt(gmt: string): DateTime {
  return fromLocal(gmt, 'UTC');
}

export function nowPair(timeZone: string): { local: string; gmt: string } {
  const now = DateTime.utc().startOf('second');
  return { local: toMysql(now.setZone(timeZone)), gmt: toMysql(now) };
}

/**
 * WordPress's rest_get_date_with_gmt: `date` (site time unless it carries an offset) or else `date_gmt`
 * (UTC unless it carries an offset) gives both the local and the GMT form.
 */
export function resolveDatePair(
  date: string | null | undefined,
  dateGmt: string | null | undefined,
  timeZone: string,
): { local: string; gmt: string } | null {
  if (typeof date === 'string') {
    const parsed = parseRestDate(date);
    if (!parsed) return null;
    if (parsed.hasZone) {
      const utc = parsed.time.toUTC();
      return { local: toMysql(utc.setZone(timeZone)), gmt: toMysql(utc) };
    }
    const local = toMysql(parsed.time);
    return { local, gmt: toMysql(fromLocal(local, timeZone).toUTC()) };
  }
  if (typeof dateGmt === 'string') {
    const parsed = parseRestDate(dateGmt);
    if (!parsed) return null;
    const utc = parsed.time.toUTC();
    return { local: toMysql(utc.setZone(timeZone)), gmt: toMysql(utc) };
  }
  return null;
}

/** The GMT date to show: a floating (zero) GMT date is derived from the local one. */
export function restGmtDate(local: string, gmt: string, timeZone: string): string {
  if (gmt !== ZERO_DATE) return restDate(gmt);
  return restDate(toMysql(fromLocal(local, timeZone).toUTC()));
}
