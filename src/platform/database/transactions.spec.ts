import { retryDelayMs } from './transactions';

describe('retryDelayMs', () => {
  it('waits between half and the whole of an exponentially growing, capped bound', () => {
    expect(retryDelayMs(1, () => 0)).toBe(8);
    expect(retryDelayMs(1, () => 1)).toBe(15);
    expect(retryDelayMs(3, () => 1)).toBe(60);
    expect(retryDelayMs(20, () => 1)).toBe(400);
    expect(retryDelayMs(20, () => 0)).toBe(200);
  });
});
