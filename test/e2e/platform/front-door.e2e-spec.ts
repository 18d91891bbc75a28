import { FirewallService } from '../../../src/modules/security/firewall/firewall.service';
import { RestServer } from '../../../src/platform/rest';
import { createTestApp, TestApp } from '../../helpers/test-app';

/**
 * The bare HTTP server's front door (app.setup.ts): every request gets the log step's request id, helmet's
 * headers and the firewall; REST requests are answered there, pages by Express. What escapes a step or the
 * dispatcher is a clean 500, WordPress-shaped under the REST prefix and a plain page elsewhere.
 */
describe('front door', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXIES: '127.0.0.1, ::1, ::ffff:127.0.0.1' });
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['a REST answer', '/wp-json/core/v2/posts', 200],
    ['a cached REST answer', '/wp-json/core/v2/posts', 200],
    ['a REST error', '/wp-json/core/v2/nothing', 404],
    ['a site page', '/no-such-page', 404],
  ])('%s carries the request id and helmet headers, never X-Powered-By', async (_name, path, status) => {
    const res = await t.http().get(path).set('X-Request-Id', 'front-door-1');
    expect(res.status).toBe(status);
    expect(res.headers['x-request-id']).toBe('front-door-1');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.link).toBe('<http://example.test/wp-json/>; rel="https://api.w.org/"');
  });

  it('a HEAD request gets the headers of the GET and no body', async () => {
    const get = await t.http().get('/wp-json/core/v2/posts');
    const head = await t.http().head('/wp-json/core/v2/posts');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.text).toBeUndefined();
  });

  it('an error escaping the dispatcher is the WordPress 500, without a stack', async () => {
    jest.spyOn(t.app.get(RestServer), 'dispatch').mockRejectedValueOnce(new Error('boom at /srv/x.ts:1'));
    const res = await t.http().get('/wp-json/core/v2/posts?uncached=1').set('X-Request-Id', 'failing-1');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.body).toMatchObject({
      code: 'internal_server_error',
      message: 'There has been a critical error on this website.',
      data: { status: 500 },
    });
    expect(res.text).not.toContain('boom');
    expect(res.text).toContain('failing-1');
    // the next request is served as usual
    expect((await t.http().get('/wp-json/core/v2/posts?uncached=1')).status).toBe(200);
  });

  it('a failing step answers 500: JSON under the REST prefix, a plain page elsewhere', async () => {
    const firewall = t.app.get(FirewallService);
    jest.spyOn(firewall, 'refreshIfDue').mockImplementation(() => {
      throw new Error('rules unreadable');
    });
    const rest = await t.http().get('/wp-json/core/v2/posts');
    expect(rest.status).toBe(500);
    expect(rest.body.code).toBe('internal_server_error');
    expect(rest.text).not.toContain('unreadable');
    const page = await t.http().get('/some-page');
    expect(page.status).toBe(500);
    expect(page.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(page.text).not.toContain('unreadable');
  });

  it('behind a trusted proxy the REST API sees the forwarded client (Express req.ip rules)', async () => {
    // Five failed logins from one forwarded address lock that address out, not the proxy.
    const bad = `Basic ${Buffer.from('nobody:wrong wrong wrong wrong wrong wrong').toString('base64')}`;
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++) {
      const res = await t
        .http()
        .get('/wp-json/core/v2/users/me')
        .set('Authorization', bad)
        .set('X-Forwarded-For', '203.0.113.9');
      last = res.status;
    }
    expect(last).toBe(429);
    const other = await t
      .http()
      .get('/wp-json/core/v2/users/me')
      .set('Authorization', bad)
      .set('X-Forwarded-For', '203.0.113.10');
    expect(other.status).toBe(401);
  });
});
