import { discoverProvider } from './oembed-discovery';

describe('discoverProvider', () => {
  const page = (head: string, body = '') => `<html><head>${head}</head><body>${body}</body></html>`;

  it('finds the JSON endpoint and decodes the href', () => {
    expect(
      discoverProvider(
        page(
          '<link rel="alternate" type="application/json+oembed" href="https://p.test/oembed?url=x&amp;format=json" />',
        ),
        'https://p.test/v',
      ),
    ).toBe('https://p.test/oembed?url=x&format=json');
  });

  it('prefers JSON over XML and resolves relative hrefs', () => {
    expect(
      discoverProvider(
        page("<link type='text/xml+oembed' href='/o.xml'><link type=application/json+oembed href=/o.json>"),
        'https://p.test/dir/v',
      ),
    ).toBe('https://p.test/o.json');
    expect(discoverProvider(page('<link type="text/xml+oembed" href="/o.xml">'), 'https://p.test/')).toBe(
      'https://p.test/o.xml',
    );
  });

  it('ignores links in the body and pages without oEmbed links', () => {
    expect(
      discoverProvider(page('', '<link type="application/json+oembed" href="/o">'), 'https://p.test/'),
    ).toBeNull();
    expect(discoverProvider(page('<link rel="stylesheet" href="/s.css">'), 'https://p.test/')).toBeNull();
  });
});
