/**
 * Date windows of the events calendar: the `GET /events` archive filters and all-day spans.
 *
 * How the archive's date parameters filter events (TEC `Archive_Event::get` + event repository):
 *
 * - `start_date` means "starts on or after" and `end_date` "ends on or before". Together they are a
 *   *containment* test, not an overlap test: an event that began before `start_date` and is still
 *   running is not listed. For "overlaps [X, Y]" clients send `ends_after=X&starts_before=Y`.
 * - `starts_before` / `starts_after` / `ends_before` / `ends_after` compare the event's start or end
 *   strictly (`<` / `>`) with the bound.
 * - Defaults: without `start_date` the lower bound is TEC's "yesterday 23:59" evaluated in UTC and
 *   read in the site zone; without `end_date` the upper bound is now + 24 months (UTC). After the
 *   whole-day widening below that is 00:00 of yesterday (sites on or west of UTC) or of today
 *   (sites east of UTC, e.g. Europe/Oslo), up to 23:59:59 of the UTC date two years ahead.
 * - If any `starts_*` / `ends_*` parameter is sent, the *defaults* of `start_date` / `end_date` are
 *   dropped; values the client sent explicitly still apply, so all given constraints combine.
 * - `include` (a list of IDs) drops `start_date` / `end_date`, explicit or default ("date filters
 *   are ignored"); the `starts_*` / `ends_*` parameters still apply.
 * - Whole-day widening (unless `strict_dates` is truthy): `start_date` moves to 00:00:00 of its
 *   day; `end_date` *and every `starts_*` / `ends_*` bound, including the `_after` ones*, move to
 *   23:59:59 of their day. So `starts_after=2026-05-01` means "starts after 2026-05-01 23:59:59".
 *   With `strict_dates` the parsed times are used as given.
 *
 * Deliberate differences from TEC: explicit values are read as site-local wall-clock times (TEC
 * parses them in PHP's default UTC zone, then renders them in site time), so the day that widening
 * uses is the site-local day. This only differs on non-UTC sites, and matches the interface's
 * "the given times are used as given".
 *
 * Which clock to compare: every bound is returned both as a UTC instant (`conditions`, compare with
 * the event's UTC start/end, TEC's "site" timezone mode) and as the site-local wall-clock text
 * (`localConditions`, compare with the event's local start/end text, TEC's default "event" mode,
 * where a 09:00 event in New York and a 09:00 event in Oslo both count as 09:00).
 */
import { DateTime } from 'luxon';
import { formatWpDate, wallClockInZone } from '../../../platform/common/dates';
import { parseEventDateInput } from './event-date-parser';

export type DayEdge = 'start' | 'end';

/** One point in time as the repository needs it. */
export interface SiteMoment {
  /** The moment in the site zone. */
  dateTime: DateTime<true>;
  /** The same instant as a JS Date (UTC). */
  utc: Date;
  /** Site-local wall clock, `YYYY-MM-DD HH:MM:SS`. */
  local: string;
}

/** The archive query's date parameters, as received (raw strings; absent = not in the query string). */
export interface ArchiveDateQuery {
  startDate?: string;
  endDate?: string;
  startsBefore?: string;
  startsAfter?: string;
  endsBefore?: string;
  endsAfter?: string;
  /** Already coerced; see `isTruthyFlag` for TEC's reading of `strict_dates`. */
  strictDates?: boolean;
  /** Whether `include` was sent. */
  includePresent?: boolean;
}

/**
 * Conditions on an event's start and end; every one present must hold. The operator is in the
 * name: `startsOnOrAfter` is `start >= bound`, `startsAfter` is `start > bound`, and so on.
 */
export interface EventDateConditions<Bound = Date> {
  /** start >= bound (`start_date`). */
  startsOnOrAfter?: Bound;
  /** start > bound (`starts_after`). */
  startsAfter?: Bound;
  /** start < bound (`starts_before`). */
  startsBefore?: Bound;
  /** end > bound (`ends_after`). */
  endsAfter?: Bound;
  /** end < bound (`ends_before`). */
  endsBefore?: Bound;
  /** end <= bound (`end_date`). */
  endsOnOrBefore?: Bound;
}

export interface ArchiveDateFilter {
  /** Bounds as UTC instants. */
  conditions: EventDateConditions<Date>;
  /** The same bounds as site-local `YYYY-MM-DD HH:MM:SS` text. */
  localConditions: EventDateConditions<string>;
  /**
   * The effective values after defaults and widening, site-local `YYYY-MM-DD HH:MM:SS`, keyed by
   * query parameter; what TEC echoes in `rest_url` / `next_rest_url`.
   */
  effectiveQuery: Partial<Record<ArchiveDateParam, string>>;
}

