import { OEmbedSourceRegistry } from '../../../src/modules/oembed';
import { SafeHttpClient } from '../../../src/platform/common/http';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { FakeSource, HELLO } from './fake-source';
import { ProviderServer } from './provider-server';

describe('GET /oembed/1.0/proxy', () => {
  let t: TestApp;
  let provider: ProviderServer;
  let editor: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(OEmbedSourceRegistry).register(new FakeSource([HELLO]));
    provider = new ProviderServer();
    await provider.start();
    editor = await t.user('editor');
  });
  afterAll(async () => {
    await provider.stop();
    await t.close();
  });

  const proxy = (query: Record<string, string>, auth?: string) => {
    const request = t.http().get('/wp-json/oembed/1.0/proxy').query(query);
    return auth ? request.set('Authorization', auth) : request;
  };
  const allowLocalProviders = (allow: boolean) => {
    t.app.get(SafeHttpClient).allowPrivateNetwork = allow;
  };

  it('validates before checking permission: anonymous without url gets 400 (test_proxy_without_permission)', async () => {
    const res = await proxy({});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_missing_callback_param');
  });

  it('needs edit_posts: 401 anonymous, 403 subscriber', async () => {
    const anonymous = await proxy({ url: `${provider.base}/video` });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to make proxied oEmbed requests.',
      data: { status: 401 },
    });
    const subscriber = await t.user('subscriber');
    const denied = await proxy({ url: `${provider.base}/video` }, subscriber.auth);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('rest_forbidden');
  });

  it.each(['contributor', 'author', 'editor', 'administrator'] as const)(
    'lets a %s through',
    async (role) => {
      const user = await t.user(role);
      const res = await proxy({ url: HELLO.link }, user.auth);
      expect(res.status).toBe(200);
    },
  );

  it('rejects bad format and discover values with 400', async () => {
    const format = await proxy({ url: HELLO.link, format: 'random' }, editor.auth);
    expect(format.status).toBe(400);
    expect(format.body.code).toBe('rest_invalid_param');
    const discover = await proxy({ url: HELLO.link, discover: 'notaboolean' }, editor.auth);
    expect(discover.status).toBe(400);
    expect(discover.body.data.params.discover).toBe('discover is not of type boolean.');
  });

  it('answers the site own URLs locally', async () => {
    const res = await proxy({ url: HELLO.link, maxwidth: '400' }, editor.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      provider_name: '3D Machine Control',
      type: 'rich',
      width: 400,
      height: 225,
    });
  });

  it('refuses private and loopback providers by default', async () => {
    allowLocalProviders(false);
    const before = provider.requests.length;
    const res = await proxy({ url: `${provider.base}/video` }, editor.auth);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('oembed_invalid_url');
    expect(provider.requests.length).toBe(before);
    allowLocalProviders(true);
  });

  it('discovers the provider, passes maxwidth/maxheight, and sanitises untrusted HTML', async () => {
    allowLocalProviders(true);
    const res = await proxy(
      { url: `${provider.base}/video`, maxwidth: '480', maxheight: '300' },
      editor.auth,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      version: '1.0',
      type: 'video',
      provider_name: 'Local Tube',
      title: 'Video at 480x300',
    });
    const call = provider.requests.filter((u) => u.pathname === '/oembed').pop() as URL;
    expect(call.searchParams.get('url')).toBe(`${provider.base}/video`);
    expect(call.searchParams.get('format')).toBe('json');
    expect(call.searchParams.get('dnt')).toBe('1');
    const html: string = res.body.html;
    const secret = /data-secret="([A-Za-z0-9]{10})"/.exec(html)?.[1] as string;
    expect(html).toBe(
      `<blockquote class="wp-embedded-content" data-secret="${secret}"><a href="http://127.0.0.1/v">Watch</a></blockquote>` +
        `<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" style="position: absolute; visibility: hidden;"` +
        ` src="http://127.0.0.1/player?a=1&#038;b=2#?secret=${secret}" data-secret="${secret}" width="480" height="270"></iframe>`,
    );
  });

  it('uses the default maxheight of 750 and follows redirects', async () => {
    const res = await proxy({ url: `${provider.base}/redirect` }, editor.auth);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Video at 600x750');
  });

  it('builds photo and link HTML, and falls back to XML when JSON is not implemented', async () => {
    const photo = await proxy({ url: `${provider.base}/photo` }, editor.auth);
    expect(photo.status).toBe(200);
    expect(photo.body.html).toBe(
      `<a href="${provider.base}/photo"><img src="http://127.0.0.1/p.jpg" alt="A &quot;photo&quot;" width="100" height="80" /></a>`,
    );
    const xml = await proxy({ url: `${provider.base}/xml-only` }, editor.auth);
    expect(xml.status).toBe(200);
    expect(xml.body).toMatchObject({ type: 'link', title: 'Fish & Chips' });
    expect(xml.body.html).toBe(`<a href="${provider.base}/xml-only">Fish &amp; Chips</a>`);
  });

  it('404 oembed_invalid_url when the page announces no provider, or discover is off', async () => {
    const plain = await proxy({ url: `${provider.base}/plain` }, editor.auth);
    expect(plain.status).toBe(404);
    expect(plain.body).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
    const off = await proxy(
      { url: `${provider.base}/video`, discover: 'false', maxwidth: '333' },
      editor.auth,
    );
    expect(off.status).toBe(404);
  });

  it('caches a provider response for the same arguments (served after the provider is gone)', async () => {
    const query = { url: `${provider.base}/video`, maxwidth: '500' };
    const first = await proxy(query, editor.auth);
    expect(first.status).toBe(200);
    const fetches = provider.requests.length;
    await provider.stop();

    const second = await proxy(query, editor.auth);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(provider.requests.length).toBe(fetches);

    // other arguments are another cache entry, and the provider is gone
    const other = await proxy({ ...query, maxwidth: '501' }, editor.auth);
    expect(other.status).toBe(404);
  });
});
