import { once } from './once';

describe('once', () => {
  it('builds on first use only and answers the same value after', () => {
    let calls = 0;
    const get = once(() => ({ built: ++calls }));
    expect(calls).toBe(0);
    const first = get();
    expect(get()).toBe(first);
    expect(calls).toBe(1);
  });

  it('keeps an undefined result too', () => {
    let calls = 0;
    const get = once(() => {
      calls++;
      return undefined;
    });
    get();
    get();
    expect(calls).toBe(1);
  });
});
