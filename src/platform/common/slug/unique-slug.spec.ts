import {
  isReservedPageSlug,
  isReservedSlug,
  pickUniqueSlug,
  slugSearchPrefix,
  truncateSlug,
  uniqueSlug,
} from './unique-slug';

describe('uniqueSlug', () => {
  const takenIn =
    (...taken: string[]) =>
    (candidate: string): boolean =>
      taken.includes(candidate);

  it('returns the desired slug when it is free', async () => {
    await expect(uniqueSlug('hello', takenIn())).resolves.toBe('hello');
  });

  it('appends -2, -3, … until a slug is free', async () => {
    await expect(uniqueSlug('hello', takenIn('hello'))).resolves.toBe('hello-2');
    await expect(uniqueSlug('hello', takenIn('hello', 'hello-2', 'hello-3'))).resolves.toBe('hello-4');
  });

  it('accepts an asynchronous check and asks about candidates in order', async () => {
    const asked: string[] = [];
    const isTaken = async (candidate: string): Promise<boolean> => {
      asked.push(candidate);
      return candidate !== 'sample-slug-3';
    };
    await expect(uniqueSlug('sample-slug', isTaken)).resolves.toBe('sample-slug-3');
    expect(asked).toEqual(['sample-slug', 'sample-slug-2', 'sample-slug-3']);
  });

  it('refuses feed names and embed even when free, but not their suffixed forms', async () => {
    await expect(uniqueSlug('feed', takenIn())).resolves.toBe('feed-2');
    await expect(uniqueSlug('embed', takenIn())).resolves.toBe('embed-2');
    await expect(uniqueSlug('feeds', takenIn())).resolves.toBe('feeds');
  });

  it('uses a custom reserved rule', async () => {
    await expect(uniqueSlug('2', takenIn(), { isReserved: isReservedPageSlug })).resolves.toBe('2-2');
  });

  it('keeps the suffixed slug within the maximum length', async () => {
    const long = 'a'.repeat(200);
    await expect(uniqueSlug(long, takenIn(long))).resolves.toBe('a'.repeat(198) + '-2');
  });

  it('leaves an empty slug empty', async () => {
    await expect(uniqueSlug('', takenIn(''))).resolves.toBe('');
  });

  it('gives up after maxAttempts suffixes', async () => {
    await expect(uniqueSlug('x', () => true, { maxAttempts: 3 })).rejects.toThrow('No free slug');
  });
});

describe('pickUniqueSlug', () => {
  it('picks from a preloaded set of taken slugs', () => {
    const taken = new Set(['event', 'event-2', 'event-4', 'events']);
    expect(pickUniqueSlug('event', taken)).toBe('event-3');
    expect(pickUniqueSlug('event-2', taken)).toBe('event-2-2');
    expect(pickUniqueSlug('party', taken)).toBe('party');
    expect(pickUniqueSlug('rss', new Set())).toBe('rss-2');
  });
});

describe('slugSearchPrefix', () => {
  it('is the slug itself unless the slug must be truncated for a suffix', () => {
    expect(slugSearchPrefix('my-event')).toBe('my-event');
    const long = 'b'.repeat(199);
    const prefix = slugSearchPrefix(long);
    expect(long.startsWith(prefix)).toBe(true);
    expect(pickUniqueSlug(long, new Set([long])).startsWith(prefix)).toBe(true);
  });
});

describe('truncateSlug', () => {
  it('drops trailing dashes left by the cut', () => {
    expect(truncateSlug('abc-def', 4)).toBe('abc');
    expect(truncateSlug('abc', 10)).toBe('abc');
  });

  it('never cuts inside an encoded character', () => {
    expect(truncateSlug('a%d0%b6%d0%b6', 8)).toBe('a%d0%b6');
    expect(truncateSlug('a%d0%b6%d0%b6', 12)).toBe('a%d0%b6');
    expect(truncateSlug('a%d0%b6%d0%b6', 13)).toBe('a%d0%b6%d0%b6');
  });
});

describe('reserved slugs', () => {
  it.each([
    ['feed', true, true],
    ['rss2', true, true],
    ['embed', true, true],
    ['123', false, true],
    ['page2', false, true],
    ['pages', false, false],
    ['hello', false, false],
  ])('%s: post %s, page %s', (slug, reservedForPosts, reservedForPages) => {
    expect(isReservedSlug(slug)).toBe(reservedForPosts);
    expect(isReservedPageSlug(slug)).toBe(reservedForPages);
  });
});
