import { BoundedMemo } from './bounded-memo';

describe('BoundedMemo', () => {
  it('computes once per key', () => {
    const memo = new BoundedMemo<string>(10, 1000);
    const compute = jest.fn((key: string) => key.toUpperCase());
    expect(memo.get('ab', compute)).toBe('AB');
    expect(memo.get('ab', compute)).toBe('AB');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('drops the least recently used entry beyond its entry count', () => {
    const memo = new BoundedMemo<string>(2, 1000);
    const compute = jest.fn((key: string) => `${key}!`);
    memo.get('a', compute);
    memo.get('b', compute);
    memo.get('a', compute); // a is the most recent now
    memo.get('c', compute); // b goes
    expect(memo.size).toBe(2);
    memo.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    memo.get('b', compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('keeps keys and values within its character budget and never keeps an oversized result', () => {
    const memo = new BoundedMemo<string>(100, 160);
    const compute = (key: string) => key;
    memo.get('x'.repeat(40), compute); // 80 characters of 160: over a sixteenth, not kept
    expect(memo.size).toBe(0);
    for (let i = 0; i < 20; i++) memo.get(`k${String(i).padStart(2, '0')}`, compute); // 6 characters each
    expect(memo.size).toBe(20);
    for (let i = 20; i < 40; i++) memo.get(`k${i}`, compute);
    expect(memo.size).toBeLessThanOrEqual(26);
  });
});
