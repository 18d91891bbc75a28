import { DateTime } from 'luxon';
import { formatUtcOffset, resolveTimezone, timezoneAbbreviation } from './timezones';

const SITE_ZONE = 'Europe/Oslo';
const WINTER = DateTime.fromISO('2026-01-15T12:00:00Z');
const SUMMER = DateTime.fromISO('2026-07-15T12:00:00Z');

describe('resolveTimezone', () => {
  it.each([
    ['Europe/Oslo', 'Europe/Oslo', 'Europe/Oslo'],
    ['America/New_York', 'America/New_York', 'America/New_York'],
    ['Asia/Kolkata', 'Asia/Kolkata', 'Asia/Kolkata'],
    ['europe/oslo', 'Europe/Oslo', 'Europe/Oslo'],
    ['  Europe/Rome  ', 'Europe/Rome', 'Europe/Rome'],
    ['Etc/GMT+3', 'Etc/GMT+3', 'Etc/GMT+3'],
  ])('accepts the IANA name %p', (value, zone, name) => {
    expect(resolveTimezone(value, SITE_ZONE)).toEqual({ zone, name });
  });

  it.each(['UTC', 'utc'])('accepts %p', (value) => {
    expect(resolveTimezone(value, SITE_ZONE)).toEqual({ zone: 'UTC', name: 'UTC' });
  });

  // TEC's Tribe__Timezones::generate_timezone_string_from_utc_offset: PHP's timezone_name_from_abbr('', s, 0)
  it.each([
    ['UTC+2', 'Europe/Helsinki', 'UTC+2'],
    ['UTC-5', 'America/New_York', 'UTC-5'],
    // TEC signs the hours only: -5 h + 30 min is -4:30, PHP's Caracas
    ['UTC-5:30', 'America/Caracas', 'UTC-5:30'],
    ['UTC+05:45', 'Asia/Katmandu', 'UTC+5:45'],
    ['UTC+0530', 'Asia/Kolkata', 'UTC+5:30'],
    ['utc+2', 'Europe/Helsinki', 'UTC+2'],
    ['UTC +2', 'Europe/Helsinki', 'UTC+2'],
    ['UTC+5.5', 'Asia/Kolkata', 'UTC+5:30'],
    ['UTC+5.75', 'Asia/Katmandu', 'UTC+5:45'],
    ['UTC+0', 'Europe/London', 'UTC+0'],
    ['UTC-0', 'Europe/London', 'UTC+0'],
  ])('maps the offset %p to the zone PHP names for it', (value, zone, name) => {
    expect(resolveTimezone(value, SITE_ZONE)).toEqual({ zone, name, abbreviation: name });
  });

  it.each([
    ['UTC-9.5', 'UTC-9:30'],
    ['UTC+14', 'UTC+14'],
    ['UTC+3:30', 'UTC+3:30'],
  ])('keeps an offset PHP names no zone for as a fixed offset: %p', (value, name) => {
    expect(resolveTimezone(value, SITE_ZONE)).toEqual({ zone: name, name, abbreviation: name });
  });

  it('computes UTC+2 with Helsinki summer time, as the recorded TEC 6.0.8 answer (15:00 in June is 12:00 UTC)', () => {
    const resolved = resolveTimezone('UTC+2', SITE_ZONE);
    expect(DateTime.fromISO('2027-06-18T15:00:00', { zone: resolved!.zone }).toUTC().toISO()).toBe(
      '2027-06-18T12:00:00.000Z',
    );
    expect(DateTime.fromISO('2027-01-18T15:00:00', { zone: resolved!.zone }).toUTC().toISO()).toBe(
      '2027-01-18T13:00:00.000Z',
    );
  });

  it('gives zones luxon can use', () => {
    const resolved = resolveTimezone('UTC-9.5', SITE_ZONE);
    expect(DateTime.fromISO('2026-05-01T10:00:00Z').setZone(resolved!.zone).toISO()).toBe(
      '2026-05-01T00:30:00.000-09:30',
    );
  });

  it.each([undefined, '', '   '])('falls back to the site zone for %p', (value) => {
    expect(resolveTimezone(value, SITE_ZONE)).toEqual({ zone: 'Europe/Oslo', name: 'Europe/Oslo' });
    expect(resolveTimezone(value, 'UTC+2')).toEqual({
      zone: 'Europe/Helsinki',
      name: 'UTC+2',
      abbreviation: 'UTC+2',
    });
  });

  it.each([
    'Mars/Olympus_Mons',
    'Europe/Osloo',
    'CEST',
    'UTC+15',
    'UTC+2:60',
    'UTC+5.1',
    'UTC+',
    '+02:00',
    'GMT +2',
    'Europe/Oslo; DROP TABLE',
    '../etc/passwd',
  ])('rejects %p', (value) => {
    expect(resolveTimezone(value, SITE_ZONE)).toBeNull();
  });

  it('returns null when the value is empty and the site zone is invalid or empty', () => {
    expect(resolveTimezone('', 'Nowhere/Land')).toBeNull();
    expect(resolveTimezone(undefined, '')).toBeNull();
  });
});

