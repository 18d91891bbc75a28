import { OEmbedSourceRegistry } from '../../../src/modules/oembed';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { ABOUT, FakeSource, HELLO } from './fake-source';

describe('HTML pages of embeddable content', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(OEmbedSourceRegistry).register(new FakeSource([HELLO, ABOUT]));
  });
  afterAll(() => t.close());

  it('serves the permalink the oEmbed response links to, with discovery links', async () => {
    const res = await t.http().get('/2026/11/hello-world/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
    expect(res.text).toContain('<title>Hello &#8220;World&#8221; &#8211; 3D Machine Control</title>');
    expect(res.text).toContain(HELLO.contentHtml);
    expect(res.text).toContain(
      '<link rel="alternate" type="application/json+oembed" href="http://example.test/wp-json/oembed/1.0/embed?url=http%3A%2F%2Fexample.test%2F2026%2F11%2Fhello-world%2F" />',
    );
  });

  it('serves the embed template at the iframe URL, frameable', async () => {
    const embed = await t.http().get('/wp-json/oembed/1.0/embed').query({ url: HELLO.link });
    const src = /src="([^"#]+)#\?secret=/.exec(embed.body.html)?.[1] as string;
    expect(src).toBe(`${HELLO.link}embed/`);
    const res = await t.http().get(new URL(src).pathname);
    expect(res.status).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-wp-embed']).toBe('true');
    expect(res.text).toContain(`<a href="${HELLO.link}" target="_top">${HELLO.title}</a>`);
    expect(res.text).toContain(HELLO.excerptHtml);
    expect(res.text).toContain('postMessage');
  });

  it('the discovery link of a page leads back to its oEmbed data', async () => {
    const page = await t.http().get('/about/');
    const href = /type="application\/json\+oembed" href="([^"]+)"/.exec(page.text)?.[1] as string;
    const res = await t.http().get(href.replace('http://example.test', '').replace(/&#038;/g, '&'));
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('About us');
  });

  it('leaves unknown paths, the health check and the REST API alone', async () => {
    expect((await t.http().get('/no-such-page/')).status).toBe(404);
    expect((await t.http().get('/no-such-page/embed/')).status).toBe(404);
    expect((await t.http().get('/health')).status).toBe(200);
    expect((await t.http().get('/wp-json/')).status).toBe(200);
  });
});
