import { DateTime } from 'luxon';
import { formatWpDate } from '../../../platform/common/dates';
import {
  allDaySpan,
  archiveDateConditions,
  defaultArchiveWindow,
  EventDateConditions,
  InvalidEventDateError,
  isTruthyFlag,
  normalizeEventSpan,
  resolveArchiveDateFilter,
  toSiteMoment,
  widenToDay,
} from './event-window';

// Wednesday 2026-05-13, 12:15:30 in Oslo (CEST, UTC+2).
const NOW = new Date('2026-05-13T10:15:30.123Z');
const OSLO = 'Europe/Oslo';

function valid(dt: DateTime<true> | DateTime<false>): DateTime<true> {
  if (!dt.isValid) throw new Error(`bad fixture: ${dt.invalidExplanation}`);
  return dt;
}

function oslo(text: string): DateTime<true> {
  return valid(DateTime.fromSQL(text, { zone: OSLO }));
}

interface FixtureEvent {
  name: string;
  start: DateTime<true>;
  end: DateTime<true>;
}

/** Evaluates the conditions the way a repository's SQL would. */
function matches(event: FixtureEvent, conditions: EventDateConditions<Date>): boolean {
  const start = event.start.toMillis();
  const end = event.end.toMillis();
  const checks: [Date | undefined, (bound: number) => boolean][] = [
    [conditions.startsOnOrAfter, (bound) => start >= bound],
    [conditions.startsAfter, (bound) => start > bound],
    [conditions.startsBefore, (bound) => start < bound],
    [conditions.endsAfter, (bound) => end > bound],
    [conditions.endsBefore, (bound) => end < bound],
    [conditions.endsOnOrBefore, (bound) => end <= bound],
  ];
  return checks.every(([bound, holds]) => bound === undefined || holds(bound.getTime()));
}

function names(events: FixtureEvent[], conditions: EventDateConditions<Date>): string[] {
  return events.filter((event) => matches(event, conditions)).map((event) => event.name);
}

describe('isTruthyFlag', () => {
  it.each([true, 1, '1', 'true', 'TRUE', 'yes', 'on', ' on '])('reads %p as true', (value) => {
    expect(isTruthyFlag(value)).toBe(true);
  });

  it.each([false, 0, '0', 'false', 'no', 'off', '', 'foo', undefined, null, {}])(
    'reads %p as false',
    (value) => {
      expect(isTruthyFlag(value)).toBe(false);
    },
  );
});

describe('widenToDay', () => {
  it('moves a start to 00:00:00 and an end to 23:59:59 of the same day', () => {
    const dt = oslo('2026-05-01 15:42:10');
    expect(formatWpDate(widenToDay(dt, 'start'))).toBe('2026-05-01 00:00:00');
    expect(formatWpDate(widenToDay(dt, 'end'))).toBe('2026-05-01 23:59:59');
  });

  it('uses the day in the DateTime zone', () => {
    const lateUtc = DateTime.fromISO('2026-05-01T23:30:00Z');
    expect(widenToDay(valid(lateUtc.setZone(OSLO)), 'start').toISO()).toBe('2026-05-02T00:00:00.000+02:00');
    expect(widenToDay(valid(lateUtc.setZone('UTC')), 'start').toISO()).toBe('2026-05-01T00:00:00.000Z');
  });

  it('keeps the right offsets on the DST switch days', () => {
    const springDay = oslo('2026-03-29 12:00:00');
    expect(widenToDay(springDay, 'start').toISO()).toBe('2026-03-29T00:00:00.000+01:00');
    expect(widenToDay(springDay, 'end').toISO()).toBe('2026-03-29T23:59:59.000+02:00');
    const autumnDay = oslo('2026-10-25 12:00:00');
    expect(widenToDay(autumnDay, 'start').toISO()).toBe('2026-10-25T00:00:00.000+02:00');
    expect(widenToDay(autumnDay, 'end').toISO()).toBe('2026-10-25T23:59:59.000+01:00');
  });

  it('works with fixed offsets', () => {
    const dt = DateTime.fromISO('2026-05-01T10:00:00', { zone: 'UTC-5:30' });
    expect(widenToDay(valid(dt), 'end').toISO()).toBe('2026-05-01T23:59:59.000-05:30');
  });
});

