import { golden } from '../../helpers/golden';
import { freePort } from '../../helpers/free-port';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const API = '/wp-json/core-site-health/v1';

describe('core-site-health/v1', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // The app listens at its own BASE_URL, so the loopback checks reach the real service.
    t = await createTestApp({ BASE_URL: origin });
    await t.app.listen(port, '127.0.0.1');
    admin = await t.user('administrator');
    editor = await t.user('editor');
  });
  afterAll(() => t.close());

  const get = (path: string, as: TestUser | null = admin) => {
    const request = t.http().get(`${API}${path}`);
    return as ? request.set('Authorization', as.auth) : request;
  };

  it("answers each test in WordPress's result shape", async () => {
    const real = golden('site-health-loopback-requests.json').body;
    for (const path of [
      '/tests/loopback-requests',
      '/tests/https-status',
      '/tests/authorization-header',
      '/tests/page-cache',
      '/tests/sql-server',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.allow).toBe('GET');
      expect(Object.keys(res.body).sort()).toEqual(Object.keys(real).sort());
      expect(['good', 'recommended', 'critical']).toContain(res.body.status);
      expect(res.body.badge).toMatchObject({ color: 'blue' });
    }
  });

  it('reaches the service at its own address (loopback) and sees the Authorization header', async () => {
    const loopback = await get('/tests/loopback-requests');
    expect(loopback.body).toMatchObject({
      status: 'good',
      label: 'Your site can perform loopback requests',
      test: 'loopback_requests',
    });
    const header = await get('/tests/authorization-header');
    expect(header.body).toMatchObject({ status: 'good', test: 'authorization_header' });
  });

  it('says the site does not use HTTPS when BASE_URL is http', async () => {
    const res = await get('/tests/https-status');
    expect(res.body).toMatchObject({
      status: 'recommended',
      label: 'Your website does not use HTTPS',
      badge: { label: 'Security' },
    });
  });

  it("judges the page cache from the home page's headers and response time", async () => {
    const home = await t.http().get('/');
    const cached = ['cache-control', 'expires', 'age', 'last-modified', 'etag'].some(
      (name) => name in home.headers,
    );
    const res = await get('/tests/page-cache');
    expect(res.body.test).toBe('page_cache');
    expect(res.body.label).toBe(
      cached
        ? 'Page cache is detected and the server response time is good'
        : 'Page cache is not detected but the server response time is OK',
    );
    expect(res.body.description).toContain('Median server response time was');
  });

  it('reports the database server and its version', async () => {
    const res = await get('/tests/sql-server');
    expect(res.body).toMatchObject({ status: 'good', label: 'SQL server is up to date', test: 'sql_server' });
    expect(res.body.description).toMatch(/SQLite \d|MariaDB \d|MySQL \d/);
  });

  it('measures the application and the database', async () => {
    const res = await get('/directory-sizes');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['raw', 'wordpress_size', 'database_size', 'total_size']);
    expect(res.body.database_size.raw).toBeGreaterThan(0);
    expect(res.body.wordpress_size.raw).toBeGreaterThan(0);
    expect(res.body.total_size.raw).toBe(res.body.wordpress_size.raw + res.body.database_size.raw);
    expect(res.body.database_size.debug).toBe(
      `${res.body.database_size.size} (${res.body.database_size.raw} bytes)`,
    );
  });

  it('is for administrators only', async () => {
    const anonymous = await get('/tests/https-status', null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(golden('site-health-https-status-noauth.json').body);
    const asEditor = await get('/directory-sizes', editor);
    expect(asEditor.status).toBe(403);
    expect(asEditor.body).toEqual(golden('site-health-directory-sizes-editor.json').body);
  });

  it('answers only GET', async () => {
    const res = await t.http().post(`${API}/tests/loopback-requests`).set('Authorization', admin.auth);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(golden('site-health-post-method.json').body);
  });

  it('reports a failed loopback when BASE_URL does not reach the service', async () => {
    const unreachable = await createTestApp({ BASE_URL: 'http://127.0.0.1:1' });
    try {
      const user = await unreachable.user('administrator');
      const loopback = await unreachable
        .http()
        .get(`${API}/tests/loopback-requests`)
        .set('Authorization', user.auth);
      expect(loopback.body).toMatchObject({
        status: 'recommended',
        label: 'Your site could not complete a loopback request',
      });
      const cache = await unreachable.http().get(`${API}/tests/page-cache`).set('Authorization', user.auth);
      expect(cache.body).toMatchObject({
        status: 'recommended',
        label: 'Unable to detect the presence of page cache',
      });
    } finally {
      await unreachable.close();
    }
  });
});
