import { DataSource } from 'typeorm';
import { CustomMatchers } from '../../../src/modules/redirection';
import { golden, NS, RedirectionTest, setup } from './helpers';

describe('redirect engine', () => {
  let r: RedirectionTest;
  const api = {
    get: (path: string) => r.t.http().get(`${NS}${path}`).set('Authorization', r.admin.auth),
    post: (path: string, body: unknown) =>
      r.t
        .http()
        .post(`${NS}${path}`)
        .set('Authorization', r.admin.auth)
        .send(body as object),
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await api.post('/redirect', { match_type: 'url', action_type: 'url', group_id: 1, ...body });
    expect(res.status).toBe(200);
    return res.body.items[0] as { id: number };
  };
  const visit = (path: string) => r.t.http().get(path);

  beforeAll(async () => {
    r = await setup({ BASE_URL: 'http://127.0.0.1:8081' });
    r.t.app.get(CustomMatchers).register('from-tests', (request) => request.headers['x-test'] === 'yes');
    for (const name of [
      'redirect-create',
      'redirect-create-regex',
      'redirect-create-410',
      'redirect-create-pass',
      'redirect-create-login',
      'redirect-create-multi',
      'redirect-create-disabled',
      'redirect-create-query-pass',
      'redirect-create-external-source',
    ]) {
      const res = await api.post('/redirect', golden(name).request.body);
      expect(res.status).toBe(200);
    }
  });
  afterAll(() => r.t.close());

  it.each([
    ['engine-301'],
    ['engine-301-trailing-slash'],
    ['engine-301-case'],
    ['engine-query-pass'],
    ['engine-regex'],
    ['engine-307'],
    ['engine-login-anon'],
  ])('%s: the recorded redirect', async (name) => {
    const recorded = golden(name);
    const res = await visit(recorded.request.path);
    expect(res.status).toBe(recorded.status);
    for (const header of ['Location', 'X-Redirect-By', 'Cache-Control', 'Content-Type']) {
      expect([header, res.headers[header.toLowerCase()]]).toEqual([header, recorded.headers[header]]);
    }
    if (recorded.headers.Expires && recorded.headers['Cache-Control'] === 'max-age=3600') {
      const expires = Date.parse(res.headers.expires);
      expect(Math.abs(expires - Date.now() - 3600_000)).toBeLessThan(120_000);
    }
  });

  it('HEAD is redirected too', async () => {
    const res = await r.t.http().head('/old-page');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/peer-post-12/');
  });

  it.each([['engine-301-extra-query'], ['engine-disabled'], ['engine-server-match'], ['engine-404']])(
    '%s: the site 404 (HTML, not cached)',
    async (name) => {
      const recorded = golden(name);
      const res = await visit(recorded.request.path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(res.headers['cache-control']).toBe(recorded.headers['Cache-Control']);
      expect(res.headers.expires).toBe(recorded.headers.Expires);
      expect(res.headers['x-redirect-by']).toBeUndefined();
    },
  );

  it('error action: 410 with the 404 page, not cached, X-Redirect-By', async () => {
    const recorded = golden('engine-410');
    const res = await visit('/gone-page');
    expect(res.status).toBe(410);
    expect(res.headers['x-redirect-by']).toBe('redirection');
    expect(res.headers['cache-control']).toBe(recorded.headers['Cache-Control']);
    expect(res.text).toContain('Page not found');
  });

  it('REST paths are never redirected', async () => {
    await create({ url: '/wp-json/redirection/v1/plugin/test', action_data: { url: '/elsewhere/' } });
    const res = await visit('/wp-json/redirection/v1/plugin/test');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
  });

  it('pass-through rewrites internally: the target page answers at the source URL', async () => {
    const page = await r.t
      .http()
      .post('/wp-json/core/v2/pages')
      .set('Authorization', r.admin.auth)
      .send({ title: 'Peer post 04', slug: 'peer-post-04', status: 'publish', content: 'The fourth page' });
    expect(page.status).toBe(201);
    const direct = await visit('/peer-post-04/');
    expect(direct.status).toBe(200);
    const res = await visit('/pass-through');
    expect(res.status).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toContain('The fourth page');
  });

  it('regex captures, with spaces encoded', async () => {
    await create({ url: '^/docs/(\\w+)/(.*)$', regex: true, action_data: { url: '/manual/$2?topic=$1' } });
    const res = await visit('/docs/intro/getting%20started');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/manual/getting%20started?topic=intro');
    // An invalid pattern is refused (test/e2e/reliability/regex.e2e-spec.ts) and breaks no other redirect.
    const broken = await api.post('/redirect', {
      match_type: 'url',
      action_type: 'url',
      group_id: 1,
      url: '^/broken/(.*$',
      regex: true,
      action_data: { url: '/x' },
    });
    expect(broken.status).toBe(400);
    expect((await visit('/broken/thing')).status).toBe(404);
    expect((await visit('/old-page')).status).toBe(301);
  });

  it('query modes: exact, ignore, pass, exactorder', async () => {
    await create({ url: '/q-exact?a=1&b=2', action_data: { url: '/exact' } });
    await create({
      url: '/q-ignore?a=1',
      action_data: { url: '/ignore' },
      match_data: { source: { flag_query: 'ignore' } },
    });
    await create({
      url: '/q-order?b=2&a=1',
      action_data: { url: '/order' },
      match_data: { source: { flag_query: 'exactorder', flag_case: true, flag_trailing: true } },
    });
    expect((await visit('/q-exact?b=2&a=1')).headers.location).toBe('/exact');
    expect((await visit('/q-exact?a=1&b=2&c=3')).status).toBe(404);
    expect((await visit('/q-exact?a=1')).status).toBe(404);
    expect((await visit('/q-ignore?a=1&z=9')).headers.location).toBe('/ignore');
    expect((await visit('/q-ignore?a=2')).status).toBe(404);
    expect((await visit('/q-order?a=1&b=2')).headers.location).toBe('/order');
    expect((await visit('/query-pass?keep=1&more=2#x')).headers.location).toBe(
      '/peer-post-12/?from=redirect&keep=1&more=2',
    );
    // pass never overrides the target's own parameters
    expect((await visit('/query-pass?keep=1&from=other')).headers.location).toBe(
      '/peer-post-12/?from=redirect&keep=1',
    );
  });

  it('case and trailing-slash flags', async () => {
    await create({
      url: '/Strict',
      action_data: { url: '/strict-target' },
      match_data: { source: { flag_case: false, flag_trailing: false } },
    });
    expect((await visit('/Strict')).status).toBe(301);
    expect((await visit('/strict')).status).toBe(404);
    expect((await visit('/Strict/')).status).toBe(404);
  });

  it('login, role, referrer, agent, cookie, header, server, ip, language and custom conditions', async () => {
    await create({
      url: '/m-role',
      match_type: 'role',
      action_data: { role: 'administrator', url_from: '/admin', url_notfrom: '/guest' },
    });
    await create({
      url: '/m-ref',
      match_type: 'referrer',
      action_data: { referrer: 'https://ref.example/', url_from: '/from-ref', url_notfrom: '' },
    });
    await create({
      url: '/m-agent',
      match_type: 'agent',
      action_data: { regex: true, agent: 'bot', url_from: '/bots', url_notfrom: '/humans' },
    });
    await create({
      url: '/m-cookie',
      match_type: 'cookie',
      action_data: { name: 'flavour', value: 'choc', url_from: '/choc', url_notfrom: '' },
    });
    await create({
      url: '/m-header',
      match_type: 'header',
      action_data: { name: 'X-Thing', value: 'on', url_from: '/on', url_notfrom: '/off' },
    });
    await create({
      url: '/m-server',
      match_type: 'server',
      action_data: { server: 'example.test', url_from: '/same', url_notfrom: '' },
    });
    await create({
      url: '/m-ip',
      match_type: 'ip',
      action_data: { ip: ['192.168.1.66'], url_from: '/ip/match', url_notfrom: '/ip/notmatch' },
    });
    await create({
      url: '/m-ip-error',
      match_type: 'ip',
      action_type: 'error',
      action_code: 403,
      action_data: { ip: ['192.168.1.66'] },
    });
    await create({
      url: '/m-lang',
      match_type: 'language',
      action_data: { language: 'de,fr', url_from: '/de', url_notfrom: '/en' },
    });
    await create({
      url: '/m-custom',
      match_type: 'custom',
      action_data: { filter: 'from-tests', url_from: '/custom', url_notfrom: '' },
    });

    const loggedIn = await r.t.http().get('/members').set('Authorization', r.admin.auth);
    expect(loggedIn.headers.location).toBe('/wp-admin/');
    expect((await r.t.http().get('/m-role').set('Authorization', r.admin.auth)).headers.location).toBe(
      '/admin',
    );
    expect((await r.t.http().get('/m-role').set('Authorization', r.editor.auth)).headers.location).toBe(
      '/guest',
    );
    expect((await visit('/m-role')).headers.location).toBe('/guest');

    expect((await visit('/m-ref').set('Referer', 'https://ref.example/')).headers.location).toBe('/from-ref');
    expect((await visit('/m-ref')).status).toBe(404);
    expect((await visit('/m-agent').set('User-Agent', 'GoogleBot/2')).headers.location).toBe('/bots');
    expect((await visit('/m-agent').set('User-Agent', 'Firefox')).headers.location).toBe('/humans');
    expect((await visit('/m-cookie').set('Cookie', 'a=b; flavour=choc')).headers.location).toBe('/choc');
    expect((await visit('/m-cookie').set('Cookie', 'flavour=vanilla')).status).toBe(404);
    expect((await visit('/m-header').set('X-Thing', 'on')).headers.location).toBe('/on');
    expect((await visit('/m-header')).headers.location).toBe('/off');
    expect((await visit('/m-server').set('Host', 'example.test')).headers.location).toBe('/same');
    expect((await visit('/m-server')).status).toBe(404);
    expect((await visit('/m-lang').set('Accept-Language', 'fr;q=0.9, en')).headers.location).toBe('/de');
    expect((await visit('/m-lang').set('Accept-Language', 'en-GB')).headers.location).toBe('/en');
    expect((await visit('/m-custom').set('X-Test', 'yes')).headers.location).toBe('/custom');
    expect((await visit('/m-custom')).status).toBe(404);

    // IP from a configured proxy header (as the plugin's e2e: cf-connecting-ip)
    await api.post('/setting', { ip_headers: ['HTTP_CF_CONNECTING_IP'] });
    expect((await visit('/m-ip').set('CF-Connecting-IP', '192.168.1.66')).headers.location).toBe('/ip/match');
    expect((await visit('/m-ip')).headers.location).toBe('/ip/notmatch');
    expect((await visit('/m-ip-error').set('CF-Connecting-IP', '192.168.1.66')).status).toBe(403);
    expect((await visit('/m-ip-error')).status).toBe(404);
  });

  it('target shortcodes and a post ID target', async () => {
    const post = await r.t
      .http()
      .post('/wp-json/core/v2/pages')
      .set('Authorization', r.admin.auth)
      .send({ title: 'Numbered', slug: 'numbered', status: 'publish' });
    await create({ url: '/by-id', action_data: { url: String(post.body.id) } });
    await create({
      url: '/who',
      action_data: { url: '/u/[userid]/[upper]ab-c[/upper]/[underscores]a-b[/underscores]' },
    });
    expect((await visit('/by-id')).headers.location).toBe('http://127.0.0.1:8081/numbered/');
    const who = await r.t.http().get('/who').set('Authorization', r.admin.auth);
    expect(who.headers.location).toBe(`/u/${r.admin.id}/AB-C/a_b`);
  });

  it('nothing: stops processing and is not logged as a 404; page: only on a 404', async () => {
    await create({ url: '/ignored', action_type: 'nothing' });
    await create({ url: '/old-page', match_type: 'page', action_data: { url: '/never' }, position: 0 });
    await create({ url: '/only-if-missing', match_type: 'page', action_data: { url: '/fallback' } });
    await create({ url: '/peer-post-04', match_type: 'page', action_data: { url: '/not-for-existing' } });
    expect((await visit('/ignored')).status).toBe(404);
    expect((await visit('/only-if-missing')).headers.location).toBe('/fallback');
    expect((await visit('/peer-post-04/')).status).toBe(200);
    expect((await visit('/old-page')).headers.location).toBe('/peer-post-12/');
    const log = await api.get('/404?filterBy[url-exact]=/ignored');
    expect(log.body.total).toBe(0);
  });

  it('random: a random published post', async () => {
    const post = await r.t
      .http()
      .post('/wp-json/core/v2/posts')
      .set('Authorization', r.admin.auth)
      .send({ title: 'Random one', status: 'publish' });
    await create({ url: '/surprise', action_type: 'random', action_code: 302 });
    const res = await visit('/surprise');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(post.body.link);
  });

  it('custom headers and the redirect cache setting', async () => {
    await api.post('/setting', {
      redirect_cache: -1,
      headers: [
        {
          headerName: 'X-Peer',
          headerValue: 'yes',
          location: 'redirect',
          headerSettings: [],
          type: 'custom',
        },
        { headerName: 'X-Site', headerValue: 'all', location: 'site', headerSettings: [], type: 'custom' },
      ],
    });
    const res = await visit('/old-page');
    expect(res.headers['x-peer']).toBe('yes');
    expect(res.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0');
    expect((await visit('/peer-post-04/')).headers['x-site']).toBe('all');
    await api.post('/setting', { redirect_cache: 0, headers: [] });
    expect((await visit('/old-page')).headers['cache-control']).toBeUndefined();
  });

  it('canonical settings: aliases, preferred domain, https, relocate', async () => {
    await api.post('/setting', { aliases: ['old-name.example'], preferred_domain: 'www' });
    let res = await visit('/some/page?x=1').set('Host', 'old-name.example');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('http://127.0.0.1:8081/some/page?x=1');
    res = await visit('/some/page').set('Host', '127.0.0.1:8081');
    expect(res.headers.location).toBe('http://www.127.0.0.1/some/page');
    // Only the configured host is a target (test/e2e/reliability/trust-boundaries.e2e-spec.ts).
    res = await visit('/some/page').set('Host', 'example.test');
    expect(res.headers.location).toBeUndefined();
    await api.post('/setting', { aliases: [], preferred_domain: 'nowww', https: true });
    res = await visit('/some/page').set('Host', 'www.127.0.0.1');
    expect(res.headers.location).toBe('https://127.0.0.1:8081/some/page');
    await api.post('/setting', { preferred_domain: '', https: false, relocate: 'domain.com' });
    const recorded = golden('engine-relocated');
    res = await visit(recorded.request.path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(recorded.headers.Location);
    expect(res.headers['x-redirect-by']).toBeUndefined();
    // The REST API is never relocated.
    expect((await api.get('/setting')).status).toBe(200);
    await api.post('/setting', { relocate: '' });
    expect((await visit('/old-page')).headers.location).toBe('/peer-post-12/');
  });

  it('the index follows the shared last-changed stamp (a write by another instance)', async () => {
    const db = r.t.app.get(DataSource);
    // Another instance's write: the row lands in the table and that instance renews the stamp in its transaction.
    await db.query(
      `INSERT INTO redirection_items (url, match_url, regex, position, last_count, last_access, group_id, status, action_type, action_code, action_data, match_type)
       VALUES ('/from-elsewhere', '/from-elsewhere', 0, 0, 0, '1970-01-01 00:00:00', 1, 'enabled', 'url', 301, '/landed', 'url')`,
    );
    // Until the stamp changes this instance keeps its compiled index (no reload per request).
    expect((await visit('/from-elsewhere')).status).toBe(404);
    await db.query("UPDATE last_changed SET version = 'other-instance' WHERE name = 'redirection'");
    const res = await visit('/from-elsewhere');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/landed');
  });
});
