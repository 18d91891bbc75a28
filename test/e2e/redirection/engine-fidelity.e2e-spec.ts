import { NS, RedirectionTest, setup } from './helpers';

/**
 * Issue 26, the redirect engine: requests that Redirection 5.4.2 (and WordPress's canonical redirects in front of
 * it) answer, which this service answered otherwise.
 */
describe('redirect engine: as Redirection answers', () => {
  let r: RedirectionTest;
  let post: { id: number; link: string };
  const api = (path: string, body: object) =>
    r.t.http().post(`${NS}${path}`).set('Authorization', r.admin.auth).send(body);
  const create = async (body: Record<string, unknown>) => {
    const res = await api('/redirect', { match_type: 'url', action_type: 'url', group_id: 1, ...body });
    expect(res.status).toBe(200);
  };
  const visit = (path: string) => r.t.http().get(path);

  beforeAll(async () => {
    r = await setup({ BASE_URL: 'http://127.0.0.1:8081' });
    const created = await r.t
      .http()
      .post('/wp-json/core/v2/posts')
      .set('Authorization', r.admin.auth)
      .send({ title: 'Moved story', status: 'publish', date: '2022-07-06T10:00:00' });
    post = created.body;
  });
  afterAll(() => r.t.close());

  it('GET //?query is a source like any other, never a 500', async () => {
    await create({ url: '//?query', action_data: { url: '/from-double-slash' } });
    const res = await visit('//?query');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/from-double-slash');
    for (const path of ['//', '//?other', '//x/y?z=1', '/%', '/?%', '/%E0%A4%A', '//evil.example/path']) {
      const answer = await visit(path);
      expect([path, answer.status < 500]).toEqual([path, true]);
    }
  });

  it('a passed query keeps an encoded + as %2B and a key without value as written, in the request order', async () => {
    await create({
      url: '/pass-query',
      action_data: { url: '/target?fixed=1' },
      match_data: { source: { flag_query: 'pass' } },
    });
    expect((await visit('/pass-query?param=2r8b%2B6h')).headers.location).toBe(
      '/target?fixed=1&param=2r8b%2B6h',
    );
    expect((await visit('/pass-query?random+thing')).headers.location).toBe('/target?fixed=1&random+thing');
    expect((await visit('/pass-query?b=1&random+thing&a=2')).headers.location).toBe(
      '/target?fixed=1&b=1&random+thing&a=2',
    );
    // The target's own parameters are never overridden.
    expect((await visit('/pass-query?fixed=2&c=3')).headers.location).toBe('/target?fixed=1&c=3');
  });

  it('the HTTP headers setting: site headers on redirect answers too, redirect headers on redirects only', async () => {
    await create({ url: '/headed', action_data: { url: '/headed-target' } });
    await api('/setting', {
      headers: [
        { headerName: 'X-Site', headerValue: 'all', location: 'site', headerSettings: [], type: 'custom' },
        {
          headerName: 'X-Moved',
          headerValue: 'yes',
          location: 'redirect',
          headerSettings: [],
          type: 'custom',
        },
      ],
    });
    const redirected = await visit('/headed');
    expect(redirected.status).toBe(301);
    expect(redirected.headers['x-site']).toBe('all');
    expect(redirected.headers['x-moved']).toBe('yes');
    const page = await visit(new URL(post.link).pathname);
    expect(page.status).toBe(200);
    expect(page.headers['x-site']).toBe('all');
    expect(page.headers['x-moved']).toBeUndefined();
    await api('/setting', { headers: [] });
  });

  it('permalink migration: a path an old structure reads 301s to the post, the current permalink answers', async () => {
    await api('/setting', {
      permalinks: [
        '/%year%/%monthnum%/%day%/%postname%/',
        '/%year%/%monthnum%/%postname%/',
        '/archives/%post_id%',
      ],
    });
    const current = new URL(post.link).pathname;
    expect(current).toBe('/2022/07/06/moved-story/');
    const answer = await visit(current);
    expect(answer.status).toBe(200);
    for (const old of ['/2022/07/moved-story/', `/archives/${post.id}`]) {
      const res = await visit(old);
      expect([old, res.status, res.headers.location]).toEqual([old, 301, post.link]);
      expect(res.headers['x-redirect-by']).toBe('redirection');
    }
    // Read by a structure but naming no post (the date does not fit): the site's 404, logged.
    expect((await visit('/2022/08/moved-story/')).status).toBe(404);
    expect((await visit('/2021/01/01/moved-story/')).status).toBe(404);
    await api('/setting', { permalinks: [] });
    expect((await visit('/2022/07/moved-story/')).status).toBe(404);
  });

  it("WordPress's canonical redirects of the front page's query forms, where the object exists", async () => {
    const auth = { Authorization: r.admin.auth };
    const page = await r.t
      .http()
      .post('/wp-json/core/v2/pages')
      .set(auth)
      .send({ title: 'About', status: 'publish' });
    const category = await r.t.http().post('/wp-json/core/v2/categories').set(auth).send({ name: 'News' });
    const me = await r.t.http().get('/wp-json/core/v2/users/me').set(auth);
    const cases: Array<[string, string]> = [
      [`/?p=${post.id}`, post.link],
      [`/?p=${post.id}&utm_source=x`, `${post.link}?utm_source=x`],
      [`/?page_id=${page.body.id}`, 'http://127.0.0.1:8081/about/'],
      [`/?cat=${category.body.id}`, 'http://127.0.0.1:8081/category/news/'],
      [`/?author=${r.admin.id}`, me.body.link],
    ];
    for (const [path, location] of cases) {
      const res = await visit(path);
      expect([path, res.status, res.headers.location]).toEqual([path, 301, location]);
      expect(res.headers['x-redirect-by']).toBe('WordPress');
    }
    expect(me.body.link).toMatch(/\/author\/[^/]+\/$/);
    // Nothing there for a visitor: WordPress's 404; an author without published posts: the front page.
    expect((await visit('/?p=987654')).status).toBe(404);
    expect((await visit(`/?page_id=${post.id}`)).status).toBe(404);
    expect((await visit('/?cat=987654')).status).toBe(404);
    expect((await visit(`/?author=${r.editor.id}`)).status).toBe(200);
  });
});