export type ArchiveDateParam =
  'start_date' | 'end_date' | 'starts_before' | 'starts_after' | 'ends_before' | 'ends_after';

/** Thrown when a date parameter that should have been validated cannot be parsed. */
export class InvalidEventDateError extends Error {
  constructor(
    readonly param: ArchiveDateParam,
    readonly value: string,
  ) {
    super(`Invalid date for "${param}": ${JSON.stringify(value)}`);
    this.name = 'InvalidEventDateError';
  }
}

const TRUTHY_FLAG_VALUES = new Set(['1', 'true', 'yes', 'on']);
const DEFAULT_WINDOW_MONTHS = 24;

/** TEC's `tribe_is_truthy` reading of flags such as `strict_dates`: true, 1, "1", "true", "yes", "on". */
export function isTruthyFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return TRUTHY_FLAG_VALUES.has(value.trim().toLowerCase());
  return false;
}

/** 00:00:00 (`start`) or 23:59:59 (`end`) of the calendar day `dt` falls on, in `dt`'s own zone. */
export function widenToDay(dt: DateTime<true>, edge: DayEdge): DateTime<true> {
  const time = edge === 'start' ? { hour: 0, minute: 0, second: 0 } : { hour: 23, minute: 59, second: 59 };
  const widened = wallClockInZone({ year: dt.year, month: dt.month, day: dt.day, ...time }, dt.zoneName);
  // A valid DateTime always has a valid day and zone; the fallback only satisfies the type.
  return widened ?? (edge === 'start' ? dt.startOf('day') : dt.endOf('day').set({ millisecond: 0 }));
}

/** The moment as a site-zone DateTime, UTC Date and site-local wall-clock text. */
export function toSiteMoment(dt: DateTime<true>, siteZone: string): SiteMoment {
  const inSite = dt.setZone(siteZone);
  const dateTime = inSite.isValid ? inSite : dt;
  return { dateTime, utc: dateTime.toJSDate(), local: formatWpDate(dateTime) };
}

/**
 * The default `GET /events` window, TEC style. Start: "yesterday 23:59" in UTC, read in the site
 * zone, widened to 00:00 of that site-local day (yesterday on or west of UTC, today east of it). End:
 * now + 24 months in UTC, widened to 23:59:59 (site-local) of that UTC date. With `strictDates`
 * neither is widened.
 */
export function defaultArchiveWindow(
  siteZone: string,
  now: Date = new Date(),
  strictDates = false,
): { start: SiteMoment; end: SiteMoment } {
  if (strictDates || Number.isNaN(now.getTime())) return computeArchiveWindow(siteZone, now, strictDates);
  // Widened to whole days, the window depends on the UTC date of `now` alone: one computation per zone and day.
  const key = `${siteZone}\u0000${now.toISOString().slice(0, 10)}`;
  let window = lastWindows.get(key);
  if (!window) {
    window = computeArchiveWindow(siteZone, now, false);
    if (lastWindows.size >= 16) lastWindows.clear();
    lastWindows.set(key, window);
  }
  // Date objects are mutable: each caller gets its own.
  return {
    start: { ...window.start, utc: new Date(window.start.utc.getTime()) },
    end: { ...window.end, utc: new Date(window.end.utc.getTime()) },
  };
}

/** Whole-day default windows by site zone and UTC date (a handful of entries: one zone, today and tomorrow). */
const lastWindows = new Map<string, { start: SiteMoment; end: SiteMoment }>();

function computeArchiveWindow(
  siteZone: string,
  now: Date,
  strictDates: boolean,
): { start: SiteMoment; end: SiteMoment } {
  const nowUtc = DateTime.fromJSDate(now, { zone: 'UTC' }).set({ millisecond: 0 });
  if (!nowUtc.isValid) throw new RangeError('defaultArchiveWindow: `now` is an invalid Date');
  const yesterdayLateUtc = nowUtc.minus({ days: 1 }).set({ hour: 23, minute: 59, second: 0 });
  const twoYearsAheadUtc = nowUtc.plus({ months: DEFAULT_WINDOW_MONTHS });

  const startInSite = toSiteMoment(yesterdayLateUtc, siteZone).dateTime;
  if (strictDates) {
    return { start: toSiteMoment(startInSite, siteZone), end: toSiteMoment(twoYearsAheadUtc, siteZone) };
  }

  // TEC renders the default end as UTC text and widens its date part in site time.
  const endOfDayInSite =
    wallClockInZone(
      {
        year: twoYearsAheadUtc.year,
        month: twoYearsAheadUtc.month,
        day: twoYearsAheadUtc.day,
        hour: 23,
        minute: 59,
        second: 59,
      },
      siteZone,
    ) ?? twoYearsAheadUtc;
  return {
    start: toSiteMoment(widenToDay(startInSite, 'start'), siteZone),
    end: toSiteMoment(endOfDayInSite, siteZone),
  };
}

