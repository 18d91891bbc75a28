import { golden, mapGoldenIds, NS, RedirectionTest, setup } from './helpers';

/** The golden recording's creates, in its order (ids 367… there, 1… here). */
const CREATES = [
  'redirect-create',
  'redirect-create-regex',
  'redirect-create-410',
  'redirect-create-pass',
  'redirect-create-login',
  'redirect-create-multi',
  'redirect-create-disabled',
  'redirect-create-query-pass',
  'redirect-create-external-source',
  'redirect-create-bad-code',
];

describe('redirection/v1 redirects', () => {
  let r: RedirectionTest;
  const as = (auth: string | null) => ({
    get: (path: string) => {
      const req = r.t.http().get(`${NS}${path}`);
      return auth ? req.set('Authorization', auth) : req;
    },
    post: (path: string, body: unknown = {}) => {
      const req = r.t
        .http()
        .post(`${NS}${path}`)
        .send(body as object);
      return auth ? req.set('Authorization', auth) : req;
    },
  });
  const admin = () => as(r.admin.auth);

  beforeAll(async () => {
    r = await setup({ BASE_URL: 'http://127.0.0.1:8081' });
  });
  afterAll(() => r.t.close());

  it('lists nothing on a fresh site', async () => {
    const res = await admin().get('/redirect');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(golden('redirect-list-empty').body);
  });

  it('creates redirects as the plugin does (each create answers with the list)', async () => {
    for (const name of CREATES) {
      const recorded = golden(name);
      const res = await admin().post('/redirect', recorded.request.body);
      expect({ name, status: res.status }).toEqual({ name, status: 200 });
      expect(res.body).toEqual(mapGoldenIds(recorded.body));
    }
    const list = await admin().get('/redirect');
    expect(list.body.total).toBe(11);
    expect(list.body.items.map((item: { url: string }) => item.url)).toEqual(
      golden('redirect-list').body.items.map((item: { url: string }) => item.url),
    );
  });

  it('create without url creates nothing and returns the list', async () => {
    const res = await admin().post('/redirect', golden('redirect-create-no-url').request.body);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(11);
  });

  it.each([
    ['redirect-create-no-match-type'],
    ['redirect-create-bad-action'],
    ['redirect-create-bad-group'],
    ['redirect-create-regex-empty'],
  ])('rejects %s with the plugin error', async (name) => {
    const recorded = golden(name);
    const res = await admin().post('/redirect', recorded.request.body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(recorded.body);
    expect((await admin().get('/redirect')).body.total).toBe(11);
  });

  it('sanitises sources: relative, decoded, one line, leading slash', async () => {
    const res = await admin().post('/redirect?filterBy[url]=thing', {
      url: 'http://127.0.0.1:8081/%E4%B8%AD%E5%9B%BD/thing?other=1\nrest',
      match_type: 'url',
      action_type: 'url',
      action_data: { url: '/t' },
      group_id: 1,
      title: ' <b>Bold</b> ',
    });
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ url: '/中国/thing?other=1', title: 'Bold', action_code: 301 });
    expect(res.body.items[0].match_url).toBe('/%e4%b8%ad%e5%9b%bd/thing');
    await admin().post('/bulk/redirect/delete', { items: [res.body.items[0].id] });
  });

  it('extreme values: over-long sources are invalid, huge numbers are clamped (never a 500)', async () => {
    const long = await admin().post('/redirect', {
      url: `/${'a'.repeat(2100)}`,
      match_type: 'url',
      action_type: 'url',
      group_id: 1,
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Invalid source URL');
    const huge = await admin().post('/redirect?filterBy[url]=huge-position', {
      url: '/huge-position',
      match_type: 'url',
      action_type: 'url',
      group_id: 1,
      position: '99999999999999999999',
      hits: 1e30,
      title: 't'.repeat(5000),
      match_data: 'nonsense',
      action_data: ['not', 'an', 'object'],
    });
    expect(huge.status).toBe(200);
    expect(huge.body.items[0]).toMatchObject({ position: 2147483647, hits: 2147483647, action_data: null });
    expect(huge.body.items[0].title).toHaveLength(500);
    const update = await admin().post('/redirect/99999999999999999999', { url: '/x' });
    expect(update.status).toBe(400);
    await admin().post('/bulk/redirect/delete', { items: [huge.body.items[0].id] });
  });

  it.each([
    ['redirect-list-per-page-201'],
    ['redirect-list-per-page-4'],
    ['redirect-list-page-cats'],
    ['redirect-list-orderby-cats'],
    ['redirect-list-direction-up'],
    ['redirect-list-filterby-cats'],
    ['redirect-list-filterby-cats-thing'],
    ['redirect-list-filterby-module'],
  ])('validates the list set: %s', async (name) => {
    const recorded = golden(name);
    const res = await admin().get(recorded.request.path.replace('/wp-json/redirection/v1', ''));
    expect(res.status).toBe(recorded.status);
    expect(res.body).toEqual(recorded.body);
  });

  it.each([
    ['filterBy[url]=multi', ['/multi-b', '/multi-a']],
    ['filterBy[status]=disabled', ['/disabled-one']],
    ['filterBy[action]=error', ['/gone-page']],
    ['filterBy[match]=login', ['/members']],
    ['filterBy[url-match]=regular', ['^/blog/(.*)$']],
    ['filterBy[http]=307', ['/multi-b', '/multi-a']],
    [
      'filterBy[target]=peer-post-04&filterBy[group]=1',
      ['/elsewhere', '/multi-b', '/multi-a', '/pass-through'],
    ],
    ['filterBy[title]=old', ['/old-page']],
    ['filterBy[id]=2', ['^/blog/(.*)$']],
    [
      // plain sources only: where `^` sorts depends on the collation (SQLite binary, MySQL/MariaDB before letters)
      'orderby=source&direction=asc&per_page=5&filterBy[url-match]=plain',
      ['/bad-code', '/disabled-one', '/elsewhere', '/gone-page', '/members'],
    ],
    ['per_page=5&page=1', ['/multi-a', '/members', '/pass-through', '/gone-page', '^/blog/(.*)$']],
    ['per_page=5&page=2', ['/old-page']],
    ['direction=asc&per_page=5', ['/old-page', '^/blog/(.*)$', '/gone-page', '/pass-through', '/members']],
  ])('filters and orders: %s', async (query, urls) => {
    const res = await admin().get(`/redirect?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { url: string }) => item.url)).toEqual(urls);
  });

  it('updates a redirect and answers {item}', async () => {
    const recorded = golden('redirect-update');
    const res = await admin().post('/redirect/1', recorded.request.body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(mapGoldenIds({ ...recorded.body, item: { ...recorded.body.item, hits: 0 } }));
  });

  it('update errors: unknown id, invalid body, non-numeric id', async () => {
    const missing = await admin().post('/redirect/999999', golden('redirect-update-404').request.body);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(golden('redirect-update-404').body);
    const invalid = await admin().post('/redirect/1', { url: '/old-page', action_type: 'url', group_id: 1 });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(golden('redirect-update-invalid').body);
    const cats = await admin().post('/redirect/cats', {});
    expect(cats.status).toBe(404);
    expect(cats.body).toEqual(golden('redirect-update-cats').body);
  });

  it('bulk disable/enable/reset/delete by ids and globally', async () => {
    let res = await admin().post('/bulk/redirect/disable', { items: ['2'], per_page: 5 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(11);
    expect(res.body.items).toHaveLength(5);
    let one = await admin().get('/redirect?filterBy[id]=2');
    expect(one.body.items[0].enabled).toBe(false);
    await admin().post('/bulk/redirect/enable', { items: [2] });
    one = await admin().get('/redirect?filterBy[id]=2');
    expect(one.body.items[0].enabled).toBe(true);

    res = await admin().post('/bulk/redirect/disable', { global: true, filterBy: { url: 'multi' } });
    expect(res.status).toBe(200);
    const multi = await admin().get('/redirect?filterBy[url]=multi');
    expect(multi.body.items.map((item: { enabled: boolean }) => item.enabled)).toEqual([false, false]);

    res = await admin().post('/bulk/redirect/reset', { items: [1], filterBy: { id: 1 } });
    expect(res.body.items).toEqual([expect.objectContaining({ id: 1, hits: 0, last_access: '-' })]);

    res = await admin().post('/bulk/redirect/delete', { items: [11] });
    expect(res.body.total).toBe(10);

    const unknown = await admin().post('/bulk/redirect/enable', { items: [999999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(golden('bulk-redirect-unknown-id').body);
    const word = await admin().post('/bulk/redirect/disable', { items: [2, 'abc'] });
    expect(word.status).toBe(400);
    // ids before the unknown one are done, as the plugin does
    expect((await admin().get('/redirect?filterBy[id]=2')).body.items[0].enabled).toBe(false);
    await admin().post('/bulk/redirect/enable', { items: [2] });

    const cats = await admin().post('/bulk/redirect/cats', { items: [1] });
    expect(cats.status).toBe(404);
    expect(cats.body.code).toBe('rest_no_route');
  });

  it('searches published posts and pages for targets', async () => {
    const missing = await admin().get('/redirect/post');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(golden('redirect-post-search-missing').body);
    const none = await admin().get('/redirect/post?text=z');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    const created = await r.t
      .http()
      .post('/wp-json/core/v2/pages')
      .set('Authorization', r.admin.auth)
      .send({ title: 'Peer post 10', slug: 'peer-post-10', status: 'publish' });
    expect(created.status).toBe(201);
    await r.t
      .http()
      .post('/wp-json/core/v2/pages')
      .set('Authorization', r.admin.auth)
      .send({ title: 'Draft peer-post-11', status: 'draft' });
    const found = await admin().get('/redirect/post?text=peer-post-1');
    expect(found.body).toEqual([{ title: 'peer-post-10', value: 'http://127.0.0.1:8081/peer-post-10/' }]);
  });

  it('shows every argument as the plugin does, byte for byte (keyword order too)', async () => {
    // The plugin's patterns spell a few captures otherwise (`[\d]+`, `(?P<bulk>delete)`); the args are the point.
    const same = (pattern: string) =>
      pattern
        .replace('[\\d]+', '\\d+')
        .replace('(?P<bulk>delete)', 'delete')
        .replace('(?P<group_id>\\d+)', '(?P<group_id>[\\w-]+)');
    type Route = { endpoints: Array<{ methods: string[]; args: Record<string, unknown> | [] }> };
    const plugin = golden('namespace').body.routes as Record<string, Route>;
    const index = await r.t.http().get(NS);
    const ours = new Map(
      Object.entries(index.body.routes as Record<string, Route>).map(([p, v]) => [same(p), v]),
    );
    let compared = 0;
    for (const [pattern, route] of Object.entries(plugin)) {
      const served = ours.get(same(pattern));
      expect({ pattern, served: served !== undefined }).toEqual({ pattern, served: true });
      route.endpoints.forEach((endpoint, i) => {
        if (Array.isArray(endpoint.args)) return; // PHP's empty array: no args
        const { ml_language: _language, ...args } = served?.endpoints[i].args as Record<string, unknown>;
        expect({ pattern, args: JSON.stringify(args) }).toEqual({
          pattern,
          args: JSON.stringify(endpoint.args),
        });
        compared += 1;
      });
    }
    expect(compared).toBe(15);
  });

  describe('permissions (manage_options only)', () => {
    const routes: Array<[string, string, unknown?]> = [
      ['get', '/redirect', undefined],
      ['post', '/redirect', { url: '/x', match_type: 'url', action_type: 'url', group_id: 1 }],
      ['post', '/redirect/1', { url: '/x' }],
      ['get', '/redirect/post?text=a', undefined],
      ['post', '/bulk/redirect/delete', { items: [1] }],
      ['post', '/bulk/redirect/enable', { items: [1] }],
    ];
    it.each(routes)('%s %s: anonymous 401, editor and subscriber 403', async (method, path, body) => {
      const anon = await (method === 'get' ? as(null).get(path) : as(null).post(path, body));
      expect(anon.status).toBe(401);
      expect(anon.body).toEqual(golden('redirect-list-noauth').body);
      for (const user of [r.editor, r.subscriber]) {
        const res = await (method === 'get' ? as(user.auth).get(path) : as(user.auth).post(path, body));
        expect(res.status).toBe(403);
        expect(res.body).toEqual(golden('redirect-list-editor').body);
      }
    });
  });
});
