import { DateTime } from 'luxon';
import { formatDateTime, formatWpDate, formatWpDateUtc, nowUtc, parseWpDate, restDate } from './wp-date';

describe('formatWpDate / formatWpDateUtc', () => {
  it('does not depend on the locale', () => {
    const dt = DateTime.fromISO('2026-05-01T10:00:00', { zone: 'UTC', locale: 'ar-EG' });
    expect(formatWpDate(dt)).toBe('2026-05-01 10:00:00');
  });

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

describe('formatDateTime / nowUtc', () => {
  it('formats a JavaScript date in UTC, whole seconds', () => {
    expect(formatDateTime(new Date('2026-07-01T09:05:07.999Z'))).toBe('2026-07-01 09:05:07');
    expect(formatDateTime(new Date('0999-01-02T03:04:05Z'))).toBe('0999-01-02 03:04:05');
  });

  it('agrees with formatWpDateUtc', () => {
    const date = new Date('2026-03-29T01:30:00Z');
    expect(formatDateTime(date)).toBe(formatWpDateUtc(DateTime.fromJSDate(date, { zone: 'Europe/Oslo' })));
  });

  it('nowUtc is the stored form of now', () => {
    expect(nowUtc()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('restDate', () => {
  it('prints a stored date-time as the REST API does', () => {
    expect(restDate('2026-07-01 09:05:07')).toBe('2026-07-01T09:05:07');
    expect(restDate('0000-00-00 00:00:00')).toBe('0000-00-00T00:00:00');
  });
});
