import { DateTime } from 'luxon';
import { dateDetails, formatWpDate, formatWpDateUtc, parseWpDate } from './date-details';

describe('dateDetails', () => {
  it('returns zero-padded string components, as TEC start_date_details', () => {
    const dt = DateTime.fromISO('2017-01-05T04:03:06', { zone: 'Europe/Oslo' });
    expect(dateDetails(dt)).toEqual({
      year: '2017',
      month: '01',
      day: '05',
      hour: '04',
      minutes: '03',
      seconds: '06',
    });
  });

  it('reads the components in the DateTime zone', () => {
    const dt = DateTime.fromISO('2026-12-31T23:30:00Z').setZone('Europe/Oslo');
    expect(dateDetails(dt)).toEqual({
      year: '2027',
      month: '01',
      day: '01',
      hour: '00',
      minutes: '30',
      seconds: '00',
    });
  });

  it('does not depend on the locale', () => {
    const dt = DateTime.fromISO('2026-05-01T10:00:00', { zone: 'UTC', locale: 'ar-EG' });
    expect(dateDetails(dt).hour).toBe('10');
    expect(formatWpDate(dt)).toBe('2026-05-01 10:00:00');
  });
});

describe('formatWpDate / formatWpDateUtc', () => {
  it('formats as YYYY-MM-DD HH:MM:SS in the DateTime zone', () => {
    const dt = DateTime.fromISO('2026-07-01T09:05:07', { zone: 'Europe/Oslo' });
    expect(formatWpDate(dt)).toBe('2026-07-01 09:05:07');
    expect(formatWpDateUtc(dt)).toBe('2026-07-01 07:05:07');
  });

  it('handles winter time and fixed offsets', () => {
    expect(formatWpDateUtc(DateTime.fromISO('2026-01-01T00:30:00', { zone: 'Europe/Oslo' }))).toBe(
      '2025-12-31 23:30:00',
    );
    expect(formatWpDateUtc(DateTime.fromISO('2026-01-01T10:00:00', { zone: 'UTC-5:30' }))).toBe(
      '2026-01-01 15:30:00',
    );
  });
});

describe('parseWpDate', () => {
  it('reads a stored wall clock in a zone', () => {
    expect(parseWpDate('2026-07-01 09:05:07', 'Europe/Oslo')?.toISO()).toBe('2026-07-01T09:05:07.000+02:00');
    expect(parseWpDate('2026-07-01 09:05:07', 'UTC')?.toISO()).toBe('2026-07-01T09:05:07.000Z');
  });

  it('round-trips with formatWpDate', () => {
    const text = '2026-10-25 02:30:00';
    expect(formatWpDate(parseWpDate(text, 'Europe/Oslo')!)).toBe(text);
  });

  it('reads the repeated autumn hour as summer time', () => {
    expect(parseWpDate('2026-10-25 02:30:00', 'Europe/Oslo')?.offset).toBe(120);
  });

  it.each(['2026-07-01', '2026-07-01T09:05:07', '2026-02-30 10:00:00', '2026-07-01 24:00:00', 'garbage'])(
    'returns null for %p',
    (value) => {
      expect(parseWpDate(value, 'Europe/Oslo')).toBeNull();
    },
  );

  it('returns null for an unknown zone', () => {
    expect(parseWpDate('2026-07-01 09:05:07', 'Nowhere/Land')).toBeNull();
  });
});
