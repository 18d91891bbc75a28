import moment from 'moment-timezone';
import { DateTime, IANAZone } from 'luxon';
import { BoundedMemo } from '../../../platform/common/memo';

/** An event or site timezone as luxon understands it, plus the text the API reports back. */
export interface ResolvedTimezone {
  /** Zone name to hand to luxon (`Europe/Oslo`, `UTC`, `UTC+5:30`). */
  zone: string;
  /** Value reported as the event's `timezone` (`Europe/Oslo`, `UTC`, `UTC+2`, `UTC-5:30`). */
  name: string;
  /** For a `UTC±N` offset: its text, which TEC reports as `timezone_abbr` whatever zone it maps it to. */
  abbreviation?: string;
}

// Real offsets run from UTC-12 to UTC+14; anything beyond is a typo, not a place.
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * `UTC+2`, `UTC-5:30`, `UTC+05:45`, `UTC+0530`, and WordPress's decimal manual offsets `UTC+5.5`,
 * `UTC+5.75` (what WordPress stores when the site timezone is a manual offset).
 */
const UTC_OFFSET_PATTERN = /^UTC\s*([+-])\s*(\d{1,2})(?:(?::?(\d{2}))|(?:\.(\d{1,2})))?$/i;
const IANA_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

let canonicalZoneNames: Map<string, string> | undefined;

/**
 * Zone answers are pure and few (one per zone spelling, one per zone and offset), while building them costs
 * Intl formatters each time (luxon's isValidZone and offsetNameShort build a new one per call).
 */
const resolvedZones = new BoundedMemo<{ value: ResolvedTimezone | null }>(2000, 200_000, () => 32);
const abbreviations = new BoundedMemo<string>(2000, 200_000);

/**
 * Resolves the `timezone` argument of an event write. Empty or missing → the site timezone
 * (TEC: "empty timezone → event timezone defaults to the site timezone string"). Accepts IANA
 * identifiers (case-insensitively, reported in canonical case), `UTC`, and `UTC±H[:MM]` offsets
 * (mapped to luxon fixed-offset zones, reported as `UTC+2` / `UTC-5:30`). Null when neither the
 * value nor, for an empty value, the site zone is a timezone.
 */
export function resolveTimezone(value: string | undefined, siteZone: string): ResolvedTimezone | null {
  return resolvedZones.get(`${value ?? ''}\u0000${siteZone}`, () => ({
    value: freeze(resolveTimezoneNow(value, siteZone)),
  })).value;
}

function freeze(zone: ResolvedTimezone | null): ResolvedTimezone | null {
  return zone && Object.freeze(zone);
}

function resolveTimezoneNow(value: string | undefined, siteZone: string): ResolvedTimezone | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return siteZone.trim() === '' ? null : resolveTimezone(siteZone, '');
  if (trimmed.toUpperCase() === 'UTC') return { zone: 'UTC', name: 'UTC' };

  const offsetMatch = UTC_OFFSET_PATTERN.exec(trimmed);
  if (offsetMatch) return resolveUtcOffset(offsetMatch);

  if (!IANA_NAME_PATTERN.test(trimmed) || !IANAZone.isValidZone(trimmed)) return null;
  const name = canonicalIanaSpelling(trimmed);
  return { zone: name, name };
}

/**
 * timelib's fallback map (PHP's ext/date/lib/fallbackmap.h), the entries without summer time: the zone PHP's
 * `timezone_name_from_abbr('', $offset_seconds, 0)` names for a standard offset (minutes east of UTC).
 */
const PHP_STANDARD_OFFSET_ZONES = new Map<number, string>([
  [-660, 'Pacific/Apia'],
  [-600, 'Pacific/Honolulu'],
  [-540, 'America/Anchorage'],
  [-480, 'America/Los_Angeles'],
  [-420, 'America/Denver'],
  [-360, 'America/Chicago'],
  [-300, 'America/New_York'],
  [-270, 'America/Caracas'],
  [-240, 'America/Halifax'],
  [-180, 'America/Sao_Paulo'],
  [-60, 'Atlantic/Azores'],
  [0, 'Europe/London'],
  [60, 'Europe/Paris'],
  [120, 'Europe/Helsinki'],
  [180, 'Europe/Moscow'],
  [240, 'Asia/Dubai'],
  [300, 'Asia/Karachi'],
  [330, 'Asia/Kolkata'],
  [345, 'Asia/Katmandu'],
  [360, 'Asia/Novosibirsk'],
  [420, 'Asia/Krasnoyarsk'],
  [480, 'Asia/Shanghai'],
  [540, 'Asia/Tokyo'],
  [600, 'Australia/Melbourne'],
  [720, 'Pacific/Auckland'],
]);

