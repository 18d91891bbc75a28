import {
  embedUrlOf,
  escapeHtml,
  escapeUrl,
  generateSecret,
  oembedXml,
  parseOEmbedXml,
  postEmbedHtml,
} from './oembed-markup';

describe('oembed markup', () => {
  it('generates 10-character alphanumeric secrets', () => {
    const secrets = new Set(Array.from({ length: 20 }, () => generateSecret()));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9]{10}$/);
  });

  it('escapes without double-encoding entities', () => {
    expect(escapeHtml('a & b &amp; <c> "d" \'e\' &#8220;')).toBe(
      'a &amp; b &amp; &lt;c&gt; &quot;d&quot; &#039;e&#039; &#8220;',
    );
    expect(escapeUrl('http://x.test/?a=1&b=2')).toBe('http://x.test/?a=1&#038;b=2');
    expect(escapeUrl('javascript:alert(1)')).toBe('');
  });

  it('builds embed URLs for pretty and query permalinks', () => {
    expect(embedUrlOf('http://x.test/hello/')).toBe('http://x.test/hello/embed/');
    expect(embedUrlOf('http://x.test/hello')).toBe('http://x.test/hello/embed/');
    expect(embedUrlOf('http://x.test/?p=5')).toBe('http://x.test/?p=5&embed=true');
  });

  it('renders the post embed HTML as get_post_embed_html', () => {
    const html = postEmbedHtml({
      link: 'http://x.test/hello/',
      title: 'Hello',
      siteName: 'Site',
      width: 400,
      height: 225,
      secret: 'abcDEF1234',
    });
    expect(html).toMatch(
      /^<blockquote class="wp-embedded-content" data-secret="abcDEF1234"><a href="http:\/\/x.test\/hello\/">Hello<\/a><\/blockquote><iframe sandbox="allow-scripts" security="restricted" src="http:\/\/x.test\/hello\/embed\/#\?secret=abcDEF1234" width="400" height="225" title="&#8220;Hello&#8221; &#8212; Site" data-secret="abcDEF1234" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"><\/iframe><script>/,
    );
  });

  it('serialises data as _oembed_create_xml', () => {
    expect(
      oembedXml({
        version: '1.0',
        width: 600,
        html: '<p class="a">x & y</p>',
        nested: { a: 1 },
        list: ['x'],
      }),
    ).toBe(
      '<?xml version="1.0"?>\n<oembed><version>1.0</version><width>600</width>' +
        '<html>&lt;p class=&quot;a&quot;&gt;x &amp; y&lt;/p&gt;</html><nested><a>1</a></nested><list><oembed>x</oembed></list></oembed>\n',
    );
    expect(oembedXml({})).toBeNull();
  });

  it('parses flat provider XML', () => {
    expect(
      parseOEmbedXml(
        '<?xml version="1.0"?><oembed><type>rich</type><html>&lt;b&gt;x&lt;/b&gt;</html><empty/></oembed>',
      ),
    ).toEqual({ type: 'rich', html: '<b>x</b>', empty: '' });
    expect(parseOEmbedXml('<html></html>')).toBeNull();
  });
});
