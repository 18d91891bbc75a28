import { parseEventDateInput } from './event-date-parser';

// Wednesday 2026-05-13, 12:15:30 in Oslo (CEST, UTC+2).
const NOW = new Date('2026-05-13T10:15:30.123Z');
const OSLO = 'Europe/Oslo';

function parseInOslo(input: string, now: Date = NOW): string | null {
  return parseEventDateInput(input, OSLO, now)?.toISO({ suppressMilliseconds: true }) ?? null;
}

describe('parseEventDateInput', () => {
  describe('absolute dates and times', () => {
    it.each([
      ['2026-05-01 10:20:30', '2026-05-01T10:20:30+02:00'],
      ['2026-05-01 10:20', '2026-05-01T10:20:00+02:00'],
      ['2026-05-01', '2026-05-01T00:00:00+02:00'],
      ['2026-5-1 9:05', '2026-05-01T09:05:00+02:00'],
      ['2026/05/01 10:00', '2026-05-01T10:00:00+02:00'],
      ['20260501', '2026-05-01T00:00:00+02:00'],
      ['2026-05-01T10:00', '2026-05-01T10:00:00+02:00'],
      ['2026-05-01T10:00:00', '2026-05-01T10:00:00+02:00'],
      ['2026-05-01 9am', '2026-05-01T09:00:00+02:00'],
      ['2026-01-15 10:00:00', '2026-01-15T10:00:00+01:00'],
    ])('reads %p as a wall clock in the zone', (input, expected) => {
      expect(parseInOslo(input)).toBe(expected);
    });

    it.each([
      ['2026-05-01T10:00:00Z', '2026-05-01T12:00:00+02:00'],
      ['2026-05-01T10:00:00.999Z', '2026-05-01T12:00:00+02:00'],
      ['2026-05-01T10:00:00+02:00', '2026-05-01T10:00:00+02:00'],
      ['2026-05-01T10:00:00-05:00', '2026-05-01T17:00:00+02:00'],
      ['2026-05-01T10:00:00+0530', '2026-05-01T06:30:00+02:00'],
      ['2026-05-01T10:00:00+01', '2026-05-01T11:00:00+02:00'],
      ['2026-05-01 10:00:00+02:00', '2026-05-01T10:00:00+02:00'],
      ['2026-05-01 10:00:00 -0300', '2026-05-01T15:00:00+02:00'],
      ['2026-05-01 10:00 UTC', '2026-05-01T12:00:00+02:00'],
      ['2026-05-01 10:00 GMT', '2026-05-01T12:00:00+02:00'],
    ])('converts %p, which carries an offset, into the zone', (input, expected) => {
      expect(parseInOslo(input)).toBe(expected);
    });

    it('keeps the zone of the result even for offset inputs', () => {
      expect(parseEventDateInput('2026-05-01T10:00:00Z', OSLO, NOW)?.zoneName).toBe(OSLO);
    });

    it('drops sub-second precision', () => {
      expect(parseEventDateInput('2026-05-01T10:00:00.750Z', OSLO, NOW)?.millisecond).toBe(0);
      expect(parseEventDateInput('now', OSLO, NOW)?.millisecond).toBe(0);
    });

    it.each([
      ['@1777629600', '2026-05-01T12:00:00+02:00'],
      ['1777629600', '2026-05-01T12:00:00+02:00'],
      ['@0', '1970-01-01T01:00:00+01:00'],
    ])('reads the Unix timestamp %p', (input, expected) => {
      expect(parseInOslo(input)).toBe(expected);
    });
  });

  describe('relative forms', () => {
    it.each([
      ['now', '2026-05-13T12:15:30+02:00'],
      ['today', '2026-05-13T00:00:00+02:00'],
      ['midnight', '2026-05-13T00:00:00+02:00'],
      ['noon', '2026-05-13T12:00:00+02:00'],
      ['tomorrow', '2026-05-14T00:00:00+02:00'],
      ['yesterday', '2026-05-12T00:00:00+02:00'],
      ['tomorrow 9am', '2026-05-14T09:00:00+02:00'],
      ['tomorrow 9 am', '2026-05-14T09:00:00+02:00'],
      ['tomorrow 9:30 p.m.', '2026-05-14T21:30:00+02:00'],
      ['Tomorrow 9AM', '2026-05-14T09:00:00+02:00'],
      ['today 14:30', '2026-05-13T14:30:00+02:00'],
      ['today 14:30:15', '2026-05-13T14:30:15+02:00'],
      ['yesterday noon', '2026-05-12T12:00:00+02:00'],
      ['tomorrow midnight', '2026-05-14T00:00:00+02:00'],
      ['14:30', '2026-05-13T14:30:00+02:00'],
      ['9am', '2026-05-13T09:00:00+02:00'],
      ['12am', '2026-05-13T00:00:00+02:00'],
      ['12pm', '2026-05-13T12:00:00+02:00'],
      ['+1 week', '2026-05-20T12:15:30+02:00'],
      ['+1week', '2026-05-20T12:15:30+02:00'],
      ['1 week', '2026-05-20T12:15:30+02:00'],
      ['-2 days', '2026-05-11T12:15:30+02:00'],
      ['+3 hours', '2026-05-13T15:15:30+02:00'],
      ['+90 minutes', '2026-05-13T13:45:30+02:00'],
      ['-30 secs', '2026-05-13T12:15:00+02:00'],
      ['+2 months', '2026-07-13T12:15:30+02:00'],
      ['+1 year', '2027-05-13T12:15:30+02:00'],
      ['+1 fortnight', '2026-05-27T12:15:30+02:00'],
      ['+1 week 2 days', '2026-05-22T12:15:30+02:00'],
      ['3 hours ago', '2026-05-13T09:15:30+02:00'],
      ['2 days 3 hours ago', '2026-05-11T09:15:30+02:00'],
      ['+5 days 11am', '2026-05-18T11:00:00+02:00'],
      ['tomorrow +1 week', '2026-05-21T00:00:00+02:00'],
      ['now +1 day', '2026-05-14T12:15:30+02:00'],
      ['2026-05-01 10:00 +1 day', '2026-05-02T10:00:00+02:00'],
      ['next week', '2026-05-20T12:15:30+02:00'],
      ['last week', '2026-05-06T12:15:30+02:00'],
      ['next month', '2026-06-13T12:15:30+02:00'],
      ['next year', '2027-05-13T12:15:30+02:00'],
      ['this week', '2026-05-13T12:15:30+02:00'],
    ])('reads %p relative to now', (input, expected) => {
      expect(parseInOslo(input)).toBe(expected);
    });

    describe('weekdays (now is a Wednesday)', () => {
      it.each([
        ['next monday', '2026-05-18T00:00:00+02:00'],
        ['next mon', '2026-05-18T00:00:00+02:00'],
        ['next wednesday', '2026-05-20T00:00:00+02:00'],
        ['next wednesday 4pm', '2026-05-20T16:00:00+02:00'],
        ['wednesday', '2026-05-13T00:00:00+02:00'],
        ['this wednesday', '2026-05-13T00:00:00+02:00'],
        ['friday', '2026-05-15T00:00:00+02:00'],
        ['monday', '2026-05-18T00:00:00+02:00'],
        ['last monday', '2026-05-11T00:00:00+02:00'],
        ['last wednesday', '2026-05-06T00:00:00+02:00'],
        ['previous fri', '2026-05-08T00:00:00+02:00'],
        ['next sunday 10:00', '2026-05-17T10:00:00+02:00'],
        ['next monday +1 week', '2026-05-25T00:00:00+02:00'],
      ])('reads %p', (input, expected) => {
        expect(parseInOslo(input)).toBe(expected);
      });
    });

    it('takes "today" from the zone, not from UTC', () => {
      // 22:30 UTC on the 13th is already 00:30 on the 14th in Oslo.
      const lateEvening = new Date('2026-05-13T22:30:00Z');
      expect(parseInOslo('today', lateEvening)).toBe('2026-05-14T00:00:00+02:00');
      expect(parseEventDateInput('today', 'UTC', lateEvening)?.toISO()).toBe('2026-05-13T00:00:00.000Z');
    });

    it('reads "today" in the offset the input gives', () => {
      // 10:15 UTC is already 23:15 on the 13th at UTC+13.
      expect(parseInOslo('today 23:00 +13:00')).toBe('2026-05-13T12:00:00+02:00');
    });

    it('clamps a month step to the end of a shorter month', () => {
      expect(parseInOslo('2026-01-31 +1 month')).toBe('2026-02-28T00:00:00+01:00');
    });

    it('works in other zones, as in TEC natural-language tests', () => {
      expect(parseEventDateInput('tomorrow 9am', 'America/New_York', NOW)?.toISO()).toBe(
        '2026-05-14T09:00:00.000-04:00',
      );
      expect(parseEventDateInput('tomorrow 9am', 'Australia/Sydney', NOW)?.toISO()).toBe(
        '2026-05-14T09:00:00.000+10:00',
      );
    });
  });

  describe('daylight saving time in Europe/Oslo', () => {
    it('uses the offset in force on that date', () => {
      expect(parseInOslo('2026-01-10 12:00')).toBe('2026-01-10T12:00:00+01:00');
      expect(parseInOslo('2026-07-10 12:00')).toBe('2026-07-10T12:00:00+02:00');
    });

    it('moves a time in the spring-forward gap forward by the gap', () => {
      expect(parseInOslo('2026-03-29 02:30')).toBe('2026-03-29T03:30:00+02:00');
    });

    it('reads a time in the repeated autumn hour as its first occurrence', () => {
      expect(parseInOslo('2026-10-25 02:30')).toBe('2026-10-25T02:30:00+02:00');
      expect(parseInOslo('2026-10-25 03:30')).toBe('2026-10-25T03:30:00+01:00');
    });

    it('keeps the wall clock for day steps and counts elapsed time for hour steps', () => {
      const beforeSwitch = new Date('2026-03-28T11:00:00Z'); // 12:00 CET
      expect(parseInOslo('+1 day', beforeSwitch)).toBe('2026-03-29T12:00:00+02:00');
      expect(parseInOslo('+24 hours', beforeSwitch)).toBe('2026-03-29T13:00:00+02:00');
      expect(parseInOslo('tomorrow 12:00', beforeSwitch)).toBe('2026-03-29T12:00:00+02:00');
    });

    it('converts UTC inputs on the switch day', () => {
      expect(parseInOslo('2026-03-29T00:59:59Z')).toBe('2026-03-29T01:59:59+01:00');
      expect(parseInOslo('2026-03-29T01:00:00Z')).toBe('2026-03-29T03:00:00+02:00');
    });
  });

  describe('fixed-offset zones', () => {
    it('reads wall clocks in a fixed offset', () => {
      expect(parseEventDateInput('2026-05-01 10:00', 'UTC+2', NOW)?.toISO()).toBe(
        '2026-05-01T10:00:00.000+02:00',
      );
      expect(parseEventDateInput('2026-05-01 10:00', 'UTC-5:30', NOW)?.toISO()).toBe(
        '2026-05-01T10:00:00.000-05:30',
      );
    });

    it('converts offset inputs into the fixed offset', () => {
      expect(parseEventDateInput('2026-05-01T10:00:00Z', 'UTC+5:45', NOW)?.toISO()).toBe(
        '2026-05-01T15:45:00.000+05:45',
      );
    });
  });

  describe('unparseable input', () => {
    it.each([
      '',
      '   ',
      'before my birthday',
      'not a strtotime parsable string',
      'foo',
      '2026-02-30',
      '2026-13-01',
      '2026-05-32 10:00',
      '2026-05-01 24:00',
      '2026-05-01 10:60',
      '2026-05-01 10:00:60',
      '2026-05-01T25:00:00Z',
      '2026-05-01T10:00:00+15:00',
      '13pm',
      '0am',
      '+1',
      '1',
      '2026',
      'tomorrow yesterday',
      'today 2026-05-01',
      'next monday friday',
      '9am 10:00',
      'noon midnight',
      '2026-05-01 10:00 UTC +02:00',
      'next',
      'next foo',
      'ago',
      'in 2 days',
      'tomorrow at 9am',
      'constructor',
      'toString',
      '1 May 2026',
      '2026-05-01 10:00 Europe/Oslo',
    ])('returns null for %p', (input) => {
      expect(parseEventDateInput(input, OSLO, NOW)).toBeNull();
    });

    it('returns null for an unknown zone', () => {
      expect(parseEventDateInput('2026-05-01', 'Mars/Olympus_Mons', NOW)).toBeNull();
    });
  });

  it('uses the current time when no `now` is given', () => {
    const before = Date.now();
    const parsed = parseEventDateInput('now', OSLO);
    expect(parsed).not.toBeNull();
    expect(parsed!.toMillis()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(parsed!.toMillis()).toBeLessThanOrEqual(Date.now());
  });
});

describe('parseEventDateInput with unusual offsets', () => {
  it('converts an offset with odd minutes', () => {
    expect(parseEventDateInput('2026-05-01T10:00:00+05:06', 'UTC', NOW)?.toISO()).toBe(
      '2026-05-01T04:54:00.000Z',
    );
  });
});