/**
 * The zone TEC computes a `UTC±N` offset's dates in (Tribe__Timezones::generate_timezone_string_from_utc_offset):
 * the seconds `hours * 3600 + minutes * 60` (the sign is the hours' only: `UTC-5:30` is -4:30 there) looked up
 * with PHP's `timezone_name_from_abbr('', $seconds, 0)`, so `UTC+2` is Europe/Helsinki, summer time included.
 * An offset that lookup does not know stays a fixed offset (TEC searches PHP's abbreviation list then).
 */
function tecOffsetZone(sign: string, hours: number, minutes: number, decimal: boolean): string | undefined {
  const signed = sign === '-' ? -1 : 1;
  const tecMinutes = decimal ? signed * (hours * 60 + minutes) : signed * hours * 60 + minutes;
  return PHP_STANDARD_OFFSET_ZONES.get(tecMinutes);
}

function resolveUtcOffset(match: RegExpExecArray): ResolvedTimezone | null {
  const [, sign, hoursText, minutesText, decimalText] = match;
  const hours = Number(hoursText);
  let minutes = 0;
  if (minutesText !== undefined) {
    minutes = Number(minutesText);
    if (minutes >= 60) return null;
  } else if (decimalText !== undefined) {
    // WordPress only offers quarter hours (5.5, 5.75, 12.75); integer hundredths keep the maths exact.
    const hundredthsOfHour = Number(decimalText.padEnd(2, '0'));
    if (hundredthsOfHour % 25 !== 0) return null;
    minutes = (hundredthsOfHour * 60) / 100;
  }
  const totalMinutes = (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
  if (Math.abs(totalMinutes) > MAX_OFFSET_MINUTES) return null;
  const name = formatUtcOffset(totalMinutes);
  const named = tecOffsetZone(sign, hours, minutes, decimalText !== undefined);
  if (named) return { zone: named, name, abbreviation: name };
  // Not FixedOffsetZone#name: it prints 5 h 6 min as `UTC+5:6`, which luxon itself cannot read back.
  return { zone: totalMinutes === 0 ? 'UTC' : name, name, abbreviation: name };
}

/** `UTC+2`, `UTC-5:30`, `UTC+5:45`, `UTC+0` for an offset in minutes east of UTC. */
export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  const hours = Math.floor(absolute / 60);
  const minutes = absolute % 60;
  return `UTC${sign}${hours}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`}`;
}

/**
 * The abbreviation TEC stores as `timezone_abbr`, as PHP's `T` format prints it from the time zone
 * database: `CET`/`CEST` for Europe/Oslo, `JST` for Asia/Tokyo, `+03` for Europe/Istanbul, `UTC` for
 * UTC; fixed offsets keep their offset text (`UTC+2`, `UTC+5:30`).
 */
export function timezoneAbbreviation(zone: string, at: DateTime): string {
  const local = at.setZone(zone);
  if (!local.isValid) return '';
  if (local.zone.type === 'fixed') return local.offset === 0 ? 'UTC' : formatUtcOffset(local.offset);
  const name = local.zone.name;
  if (moment.tz.zone(name)) {
    // PHP's abbreviation follows the offset (CET/CEST); the year keeps historic renamings apart.
    return abbreviations.get(`${name}\u0000${local.offset}\u0000${local.year}`, () =>
      moment.tz(local.toMillis(), name).format('z'),
    );
  }
  return local.offset === 0 ? 'UTC' : formatUtcOffset(local.offset);
}

/**
 * Intl ignores case in zone names and sometimes resolves links to other names
 * (Asia/Kolkata → Asia/Calcutta), so only adopt its spelling when it is the same name.
 */
function canonicalIanaSpelling(name: string): string {
  const lower = name.toLowerCase();
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  if (resolved.toLowerCase() === lower) return resolved;
  return knownZoneNames().get(lower) ?? name;
}

function knownZoneNames(): Map<string, string> {
  if (!canonicalZoneNames) {
    canonicalZoneNames = new Map(
      Intl.supportedValuesOf('timeZone').map((zoneName) => [zoneName.toLowerCase(), zoneName]),
    );
  }
  return canonicalZoneNames;
}
