import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const ME = '/wp-json/core/v2/users/me';
const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe('HTTP Basic with application passwords', () => {
  let t: TestApp;
  let editor: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.user('editor', 'auth-editor');
  });
  afterAll(() => t.close());

  it('the password as shown (groups of four) logs in', async () => {
    expect(editor.password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    const res = await t.http().get(ME).set('Authorization', editor.auth);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(editor.id);
  });

  it('spaces and dashes in the password do not matter', async () => {
    const compact = editor.password.replace(/ /g, '');
    expect(compact).toHaveLength(24);
    const res = await t.http().get(ME).set('Authorization', basic(editor.login, compact));
    expect(res.status).toBe(200);
    const dashed = await t
      .http()
      .get(ME)
      .set('Authorization', basic(editor.login, editor.password.replace(/ /g, '-')));
    expect(dashed.status).toBe(200);
  });

  it('the e-mail address works as the login', async () => {
    const res = await t
      .http()
      .get(ME)
      .set('Authorization', basic('auth-editor@example.test', editor.password));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(editor.id);
    const upper = await t
      .http()
      .get(ME)
      .set('Authorization', basic('AUTH-EDITOR@example.test', editor.password));
    expect(upper.status).toBe(200);
  });

  it('the login password itself is not accepted', async () => {
    const res = await t.http().get(ME).set('Authorization', basic(editor.login, 'secret-password'));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('incorrect_password');
  });

  it('a wrong password is 401 incorrect_password', async () => {
    const res = await t
      .http()
      .get(ME)
      .set('Authorization', basic(editor.login, 'abcd efgh ijkl mnop qrst uvwx'));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 'incorrect_password',
      message: 'The provided password is an invalid application password.',
      data: { status: 401 },
    });
  });

  it('fails even on public routes: bad credentials are never anonymous', async () => {
    const res = await t.http().get('/wp-json/').set('Authorization', basic(editor.login, 'wrong'));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('incorrect_password');
  });

  it('an unknown login is 401 invalid_username', async () => {
    const res = await t.http().get(ME).set('Authorization', basic('nobody-here', editor.password));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 'invalid_username',
      message: 'Unknown username. Check again or try your email address.',
      data: { status: 401 },
    });
  });

  it('an unknown e-mail is 401 invalid_email', async () => {
    const res = await t.http().get(ME).set('Authorization', basic('nobody@example.test', editor.password));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 'invalid_email',
      message: 'Unknown email address. Check again or try your username.',
      data: { status: 401 },
    });
  });

  it('no credentials: anonymous', async () => {
    const index = await t.http().get('/wp-json/');
    expect(index.status).toBe(200);
    const me = await t.http().get(ME);
    expect(me.status).toBe(401);
    expect(me.body).toEqual({
      code: 'rest_not_logged_in',
      message: 'You are not currently logged in.',
      data: { status: 401 },
    });
  });

  it.each([
    ['another scheme', 'Bearer abc.def'],
    ['not base64', 'Basic !!!'],
    ['no colon', `Basic ${Buffer.from('auth-editor').toString('base64')}`],
    ['empty', 'Basic'],
  ])('a malformed header (%s) means anonymous', async (_label, header) => {
    const res = await t.http().get(ME).set('Authorization', header);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('rest_not_logged_in');
    const index = await t.http().get('/wp-json/').set('Authorization', header);
    expect(index.status).toBe(200);
  });

  it('records last_used and last_ip on use', async () => {
    const fresh = await t.user('author', 'auth-author');
    const before = await t
      .http()
      .get(`/wp-json/core/v2/users/${fresh.id}/application-passwords`)
      .set('Authorization', editor.auth);
    // editors may not see other users' passwords
    expect(before.status).toBe(403);

    const list1 = await listOwn(fresh);
    // listing used the password, so it is recorded already
    expect(list1).toHaveLength(1);
    expect(list1[0].last_used).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(list1[0].last_ip).toMatch(/127\.0\.0\.1$/);
    const now = Date.now();
    expect(Math.abs(Date.parse(`${list1[0].last_used}Z`) - now)).toBeLessThan(10 * 60 * 1000);
  });

  it('a password never used has null last_used/last_ip', async () => {
    const fresh = await t.user('author', 'auth-author2');
    const admin = await t.user('administrator', 'auth-admin');
    const res = await t
      .http()
      .get(`/wp-json/core/v2/users/${fresh.id}/application-passwords`)
      .set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    expect(res.body[0].last_used).toBeNull();
    expect(res.body[0].last_ip).toBeNull();
  });

  it('a revoked application password stops working', async () => {
    const victim = await t.user('contributor', 'auth-revoked');
    const list = await listOwn(victim);
    const del = await t
      .http()
      .delete(`/wp-json/core/v2/users/me/application-passwords/${list[0].uuid}`)
      .set('Authorization', victim.auth);
    expect(del.status).toBe(200);
    const after = await t.http().get(ME).set('Authorization', victim.auth);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('incorrect_password');
  });

  async function listOwn(user: TestUser) {
    const res = await t
      .http()
      .get('/wp-json/core/v2/users/me/application-passwords')
      .set('Authorization', user.auth);
    expect(res.status).toBe(200);
    return res.body as Array<{ uuid: string; last_used: string | null; last_ip: string | null }>;
  }
});

describe('failed-login limit', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_MAX_FAILURES: '3' });
    user = await t.user('subscriber', 'limited');
  });
  afterAll(() => t.close());

  it('answers 429 too_many_requests after AUTH_MAX_FAILURES failures, even for good credentials', async () => {
    const ok = await t.http().get(ME).set('Authorization', user.auth);
    expect(ok.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await t.http().get(ME).set('Authorization', basic('limited', 'wrong'));
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('incorrect_password');
    }
    const fourth = await t.http().get(ME).set('Authorization', basic('limited', 'wrong'));
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('too_many_requests');
    expect(fourth.body.message).toBe('Too many failed login attempts. Please try again later.');
    expect(fourth.body.data.status).toBe(429);
    expect(fourth.body.data.retry_after).toBeGreaterThan(0);
    expect(fourth.body.data.retry_after).toBeLessThanOrEqual(300);

    const good = await t.http().get(ME).set('Authorization', user.auth);
    expect(good.status).toBe(429);
  });

  it('anonymous requests are not affected by the lock-out', async () => {
    const res = await t.http().get('/wp-json/');
    expect(res.status).toBe(200);
  });
});
