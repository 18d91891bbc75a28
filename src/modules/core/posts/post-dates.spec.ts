import { parseRestDate, resolveDatePair, restGmtDate } from './post-dates';
import { ZERO_DATE } from './post.entity';

describe('post dates', () => {
  it('parses RFC3339-ish dates with and without offsets', () => {
    expect(parseRestDate('2016-12-12T14:00:00')?.hasZone).toBe(false);
    expect(parseRestDate('2016-12-12 14:00:00.123Z')?.hasZone).toBe(true);
    expect(parseRestDate('2016-12-12t14:00:00+0130')?.time.offset).toBe(90);
    expect(parseRestDate('12/12/2016')).toBeNull();
    expect(parseRestDate('2016-13-45T14:00:00')).toBeNull();
  });

  it('derives GMT from site-local time and the reverse (rest_get_date_with_gmt)', () => {
    const zone = 'America/New_York';
    expect(resolveDatePair('2016-12-12T14:00:00', undefined, zone)).toEqual({
      local: '2016-12-12 14:00:00',
      gmt: '2016-12-12 19:00:00',
    });
    expect(resolveDatePair('2016-12-12T18:00:00-01:00', undefined, zone)).toEqual({
      local: '2016-12-12 14:00:00',
      gmt: '2016-12-12 19:00:00',
    });
    expect(resolveDatePair(undefined, '2016-12-12T19:00:00', zone)?.local).toBe('2016-12-12 14:00:00');
    expect(resolveDatePair('2016-12-12T14:00:00', '2000-01-01T00:00:00', zone)?.gmt).toBe(
      '2016-12-12 19:00:00',
    );
    expect(resolveDatePair(undefined, undefined, zone)).toBeNull();
  });

  it('fills a floating GMT date from the local one', () => {
    expect(restGmtDate('2016-07-01 12:00:00', ZERO_DATE, 'Europe/Oslo')).toBe('2016-07-01T10:00:00');
    expect(restGmtDate('2016-07-01 12:00:00', '2016-07-01 11:00:00', 'Europe/Oslo')).toBe(
      '2016-07-01T11:00:00',
    );
  });
});
