import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe('reliability: failed-login limit', () => {
  let t: TestApp;
  let editor: TestUser;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_MAX_FAILURES: '5',
      AUTH_FAILURE_WINDOW_SECONDS: '600',
      TRUSTED_PROXIES: 'loopback',
    });
    editor = await t.user('editor');
  });
  afterAll(() => t.close());

  const me = (auth: string, forwardedFor: string) =>
    t.http().get('/wp-json/core/v2/users/me').set('Authorization', auth).set('X-Forwarded-For', forwardedFor);

  it('parallel wrong passwords: exactly the allowed number of 401, the rest 429 with Retry-After', async () => {
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => me(basic(editor.login, 'wrong password'), '10.0.0.1')),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const locked = responses.find((response) => response.status === 429)!;
    expect(locked.body).toEqual({
      code: 'too_many_requests',
      message: 'Too many failed login attempts. Please try again later.',
      data: { status: 429, retry_after: expect.any(Number) },
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(600);
  });

  it('a locked-out client is refused even with valid credentials', async () => {
    const response = await me(editor.auth, '10.0.0.1');
    expect(response.status).toBe(429);
    expect(response.body.code).toBe('too_many_requests');
  });

  it('behind a trusted proxy each forwarded client has its own count', async () => {
    const other = await me(editor.auth, '10.0.0.2');
    expect(other.status).toBe(200);
    expect(other.body.id).toBe(editor.id);
  });

  it('the count is stored in the database (shared by every instance)', async () => {
    const { DataSource } = await import('typeorm');
    const rows = await t.app.get(DataSource).query('SELECT client, failures FROM auth_failures');
    expect(rows).toHaveLength(1);
    expect(rows[0].client).toBe('10.0.0.1');
    expect(Number(rows[0].failures)).toBeGreaterThanOrEqual(5);
  });
});

describe('reliability: X-Forwarded-For without trusted proxies', () => {
  let t: TestApp;
  let editor: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_MAX_FAILURES: '2' });
    editor = await t.user('editor');
  });
  afterAll(() => t.close());

  it('is ignored: a client cannot escape its lock-out by forging the header', async () => {
    for (const forwarded of ['1.1.1.1', '2.2.2.2']) {
      const response = await t
        .http()
        .get('/wp-json/core/v2/users/me')
        .set('Authorization', basic(editor.login, 'wrong'))
        .set('X-Forwarded-For', forwarded);
      expect(response.status).toBe(401);
    }
    const third = await t
      .http()
      .get('/wp-json/core/v2/users/me')
      .set('Authorization', editor.auth)
      .set('X-Forwarded-For', '3.3.3.3');
    expect(third.status).toBe(429);
  });
});
