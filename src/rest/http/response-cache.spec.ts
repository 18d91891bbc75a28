import type { AppConfig } from '../../config';
import type { LastChanged } from '../../database';
import { CachedResponse, etagOf, ifNoneMatchHits, ResponseCache } from './response-cache';

function answer(body: string, builtAt = Date.now()): CachedResponse {
  return {
    status: 200,
    headers: {},
    body: Buffer.from(body),
    etag: etagOf(body),
    builtAt,
    size: body.length,
  };
}

function cacheWith(entries: number, seconds = 30) {
  const lastChanged = { version: async () => 'stamp' } as unknown as LastChanged;
  return new ResponseCache(lastChanged, {
    responseCacheEntries: entries,
    responseCacheSeconds: seconds,
  } as AppConfig);
}

describe('ResponseCache', () => {
  it('answers an entry only under the stamp it was stored with', () => {
    const cache = cacheWith(10);
    cache.set('/a', 's1', answer('A'));
    expect(cache.get('/a', 's1')?.body.toString()).toBe('A');
    expect(cache.get('/a', 's2')).toBeUndefined();
    // A stale entry is dropped, not kept for a stamp that may come back.
    expect(cache.get('/a', 's1')).toBeUndefined();
  });

  it('drops entries older than RESPONSE_CACHE_SECONDS', () => {
    const cache = cacheWith(10, 30);
    cache.set('/old', 's', answer('old', Date.now() - 31_000));
    cache.set('/new', 's', answer('new', Date.now() - 29_000));
    expect(cache.get('/old', 's')).toBeUndefined();
    expect(cache.get('/new', 's')?.body.toString()).toBe('new');
  });

  it('keeps at most RESPONSE_CACHE_ENTRIES, least recently used out first', () => {
    const cache = cacheWith(2);
    cache.set('/a', 's', answer('A'));
    cache.set('/b', 's', answer('B'));
    cache.get('/a', 's');
    cache.set('/c', 's', answer('C'));
    expect(cache.get('/b', 's')).toBeUndefined();
    expect(cache.get('/a', 's')?.body.toString()).toBe('A');
    expect(cache.get('/c', 's')?.body.toString()).toBe('C');
  });

  it('is off with 0 entries or 0 seconds', () => {
    expect(cacheWith(0).enabled).toBe(false);
    expect(cacheWith(10, 0).enabled).toBe(false);
    const off = cacheWith(0);
    off.set('/a', 's', answer('A'));
    expect(off.get('/a', 's')).toBeUndefined();
  });

  it('never keeps an answer over 1 MB', () => {
    const cache = cacheWith(10);
    cache.set('/big', 's', answer('x'.repeat(1024 * 1024 + 1)));
    expect(cache.get('/big', 's')).toBeUndefined();
  });
});

describe('etagOf / ifNoneMatchHits', () => {
  it('gives equal bodies equal strong tags and different bodies different ones', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    expect(etagOf('x')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it('matches *, lists and weak forms, as a GET compares', () => {
    const tag = etagOf('body');
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
    expect(ifNoneMatchHits(tag, tag)).toBe(true);
    expect(ifNoneMatchHits(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits(`"x", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits('"x"', tag)).toBe(false);
  });
});
