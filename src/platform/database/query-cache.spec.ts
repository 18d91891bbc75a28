import type { AppConfig } from '../config';
import type { LastChanged } from './last-changed';
import { QueryCache } from './query-cache';

function cacheWith(capacity: number) {
  const stamps: Record<string, string> = { calendar: 'a' };
  const lastChanged = { version: async (group: string) => stamps[group] } as unknown as LastChanged;
  const cache = new QueryCache(lastChanged, { queryCacheEntries: capacity } as AppConfig);
  let computed = 0;
  const get = (key: string) => cache.remember('calendar', key, async () => `${key}#${++computed}`);
  return { stamps, get, computed: () => computed };
}

describe('QueryCache', () => {
  it('reuses a result until the group stamp changes', async () => {
    const { stamps, get } = cacheWith(10);
    expect(await get('q')).toBe('q#1');
    expect(await get('q')).toBe('q#1');
    stamps.calendar = 'b';
    expect(await get('q')).toBe('q#2');
  });

  it('keeps at most its capacity, dropping the least recently used', async () => {
    const { get } = cacheWith(2);
    await get('a');
    await get('b');
    await get('a'); // a is now the most recent
    await get('c'); // drops b
    expect(await get('a')).toBe('a#1');
    expect(await get('b')).toBe('b#4');
  });

  it('computes every time with capacity 0', async () => {
    const { get, computed } = cacheWith(0);
    await get('q');
    await get('q');
    expect(computed()).toBe(2);
  });
});
