import { OEmbedSourceRegistry } from '../../../src/modules/oembed';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { ABOUT, FakeSource, HELLO } from './fake-source';

describe('GET /oembed/1.0/embed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(OEmbedSourceRegistry).register(new FakeSource([HELLO, ABOUT]));
  });
  afterAll(() => t.close());

  const embed = (query: Record<string, string>) => t.http().get('/wp-json/oembed/1.0/embed').query(query);

  it('lists oembed/1.0 first among the namespaces and routes both endpoints', async () => {
    const index = await t.http().get('/wp-json/');
    expect(index.body.namespaces[0]).toBe('oembed/1.0');
    expect(index.body.routes['/oembed/1.0/embed'].methods).toEqual(['GET']);
    expect(index.body.routes['/oembed/1.0/proxy'].endpoints[0].args).toMatchObject({
      url: { type: 'string', format: 'uri', required: true },
      format: { default: 'json', enum: ['json', 'xml'] },
      maxwidth: { type: 'integer', default: 600 },
      maxheight: { type: 'integer' },
      discover: { type: 'boolean', default: true },
    });
    const namespace = await t.http().get('/wp-json/oembed/1.0');
    expect(namespace.status).toBe(200);
    expect(Object.keys(namespace.body.routes)).toEqual([
      '/oembed/1.0',
      '/oembed/1.0/embed',
      '/oembed/1.0/proxy',
    ]);
  });

  it('answers the rich JSON response for a site URL (test_request_json)', async () => {
    const res = await embed({ url: HELLO.link });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(Object.keys(res.body)).toEqual([
      'version',
      'provider_name',
      'provider_url',
      'author_name',
      'author_url',
      'title',
      'type',
      'width',
      'height',
      'html',
    ]);
    expect(res.body).toMatchObject({
      version: '1.0',
      provider_name: '3D Machine Control',
      provider_url: 'http://example.test',
      author_name: 'Jane Author',
      author_url: 'http://example.test/author/jane/',
      title: HELLO.title,
      type: 'rich',
      width: 600,
      height: 338,
    });
    const html: string = res.body.html;
    const secret = /data-secret="([A-Za-z0-9]{10})"/.exec(html)?.[1];
    expect(secret).toBeDefined();
    expect(html.startsWith(`<blockquote class="wp-embedded-content" data-secret="${secret}">`)).toBe(true);
    expect(html).toContain(`<a href="${HELLO.link}">${HELLO.title}</a></blockquote>`);
    expect(html).toContain(
      `<iframe sandbox="allow-scripts" security="restricted" src="${HELLO.link}embed/#?secret=${secret}" width="600" height="338"`,
    );
    expect(html).toContain('title="&#8220;Hello &#8220;World&#8221;&#8221; &#8212; 3D Machine Control"');
    expect(html).toContain(
      `data-secret="${secret}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe><script>`,
    );
    // a fresh secret every time
    const again = await embed({ url: HELLO.link });
    expect(/data-secret="([A-Za-z0-9]{10})"/.exec(again.body.html)?.[1]).not.toBe(secret);
  });

  it('falls back to the site as author and adds the thumbnail', async () => {
    const res = await embed({ url: ABOUT.link });
    expect(res.status).toBe(200);
    expect(res.body.author_name).toBe('3D Machine Control');
    expect(res.body.author_url).toBe('http://example.test');
    expect(res.body).toMatchObject({
      thumbnail_url: ABOUT.thumbnailUrl,
      thumbnail_width: 300,
      thumbnail_height: 200,
    });
  });

  it.each([
    ['400', 400, 225],
    ['600', 600, 338],
    ['100', 200, 200],
    ['1000', 600, 338],
    ['abc', 200, 200],
    ['-400', 400, 225],
  ])('clamps maxwidth=%s to %dx%d', async (maxwidth, width, height) => {
    const res = await embed({ url: HELLO.link, maxwidth });
    expect(res.status).toBe(200);
    expect([res.body.width, res.body.height]).toEqual([width, height]);
    expect(res.body.html).toContain(`width="${width}" height="${height}"`);
  });

  it('404 oembed_invalid_url for an unknown URL (test_request_with_bad_url)', async () => {
    const res = await embed({ url: 'http://example.test/no-such-post/' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
  });

  it('400 without url, also for null (test_request_without_url_param)', async () => {
    const res = await t.http().get('/wp-json/oembed/1.0/embed');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_missing_callback_param');
    expect(res.body.data.params).toEqual(['url']);
  });

  it('404 rest_no_route for POST (test_request_with_wrong_method)', async () => {
    const res = await t.http().post('/wp-json/oembed/1.0/embed').send({ url: HELLO.link });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });

  it('treats an unknown format as json (test_request_invalid_format)', async () => {
    const res = await embed({ url: HELLO.link, format: 'random' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.type).toBe('rich');
  });

  it('serves XML with text/xml (test_request_xml)', async () => {
    const res = await embed({ url: HELLO.link, format: 'xml', maxwidth: '400' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/xml; charset=UTF-8');
    const xml = res.text;
    expect(xml.startsWith('<?xml version="1.0"?>\n<oembed><version>1.0</version>')).toBe(true);
    expect(xml).toContain('<provider_name>3D Machine Control</provider_name>');
    expect(xml).toContain('<title>Hello &#8220;World&#8221;</title>');
    expect(xml).toContain('<type>rich</type><width>400</width><height>225</height>');
    expect(xml).toContain('<html>&lt;blockquote class=&quot;wp-embedded-content&quot;');
    expect(xml.trimEnd().endsWith('</html></oembed>')).toBe(true);
  });

  it('serves the 404 as XML for format=xml', async () => {
    const res = await embed({ url: 'http://example.test/missing/', format: 'xml' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/xml; charset=UTF-8');
    expect(res.text).toBe(
      '<?xml version="1.0"?>\n<oembed><code>oembed_invalid_url</code><message>Not Found</message><data><status>404</status></data></oembed>\n',
    );
  });
});
