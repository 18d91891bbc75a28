import { changeOf, EVENT_PATTERN, matchesEvent } from './hook-events';
import { retryDelayMs } from './webhook-sender.job';

describe('webhook events', () => {
  it('matches exact types, object wildcards and *', () => {
    expect(matchesEvent(['post.updated'], 'post.updated')).toBe(true);
    expect(matchesEvent(['post.*'], 'post.deleted')).toBe(true);
    expect(matchesEvent(['post.*'], 'page.deleted')).toBe(false);
    expect(matchesEvent(['*'], 'redirect.created')).toBe(true);
    expect(matchesEvent(['page.created'], 'page.updated')).toBe(false);
  });

  it('accepts the documented patterns only', () => {
    for (const ok of ['*', 'post.*', 'event.updated', 'translation.completed'])
      expect(EVENT_PATTERN.test(ok)).toBe(true);
    for (const bad of ['post', 'post.', 'user.created', 'post.updated.x', '**'])
      expect(EVENT_PATTERN.test(bad)).toBe(false);
  });

  it('maps written rows to objects, skipping revisions', () => {
    expect(changeOf('posts', { id: 4, type: 'page', language: 'no' })).toEqual({
      objectType: 'page',
      objectId: 4,
      language: 'no',
      restPath: '/core/v2/pages/4',
    });
    expect(changeOf('posts', { id: 5, type: 'revision' })).toBeNull();
    expect(changeOf('terms', { id: 6, taxonomy: 'post_tag' })?.restPath).toBe('/core/v2/tags/6');
    expect(changeOf('redirection_items', { id: 7 })).toMatchObject({
      objectType: 'redirect',
      restPath: null,
    });
    expect(changeOf('posts', { type: 'post' })).toBeNull();
  });

  it('backs off 5 s, ×4 each time, at most 10 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 20_000, 80_000, 320_000]);
    expect(retryDelayMs(20)).toBe(10 * 3600_000);
  });
});
