import { parseLastAccess } from './dates';

describe('parseLastAccess (an imported last_access)', () => {
  it.each([
    ['November 24, 2026', '2026-11-24 00:00:00'],
    ['Nov 3, 2026', '2026-11-03 00:00:00'],
    ['2026-11-24 06:11:08', '2026-11-24 06:11:08'],
    ['2026-11-24T06:11:08+02:00', '2026-11-24 04:11:08'],
    ['Tue, 24 Nov 2026 06:11:08 +0000', '2026-11-24 06:11:08'],
  ])('%s is read as UTC when it names no zone, whatever the process zone', (text, stored) => {
    expect(parseLastAccess(text)).toBe(stored);
  });

  it('is undefined for text that is no date', () => {
    expect(parseLastAccess('-')).toBeUndefined();
    expect(parseLastAccess('yesterday-ish')).toBeUndefined();
  });
});
