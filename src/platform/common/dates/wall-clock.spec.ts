import { wallClockInZone, wallClockOf } from './wall-clock';

const at = (year: number, month: number, day: number, hour: number, minute = 0, second = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
});

describe('wallClockInZone', () => {
  it('builds the instant of an ordinary wall clock', () => {
    expect(wallClockInZone(at(2026, 5, 1, 10), 'Europe/Oslo')?.toISO()).toBe('2026-05-01T10:00:00.000+02:00');
    expect(wallClockInZone(at(2026, 1, 1, 10), 'Europe/Oslo')?.toISO()).toBe('2026-01-01T10:00:00.000+01:00');
  });

  it('moves a spring-forward gap reading forward', () => {
    expect(wallClockInZone(at(2026, 3, 29, 2, 30), 'Europe/Oslo')?.toISO()).toBe(
      '2026-03-29T03:30:00.000+02:00',
    );
  });

  it('picks the earlier instant for the repeated autumn hour', () => {
    expect(wallClockInZone(at(2026, 10, 25, 2, 30), 'Europe/Oslo')?.toISO()).toBe(
      '2026-10-25T02:30:00.000+02:00',
    );
    expect(wallClockInZone(at(2026, 11, 1, 1, 30), 'America/New_York')?.toISO()).toBe(
      '2026-11-01T01:30:00.000-04:00',
    );
  });

  it('leaves the hours around the repeated hour alone', () => {
    expect(wallClockInZone(at(2026, 10, 25, 1, 59, 59), 'Europe/Oslo')?.offset).toBe(120);
    expect(wallClockInZone(at(2026, 10, 25, 3, 0), 'Europe/Oslo')?.offset).toBe(60);
  });

  it('returns null for impossible readings and unknown zones', () => {
    expect(wallClockInZone(at(2026, 2, 29, 0), 'UTC')).toBeNull();
    expect(wallClockInZone(at(2026, 1, 1, 24), 'UTC')).toBeNull();
    expect(wallClockInZone(at(2026, 1, 1, 0), 'Nowhere/Land')).toBeNull();
  });

  it('is the inverse of wallClockOf', () => {
    const reading = at(2026, 7, 4, 18, 45, 12);
    expect(wallClockOf(wallClockInZone(reading, 'Asia/Kathmandu')!)).toEqual(reading);
  });
});
