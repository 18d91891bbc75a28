import { request as httpRequest, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const NS = '/wp-json/redirection/v1';

interface Timed {
  status: number;
  body: string;
  ms: number;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * User regexes run on a linear-time engine: a catastrophic pattern cannot hold the process, and what the engine
 * lacks is refused on save.
 */
describe('reliability: bounded regexes', () => {
  let t: TestApp;
  let admin: TestUser;
  let port: number;
  let server: Server;

  const create = (body: Record<string, unknown>) =>
    t
      .http()
      .post(`${NS}/redirect`)
      .set('Authorization', admin.auth)
      .send({ match_type: 'url', action_type: 'url', group_id: 1, action_data: { url: '/x' }, ...body });

  beforeAll(async () => {
    t = await createTestApp({ BASE_URL: 'http://127.0.0.1' });
    admin = await t.user('administrator');
    await t.app.listen(0, '127.0.0.1');
    server = t.app.getHttpServer() as Server;
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /**
   * `/health` is sent once the pathological request has reached the server. On a backtracking engine the
   * regex below holds the event loop for ~10 s at 30 characters (doubling with each one more), and `/health`
   * waits behind it; on a linear engine both answer at once.
   */
  async function healthDuring(path: string, headers: Record<string, string> = {}) {
    let health: Promise<Timed> | undefined;
    const onRequest = (req: IncomingMessage) => {
      if (req.url === path && !health) health = get(port, '/health');
    };
    server.prependListener('request', onRequest);
    try {
      const stuck = await get(port, path, headers);
      expect(health).toBeDefined();
      return { stuck, health: await health! };
    } finally {
      server.removeListener('request', onRequest);
    }
  }

  it('a catastrophic source pattern is stored and /health answers at once while it is matched', async () => {
    const saved = await create({ url: '^/(a+)+$', regex: true });
    expect(saved.status).toBe(200);
    const { stuck, health } = await healthDuring(`/${'a'.repeat(30)}!`);
    expect(stuck.status).toBe(404);
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(3000);
    // The same pattern on a URL thousands of characters long: finishing at all proves linear matching.
    const long = await get(port, `/${'a'.repeat(8000)}!`);
    expect(long.status).toBe(404);
    expect((await get(port, `/${'a'.repeat(40)}`)).status).toBe(301);
  });

  it('a catastrophic condition pattern (user agent) is bounded too', async () => {
    const saved = await create({
      url: '/agent-check',
      match_type: 'agent',
      action_data: { regex: true, agent: '^(a+)+$', url_from: '/bots', url_notfrom: '/humans' },
    });
    expect(saved.status).toBe(200);
    const { stuck, health } = await healthDuring('/agent-check', { 'User-Agent': `${'a'.repeat(30)}!` });
    expect(stuck.status).toBe(301);
    expect(JSON.stringify(stuck)).not.toContain('/bots');
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(3000);
  });

  it.each([
    ['^/old/(a)\\1$', 'backreferences are not supported'],
    ['^/old/(?=x)', 'lookahead assertions are not supported'],
    ['^/old/(?>a+)', 'atomic groups are not supported'],
    ['^/old/a++', 'possessive quantifiers are not supported'],
    ['^/broken/(.*$', 'missing closing )'],
  ])('refuses the source %s on save with a 400 naming it', async (pattern, reason) => {
    const response = await create({ url: pattern, regex: true });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('redirect');
    expect(response.body.message.startsWith(`Invalid regular expression '${pattern}': `)).toBe(true);
    expect(response.body.message).toContain(reason);
    expect(response.body.data).toEqual({ status: 400, error_code: 297, pattern });
  });

  it('refuses a condition pattern the engine lacks, and on update too', async () => {
    const condition = await create({
      url: '/cond',
      match_type: 'header',
      action_data: { regex: true, name: 'X-Thing', value: '(?!on)', url_from: '/a', url_notfrom: '/b' },
    });
    expect(condition.status).toBe(400);
    expect(condition.body.message).toContain('lookahead assertions are not supported');
    const plain = await create({ url: '/plain-then-regex' });
    const id = plain.body.items.find((item: { url: string }) => item.url === '/plain-then-regex').id;
    const update = await t
      .http()
      .post(`${NS}/redirect/${id}`)
      .set('Authorization', admin.auth)
      .send({ url: '^/p/(\\d)\\1', regex: true, match_type: 'url', action_type: 'url', group_id: 1 });
    expect(update.status).toBe(400);
    expect(update.body.data.pattern).toBe('^/p/(\\d)\\1');
  });

  it('a stored pattern the engine cannot run (written around the API) never matches and breaks nothing', async () => {
    const dataSource = t.app.get(DataSource);
    await dataSource.query(
      `INSERT INTO redirection_items (url, match_url, regex, position, last_count, last_access, group_id, status, action_type, action_code, action_data, match_type)
       VALUES (?, 'regex', 1, 0, 0, '1970-01-01 00:00:00', 1, 'enabled', 'url', 301, '/legacy-target', 'url')`,
      ['^/legacy/(a)\\1$'],
    );
    await create({ url: '/touch-index' });
    expect((await get(port, '/legacy/aa')).status).toBe(404);
    expect((await get(port, '/touch-index')).status).toBe(301);
  });
});
