import { golden, NS, RedirectionTest, setup } from './helpers';

describe('redirect log, 404 log and hit counters', () => {
  let r: RedirectionTest;
  const get = (path: string, auth: string | null = r.admin.auth) => {
    const req = r.t.http().get(`${NS}${path}`);
    return auth ? req.set('Authorization', auth) : req;
  };
  const post = (path: string, body: unknown, auth: string | null = r.admin.auth) => {
    const req = r.t
      .http()
      .post(`${NS}${path}`)
      .send(body as object);
    return auth ? req.set('Authorization', auth) : req;
  };
  const visit = (path: string, agent = 'curl/7.88.1', referrer?: string) => {
    const req = r.t.http().get(path).set('User-Agent', agent);
    return referrer ? req.set('Referer', referrer) : req;
  };

  beforeAll(async () => {
    r = await setup({ BASE_URL: 'http://127.0.0.1:8081' });
    for (const name of [
      'redirect-create',
      'redirect-create-regex',
      'redirect-create-pass',
      'redirect-create-410',
    ]) {
      expect((await post('/redirect', golden(name).request.body)).status).toBe(200);
    }
    await visit('/old-page');
    await visit('/old-page/', 'PeerBot/1.0', 'http://referrer.example/page');
    await r.t.http().head('/old-page').set('User-Agent', 'curl/7.88.1');
    await visit('/blog/peer-post-04');
    await visit('/pass-through', 'PeerBot/1.0', 'http://referrer.example/page');
    await visit('/gone-page');
    await visit('/missing-one');
    await visit('/missing-two', 'PeerBot/2.0', 'http://referrer.example/other');
    await visit('/missing-two', 'PeerBot/2.0', 'http://referrer.example/other');
    await r.t.http().head('/missing-head').set('User-Agent', 'curl/7.88.1');
  });
  afterAll(() => r.t.close());

  it('logs url and pass hits (not error actions), newest first, in the plugin shape', async () => {
    const res = await get('/log');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    const shape = golden('log-list').body.items[0];
    expect(Object.keys(res.body.items[0])).toEqual(Object.keys(shape));
    expect(res.body.items[0]).toEqual({
      ...shape,
      id: 5,
      created: expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
      created_time: expect.stringMatching(/^\d{1,2}:\d{2} (am|pm)$/),
      redirection_id: 3,
    });
    expect(
      res.body.items.map((item: { url: string; http_code: number }) => [item.url, item.http_code]),
    ).toEqual([
      ['/pass-through', 0],
      ['/blog/peer-post-04', 302],
      ['/old-page', 301],
      ['/old-page/', 301],
      ['/old-page', 301],
    ]);
  });

  it('counts hits and the last access on the redirect', async () => {
    const res = await get('/redirect?orderby=last_count&direction=desc');
    expect(res.body.items.map((item: { url: string; hits: number }) => [item.url, item.hits])).toEqual([
      ['/old-page', 3],
      ['/pass-through', 1],
      ['^/blog/(.*)$', 1],
      ['/gone-page', 0],
    ]);
    expect(res.body.items[0].last_access).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });

  it('logs 404s', async () => {
    const res = await get('/404');
    expect(res.body.total).toBe(4);
    expect(res.body.items[0]).toEqual({
      ...golden('404-list').body.items[0],
      id: 4,
      created: expect.any(String),
      created_time: expect.any(String),
    });
  });

  it('filters, orders and groups', async () => {
    expect((await get('/log?filterBy[method]=head')).body.items.map((i: { url: string }) => i.url)).toEqual([
      '/old-page',
    ]);
    expect((await get('/log?filterBy[url]=blog')).body.total).toBe(1);
    expect((await get('/log?filterBy[agent]=PeerBot')).body.total).toBe(2);
    expect((await get('/log?filterBy[target]=peer-post-04')).body.total).toBe(2);
    expect((await get('/log?filterBy[url-exact]=/old-page')).body.total).toBe(2);
    expect((await get('/log?filterBy[redirect_by]=redirection')).body.total).toBe(5);
    expect((await get('/log?filterBy[http]=302')).body.total).toBe(1);
    expect((await get('/log?orderby=url&direction=asc')).body.items[0].url).toBe('/blog/peer-post-04');
    expect((await get('/log?groupBy=url')).body).toEqual({
      items: [
        { count: 2, url: '/old-page', id: '/old-page' },
        { count: 1, url: '/blog/peer-post-04', id: '/blog/peer-post-04' },
        { count: 1, url: '/old-page/', id: '/old-page/' },
        { count: 1, url: '/pass-through', id: '/pass-through' },
      ],
      total: 4,
    });
    expect((await get('/log?groupBy=ip')).body).toEqual(
      golden('log-list-group-ip').body.items && {
        items: [{ count: 5, ip: '', id: '' }],
        total: 1,
      },
    );
    // Equal counts: their order follows the database collation, so compare as a set.
    const agents = (await get('/404?groupBy=agent&direction=asc')).body;
    expect(agents.total).toBe(2);
    expect(
      [...agents.items].sort((a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)),
    ).toEqual([
      { count: 2, agent: 'curl/7.88.1', id: 'curl/7.88.1' },
      { count: 2, agent: 'PeerBot/2.0', id: 'PeerBot/2.0' },
    ]);
    expect((await get('/404?filterBy[referrer]=other')).body.total).toBe(2);
    expect((await get('/404?filterBy[method]=head')).body.items[0].url).toBe('/missing-head');
  });

  it.each([
    ['log-list-per-page-201'],
    ['log-list-page-cats'],
    ['log-list-orderby-cats'],
    ['log-list-filterby-cats'],
    ['log-list-filterby-cats-thing'],
    ['404-list-filterby-target'],
    ['404-list-per-page-201'],
  ])('validates %s', async (name) => {
    const recorded = golden(name);
    const res = await get(recorded.request.path.replace(NS, ''));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(recorded.body);
  });

  it('bulk deletes by id, by grouped value and by filter', async () => {
    let res = await post('/bulk/log/delete', { items: [1] });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    res = await post('/bulk/log/delete', { items: ['/pass-through'], groupBy: 'url' });
    // The answer is the grouped list (groupBy is a list parameter too): by count, then URL.
    expect(res.body.items.map((i: { url: string }) => i.url)).toEqual([
      '/blog/peer-post-04',
      '/old-page',
      '/old-page/',
    ]);
    res = await post('/bulk/404/delete', { items: ['/missing-two'], groupBy: 'url' });
    expect(res.body.items.map((i: { url: string }) => i.url)).toEqual(['/missing-head', '/missing-one']);
    res = await post('/bulk/404/delete', { global: true, filterBy: { url: 'head' } });
    // The answer is the list under the same filter, now empty (as the recorded answer).
    expect(res.body).toEqual({ items: [], total: 0 });
    expect((await get('/404')).body.items.map((i: { url: string }) => i.url)).toEqual(['/missing-one']);
  });

  it('settings: IP logging modes, header logging, no logging, no hit tracking, excluded redirects', async () => {
    await post('/setting', { ip_logging: 1, ip_headers: ['HTTP_X_FORWARDED_FOR'], log_header: true });
    await visit('/old-page').set('X-Forwarded-For', '203.0.113.77').set('Cookie', 'secret=1');
    let row = (await get('/log')).body.items[0];
    expect(row.ip).toBe('203.0.113.77');
    expect(row.request_data.headers['user-agent']).toBe('curl/7.88.1');
    expect(row.request_data.headers.cookie).toBeUndefined();
    await post('/setting', { ip_logging: 2, log_header: false });
    await visit('/old-page').set('X-Forwarded-For', '203.0.113.77');
    row = (await get('/log')).body.items[0];
    expect(row.ip).toBe('203.0.113.0');
    expect(row.request_data).toBe('');

    const before = (await get('/log')).body.total;
    const hits = (await get('/redirect?filterBy[url]=old-page')).body.items[0].hits;
    await post('/setting', { expire_redirect: -1, expire_404: -1, track_hits: false });
    await visit('/old-page');
    await visit('/nowhere');
    expect((await get('/log')).body.total).toBe(before);
    expect((await get('/404?filterBy[url]=nowhere')).body.total).toBe(0);
    expect((await get('/redirect?filterBy[url]=old-page')).body.items[0].hits).toBe(hits);

    await post('/setting', { expire_redirect: 7, expire_404: 7, track_hits: true });
    await post('/redirect', {
      url: '/quiet',
      match_type: 'url',
      action_type: 'url',
      action_data: { url: '/' },
      group_id: 1,
      match_data: { options: { log_exclude: true } },
    });
    await visit('/quiet');
    expect((await get('/log?filterBy[url]=quiet')).body.total).toBe(0);
    const quiet = (await get('/redirect?filterBy[url]=quiet')).body.items[0];
    expect(quiet.hits).toBe(1);
    expect(quiet.match_data.options).toEqual({ log_exclude: true });
  });

  it('permissions: administrators only', async () => {
    for (const auth of [null, r.editor.auth, r.subscriber.auth]) {
      const status = auth ? 403 : 401;
      expect((await get('/log', auth)).status).toBe(status);
      expect((await get('/404', auth)).status).toBe(status);
      expect((await post('/bulk/log/delete', { items: [2] }, auth)).status).toBe(status);
      expect((await post('/bulk/404/delete', { items: [2] }, auth)).status).toBe(status);
    }
    expect((await get('/log?filterBy[url-exact]=/old-page')).body.total).toBeGreaterThan(0);
  });
});