describe('toSiteMoment', () => {
  it('gives the site-zone DateTime, the UTC Date and the local text', () => {
    const moment = toSiteMoment(valid(DateTime.fromISO('2026-05-01T10:00:00Z')), OSLO);
    expect(moment.dateTime.zoneName).toBe(OSLO);
    expect(moment.utc.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(moment.local).toBe('2026-05-01 12:00:00');
  });
});

describe('defaultArchiveWindow', () => {
  it('runs from 00:00 today to 23:59:59 two years ahead on a site east of UTC', () => {
    const { start, end } = defaultArchiveWindow(OSLO, NOW);
    expect(start.local).toBe('2026-05-13 00:00:00');
    expect(start.utc.toISOString()).toBe('2026-05-12T22:00:00.000Z');
    expect(end.local).toBe('2028-05-13 23:59:59');
    expect(end.utc.toISOString()).toBe('2028-05-13T21:59:59.000Z');
  });

  it('starts at 00:00 yesterday on a site west of UTC', () => {
    const { start, end } = defaultArchiveWindow('America/New_York', NOW);
    expect(start.local).toBe('2026-05-12 00:00:00');
    expect(start.utc.toISOString()).toBe('2026-05-12T04:00:00.000Z');
    expect(end.local).toBe('2028-05-13 23:59:59');
  });

  it('starts at 00:00 yesterday on a UTC site', () => {
    const { start, end } = defaultArchiveWindow('UTC', NOW);
    expect(start.local).toBe('2026-05-12 00:00:00');
    expect(end.local).toBe('2028-05-13 23:59:59');
  });

  it('takes "yesterday" from the UTC date, as TEC does', () => {
    // 01:30 on the 14th in Oslo is still the 13th in UTC, so the window opens on the 13th.
    const justAfterOsloMidnight = new Date('2026-05-13T23:30:00Z');
    expect(defaultArchiveWindow(OSLO, justAfterOsloMidnight).start.local).toBe('2026-05-13 00:00:00');
    // A west-of-UTC site at 20:00 on the 13th is already on the 14th in UTC.
    const newYorkEvening = new Date('2026-05-14T00:00:00Z');
    expect(defaultArchiveWindow('America/New_York', newYorkEvening).start.local).toBe('2026-05-13 00:00:00');
  });

  it('uses the raw default instants with strict dates', () => {
    const { start, end } = defaultArchiveWindow(OSLO, NOW, true);
    expect(start.utc.toISOString()).toBe('2026-05-12T23:59:00.000Z');
    expect(start.local).toBe('2026-05-13 01:59:00');
    expect(end.utc.toISOString()).toBe('2028-05-13T10:15:30.000Z');
    expect(end.local).toBe('2028-05-13 12:15:30');
  });

  it('works with a fixed-offset site zone', () => {
    const { start, end } = defaultArchiveWindow('UTC-5', NOW);
    expect(start.local).toBe('2026-05-12 00:00:00');
    expect(start.utc.toISOString()).toBe('2026-05-12T05:00:00.000Z');
    expect(end.utc.toISOString()).toBe('2028-05-14T04:59:59.000Z');
  });

  it('rejects an invalid now', () => {
    expect(() => defaultArchiveWindow(OSLO, new Date('nope'))).toThrow(RangeError);
  });
});

describe('resolveArchiveDateFilter', () => {
  it('applies the default window when no date parameter is sent', () => {
    const filter = resolveArchiveDateFilter({}, OSLO, NOW);
    expect(filter.conditions).toEqual({
      startsOnOrAfter: new Date('2026-05-12T22:00:00.000Z'),
      endsOnOrBefore: new Date('2028-05-13T21:59:59.000Z'),
    });
    expect(filter.localConditions).toEqual({
      startsOnOrAfter: '2026-05-13 00:00:00',
      endsOnOrBefore: '2028-05-13 23:59:59',
    });
    expect(filter.effectiveQuery).toEqual({
      start_date: '2026-05-13 00:00:00',
      end_date: '2028-05-13 23:59:59',
    });
  });

  describe('whole-day widening and strict_dates (TEC should_allow_controlling_inclusive_dates_at_request_level)', () => {
    const events: FixtureEvent[] = [
      { name: 'afternoon', start: oslo('2018-01-01 16:00:00'), end: oslo('2018-01-01 16:30:00') },
      { name: 'evening', start: oslo('2018-01-01 20:00:00'), end: oslo('2018-01-01 20:30:00') },
    ];
    const query = { startDate: '2018-01-01 15:00:00', endDate: '2018-01-01 18:00:00' };

    it('widens start_date to 00:00:00 and end_date to 23:59:59 by default', () => {
      const filter = resolveArchiveDateFilter(query, OSLO, NOW);
      expect(filter.localConditions).toEqual({
        startsOnOrAfter: '2018-01-01 00:00:00',
        endsOnOrBefore: '2018-01-01 23:59:59',
      });
      expect(names(events, filter.conditions)).toEqual(['afternoon', 'evening']);
    });

    it('widens the same way with strict_dates false', () => {
      expect(names(events, archiveDateConditions({ ...query, strictDates: false }, OSLO, NOW))).toEqual([
        'afternoon',
        'evening',
      ]);
    });

    it('uses the times as given with strict_dates true', () => {
      const filter = resolveArchiveDateFilter({ ...query, strictDates: true }, OSLO, NOW);
      expect(filter.localConditions).toEqual({
        startsOnOrAfter: '2018-01-01 15:00:00',
        endsOnOrBefore: '2018-01-01 18:00:00',
      });
      expect(filter.conditions.startsOnOrAfter?.toISOString()).toBe('2018-01-01T14:00:00.000Z');
      expect(names(events, filter.conditions)).toEqual(['afternoon']);
    });

    it('echoes the effective values', () => {
      expect(resolveArchiveDateFilter(query, OSLO, NOW).effectiveQuery).toEqual({
        start_date: '2018-01-01 00:00:00',
        end_date: '2018-01-01 23:59:59',
      });
    });
  });

  describe('start_date / end_date are "starts on or after" / "ends on or before"', () => {
    // TEC EventArchiveCest: ten weekly two-hour events starting a week from now.
    const weekly: FixtureEvent[] = Array.from({ length: 10 }, (_, index) => {
      const start = oslo('2026-05-13 10:00:00').plus({ weeks: index + 1 });
      return { name: `week ${index + 1}`, start, end: start.plus({ hours: 2 }) };
    });

    it('start_date=+5 weeks keeps the events starting that day or later', () => {
      expect(names(weekly, archiveDateConditions({ startDate: '+5 weeks' }, OSLO, NOW))).toHaveLength(6);
    });

    it('end_date=+5 weeks keeps the events ending that day or earlier', () => {
      expect(names(weekly, archiveDateConditions({ endDate: '+5 weeks' }, OSLO, NOW))).toHaveLength(5);
    });

    it('both narrow the list down', () => {
      const conditions = archiveDateConditions({ startDate: '+3 weeks', endDate: '+5 weeks' }, OSLO, NOW);
      expect(names(weekly, conditions)).toEqual(['week 3', 'week 4', 'week 5']);
    });

    it('does not list an event that is already running (containment, not overlap)', () => {
      const running: FixtureEvent = {
        name: 'running',
        start: oslo('2026-05-10 09:00:00'),
        end: oslo('2026-05-20 17:00:00'),
      };
      expect(names([running], archiveDateConditions({}, OSLO, NOW))).toEqual([]);
      const overlap = archiveDateConditions({ endsAfter: 'today', startsBefore: 'today' }, OSLO, NOW);
      expect(names([running], overlap)).toEqual(['running']);
    });
  });

  describe('starts_* / ends_* bounds', () => {
    it('widens every relative bound to 23:59:59, even the _after ones', () => {
      const filter = resolveArchiveDateFilter(
        {
          startsAfter: '2026-06-01 08:00',
          startsBefore: '2026-06-10',
          endsAfter: '2026-06-02',
          endsBefore: '2026-06-20 12:00',
        },
        OSLO,
        NOW,
      );
      expect(filter.localConditions).toEqual({
        startsAfter: '2026-06-01 23:59:59',
        startsBefore: '2026-06-10 23:59:59',
        endsAfter: '2026-06-02 23:59:59',
        endsBefore: '2026-06-20 23:59:59',
      });
    });

    it('drops the default start_date/end_date when any of them is sent', () => {
      const filter = resolveArchiveDateFilter({ startsBefore: '2026-06-10' }, OSLO, NOW);
      expect(Object.keys(filter.conditions)).toEqual(['startsBefore']);
      expect(filter.effectiveQuery).toEqual({ starts_before: '2026-06-10 23:59:59' });
    });

    it('keeps explicit start_date/end_date alongside them', () => {
      const filter = resolveArchiveDateFilter(
        { startDate: '2026-06-01', endsAfter: '2026-06-05' },
        OSLO,
        NOW,
      );
      expect(filter.localConditions).toEqual({
        startsOnOrAfter: '2026-06-01 00:00:00',
        endsAfter: '2026-06-05 23:59:59',
      });
    });

    it('uses the times as given with strict_dates', () => {
      const filter = resolveArchiveDateFilter(
        { startsAfter: '2026-06-01 08:00', endsBefore: '2026-06-20T12:00:00Z', strictDates: true },
        OSLO,
        NOW,
      );
      expect(filter.localConditions).toEqual({
        startsAfter: '2026-06-01 08:00:00',
        endsBefore: '2026-06-20 14:00:00',
      });
      expect(filter.conditions.startsAfter?.toISOString()).toBe('2026-06-01T06:00:00.000Z');
    });

    it('returns multi-day events spanning a range (TEC should_allow_setting_relative_dates_in_request)', () => {
      const events: FixtureEvent[] = [
        { name: 'before', start: oslo('2026-05-20 10:00:00'), end: oslo('2026-05-20 12:00:00') },
        { name: 'spanning', start: oslo('2026-05-20 10:00:00'), end: oslo('2026-06-10 12:00:00') },
        { name: 'inside', start: oslo('2026-06-02 10:00:00'), end: oslo('2026-06-02 12:00:00') },
        { name: 'after', start: oslo('2026-06-20 10:00:00'), end: oslo('2026-06-20 12:00:00') },
      ];
      const conditions = archiveDateConditions(
        { endsAfter: '2026-05-31', startsBefore: '2026-06-05' },
        OSLO,
        NOW,
      );
      expect(names(events, conditions)).toEqual(['spanning', 'inside']);
    });
  });

  describe('include', () => {
    it('drops start_date/end_date, default or explicit', () => {
      expect(resolveArchiveDateFilter({ includePresent: true }, OSLO, NOW).conditions).toEqual({});
      expect(
        resolveArchiveDateFilter(
          { includePresent: true, startDate: '2026-01-01', endDate: '2026-02-01' },
          OSLO,
          NOW,
        ).conditions,
      ).toEqual({});
    });

    it('still echoes the window in the effective query, as TEC does', () => {
      const filter = resolveArchiveDateFilter({ includePresent: true, endDate: '2026-02-01' }, OSLO, NOW);
      expect(filter.effectiveQuery).toEqual({
        start_date: expect.any(String),
        end_date: '2026-02-01 23:59:59',
      });
    });

    it('keeps the relative bounds', () => {
      const filter = resolveArchiveDateFilter({ includePresent: true, startsAfter: '2026-06-01' }, OSLO, NOW);
      expect(filter.localConditions).toEqual({ startsAfter: '2026-06-01 23:59:59' });
    });
  });

  it('parses relative values against now in the site zone', () => {
    const filter = resolveArchiveDateFilter({ startDate: 'tomorrow', endDate: '+1 week' }, OSLO, NOW);
    expect(filter.localConditions).toEqual({
      startsOnOrAfter: '2026-05-14 00:00:00',
      endsOnOrBefore: '2026-05-20 23:59:59',
    });
  });

  it('reads values with an offset in the site zone before widening', () => {
    // 23:30 UTC on 1 May is already 2 May in Oslo.
    const filter = resolveArchiveDateFilter({ startDate: '2026-05-01T23:30:00Z' }, OSLO, NOW);
    expect(filter.localConditions.startsOnOrAfter).toBe('2026-05-02 00:00:00');
  });

  it('handles DST: the UTC bounds follow the site offset of each day', () => {
    const filter = resolveArchiveDateFilter({ startDate: '2026-03-29', endDate: '2026-03-29' }, OSLO, NOW);
    expect(filter.conditions.startsOnOrAfter?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(filter.conditions.endsOnOrBefore?.toISOString()).toBe('2026-03-29T21:59:59.000Z');
  });

  it('throws InvalidEventDateError for a value that does not parse', () => {
    expect(() => resolveArchiveDateFilter({ startDate: 'before my birthday' }, OSLO, NOW)).toThrow(
      InvalidEventDateError,
    );
    try {
      resolveArchiveDateFilter({ endsAfter: '' }, OSLO, NOW);
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEventDateError);
      expect((error as InvalidEventDateError).param).toBe('ends_after');
    }
  });
});

describe('allDaySpan', () => {
  it('runs from 00:00:00 of the first day to 23:59:59 of the last', () => {
    const span = allDaySpan(oslo('2026-05-01 11:00:00'), oslo('2026-05-01 13:00:00'));
    expect(formatWpDate(span.start)).toBe('2026-05-01 00:00:00');
    expect(formatWpDate(span.end)).toBe('2026-05-01 23:59:59');
  });

  it('keeps multi-day spans (TEC: "+5 days 11am" end becomes "+5 days 23:59:59")', () => {
    const span = allDaySpan(oslo('2026-05-13 09:00:00'), oslo('2026-05-18 11:00:00'));
    expect(formatWpDate(span.start)).toBe('2026-05-13 00:00:00');
    expect(formatWpDate(span.end)).toBe('2026-05-18 23:59:59');
  });

  it('stays in the event zone and gets the UTC instants right across DST', () => {
    const span = allDaySpan(oslo('2026-03-28 10:00:00'), oslo('2026-03-29 10:00:00'));
    expect(span.start.toUTC().toISO()).toBe('2026-03-27T23:00:00.000Z');
    expect(span.end.toUTC().toISO()).toBe('2026-03-29T21:59:59.000Z');
    expect(span.start.zoneName).toBe(OSLO);
  });
});

describe('normalizeEventSpan', () => {
  it('keeps a valid timed span as it is', () => {
    const start = oslo('2026-05-01 10:00:00');
    const end = oslo('2026-05-01 12:00:00');
    expect(normalizeEventSpan(start, end, false)).toEqual({ start, end });
  });

  it('moves an end before the start to the start', () => {
    const start = oslo('2026-05-01 10:00:00');
    const span = normalizeEventSpan(start, oslo('2026-04-30 12:00:00'), false);
    expect(span.end.toMillis()).toBe(start.toMillis());
  });

  it('widens all-day events after clamping', () => {
    const span = normalizeEventSpan(oslo('2026-05-03 10:00:00'), oslo('2026-05-01 12:00:00'), true);
    expect(formatWpDate(span.start)).toBe('2026-05-03 00:00:00');
    expect(formatWpDate(span.end)).toBe('2026-05-03 23:59:59');
  });
});
