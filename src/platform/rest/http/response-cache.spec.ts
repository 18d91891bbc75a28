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

/** Stamps where only the `site` group is read. */
function site(stamp: string): Map<string, string> {
  return new Map([['site', stamp]]);
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
    cache.set('/a', site('s1'), undefined, answer('A'));
    expect(cache.get('/a', site('s1'))?.body.toString()).toBe('A');
    expect(cache.get('/a', site('s2'))).toBeUndefined();
    // A stale entry is dropped, not kept for a stamp that may come back.
    expect(cache.get('/a', site('s1'))).toBeUndefined();
  });

  it('keeps an answer naming allowed groups under their stamps, across other writes', () => {
    const cache = cacheWith(10);
    cache.allowGroup('identity');
    const before = new Map([
      ['site', 's1'],
      ['identity', 'i1'],
    ]);
    cache.set('/index', before, ['identity'], answer('index'));
    cache.set('/list', before, undefined, answer('list'));
    // A group nobody allowed falls back to `site`.
    cache.set('/other', before, ['identity', 'unknown'], answer('other'));
    // No group at all: only a deploy (or the age limit) retires it.
    cache.set('/static', before, [], answer('static'));
    const afterPostWrite = new Map([
      ['site', 's2'],
      ['identity', 'i1'],
    ]);
    expect(cache.get('/index', afterPostWrite)?.body.toString()).toBe('index');
    expect(cache.get('/list', afterPostWrite)).toBeUndefined();
    expect(cache.get('/other', afterPostWrite)).toBeUndefined();
    const afterTitleTranslated = new Map([
      ['site', 's3'],
      ['identity', 'i2'],
    ]);
    expect(cache.get('/index', afterTitleTranslated)).toBeUndefined();
    expect(cache.get('/static', afterTitleTranslated)?.body.toString()).toBe('static');
  });

  it('drops entries older than RESPONSE_CACHE_SECONDS', () => {
    // the clock stands still, so the ages are exact however slowly the test runs
    jest.useFakeTimers({ now: Date.UTC(2026, 10, 27, 12) });
    try {
      const cache = cacheWith(10, 30);
      cache.set('/old', site('s'), undefined, answer('old', Date.now() - 30_001));
      cache.set('/new', site('s'), undefined, answer('new', Date.now() - 30_000));
      expect(cache.get('/old', site('s'))).toBeUndefined();
      expect(cache.get('/new', site('s'))?.body.toString()).toBe('new');
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps at most RESPONSE_CACHE_ENTRIES, least recently used out first', () => {
    const cache = cacheWith(2);
    cache.set('/a', site('s'), undefined, answer('A'));
    cache.set('/b', site('s'), undefined, answer('B'));
    cache.get('/a', site('s'));
    cache.set('/c', site('s'), undefined, answer('C'));
    expect(cache.get('/b', site('s'))).toBeUndefined();
    expect(cache.get('/a', site('s'))?.body.toString()).toBe('A');
    expect(cache.get('/c', site('s'))?.body.toString()).toBe('C');
  });

  it('is off with 0 entries or 0 seconds', () => {
    expect(cacheWith(0).enabled).toBe(false);
    expect(cacheWith(10, 0).enabled).toBe(false);
    const off = cacheWith(0);
    off.set('/a', site('s'), undefined, answer('A'));
    expect(off.get('/a', site('s'))).toBeUndefined();
  });

  it('never keeps an answer over 1 MB', () => {
    const cache = cacheWith(10);
    cache.set('/big', site('s'), undefined, answer('x'.repeat(1024 * 1024 + 1)));
    expect(cache.get('/big', site('s'))).toBeUndefined();
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