describe('timezoneAbbreviation', () => {
  it('gives CET in winter and CEST in summer for Europe/Oslo', () => {
    expect(timezoneAbbreviation('Europe/Oslo', WINTER)).toBe('CET');
    expect(timezoneAbbreviation('Europe/Oslo', SUMMER)).toBe('CEST');
  });

  it('follows the DST switch to the second', () => {
    const lastWinterSecond = DateTime.fromISO('2026-03-29T00:59:59Z');
    expect(timezoneAbbreviation('Europe/Oslo', lastWinterSecond)).toBe('CET');
    expect(timezoneAbbreviation('Europe/Oslo', lastWinterSecond.plus({ seconds: 1 }))).toBe('CEST');
  });

  it.each([
    ['America/New_York', WINTER, 'EST'],
    ['America/New_York', SUMMER, 'EDT'],
    ['Europe/London', WINTER, 'GMT'],
    ['Europe/London', SUMMER, 'BST'],
    ['Australia/Sydney', WINTER, 'AEDT'],
    ['Asia/Kolkata', WINTER, 'IST'],
    ['UTC', SUMMER, 'UTC'],
  ])('names %p at %p %p', (zone, at, expected) => {
    expect(timezoneAbbreviation(zone, at)).toBe(expected);
  });

  it('uses the UTC offset text for fixed-offset zones', () => {
    expect(timezoneAbbreviation('UTC+2', SUMMER)).toBe('UTC+2');
    expect(timezoneAbbreviation('UTC-5:30', SUMMER)).toBe('UTC-5:30');
    expect(timezoneAbbreviation(resolveTimezone('UTC+14', SITE_ZONE)!.zone, WINTER)).toBe('UTC+14');
  });

  it('prints what PHP prints from the time zone database (numeric where it has no letters)', () => {
    expect(timezoneAbbreviation('Asia/Tokyo', WINTER)).toBe('JST');
    expect(timezoneAbbreviation('Asia/Kathmandu', WINTER)).toBe('+0545');
    expect(timezoneAbbreviation('Etc/GMT+3', WINTER)).toBe('-03');
    expect(timezoneAbbreviation('Europe/Istanbul', WINTER)).toBe('+03');
  });

  it('returns an empty string for an unknown zone', () => {
    expect(timezoneAbbreviation('Nowhere/Land', WINTER)).toBe('');
  });
});

describe('formatUtcOffset', () => {
  it.each([
    [120, 'UTC+2'],
    [-330, 'UTC-5:30'],
    [345, 'UTC+5:45'],
    [0, 'UTC+0'],
  ])('formats %p minutes as %p', (minutes, expected) => {
    expect(formatUtcOffset(minutes)).toBe(expected);
  });
});

describe('odd fixed offsets', () => {
  it('gives a zone name luxon can read back for offsets with unusual minutes', () => {
    const resolved = resolveTimezone('UTC+5:06', 'UTC');
    expect(resolved).toEqual({ zone: 'UTC+5:06', name: 'UTC+5:06', abbreviation: 'UTC+5:06' });
    expect(DateTime.fromISO('2026-05-01T00:00:00Z').setZone(resolved!.zone).toISO()).toBe(
      '2026-05-01T05:06:00.000+05:06',
    );
  });
});
