import { batchLoader } from './batch-loader';

describe('batchLoader', () => {
  it('answers concurrent loads of one turn with one call, each caller its own value', async () => {
    const calls: number[][] = [];
    const loader = batchLoader<number, string>(async (keys) => {
      calls.push([...keys]);
      return keys.map((key) => `v${key}`);
    });
    const values = await Promise.all([loader.load(3), loader.load(1), loader.load(3)]);
    expect(values).toEqual(['v3', 'v1', 'v3']);
    expect(calls).toEqual([[3, 1, 3]]);
  });

  it('keeps nothing between turns: a later load reads again', async () => {
    let reads = 0;
    const loader = batchLoader<number, number>(async (keys) => keys.map(() => ++reads));
    expect(await loader.load(1)).toBe(1);
    expect(await loader.load(1)).toBe(2);
  });

  it('gathers loads that are an awaited step apart', async () => {
    const calls: number[][] = [];
    const loader = batchLoader<number, number>(async (keys) => {
      calls.push([...keys]);
      return [...keys];
    });
    const step = async (key: number) => {
      await Promise.resolve();
      await new Promise<void>((resolve) => process.nextTick(resolve));
      return loader.load(key);
    };
    expect(await Promise.all([loader.load(1), step(2), step(3)])).toEqual([1, 2, 3]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('rejects every caller of a failed batch', async () => {
    const loader = batchLoader<number, number>(() => Promise.reject(new Error('down')));
    const results = await Promise.allSettled([loader.load(1), loader.load(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
