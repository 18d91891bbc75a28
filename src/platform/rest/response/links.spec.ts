import { LinkSet } from './links';

describe('LinkSet', () => {
  it('keeps relations in the order added, attributes before href, compacts api.w.org with curies last', () => {
    const attributes = { embeddable: true, taxonomy: 'category' };
    const links = new LinkSet()
      .add('self', 'http://x/wp-json/core/v2/posts/1', { targetHints: { allow: ['GET'] } })
      .add('https://api.w.org/term', 'http://x/wp-json/core/v2/categories?post=1', attributes)
      .add('author', 'http://x/wp-json/core/v2/users/1', { embeddable: true })
      .add('https://api.w.org/term', 'http://x/wp-json/core/v2/tags?post=1', { taxonomy: 'post_tag' });
    const json = JSON.stringify(links);
    expect(json).toBe(
      '{"self":[{"targetHints":{"allow":["GET"]},"href":"http://x/wp-json/core/v2/posts/1"}],' +
        '"wp:term":[{"embeddable":true,"taxonomy":"category","href":"http://x/wp-json/core/v2/categories?post=1"},' +
        '{"taxonomy":"post_tag","href":"http://x/wp-json/core/v2/tags?post=1"}],' +
        '"author":[{"embeddable":true,"href":"http://x/wp-json/core/v2/users/1"}],' +
        '"curies":[{"name":"wp","href":"https://api.w.org/{rel}","templated":true}]}',
    );
    // The caller's attributes object is copied, not changed.
    expect(attributes).toEqual({ embeddable: true, taxonomy: 'category' });
  });

  it('adds no curies when nothing was compacted', () => {
    expect(new LinkSet().add('parent', 'http://x/p').toJSON()).toEqual({ parent: [{ href: 'http://x/p' }] });
  });
});
