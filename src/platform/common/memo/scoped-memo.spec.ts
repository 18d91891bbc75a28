import { ScopedMemo } from './scoped-memo';

describe('ScopedMemo', () => {
  it('loads once per scope and key', () => {
    const memo = new ScopedMemo<number, string>();
    const first = {};
    const second = {};
    let loads = 0;
    const load = () => `value ${++loads}`;
    expect(memo.get(first, 1, load)).toBe('value 1');
    expect(memo.get(first, 1, load)).toBe('value 1');
    expect(memo.get(first, 2, load)).toBe('value 2');
    expect(memo.get(second, 1, load)).toBe('value 3');
    expect(loads).toBe(3);
  });
});
