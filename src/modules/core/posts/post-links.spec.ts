import { parsePostLink, permalinkTemplate, postLink } from './post-links';

const SITE = 'http://example.test';
const base = { id: 7, slug: 'hello', date: '2024-03-05 10:00:00', language: 'en' };

describe('post links', () => {
  it('builds pretty links for published posts and pages', () => {
    expect(postLink(SITE, { ...base, type: 'post', status: 'publish' })).toBe(
      'http://example.test/2024/03/05/hello/',
    );
    expect(postLink(SITE, { ...base, type: 'page', status: 'publish' })).toBe('http://example.test/hello/');
    expect(postLink(SITE, { ...base, type: 'post', status: 'publish', language: 'no' })).toBe(
      'http://example.test/no/2024/03/05/hello/',
    );
  });

  it('falls back to plain links for unpublished items', () => {
    expect(postLink(SITE, { ...base, type: 'post', status: 'draft' })).toBe('http://example.test/?p=7');
    expect(postLink(SITE, { ...base, type: 'page', status: 'pending' })).toBe(
      'http://example.test/?page_id=7',
    );
  });

  it('parses its own links back', () => {
    expect(parsePostLink(SITE, 'http://example.test/2024/03/05/hello/')).toEqual({
      language: 'en',
      type: 'post',
      slug: 'hello',
      date: '2024-03-05',
    });
    expect(parsePostLink(SITE, 'http://example.test/no/hello/')).toEqual({
      language: 'no',
      type: 'page',
      slug: 'hello',
      ancestors: [],
    });
    expect(parsePostLink(SITE, 'http://example.test/about/team/')).toEqual({
      language: 'en',
      type: 'page',
      slug: 'team',
      ancestors: ['about'],
    });
    expect(parsePostLink(SITE, 'http://example.test/?p=12')).toEqual({
      language: 'en',
      type: 'post',
      id: 12,
    });
    expect(parsePostLink(SITE, 'http://other.test/hello/')).toBeNull();
  });

  it('gives the permalink templates', () => {
    const page = { id: 7, type: 'page' as const, status: 'publish', language: 'en' };
    expect(permalinkTemplate(SITE, { ...page, type: 'post' })).toBe(
      'http://example.test/%year%/%monthnum%/%day%/%postname%/',
    );
    expect(permalinkTemplate(SITE, page)).toBe('http://example.test/%pagename%/');
    expect(permalinkTemplate(SITE, page, ['about'])).toBe('http://example.test/about/%pagename%/');
    // A trashed page's sample link stays pretty (golden pages-delete-trash.json), a trashed post's is plain.
    expect(permalinkTemplate(SITE, { ...page, status: 'trash' })).toBe('http://example.test/%pagename%/');
    expect(permalinkTemplate(SITE, { ...page, status: 'trash' }, ['about'])).toBe(
      'http://example.test/about/%pagename%/',
    );
    expect(permalinkTemplate(SITE, { ...page, type: 'post', status: 'trash' })).toBe(
      'http://example.test/?p=7',
    );
  });
});
