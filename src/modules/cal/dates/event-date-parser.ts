/**
 * Event date input grammar
 * ========================
 *
 * Every date the calendar API accepts (`start_date`, `end_date`, `date`, the archive's
 * `starts_before` … `ends_after`) goes through `parseEventDateInput(input, zone, now)`. TEC accepts
 * anything PHP's `strtotime` understands; this is the subset clients actually send. Matching is
 * case-insensitive, surrounding whitespace is ignored, and items are separated by spaces.
 *
 *   input     := timestamp | item { item }
 *   timestamp := "@" ["-"] digits          Unix seconds, e.g. `@1777629600`
 *              | digits (9 or more)         Unix seconds, e.g. `1777629600`
 *   item      := date | day | weekday | time | offset | relative | "now"
 *   date      := YYYY-MM-DD | YYYY/MM/DD | YYYYMMDD
 *              | YYYY-MM-DD "T" time [offset]       ISO 8601, e.g. `2026-05-01T10:00:00Z`
 *   day       := "today" | "tomorrow" | "yesterday"
 *   weekday   := ["this" | "next" | "last" | "previous"] dayname
 *   dayname   := monday | mon | tuesday | tue | tues | wednesday | wed | thursday | thu | thur
 *              | thurs | friday | fri | saturday | sat | sunday | sun
 *   time      := HH:MM[:SS[.fraction]][offset]      24-hour clock, e.g. `14:30`, `10:00:00+02:00`
 *              | H[:MM[:SS]] ("am" | "pm")          12-hour clock, e.g. `9am`, `9:30 pm`, `12am`
 *              | "noon" | "midnight"               12:00:00 and 00:00:00
 *   offset    := "Z" | "UTC" | "GMT" | ("+" | "-") HH[:]MM | ("+" | "-") HH (ISO only)
 *   relative  := ["+" | "-"] N unit ["ago"]         e.g. `+1 week`, `-2 days`, `3 hours ago`
 *              | ("next" | "last" | "previous" | "this") unit     e.g. `next week`
 *   unit      := sec | secs | second | seconds | min | mins | minute | minutes | hour | hours
 *              | day | days | week | weeks | fortnight | fortnights | month | months | year | years
 *
 * Meaning (PHP's, except where noted):
 * - At most one date, `day` or `weekday` (the anchor), at most one time and at most one offset.
 *   Relative items may repeat and add up; `ago` negates every relative item before it.
 * - No anchor → today. An anchor without a time → 00:00:00 (`tomorrow` is tomorrow at midnight).
 *   Neither anchor nor time → the current clock (`now`, `+3 hours`, `next week` keep the time).
 * - `monday` / `this monday`: today if it is Monday, else the coming Monday. `next monday`: the first
 *   Monday after today. `last monday`: the last Monday before today. Weekdays count from today.
 * - `next <unit>` = +1 unit, `last`/`previous <unit>` = −1 unit, `this <unit>` = +0.
 * - Relative items apply after the anchor and time: years/months/weeks/days move the calendar and
 *   keep the wall clock across DST; hours/minutes/seconds are elapsed time. A month step that lands
 *   past the month's end clamps to its last day (Jan 31 +1 month → Feb 28; PHP would overflow to March).
 * - Without an offset the wall clock is read in `zone`. With an offset, `today`/weekday and the
 *   wall clock are read in that offset and the result is converted into `zone`.
 * - A wall clock in a spring-forward gap moves forward by the gap (02:30 → 03:30 on the Europe/Oslo
 *   switch day); one in the repeated autumn hour means its first occurrence (summer time).
 * - Sub-second precision is dropped (stored dates have whole seconds).
 *
 * Unparseable → null: empty input, unknown words (`before my birthday`), impossible dates
 * (`2026-02-30`) or times (`24:00`, `13pm`), two anchors (`today tomorrow`), two times, two offsets,
 * a bare number without a unit (`+1`), an unknown zone. Textual months (`1 May 2026`) are not accepted.
 */
import { DateTime, FixedOffsetZone, Zone } from 'luxon';
import { wallClockInZone } from '../../../platform/common/dates';

type RelativeUnit = 'years' | 'months' | 'weeks' | 'days' | 'hours' | 'minutes' | 'seconds';

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
}

type Anchor =
  | { kind: 'date'; date: CalendarDate }
  | { kind: 'dayShift'; days: number }
  | { kind: 'weekday'; weekday: number; direction: 'this' | 'next' | 'last' };

