import { DateTime } from 'luxon';
import { formatWpDate } from '../../../platform/common/dates';
import { dateDetails } from './date-details';

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