/**
 * Turns the archive's date parameters into conditions on event start/end (rules in the file
 * comment). Raw values are parsed in the site zone with `parseEventDateInput`; a value that does
 * not parse throws `InvalidEventDateError` (validation should have rejected it with a 400 first).
 */
export function resolveArchiveDateFilter(
  query: ArchiveDateQuery,
  siteZone: string,
  now: Date = new Date(),
): ArchiveDateFilter {
  const strict = query.strictDates === true;
  const parse = (param: ArchiveDateParam, value: string, edge: DayEdge): SiteMoment => {
    const parsed = parseEventDateInput(value, siteZone, now);
    if (!parsed) throw new InvalidEventDateError(param, value);
    return toSiteMoment(strict ? parsed : widenToDay(parsed, edge), siteZone);
  };

  const relativeBounds = {
    startsBefore: query.startsBefore,
    startsAfter: query.startsAfter,
    endsBefore: query.endsBefore,
    endsAfter: query.endsAfter,
  };
  const anyRelativeBound = Object.values(relativeBounds).some((value) => value !== undefined);
  const useDefaults = !anyRelativeBound;
  const defaults = useDefaults ? defaultArchiveWindow(siteZone, now, strict) : undefined;

  const bounds: EventDateConditions<SiteMoment> = {};
  const effectiveQuery: Partial<Record<ArchiveDateParam, string>> = {};
  const record = (
    key: keyof EventDateConditions,
    param: ArchiveDateParam,
    moment: SiteMoment | undefined,
  ) => {
    if (!moment) return;
    bounds[key] = moment;
    effectiveQuery[param] = moment.local;
  };

  const start =
    query.startDate !== undefined ? parse('start_date', query.startDate, 'start') : defaults?.start;
  const end = query.endDate !== undefined ? parse('end_date', query.endDate, 'end') : defaults?.end;
  if (!query.includePresent) {
    record('startsOnOrAfter', 'start_date', start);
    record('endsOnOrBefore', 'end_date', end);
  } else {
    // `include` lifts the window (spec), but TEC still echoes it in `rest_url`.
    if (start) effectiveQuery.start_date = start.local;
    if (end) effectiveQuery.end_date = end.local;
  }
  if (query.startsBefore !== undefined) {
    record('startsBefore', 'starts_before', parse('starts_before', query.startsBefore, 'end'));
  }
  if (query.startsAfter !== undefined) {
    record('startsAfter', 'starts_after', parse('starts_after', query.startsAfter, 'end'));
  }
  if (query.endsBefore !== undefined) {
    record('endsBefore', 'ends_before', parse('ends_before', query.endsBefore, 'end'));
  }
  if (query.endsAfter !== undefined) {
    record('endsAfter', 'ends_after', parse('ends_after', query.endsAfter, 'end'));
  }

  return {
    conditions: mapBounds(bounds, (moment) => moment.utc),
    localConditions: mapBounds(bounds, (moment) => moment.local),
    effectiveQuery,
  };
}

/** `resolveArchiveDateFilter(...).conditions`: the bounds as UTC instants only. */
export function archiveDateConditions(
  query: ArchiveDateQuery,
  siteZone: string,
  now: Date = new Date(),
): EventDateConditions<Date> {
  return resolveArchiveDateFilter(query, siteZone, now).conditions;
}

/** An all-day event runs from 00:00:00 of its first day to 23:59:59 of its last, each in its own zone. */
export function allDaySpan(
  start: DateTime<true>,
  end: DateTime<true>,
): { start: DateTime<true>; end: DateTime<true> } {
  return { start: widenToDay(start, 'start'), end: widenToDay(end, 'end') };
}

/**
 * The stored span of an event write: an end before the start is moved to the start (TEC
 * `prepare_event_date_meta`), then all-day events are widened to whole days. Clamping first keeps
 * an all-day event with a bad end on its start day instead of ending at 00:00.
 */
export function normalizeEventSpan(
  start: DateTime<true>,
  end: DateTime<true>,
  allDay: boolean,
): { start: DateTime<true>; end: DateTime<true> } {
  const clampedEnd = end.toMillis() < start.toMillis() ? start : end;
  return allDay ? allDaySpan(start, clampedEnd) : { start, end: clampedEnd };
}

function mapBounds<From, To>(
  bounds: EventDateConditions<From>,
  convert: (bound: From) => To,
): EventDateConditions<To> {
  const mapped: EventDateConditions<To> = {};
  for (const key of Object.keys(bounds) as (keyof EventDateConditions)[]) {
    const bound = bounds[key];
    if (bound !== undefined) mapped[key] = convert(bound);
  }
  return mapped;
}