interface RelativeAmount {
  unit: RelativeUnit;
  amount: number;
}

/** What the scanner has collected; evaluation turns it into a DateTime. */
interface ParsedPhrase {
  anchor?: Anchor;
  time?: TimeOfDay;
  offsetMinutes?: number;
  relatives: RelativeAmount[];
}

const UNIT_WORDS = new Map<string, { unit: RelativeUnit; factor: number }>(
  Object.entries({
    sec: { unit: 'seconds', factor: 1 },
    secs: { unit: 'seconds', factor: 1 },
    second: { unit: 'seconds', factor: 1 },
    seconds: { unit: 'seconds', factor: 1 },
    min: { unit: 'minutes', factor: 1 },
    mins: { unit: 'minutes', factor: 1 },
    minute: { unit: 'minutes', factor: 1 },
    minutes: { unit: 'minutes', factor: 1 },
    hour: { unit: 'hours', factor: 1 },
    hours: { unit: 'hours', factor: 1 },
    day: { unit: 'days', factor: 1 },
    days: { unit: 'days', factor: 1 },
    week: { unit: 'weeks', factor: 1 },
    weeks: { unit: 'weeks', factor: 1 },
    fortnight: { unit: 'weeks', factor: 2 },
    fortnights: { unit: 'weeks', factor: 2 },
    month: { unit: 'months', factor: 1 },
    months: { unit: 'months', factor: 1 },
    year: { unit: 'years', factor: 1 },
    years: { unit: 'years', factor: 1 },
  } satisfies Record<string, { unit: RelativeUnit; factor: number }>),
);

/** luxon weekday numbers: Monday = 1 … Sunday = 7. */
const WEEKDAY_WORDS = new Map<string, number>(
  Object.entries({
    monday: 1,
    mon: 1,
    tuesday: 2,
    tue: 2,
    tues: 2,
    wednesday: 3,
    wed: 3,
    thursday: 4,
    thu: 4,
    thur: 4,
    thurs: 4,
    friday: 5,
    fri: 5,
    saturday: 6,
    sat: 6,
    sunday: 7,
    sun: 7,
  }),
);

const DAY_SHIFT_WORDS = new Map<string, number>([
  ['today', 0],
  ['tomorrow', 1],
  ['yesterday', -1],
]);
const DIRECTION_WORDS = new Map<string, { direction: 'this' | 'next' | 'last'; step: number }>([
  ['this', { direction: 'this', step: 0 }],
  ['next', { direction: 'next', step: 1 }],
  ['last', { direction: 'last', step: -1 }],
  ['previous', { direction: 'last', step: -1 }],
]);

const UNIT_ALTERNATION = [...UNIT_WORDS.keys()].sort((a, b) => b.length - a.length).join('|');

