import { stringify } from 'qs';
import { RestUrls } from './rest-urls';

describe('RestUrls.route', () => {
  const urls = new RestUrls('https://example.org', 'wp-json', 'en');

  it.each<Record<string, unknown>>([
    { post: 12 },
    { parent: 0, per_page: -3 },
    { slug: 'a-b_c.d~e' },
    { a: 1.5 },
    { a: 1e21 },
    { a: 'x y' },
    { a: 'æ' },
    { a: '' },
    { a: [1, 2] },
    { a: { b: 1 } },
    { a: null },
    { a: undefined },
    { a: true },
    { 'a[b]': 1 },
  ])('builds the query string as qs does: %j', (query) => {
    expect(urls.route('/core/v2/comments', query)).toBe(
      `https://example.org/wp-json/core/v2/comments?${stringify(query, { encodeValuesOnly: true })}`,
    );
  });

  it('adds no query string for an empty query', () => {
    expect(urls.route('/core/v2/comments', {})).toBe('https://example.org/wp-json/core/v2/comments');
    expect(urls.route('/core/v2/comments')).toBe('https://example.org/wp-json/core/v2/comments');
  });
});
