import { createHmac } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AteAmsClient } from '../../../src/modules/ml/ams';
import { SiteOptions } from '../../../src/platform/database';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const TM = '/wp-json/ml/tm/v1';
const PROXY = '/wp-json/ml/ate/v1/ate/proxy';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A fake ATE/AMS on 127.0.0.1: records every request and answers by path. */
async function fakeService(): Promise<{ server: Server; base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const json = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      if (path === '/api/wpml/websites' && req.method === 'POST') {
        const sent = JSON.parse(body) as { email: string };
        if (sent.email === 'refused@example.test') {
          return json(422, {
            errors: [{ status: 422, title: 'Invalid manager', detail: 'The e-mail is taken.' }],
          });
        }
        return json(200, { secret_key: 'secret-1', shared_key: 'shared-1' });
      }
      if (path === '/api/wpml/websites/translation_managers') return json(200, { managers: 'synced' });
      if (path === '/api/wpml/websites/translators') return json(200, { translators: 'synced' });
      if (path === '/api/wpml/access_keys/shared-1/status') return json(200, { activated: true });
      if (path === '/api/wpml/engines' && req.method === 'GET')
        return json(200, { list: [{ engine: 'deepl', enabled: true }] });
      if (path === '/api/wpml/engines' && req.method === 'POST') {
        const sent = JSON.parse(body) as { engines?: unknown };
        if (sent.engines === 'refuse') {
          return json(422, {
            errors: [{ status: 422, title: 'Invalid engines', detail: 'Unknown engine.' }],
          });
        }
        if (sent.engines === 'crash') return json(500, { message: 'boom' });
        return json(200, { updated: sent });
      }
      if (path === '/ate/echo') {
        res.writeHead(201, { 'content-type': 'text/plain' });
        return res.end(`echo ${req.method} ${req.url} ${body}`);
      }
      if (path === '/ate/redirect') {
        res.writeHead(302, { location: 'http://203.0.113.9/elsewhere' });
        return res.end();
      }
      if (path === '/ate/slow') return; // never answers: the time limit ends the call
      json(404, { errors: [{ status: 404, title: 'Not found', detail: path }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}`, seen };
}

describe('ATE/AMS service routes', () => {
  let t: TestApp;
  let admin: TestUser;
  let others: TestUser[];
  let fake: Awaited<ReturnType<typeof fakeService>>;

  beforeAll(async () => {
    fake = await fakeService();
    t = await createTestApp({
      ML_AMS_URL: fake.base,
      ML_ATE_URL: `${fake.base}/ate`,
      ML_REMOTE_TIMEOUT_MS: '300',
    });
    admin = await t.user('administrator');
    // Editors are translation managers (they may use these routes); authors are translators only.
    await t.user('editor');
    others = [await t.user('author'), await t.user('contributor'), await t.user('subscriber')];
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });
  beforeEach(() => (fake.seen.length = 0));

  describe('ams', () => {
    it('status is null before the site is registered', async () => {
      const res = await t.http().get(`${TM}/ams/status`).set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(res.body).toBeNull();
    });

    it('signed calls before registration are refused', async () => {
      const res = await t.http().get(`${TM}/ams/engines`).set('Authorization', admin.auth);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('ams_not_registered');
    });

    it('register_manager registers the site and keeps the keys', async () => {
      const res = await t.http().post(`${TM}/ams/register_manager`).set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ enabled: true });
      const sent = JSON.parse(fake.seen[0].body) as Record<string, unknown>;
      expect(fake.seen[0].method).toBe('POST');
      expect(sent).toEqual(
        expect.objectContaining({
          email: expect.stringContaining('@example.test'),
          website_url: 'http://example.test',
          website_uuid: t.app.get(AteAmsClient).websiteUuid(),
          translators: expect.arrayContaining([
            expect.objectContaining({ email: `${others[0].login}@example.test` }),
          ]),
          translation_managers: expect.arrayContaining([
            expect.objectContaining({ email: expect.any(String) }),
          ]),
        }),
      );
      expect(await t.app.get(SiteOptions).get('ml-tm-ams')).toEqual({
        secret: 'secret-1',
        shared: 'shared-1',
        status: 'ENABLED',
      });
    });

    it('register_manager answers enabled false with the service message when refused', async () => {
      const refused = await t.user('administrator', 'refused');
      const res = await t.http().post(`${TM}/ams/register_manager`).set('Authorization', refused.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ enabled: false, error: 'Invalid manager: The e-mail is taken.' });
    });

    it('status, engines and synchronisation use the keys and sign requests', async () => {
      await t.http().post(`${TM}/ams/register_manager`).set('Authorization', admin.auth);
      fake.seen.length = 0;
      const status = await t.http().get(`${TM}/ams/status`).set('Authorization', admin.auth);
      expect(status.body).toEqual({ activated: true });

      const engines = await t.http().get(`${TM}/ams/engines`).set('Authorization', admin.auth);
      expect(engines.status).toBe(200);
      expect(engines.body).toEqual({ list: [{ engine: 'deepl', enabled: true }] });
      const signed = new URL(fake.seen[1].url, fake.base);
      expect(signed.searchParams.get('token')).toBe('shared-1');
      const signature = signed.searchParams.get('signature');
      signed.searchParams.delete('signature');
      const expected = createHmac('sha256', 'secret-1')
        .update(`GET\n${new URL(signed.pathname + signed.search, fake.base).toString()}\n`)
        .digest('hex');
      expect(signature).toBe(expected);

      const update = await t
        .http()
        .post(`${TM}/ams/engines`)
        .set('Authorization', admin.auth)
        .send({ engines: [{ engine: 'deepl', enabled: false }] });
      expect(update.body).toEqual({ updated: { engines: [{ engine: 'deepl', enabled: false }] } });

      const managers = await t.http().get(`${TM}/ams/synchronize/managers`).set('Authorization', admin.auth);
      expect(managers.body).toEqual({ result: { managers: 'synced' } });
      expect(fake.seen.at(-1)?.method).toBe('PUT');

      const translators = await t
        .http()
        .get(`${TM}/ams/synchronize/translators`)
        .set('Authorization', admin.auth);
      expect(translators.body).toEqual({ result: { translators: 'synced' } });

      const consoleUrl = await t.http().get(`${TM}/ams/console`).set('Authorization', admin.auth);
      expect(consoleUrl.status).toBe(200);
      expect(consoleUrl.body).toMatch(
        new RegExp(`^${fake.base}/panel/autologin\\?translation_manager=.*&token=shared-1&`),
      );
    });

    it('passes refusals of AMS on with their status and message; its failures become 502', async () => {
      await t.http().post(`${TM}/ams/register_manager`).set('Authorization', admin.auth);
      const refused = await t
        .http()
        .post(`${TM}/ams/engines`)
        .set('Authorization', admin.auth)
        .send({ engines: 'refuse' });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        code: 'ams_error',
        message: 'Invalid engines: Unknown engine.',
        data: { status: 422 },
      });
      const crashed = await t
        .http()
        .post(`${TM}/ams/engines`)
        .set('Authorization', admin.auth)
        .send({ engines: 'crash' });
      expect(crashed.status).toBe(502);
      expect(crashed.body.code).toBe('ams_error');
    });

    it.each([
      ['post', 'register_manager'],
      ['get', 'synchronize/translators'],
      ['get', 'synchronize/managers'],
      ['get', 'status'],
      ['get', 'console'],
      ['get', 'engines'],
      ['post', 'engines'],
    ] as const)('%s ams/%s: 401 anonymous, 403 for every role but administrator', async (method, path) => {
      const anonymous = await t.http()[method](`${TM}/ams/${path}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_forbidden');
      for (const user of others) {
        const forbidden = await t.http()[method](`${TM}/ams/${path}`).set('Authorization', user.auth);
        expect(forbidden.status).toBe(403);
      }
      expect(fake.seen).toEqual([]);
    });
  });

  describe('ate/proxy', () => {
    const proxy = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', params: Record<string, unknown>) =>
      method === 'get'
        ? t.http().get(PROXY).query(params).set('Authorization', admin.auth)
        : t.http()[method](PROXY).send(params).set('Authorization', admin.auth);

    it('forwards to the ATE host and echoes the answer with the given content type', async () => {
      const res = await proxy('post', {
        url: `${fake.base}/ate/echo`,
        method: 'POST',
        headers: ['Authorization: Bearer ate-token', 'Host: evil.test'],
        query: { page: 2 },
        body: { job: 5 },
        content_type: 'text/plain',
      });
      expect(res.status).toBe(201);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe('echo POST /ate/echo?page=2 {"job":5}');
      expect(fake.seen[0].headers.authorization).toBe('Bearer ate-token');
      expect(fake.seen[0].headers.host).toBe(new URL(fake.base).host);
    });

    it.each(['put', 'patch', 'delete'] as const)('forwards %s', async (method) => {
      const res = await proxy(method, {
        url: `${fake.base}/ate/echo`,
        method: method.toUpperCase(),
        headers: [],
        content_type: 'text/plain',
      });
      expect(res.status).toBe(201);
      expect(res.text).toContain(`echo ${method.toUpperCase()} /ate/echo`);
    });

    it('forwards GET with query parameters', async () => {
      const res = await proxy('get', {
        url: `${fake.base}/api/wpml/engines`,
        method: 'GET',
        headers: ['Accept: application/json'],
      });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toEqual({ list: [{ engine: 'deepl', enabled: true }] });
    });

    it.each([
      [{}, 'endpoint_without_parameters'],
      [{ url: 'x' }, 'missing_required_parameters'],
      [{ url: 'http://127.0.0.1/ate/echo', method: 'POST' }, 'missing_required_parameters'],
      [{ url: 'URL', method: 'GET', headers: [] }, 'invalid_method'],
      [{ url: 'http://203.0.113.9/ate/echo', method: 'POST', headers: [] }, 'invalid_url'],
      [{ url: 'http://127.0.0.1:1/ate/echo', method: 'POST', headers: [] }, 'invalid_url'],
      [{ url: 'not a url', method: 'POST', headers: [] }, 'invalid_url'],
      [{ url: 'http://user:pw@127.0.0.1/ate', method: 'POST', headers: [] }, 'invalid_url'],
    ])('refuses %j with 400 %s and an empty body', async (params, code) => {
      const res = await proxy('post', params);
      expect(res.status).toBe(400);
      expect(res.headers['x-ml-proxy-error']).toBe(code);
      expect(res.text).toBe('');
      expect(fake.seen).toEqual([]);
    });

    it('does not follow a redirect to another host', async () => {
      const res = await proxy('post', { url: `${fake.base}/ate/redirect`, method: 'POST', headers: [] });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('ml_remote_unreachable');
    });

    it('ends a call the service does not answer within the time limit', async () => {
      const res = await proxy('post', { url: `${fake.base}/ate/slow`, method: 'POST', headers: [] });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('ml_remote_unreachable');
    });

    it('is for administrators and translation managers only', async () => {
      const params = { url: `${fake.base}/ate/echo`, method: 'POST', headers: [] };
      expect((await t.http().post(PROXY).send(params)).status).toBe(401);
      for (const user of others) {
        expect((await t.http().post(PROXY).send(params).set('Authorization', user.auth)).status).toBe(403);
      }
      expect(fake.seen).toEqual([]);
    });
  });
});

describe('ATE/AMS routes without ML_ATE_URL and ML_AMS_URL', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
  });
  afterAll(() => t.close());

  it.each([
    ['post', 'register_manager'],
    ['get', 'status'],
    ['get', 'engines'],
  ] as const)('%s ams/%s answers that AMS is not enabled', async (method, path) => {
    const res = await t.http()[method](`${TM}/ams/${path}`).set('Authorization', admin.auth);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 403, reason: 'ams_not_enabled' },
    });
  });

  it('the proxy refuses every URL', async () => {
    const res = await t
      .http()
      .post(PROXY)
      .send({ url: 'https://ate.wpml.org/api/x', method: 'POST', headers: [] })
      .set('Authorization', admin.auth);
    expect(res.status).toBe(400);
    expect(res.headers['x-ml-proxy-error']).toBe('invalid_url');
  });

  it('application passwords work for the custom XML config', async () => {
    const res = await t.http().get('/wp-json/ml/v1/custom-xml-config').set('Authorization', admin.auth);
    expect(res.status).toBe(200);
  });
});