// Patterns are anchored at the scan position (sticky) and run on lower-cased input.
const ISO_DATE_TIME =
  /(\d{4})-(\d{1,2})-(\d{1,2})t(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(z|[+-]\d{2}(?::?\d{2})?)?(?![\w:])/y;
const DASHED_DATE = /(\d{4})-(\d{1,2})-(\d{1,2})(?![\w:-])/y;
const SLASHED_DATE = /(\d{4})\/(\d{1,2})\/(\d{1,2})(?![\w:/])/y;
const COMPACT_DATE = /(\d{4})(\d{2})(\d{2})(?![\w:])/y;
const TWELVE_HOUR_TIME = /(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?![\w:])/y;
const TWENTY_FOUR_HOUR_TIME = /(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(z|[+-]\d{2}:?\d{2})?(?![\w:])/y;
const SIGNED_RELATIVE = new RegExp(`([+-]?)\\s*(\\d+)\\s*(${UNIT_ALTERNATION})(?![\\w:])`, 'y');
const STANDALONE_OFFSET = /(z|utc|gmt|[+-]\d{2}:?\d{2})(?![\w:])/y;
const WORD = /[a-z]+(?![\w:])/y;
const SEPARATOR = /[\s,]+/y;
const TIMESTAMP = /^(?:@(-?\d+)|(\d{9,}))$/;

/**
 * Parses an event date the way TEC's `strtotime`-based arguments do (grammar above) and returns it
 * as a luxon DateTime in `zone`, or null when it cannot be read. `now` anchors relative forms.
 */
export function parseEventDateInput(
  input: string,
  zone: string,
  now: Date = new Date(),
): DateTime<true> | null {
  const text = input.trim().toLowerCase();
  if (text === '') return null;
  if (!DateTime.now().setZone(zone).isValid) return null;

  const timestamp = TIMESTAMP.exec(text);
  if (timestamp) {
    const seconds = Number(timestamp[1] ?? timestamp[2]);
    const fromTimestamp = DateTime.fromSeconds(seconds, { zone });
    return fromTimestamp.isValid ? fromTimestamp : null;
  }

  const phrase = scanPhrase(text);
  return phrase ? evaluatePhrase(phrase, zone, now) : null;
}

/** Splits the text into grammar items; null on anything unknown or repeated. */
function scanPhrase(text: string): ParsedPhrase | null {
  const phrase: ParsedPhrase = { relatives: [] };
  let position = 0;

  const tryMatch = (pattern: RegExp): RegExpExecArray | null => {
    pattern.lastIndex = position;
    const match = pattern.exec(text);
    if (match) position = pattern.lastIndex;
    return match;
  };
  const setAnchor = (anchor: Anchor): boolean => {
    if (phrase.anchor) return false;
    phrase.anchor = anchor;
    return true;
  };
  const setTime = (time: TimeOfDay | null): boolean => {
    if (!time || phrase.time) return false;
    phrase.time = time;
    return true;
  };
  const setOffset = (offsetText: string | undefined): boolean => {
    if (offsetText === undefined) return true;
    const offsetMinutes = parseOffset(offsetText);
    if (offsetMinutes === null || phrase.offsetMinutes !== undefined) return false;
    phrase.offsetMinutes = offsetMinutes;
    return true;
  };

  while (position < text.length) {
    if (tryMatch(SEPARATOR)) continue;
    let match: RegExpExecArray | null;

    if ((match = tryMatch(ISO_DATE_TIME))) {
      const ok =
        setAnchor({ kind: 'date', date: toCalendarDate(match[1], match[2], match[3]) }) &&
        setTime(toTimeOfDay(Number(match[4]), Number(match[5]), Number(match[6] ?? 0))) &&
        setOffset(match[7]);
      if (!ok) return null;
    } else if ((match = tryMatch(DASHED_DATE) ?? tryMatch(SLASHED_DATE) ?? tryMatch(COMPACT_DATE))) {
      if (!setAnchor({ kind: 'date', date: toCalendarDate(match[1], match[2], match[3]) })) return null;
    } else if ((match = tryMatch(TWELVE_HOUR_TIME))) {
      if (!setTime(toTwelveHourTime(match[1], match[2], match[3], match[4]))) return null;
    } else if ((match = tryMatch(TWENTY_FOUR_HOUR_TIME))) {
      const ok =
        setTime(toTimeOfDay(Number(match[1]), Number(match[2]), Number(match[3] ?? 0))) &&
        setOffset(match[4]);
      if (!ok) return null;
    } else if ((match = tryMatch(SIGNED_RELATIVE))) {
      const unitWord = UNIT_WORDS.get(match[3]);
      if (!unitWord) return null;
      const sign = match[1] === '-' ? -1 : 1;
      phrase.relatives.push({ unit: unitWord.unit, amount: sign * Number(match[2]) * unitWord.factor });
    } else if ((match = tryMatch(STANDALONE_OFFSET))) {
      if (!setOffset(match[1])) return null;
    } else if ((match = tryMatch(WORD))) {
      if (!applyWord(match[0], phrase, { setAnchor, setTime, nextWord })) return null;
    } else {
      return null;
    }
  }
  return phrase;

  function nextWord(): string | null {
    tryMatch(SEPARATOR);
    return tryMatch(WORD)?.[0] ?? null;
  }
}

interface WordActions {
  setAnchor: (anchor: Anchor) => boolean;
  setTime: (time: TimeOfDay | null) => boolean;
  nextWord: () => string | null;
}

function applyWord(word: string, phrase: ParsedPhrase, actions: WordActions): boolean {
  if (word === 'now') return true;
  if (word === 'noon') return actions.setTime({ hour: 12, minute: 0, second: 0 });
  if (word === 'midnight') return actions.setTime({ hour: 0, minute: 0, second: 0 });

  const dayShift = DAY_SHIFT_WORDS.get(word);
  if (dayShift !== undefined) return actions.setAnchor({ kind: 'dayShift', days: dayShift });

  const weekday = WEEKDAY_WORDS.get(word);
  if (weekday !== undefined) return actions.setAnchor({ kind: 'weekday', weekday, direction: 'this' });

  if (word === 'ago') {
    if (phrase.relatives.length === 0) return false;
    phrase.relatives = phrase.relatives.map(({ unit, amount }) => ({ unit, amount: -amount }));
    return true;
  }

  const direction = DIRECTION_WORDS.get(word);
  if (direction === undefined) return false;
  const target = actions.nextWord();
  if (target === null) return false;
  const targetWeekday = WEEKDAY_WORDS.get(target);
  if (targetWeekday !== undefined) {
    return actions.setAnchor({ kind: 'weekday', weekday: targetWeekday, direction: direction.direction });
  }
  const targetUnit = UNIT_WORDS.get(target);
  if (targetUnit === undefined) return false;
  phrase.relatives.push({ unit: targetUnit.unit, amount: direction.step * targetUnit.factor });
  return true;
}

function evaluatePhrase(phrase: ParsedPhrase, zone: string, now: Date): DateTime<true> | null {
  // With an explicit offset, "today" and the wall clock belong to that offset, as in PHP.
  const workingZone: string | Zone =
    phrase.offsetMinutes === undefined ? zone : FixedOffsetZone.instance(phrase.offsetMinutes);
  const current = DateTime.fromJSDate(now, { zone: workingZone });
  if (!current.isValid) return null;

  const date = anchorDate(phrase.anchor, current);
  const time: TimeOfDay =
    phrase.time ??
    (phrase.anchor
      ? { hour: 0, minute: 0, second: 0 }
      : { hour: current.hour, minute: current.minute, second: current.second });

  const anchored = wallClockInZone({ ...date, ...time }, workingZone);
  if (!anchored) return null;

  const calendarStep: Partial<Record<RelativeUnit, number>> = {};
  const elapsedStep: Partial<Record<RelativeUnit, number>> = {};
  for (const { unit, amount } of phrase.relatives) {
    const step = unit === 'hours' || unit === 'minutes' || unit === 'seconds' ? elapsedStep : calendarStep;
    step[unit] = (step[unit] ?? 0) + amount;
  }
  const result = anchored.plus(calendarStep).plus(elapsedStep).setZone(zone);
  return result.isValid ? result : null;
}

function anchorDate(anchor: Anchor | undefined, current: DateTime<true>): CalendarDate {
  if (!anchor) return { year: current.year, month: current.month, day: current.day };
  if (anchor.kind === 'date') return anchor.date;

  let shifted: DateTime;
  if (anchor.kind === 'dayShift') {
    shifted = current.plus({ days: anchor.days });
  } else {
    const daysAhead = (anchor.weekday - current.weekday + 7) % 7;
    const daysBehind = (current.weekday - anchor.weekday + 7) % 7;
    const shift =
      anchor.direction === 'this'
        ? daysAhead
        : anchor.direction === 'next'
          ? daysAhead || 7
          : -(daysBehind || 7);
    shifted = current.plus({ days: shift });
  }
  return { year: shifted.year, month: shifted.month, day: shifted.day };
}

function toCalendarDate(year: string, month: string, day: string): CalendarDate {
  // Range checks happen when the wall clock is built (luxon rejects 2026-02-30).
  return { year: Number(year), month: Number(month), day: Number(day) };
}

function toTimeOfDay(hour: number, minute: number, second: number): TimeOfDay | null {
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { hour, minute, second };
}

function toTwelveHourTime(
  hourText: string,
  minuteText: string | undefined,
  secondText: string | undefined,
  meridiem: string,
): TimeOfDay | null {
  const hour = Number(hourText);
  if (hour < 1 || hour > 12) return null;
  const isPm = meridiem.startsWith('p');
  const hour24 = (hour % 12) + (isPm ? 12 : 0);
  return toTimeOfDay(hour24, Number(minuteText ?? 0), Number(secondText ?? 0));
}

/** Minutes east of UTC for `z`, `utc`, `gmt`, `+02:00`, `+0200`, `+02`; null when out of range. */
function parseOffset(text: string): number | null {
  if (text === 'z' || text === 'utc' || text === 'gmt') return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(text);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? 0);
  if (hours > 14 || minutes > 59) return null;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}
