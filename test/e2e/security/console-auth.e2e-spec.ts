import jwt from 'jsonwebtoken';
import { UserEntity } from '../../../src/platform/auth';
import { ADMIN_EMAIL, FakeConsole, FakeConsoleKey, golden, SECURITY } from './console-helpers';

const HEX64 = /^[0-9a-f]{64}$/;
/** WordPress's nonce tick (nonce life 600 s): the console's nonce changes when it does. */
const nonceTick = () => Math.ceil(Date.now() / 300_000);
const forbidden = (message: string, status = 401) => ({
  code: 'rest_forbidden_context',
  message,
  data: { status },
});

/** The recorded status, Allow header and body of Wordfence 7.9.1 (its namespace read as ours). */
function expectGolden(
  name: string,
  res: { status: number; headers: Record<string, string | undefined>; body: unknown },
): void {
  const recorded = golden(name);
  expect({ name, status: res.status, allow: res.headers.allow, body: res.body }).toEqual({
    name,
    status: recorded.status,
    allow: recorded.headers.Allow,
    body: recorded.body,
  });
}

describe('security/v1 console authentication', () => {
  const fake = new FakeConsole();
  const http = () => fake.t.http();

  beforeAll(async () => {
    await fake.boot();
    await fake.allowLocalhost();
  });
  afterAll(() => fake.t.close());

  describe('namespace', () => {
    it('lists every route with the methods of Wordfence 7.9.1 and no declared args of its own', async () => {
      const res = await http().get(SECURITY);
      expect(res.status).toBe(200);
      const routes = res.body.routes as Record<string, { methods: string[]; endpoints: { args: unknown }[] }>;
      const expected: Record<string, string[]> = {
        '/security/v1': ['GET'],
        '/security/v1/authenticate': ['GET', 'POST'],
        '/security/v1/authenticate-premium': ['POST'],
        '/security/v1/config': ['GET', 'POST', 'PUT', 'PATCH'],
        '/security/v1/disconnect': ['POST', 'PUT', 'PATCH'],
        '/security/v1/premium-connect': ['POST', 'PUT', 'PATCH'],
        '/security/v1/scan/issues': ['GET'],
        '/security/v1/scan': ['POST', 'DELETE'],
        '/security/v1/scan/issue': ['POST', 'PUT', 'PATCH'],
      };
      const methods = (of: Record<string, { methods: string[] }>) =>
        Object.fromEntries(Object.entries(of).map(([path, route]) => [path, route.methods]));
      expect(methods(routes)).toEqual(expected);
      expect(methods(routes)).toEqual(methods(golden('namespace').body.routes));
      for (const [path, route] of Object.entries(routes)) {
        if (path === '/security/v1') continue;
        // Only the platform's global ml_language.
        for (const endpoint of route.endpoints)
          expect(Object.keys(endpoint.args as object)).toEqual(['ml_language']);
      }
    });

    it('the site index lists security/v1', async () => {
      const res = await http().get('/wp-json/?_fields=namespaces');
      expect(res.body.namespaces).toContain('security/v1');
    });
  });

  describe('GET authenticate', () => {
    it('answers a 64-hex nonce and the admin URL, the same within a tick', async () => {
      const res = await http().get(`${SECURITY}/authenticate`);
      expect(res.status).toBe(200);
      expect(res.headers.allow).toBe('GET, POST');
      expect(Object.keys(res.body)).toEqual(['nonce', 'admin_url']);
      expect(res.body.nonce).toMatch(HEX64);
      expect(res.body.admin_url).toBe('http://example.test/wp-admin/');
      // Two reads in one nonce tick (300 s) answer the same nonce; a pair that straddles a tick is read again.
      let pair: [string, string];
      let tick: number;
      do {
        tick = nonceTick();
        pair = [await fake.nonce(), await fake.nonce()];
      } while (nonceTick() !== tick);
      expect(pair[1]).toBe(pair[0]);
      expect(Object.keys(res.body)).toEqual(Object.keys(golden('authenticate-get').body));
    });

    it('PUT authenticate and GET scan are not routes (404 rest_no_route)', async () => {
      const put = await http().put(`${SECURITY}/authenticate`).send({});
      expect(put.status).toBe(404);
      expect(put.body.code).toBe('rest_no_route');
      expectGolden('authenticate-put', put);
      const scan = await http().get(`${SECURITY}/scan`);
      expect(scan.status).toBe(404);
      expectGolden('scan-get', scan);
    });
  });

  describe('before the site is connected', () => {
    it('POST authenticate: 401 "Site is not connected" whatever is sent', async () => {
      const empty = await http().post(`${SECURITY}/authenticate`).send({});
      expect(empty.status).toBe(401);
      expect(empty.headers.allow).toBe('GET, POST');
      expect(empty.body).toEqual(forbidden('Site is not connected to Wordfence Central.'));
      expectGolden('authenticate-post-empty', empty);
      const bad = await http().post(`${SECURITY}/authenticate`).send({ data: 'garbage', signature: '00' });
      expect(bad.body).toEqual(forbidden('Site is not connected to Wordfence Central.'));
      expectGolden('authenticate-post-bad-data', bad);
    });

    it('a logged-in caller gets 403 (rest_authorization_required_code)', async () => {
      const admin = await fake.t.user('administrator');
      const res = await http().post(`${SECURITY}/authenticate`).set('Authorization', admin.auth).send({});
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden('Site is not connected to Wordfence Central.', 403));
    });
  });

  describe('POST authenticate-premium', () => {
    const premium = (body: object | string, type?: string) => {
      const req = http().post(`${SECURITY}/authenticate-premium`);
      if (type) req.set('Content-Type', type);
      return req.send(body);
    };

    it('checks data, nonce format, e-mail, nonce and signature in that order', async () => {
      const cases: Array<[string, object | string, string, string?]> = [
        ['authenticate-premium-empty', {}, 'Data is invalid.'],
        ['authenticate-premium-form', 'data=x', 'Data is invalid.', 'application/x-www-form-urlencoded'],
        [
          'authenticate-premium-bad-nonce-format',
          { data: 'abc|x', signature: '00' },
          'Nonce format is invalid.',
        ],
        [
          'authenticate-premium-bad-email',
          { data: `${'ab'.repeat(32)}|not-an-email`, signature: '00' },
          'Email address is invalid.',
        ],
        [
          'authenticate-premium-wrong-nonce',
          { data: `${'ab'.repeat(32)}|${ADMIN_EMAIL}`, signature: '00' },
          'Nonce is invalid.',
        ],
      ];
      for (const [name, body, message, type] of cases) {
        const res = await premium(body, type);
        expect({ name, status: res.status, body: res.body }).toEqual({
          name,
          status: 401,
          body: forbidden(message),
        });
        expectGolden(name, res);
        expect(res.headers.allow).toBe('POST');
      }
      const nonce = await fake.nonce();
      const zeros = await premium({ data: `${nonce}|${ADMIN_EMAIL}`, signature: '0'.repeat(128) });
      expect(zeros.body).toEqual(forbidden('Signature is invalid.'));
      expectGolden('authenticate-premium-bad-signature', zeros);
    });

    it('refuses a signature by another key, and an e-mail that is not an administrator', async () => {
      const data = `${await fake.nonce()}|${ADMIN_EMAIL}`;
      const other = new FakeConsoleKey();
      expect((await premium({ data, signature: other.sign(data) })).body).toEqual(
        forbidden('Signature is invalid.'),
      );
      const editor = await fake.t.user('editor', 'premium-editor');
      const editorData = `${await fake.nonce()}|${editor.login}@example.test`;
      const res = await premium({ data: editorData, signature: fake.premiumKey.sign(editorData) });
      expect(res.body).toEqual(forbidden('Admin user with this email address not found.'));
    });

    it('answers a 10-minute HS256 token for the premium subject; the nonce works once', async () => {
      const data = `${await fake.nonce()}|${ADMIN_EMAIL}`;
      const signature = fake.premiumKey.sign(data);
      const res = await premium({ data, signature });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['token']);
      const decoded = jwt.decode(res.body.token, { complete: true }) as jwt.Jwt;
      expect(decoded.header).toEqual({ alg: 'HS256', typ: 'JWT' });
      const claims = decoded.payload as jwt.JwtPayload;
      expect(claims).toMatchObject({
        sub: 'security-console-premium',
        email: ADMIN_EMAIL,
        aud: 'Security Console',
      });
      expect(claims.iss).toMatch(/^Security /);
      expect((claims.exp as number) - (claims.iat as number)).toBe(600);
      expect(claims.nbf).toBe(claims.iat);
      const replay = await premium({ data, signature });
      expect(replay.body).toEqual(forbidden('Nonce is invalid.'));
      expect((await fake.nonce()) === data.split('|')[0]).toBe(false);
    });

    it('without a configured console key every signature is refused', async () => {
      const other = new FakeConsole();
      const t = await other.boot({ SECURITY_CONSOLE_PUBLIC_KEY: '' });
      try {
        const data = `${await other.nonce()}|${ADMIN_EMAIL}`;
        const res = await t
          .http()
          .post(`${SECURITY}/authenticate-premium`)
          .send({ data, signature: other.premiumKey.sign(data) });
        expect(res.body).toEqual(forbidden('Signature is invalid.'));
      } finally {
        await t.close();
      }
    });
  });

  describe('token-protected routes', () => {
    const routes: Array<[string, 'get' | 'post' | 'delete', string]> = [
      ['config-get-no-token', 'get', '/config'],
      ['config-post-no-token', 'post', '/config'],
      ['disconnect-no-token', 'post', '/disconnect'],
      ['premium-connect-no-token', 'post', '/premium-connect'],
      ['scan-issues-no-token', 'get', '/scan/issues'],
      ['scan-post-no-token', 'post', '/scan'],
      ['scan-delete-no-token', 'delete', '/scan'],
      ['scan-issue-no-token', 'post', '/scan/issue'],
    ];

    it('without a bearer token: 401 "Authorization header format is invalid." and no Allow header', async () => {
      for (const [name, method, path] of routes) {
        const res = await http()[method](`${SECURITY}${path}`).send({});
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 401,
          body: forbidden('Authorization header format is invalid.'),
        });
        expect(res.headers.allow).toBeUndefined();
        expectGolden(name, res);
      }
      for (const method of ['put', 'patch'] as const) {
        expect((await http()[method](`${SECURITY}/config`).send({})).status).toBe(401);
      }
    });

    it('malformed tokens, X-Authorization, and a forged signature', async () => {
      const garbage = await http().get(`${SECURITY}/config`).set('Authorization', 'Bearer garbage');
      expect(garbage.body).toEqual(forbidden('Invalid token format.'));
      expectGolden('config-get-bad-token', garbage);
      const x = await http().get(`${SECURITY}/config`).set('X-Authorization', 'Bearer garbage');
      expect(x.body).toEqual(forbidden('Invalid token format.'));
      expectGolden('config-get-x-authorization', x);
      const forged = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
      const bad = await http().get(`${SECURITY}/config`).set('Authorization', `Bearer ${forged}`);
      expect(bad.body).toEqual(forbidden('Invalid signature.'));
      expectGolden('config-get-bad-signature', bad);
      const otherSecret = jwt.sign(
        { sub: fake.siteId, exp: Math.floor(Date.now() / 1000) + 60 },
        'not-the-secret',
      );
      expect(
        (await http().get(`${SECURITY}/config`).set('Authorization', `Bearer ${otherSecret}`)).body,
      ).toEqual(forbidden('Invalid signature.'));
      const pc = await http()
        .post(`${SECURITY}/premium-connect`)
        .set('Authorization', 'Bearer garbage')
        .send({});
      expect(pc.body).toEqual(forbidden('Invalid token format.'));
      expectGolden('premium-connect-bad-token', pc);
    });

    it('a logged-in caller without a token gets 403', async () => {
      const admin = await fake.t.user('administrator');
      const res = await http().get(`${SECURITY}/config`).set('Authorization', admin.auth);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden('Authorization header format is invalid.', 403));
    });

    it('a premium token is not a site token', async () => {
      const token = await fake.premiumToken();
      const res = await http().get(`${SECURITY}/config`).set('Authorization', `Bearer ${token}`);
      expect(res.body).toEqual(forbidden('Token is invalid.'));
    });
  });

  describe('premium-connect, authenticate, disconnect', () => {
    let sitePublicKey: string;

    it('premium-connect validates its parameters (400)', async () => {
      const token = await fake.premiumToken();
      const res = await http()
        .post(`${SECURITY}/premium-connect`)
        .set('Authorization', `Bearer ${token}`)
        .send({ 'public-key': 'xyz', 'site-id': 'nope' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data.params).sort()).toEqual(['public-key', 'site-id']);
    });

    it('premium-connect stores the console key and site id and answers a new site key', async () => {
      sitePublicKey = await fake.connect();
      expect(sitePublicKey).toMatch(HEX64);
      const [row] = await fake.dataSource().query('SELECT * FROM security_site');
      expect(row.console_site_id).toBe(fake.siteId);
      expect(row.console_public_key).toBe(fake.siteKey.publicHex);
      expect(row.site_public_key).toBe(sitePublicKey);
      expect(row.site_secret_key).toMatch(/^[0-9a-f]{96}$/);
      expect(row.connect_email).toBe(ADMIN_EMAIL);
      expect(JSON.parse(row.console_site_data)).toEqual({ name: 'test' });
      expect(row.nonce_salt).toMatch(HEX64);
      expect(row.token_secret).toMatch(HEX64);
      expect(row.nonce_salt).not.toBe(row.token_secret);
    });

    it('a site token is not a premium token', async () => {
      const token = await fake.token();
      const res = await http()
        .post(`${SECURITY}/premium-connect`)
        .set('Authorization', `Bearer ${token}`)
        .send({});
      expect(res.body).toEqual(forbidden('Token is invalid.'));
    });

    it('authenticate checks the site id and the signature, and answers a token the data routes accept', async () => {
      const nonce = await fake.nonce();
      const post = (data: string, signature: string) =>
        http().post(`${SECURITY}/authenticate`).send({ data, signature });
      expect((await post(`${nonce}`, '00')).body).toEqual(forbidden('Data is invalid.'));
      expect((await post(`${nonce}|not-a-site`, '00')).body).toEqual(forbidden('Site ID is invalid.'));
      const otherSite = `${nonce}|${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
      expect((await post(otherSite, fake.siteKey.sign(otherSite))).body).toEqual(
        forbidden('Site ID is invalid.'),
      );
      const data = `${nonce}|${fake.siteId}`;
      expect((await post(`${'cd'.repeat(32)}|${fake.siteId}`, '00')).body).toEqual(
        forbidden('Nonce is invalid.'),
      );
      expect((await post(data, fake.premiumKey.sign(data))).body).toEqual(forbidden('Signature is invalid.'));
      expect((await post(data, 'zz')).body).toEqual(forbidden('Signature is invalid.'));
      const ok = await post(data, fake.siteKey.sign(data));
      expect(ok.status).toBe(200);
      const claims = jwt.decode(ok.body.token) as jwt.JwtPayload;
      expect(claims.sub).toBe(fake.siteId);
      expect((claims.exp as number) - (claims.iat as number)).toBe(600);
      const config = await http().get(`${SECURITY}/config`).set('Authorization', `Bearer ${ok.body.token}`);
      expect(config.status).toBe(200);
      expect(config.headers.allow).toBe('GET, POST, PUT, PATCH');
      const replay = await post(data, fake.siteKey.sign(data));
      expect(replay.body).toEqual(forbidden('Nonce is invalid.'));
    });

    it('an expired token is refused', async () => {
      const [row] = await fake.dataSource().query('SELECT token_secret FROM security_site');
      const past = Math.floor(Date.now() / 1000) - 3600;
      const expired = jwt.sign(
        { iss: 'Security', aud: 'Security Console', sub: fake.siteId, iat: past, nbf: past, exp: past + 600 },
        row.token_secret,
        { algorithm: 'HS256' },
      );
      const res = await http().get(`${SECURITY}/config`).set('Authorization', `Bearer ${expired}`);
      expect(res.body).toEqual(forbidden('Token is invalid or expired.'));
      const future = jwt.sign({ sub: fake.siteId, nbf: past + 7200, exp: past + 9000 }, row.token_secret);
      expect((await http().get(`${SECURITY}/config`).set('Authorization', `Bearer ${future}`)).body).toEqual(
        forbidden('Token is invalid or expired.'),
      );
    });

    it('disconnect forgets the console; its tokens and sign-ins stop working', async () => {
      const token = await fake.token();
      for (const method of ['put', 'patch'] as const) {
        expect((await http()[method](`${SECURITY}/disconnect`)).status).toBe(401);
      }
      const res = await http().post(`${SECURITY}/disconnect`).set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      const [row] = await fake.dataSource().query('SELECT * FROM security_site');
      expect(row.console_site_id).toBeNull();
      expect(row.site_secret_key).toBeNull();
      expect(row.disconnect_email).toBe(ADMIN_EMAIL);
      expect(row.disconnected_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect((await http().get(`${SECURITY}/config`).set('Authorization', `Bearer ${token}`)).body).toEqual(
        forbidden('Token is invalid.'),
      );
      const data = `${await fake.nonce()}|${fake.siteId}`;
      expect(
        (
          await http()
            .post(`${SECURITY}/authenticate`)
            .send({ data, signature: fake.siteKey.sign(data) })
        ).body,
      ).toEqual(forbidden('Site is not connected to Wordfence Central.'));
      // Reconnecting makes a new site key.
      expect(await fake.connect()).not.toBe(sitePublicKey);
    });

    it('the administrator lookup ignores the e-mail case', async () => {
      await fake
        .dataSource()
        .getRepository(UserEntity)
        .update({ email: ADMIN_EMAIL }, { email: 'Admin@Example.com' });
      const token = await fake.premiumToken(ADMIN_EMAIL);
      expect(token.split('.')).toHaveLength(3);
    });
  });
});
