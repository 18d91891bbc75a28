import { retryDelaySeconds } from './spam-check.service';

describe('retryDelaySeconds', () => {
  it('doubles after each failure and stops at six hours', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(60, n))).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(60, 20)).toBe(6 * 3600);
    expect(retryDelaySeconds(0, 5)).toBe(0);
  });
});
