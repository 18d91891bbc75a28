import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentFixture, ContentFixture } from '../content/content-fixtures';
import { createTestApp, TestApp } from '../../helpers/test-app';

describe('bld/social', () => {
  let t: TestApp;
  let server: Server;
  const requests: string[] = [];
  let down = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://api.test');
      res.setHeader('content-type', 'application/json');
      if (down) {
        res.writeHead(500);
        res.end(JSON.stringify({ error: { message: 'Service temporarily unavailable', code: 2 } }));
      } else if (url.searchParams.get('access_token') !== 'secret-token') {
        res.writeHead(400);
        res.end(
          JSON.stringify({
            error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
          }),
        );
      } else if (url.pathname === '/me/media') {
        res.end(
          JSON.stringify({
            data: [
              {
                id: '1790',
                caption: 'New excavator',
                media_type: 'CAROUSEL_ALBUM',
                media_url: 'https://cdn.test/a.jpg',
                permalink: 'https://social.test/p/a',
                timestamp: '2026-11-01T10:00:00+0000',
                username: 'machinecontrol',
              },
            ],
            paging: {
              cursors: { after: 'x' },
              next: 'https://api.test/me/media?access_token=secret-token&after=x',
            },
          }),
        );
      } else if (url.pathname === '/1790/children') {
        res.end(
          JSON.stringify({
            data: [{ id: '1791', media_type: 'IMAGE', media_url: 'https://cdn.test/b.jpg' }],
          }),
        );
      } else {
        res.writeHead(400);
        res.end(
          JSON.stringify({
            error: { message: 'Unsupported get request.', type: 'GraphMethodException', code: 100 },
          }),
        );
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ SOCIAL_API_URL: `http://127.0.0.1:${port}`, SOCIAL_API_TOKEN: 'secret-token' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('lists the media without the token or paging links, and serves repeats from the cache', async () => {
    const res = await t.http().get('/wp-json/bld/social/media');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: '1790',
        caption: 'New excavator',
        media_type: 'CAROUSEL_ALBUM',
        media_url: 'https://cdn.test/a.jpg',
        permalink: 'https://social.test/p/a',
        timestamp: '2026-11-01T10:00:00+0000',
        username: 'machinecontrol',
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('secret-token');
    const count = requests.length;
    expect((await t.http().get('/wp-json/bld/social/media')).body).toEqual(res.body);
    expect(requests.length).toBe(count);
    expect(requests[0]).toContain('fields=id%2Ccaption');
  });

  it('lists the children of an album; an unknown id is 404, a non-numeric one no route', async () => {
    const res = await t.http().get('/wp-json/bld/social/1790/children');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: '1791', media_type: 'IMAGE', media_url: 'https://cdn.test/b.jpg' }]);
    const missing = await t.http().get('/wp-json/bld/social/42/children');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      code: 'bld_social_invalid_id',
      message: 'Invalid media ID.',
      data: { status: 404 },
    });
    expect((await t.http().get('/wp-json/bld/social/abc/children')).status).toBe(404);
  });

  it('maps errors of the remote service to WordPress-shaped 502s', async () => {
    down = true;
    try {
      const res = await t.http().get('/wp-json/bld/social/555/children');
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        code: 'bld_social_api_error',
        message: 'Service temporarily unavailable',
        data: { status: 502, remote_status: 500 },
      });
    } finally {
      down = false;
    }
  });

  it('answers 503 when the service cannot be reached or is not configured', async () => {
    const unreachable = await createTestApp({ SOCIAL_API_URL: 'http://127.0.0.1:1' });
    const unconfigured = await createTestApp();
    try {
      const a = await unreachable.http().get('/wp-json/bld/social/media');
      expect(a.status).toBe(503);
      expect(a.body.code).toBe('bld_social_unavailable');
      const b = await unconfigured.http().get('/wp-json/bld/social/media');
      expect(b.status).toBe(503);
      expect(b.body.code).toBe('bld_social_not_configured');
    } finally {
      await unreachable.close();
      await unconfigured.close();
    }
  });
});

describe('bld/rendered_content', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  const render = (body: object, as = f.users.contributor) =>
    f.t.http().post('/wp-json/bld/rendered_content').set('Authorization', as.auth).send(body);

  it('renders given content through the site pipeline', async () => {
    const res = await render({ content: '<!-- wp:paragraph --><p>Dig "deeper"</p><!-- /wp:paragraph -->' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rendered: '<p>Dig &#8220;deeper&#8221;</p>' });
    expect((await render({ content: 'Line one\n\nLine two' })).body.rendered).toBe(
      '<p>Line one</p>\n<p>Line two</p>\n',
    );
  });

  it('renders a post the user may read, and refuses others', async () => {
    const post = await f.create('posts', { title: 'Public', content: 'Hello -- world', status: 'publish' });
    expect((await render({ id: post.id })).body).toEqual({ rendered: '<p>Hello &#8212; world</p>\n' });
    const draft = await f.create('posts', { title: 'Secret', content: 'x', status: 'draft' });
    const refused = await render({ id: draft.id });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('rest_post_invalid_id');
    expect((await render({ id: 999999 })).status).toBe(404);
  });

  it('needs content or an id, of the right types', async () => {
    expect((await render({})).status).toBe(400);
    const wrong = await render({ id: 'abc' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('rest_invalid_param');
  });

  it('is for users who can edit posts', async () => {
    const anonymous = await f.t.http().post('/wp-json/bld/rendered_content').send({ content: 'x' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('rest_forbidden');
    expect((await render({ content: 'x' }, f.users.subscriber)).status).toBe(403);
  });
});
