import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { FakeSpamService, VALID_KEY } from '../../helpers/fake-spam-service';

const NS = '/wp-json/spamfilter/v1';
const FORBIDDEN = { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.' };

describe('spamfilter/v1 routes', () => {
  let t: TestApp;
  let service: FakeSpamService;
  let admin: TestUser;
  let editor: TestUser;
  let subscriber: TestUser;
  beforeAll(async () => {
    service = await new FakeSpamService().start();
    t = await createTestApp({
      SPAMFILTER_URL: service.url,
      SPAMFILTER_TIMEOUT_MS: '1000',
      SPAMFILTER_RECHECK_SECONDS: '0',
    });
    admin = await t.user('administrator');
    editor = await t.user('editor');
    subscriber = await t.user('subscriber');
  });
  afterAll(async () => {
    await t.close();
    await service.stop();
  });
  beforeEach(() => {
    service.override = null;
  });

  const get = (path: string, as?: TestUser) => {
    const req = t.http().get(`${NS}${path}`);
    return as ? req.set('Authorization', as.auth) : req;
  };
  const send = (method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: object, as?: TestUser) => {
    let req = t.http()[method](`${NS}${path}`);
    if (as) req = req.set('Authorization', as.auth);
    return body ? req.send(body) : req;
  };

  describe('key', () => {
    it('GET without a stored key is false; editors 403, anonymous 401', async () => {
      const res = await get('/key', admin);
      expect(res.status).toBe(200);
      expect(res.text).toBe('false');
      expect(res.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
      expect((await get('/key', editor)).body).toEqual({ ...FORBIDDEN, data: { status: 403 } });
      expect((await get('/key')).body).toEqual({ ...FORBIDDEN, data: { status: 401 } });
    });

    it('POST: missing key 400, a key the service refuses 400 invalid_key (nothing stored), editors 403', async () => {
      const missing = await send('post', '/key', {}, admin);
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('rest_missing_callback_param');
      const invalid = await send('post', '/key', { key: 'abcdef123456' }, admin);
      expect(invalid.status).toBe(400);
      expect(invalid.body).toEqual({
        code: 'invalid_key',
        message: 'The value provided is not a valid and registered API key.',
        data: { status: 400 },
      });
      expect(service.callsTo('verify-key').at(-1)!.params).toMatchObject({
        key: 'abcdef123456',
        blog: 'http://example.test',
      });
      expect((await get('/key', admin)).text).toBe('false');
      expect((await send('post', '/key', { key: VALID_KEY }, editor)).status).toBe(403);
    });

    it('an unreachable or failing service refuses the key too (400 invalid_key)', async () => {
      service.override = () => ({ status: 500, body: 'oops' });
      expect((await send('post', '/key', { key: VALID_KEY }, admin)).body.code).toBe('invalid_key');
      service.override = () => ({ drop: true });
      expect((await send('post', '/key', { key: VALID_KEY }, admin)).body.code).toBe('invalid_key');
      expect((await get('/key', admin)).text).toBe('false');
    });

    it('PUT a padded valid key: trimmed, verified, stored; DELETE removes it', async () => {
      const res = await send('put', '/key', { key: `  ${VALID_KEY}  ` }, admin);
      expect(res.status).toBe(200);
      expect(res.body).toBe(VALID_KEY);
      expect((await get('/key', admin)).body).toBe(VALID_KEY);
      const invalidKept = await send('post', '/key', { key: 'abcdef123456' }, admin);
      expect(invalidKept.status).toBe(400);
      expect((await get('/key', admin)).body).toBe(VALID_KEY);
      expect((await send('delete', '/key', undefined, editor)).status).toBe(403);
      const deleted = await send('delete', '/key', undefined, admin);
      expect([deleted.status, deleted.body]).toEqual([200, true]);
      expect((await get('/key', admin)).text).toBe('false');
      expect((await send('delete', '/key', undefined, admin)).body).toBe(true);
    });
  });

  describe('settings', () => {
    it('defaults are both true, with or without the trailing slash; editors and subscribers 403, anonymous 401', async () => {
      const expected = { spamfilter_strictness: true, spamfilter_show_user_comments_approved: true };
      const res = await get('/settings', admin);
      expect([res.status, res.body]).toEqual([200, expected]);
      expect(res.headers.allow).toBe('GET, POST, PUT, PATCH');
      expect((await get('/settings/', admin)).body).toEqual(expected);
      expect((await get('/settings', editor)).status).toBe(403);
      expect((await get('/settings', subscriber)).status).toBe(403);
      expect((await get('/settings')).status).toBe(401);
      expect((await send('post', '/settings', { spamfilter_strictness: false })).status).toBe(401);
      expect((await send('post', '/settings', { spamfilter_strictness: false }, editor)).status).toBe(403);
    });

    it('POST accepts booleans, "true"/"false"/"0"/"1" strings and 1/0, one field at a time, or a form', async () => {
      const post = (body: object) => send('post', '/settings', body, admin);
      expect(
        (await post({ spamfilter_strictness: false, spamfilter_show_user_comments_approved: false })).body,
      ).toEqual({
        spamfilter_strictness: false,
        spamfilter_show_user_comments_approved: false,
      });
      expect(
        (await post({ spamfilter_strictness: 'true', spamfilter_show_user_comments_approved: 'true' })).body,
      ).toEqual({
        spamfilter_strictness: true,
        spamfilter_show_user_comments_approved: true,
      });
      expect(
        (await post({ spamfilter_strictness: 'false', spamfilter_show_user_comments_approved: '0' })).body,
      ).toEqual({
        spamfilter_strictness: false,
        spamfilter_show_user_comments_approved: false,
      });
      expect(
        (await post({ spamfilter_strictness: 1, spamfilter_show_user_comments_approved: 0 })).body,
      ).toEqual({
        spamfilter_strictness: true,
        spamfilter_show_user_comments_approved: false,
      });
      expect((await post({ spamfilter_show_user_comments_approved: '1' })).body).toEqual({
        spamfilter_strictness: true,
        spamfilter_show_user_comments_approved: true,
      });
      expect((await post({})).body).toEqual({
        spamfilter_strictness: true,
        spamfilter_show_user_comments_approved: true,
      });
      const form = await t
        .http()
        .post(`${NS}/settings`)
        .set('Authorization', admin.auth)
        .type('form')
        .send('spamfilter_strictness=0');
      expect(form.body).toEqual({
        spamfilter_strictness: false,
        spamfilter_show_user_comments_approved: true,
      });
      expect((await get('/settings', admin)).body.spamfilter_strictness).toBe(false);
      await post({ spamfilter_strictness: true });
    });

    it('a value that is not a boolean is 400 rest_invalid_param', async () => {
      const res = await send('post', '/settings', { spamfilter_strictness: 'maybe' }, admin);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.params).toEqual({
        spamfilter_strictness: 'spamfilter_strictness is not of type boolean.',
      });
    });
  });

  describe('stats', () => {
    it('without a key, or while the service fails, the answer is []', async () => {
      expect((await get('/stats', admin)).body).toEqual([]);
      await send('post', '/key', { key: VALID_KEY }, admin);
      service.override = (call) => (call.method === 'get-stats' ? { status: 503 } : undefined);
      expect((await get('/stats', admin)).body).toEqual([]);
      service.override = (call) => (call.method === 'get-stats' ? { body: '' } : undefined);
      expect((await get('/stats', admin)).body).toEqual([]);
    });

    it("the service's figures under the interval; unknown intervals become all", async () => {
      await send('post', '/key', { key: VALID_KEY }, admin);
      const all = await get('/stats', admin);
      expect(all.status).toBe(200);
      expect(all.headers.allow).toBe('GET');
      expect(all.body).toEqual({
        all: { spam: 7, ham: 20, missed_spam: 1, false_positives: 0, accuracy: 96.3, time_saved: 420 },
      });
      expect(service.callsTo('get-stats').at(-1)!.params).toMatchObject({ from: 'all', key: VALID_KEY });
      expect(Object.keys((await get('/stats?interval=60-days', admin)).body)).toEqual(['60-days']);
      expect(Object.keys((await get('/stats?interval=6-months', admin)).body)).toEqual(['6-months']);
      expect(Object.keys((await get('/stats?interval=bogus', admin)).body)).toEqual(['all']);
    });

    it('the path form takes the three intervals (not Akismet’s one-character pattern)', async () => {
      await send('post', '/key', { key: VALID_KEY }, admin);
      expect(Object.keys((await get('/stats/all', admin)).body)).toEqual(['all']);
      expect(Object.keys((await get('/stats/60-days', admin)).body)).toEqual(['60-days']);
      const other = await get('/stats/a', admin);
      expect(other.status).toBe(404);
      expect(other.body.code).toBe('rest_no_route');
    });

    it('local=true gives the site’s own counts; editors 403, anonymous 401', async () => {
      const res = await get('/stats?interval=60-days&local=true', admin);
      expect(res.body).toEqual({
        '60-days': { spam: 0, ham: 0, missed_spam: 0, false_positives: 0, discarded: 0, unchecked: 0 },
      });
      expect((await get('/stats', editor)).status).toBe(403);
      expect((await get('/stats')).status).toBe(401);
    });
  });

  describe('alert', () => {
    it('without a stored key nobody passes (401 anonymous, 403 for a login)', async () => {
      await send('delete', '/key', undefined, admin);
      expect((await get('/alert?key=0123456789ab')).body).toEqual({ ...FORBIDDEN, data: { status: 401 } });
      expect((await get('/alert', admin)).status).toBe(403);
    });

    it('the stored key (any letter case) reads the alert; others are refused', async () => {
      await send('post', '/key', { key: VALID_KEY }, admin);
      const res = await get(`/alert?key=${VALID_KEY}`);
      expect([res.status, res.body]).toEqual([200, { code: false, message: false }]);
      expect((await get(`/alert?key=${VALID_KEY.toUpperCase()}`)).status).toBe(200);
      expect((await get('/alert?key=wrongkey0000')).status).toBe(401);
      expect((await get('/alert?key=wrongkey0000', admin)).status).toBe(403);
      expect((await get('/alert')).status).toBe(401);
      expect((await send('post', '/alert', { key: 'wrongkey0000' })).status).toBe(401);
      expect((await send('delete', '/alert?key=wrongkey0000')).status).toBe(401);
    });

    it('POST re-verifies the key and stores the alert the service sends; DELETE clears it', async () => {
      await send('post', '/key', { key: VALID_KEY }, admin);
      service.override = (call) =>
        call.method === 'verify-key'
          ? {
              body: 'valid',
              headers: { 'X-akismet-alert-code': '10501', 'X-akismet-alert-msg': 'Peer test alert' },
            }
          : undefined;
      const posted = await send('post', '/alert', { key: VALID_KEY });
      expect(posted.body).toEqual({ code: '10501', message: 'Peer test alert' });
      expect((await get(`/alert?key=${VALID_KEY}`)).body).toEqual({
        code: '10501',
        message: 'Peer test alert',
      });
      service.override = null;
      const deleted = await send('delete', `/alert?key=${VALID_KEY}`);
      expect(deleted.body).toEqual({ code: false, message: false });
      expect((await get(`/alert?key=${VALID_KEY}`)).body).toEqual({ code: false, message: false });
    });

    it('POST while the service is down: the alert is dropped and nothing refreshed', async () => {
      await send('post', '/key', { key: VALID_KEY }, admin);
      service.override = () => ({ drop: true });
      expect((await send('post', '/alert', { key: VALID_KEY })).body).toEqual({
        code: false,
        message: false,
      });
    });
  });

  it('the namespace index lists the routes; there is no webhook route', async () => {
    const index = await t.http().get(NS);
    expect(index.status).toBe(200);
    expect(Object.keys(index.body.routes)).toEqual(
      expect.arrayContaining([
        '/spamfilter/v1',
        '/spamfilter/v1/key',
        '/spamfilter/v1/settings',
        '/spamfilter/v1/stats',
        '/spamfilter/v1/stats/(?P<interval>60-days|6-months|all)',
        '/spamfilter/v1/alert',
      ]),
    );
    const site = await t.http().get('/wp-json/?_fields=namespaces');
    expect(site.body.namespaces).toContain('spamfilter/v1');
    const webhook = await t
      .http()
      .post(`${NS}/webhook`)
      .send({ key: VALID_KEY, endpoint: 'comment-check', comments: 'x' });
    expect([webhook.status, webhook.body.code]).toEqual([404, 'rest_no_route']);
  });
});
