import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FirewallService } from '../../../src/modules/security';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { createTestDatabase } from '../../helpers/test-database';
import { FakeConsole, SECURITY } from './console-helpers';

const BLOCKED = {
  code: 'security_blocked',
  message: 'Your access to this site has been limited by the site owner.',
};

describe('firewall', () => {
  const fake = new FakeConsole();
  let token: string;
  const configure = async (fields: Record<string, unknown>) => {
    const res = await fake.t
      .http()
      .post(`${SECURITY}/config`)
      .set('Authorization', `Bearer ${token}`)
      .send({ fields });
    expect(res.body).toEqual({ success: true });
  };
  /** A request as if from `ip`, through the local (trusted) proxy. */
  const from = (ip: string, path = '/wp-json/') => fake.t.http().get(path).set('X-Forwarded-For', ip);
  const reset = () =>
    configure({
      blockedIPs: '',
      // The suite's own console calls come straight from localhost.
      whitelisted: '127.0.0.1,::1',
      howGetIPs: '',
      howGetIPs_trusted_proxies: '127.0.0.1,::1',
      wafStatus: 'enabled',
      learningModeGracePeriodEnabled: false,
      max404Humans: 0,
      maxGlobalRequests: 0,
      maxRequestsAuthenticated: 0,
      loginSecurityEnabled: true,
      'waf.disabledRules': [],
      disableWAFBlacklistBlocking: false,
    });

  beforeAll(async () => {
    await fake.boot();
    await fake.connect();
    token = await fake.token();
  });
  beforeEach(() => reset());
  afterAll(() => fake.t.close());

  it('blocks listed IPv4/IPv6 addresses and ranges on every route and page, with a WordPress-shaped 403', async () => {
    await configure({ blockedIPs: '198.51.100.7, 203.0.113.0/24, 2001:db8:bad::/48' });
    for (const ip of ['198.51.100.7', '203.0.113.200', '2001:db8:bad::1', '2001:db8:bad:ffff::9']) {
      const res = await from(ip);
      expect({ ip, status: res.status }).toEqual({ ip, status: 403 });
      expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
      expect(res.body).toEqual({ ...BLOCKED, data: { status: 403, reason: 'Blocked address (blockedIPs)' } });
    }
    expect((await from('198.51.100.7', '/health')).status).toBe(403);
    expect((await from('198.51.100.7', `${SECURITY}/authenticate`)).status).toBe(403);
    for (const ip of ['198.51.100.8', '203.0.114.1', '2001:db8:bad0::1', '::ffff:192.0.2.1']) {
      expect({ ip, status: (await from(ip)).status }).toEqual({ ip, status: 200 });
    }
    // Unblocking: the address leaves the list.
    await configure({ blockedIPs: '203.0.113.0/24' });
    expect((await from('198.51.100.7')).status).toBe(200);
    // Allow-listed addresses are never blocked.
    await configure({ whitelisted: '127.0.0.1,::1,203.0.113.5' });
    expect((await from('203.0.113.5')).status).toBe(200);
    expect((await from('203.0.113.6')).status).toBe(403);
  });

  it('believes X-Forwarded-For only from trusted proxies, read right to left', async () => {
    await configure({ blockedIPs: '198.51.100.7' });
    // The client put a blocked address in front; the proxy appended the real one.
    expect((await from('198.51.100.7, 192.0.2.10')).status).toBe(200);
    expect((await from('192.0.2.10, 198.51.100.7')).status).toBe(403);
    // A chain through a second trusted proxy.
    await configure({ howGetIPs_trusted_proxies: '127.0.0.1,::1,10.0.0.0/8' });
    expect((await from('198.51.100.7, 10.1.2.3')).status).toBe(403);
    // The peer is not a trusted proxy: the header is ignored.
    await configure({ howGetIPs_trusted_proxies: '10.0.0.0/8' });
    expect((await from('198.51.100.7')).status).toBe(200);
    await configure({ howGetIPs_trusted_proxies: '127.0.0.1,::1', howGetIPs: 'REMOTE_ADDR' });
    expect((await from('198.51.100.7')).status).toBe(200);
    await configure({ howGetIPs: 'HTTP_X_REAL_IP' });
    expect((await fake.t.http().get('/wp-json/').set('X-Real-IP', '198.51.100.7')).status).toBe(403);
    expect((await from('198.51.100.7')).status).toBe(200);
    // The address the firewall decided on is in config info.
    await configure({ howGetIPs: '' });
    const info = (await from('192.0.2.33', `${SECURITY}/config`).set('Authorization', `Bearer ${token}`)).body
      .info;
    expect(info.ip).toEqual(['192.0.2.33', 'HTTP_X_FORWARDED_FOR']);
    expect(info.detected_ips).toEqual({ HTTP_X_FORWARDED_FOR: '192.0.2.33' });
  });

  it('blocks an address after repeated failed logins, then lets it in when the block ends', async () => {
    await configure({ loginSec_maxFailures: 3, loginSec_lockoutMins: 10 });
    const wrong = `Basic ${Buffer.from('admin:wrong-password').toString('base64')}`;
    for (let i = 0; i < 3; i++) {
      const res = await from('192.0.2.50').set('Authorization', wrong);
      expect(res.status).toBe(401);
    }
    // Only the address's logins are locked out: its anonymous reads and /health still answer.
    const blocked = await from('192.0.2.50').set('Authorization', wrong);
    expect(blocked.status).toBe(403);
    expect(blocked.body.data.reason).toBe('Logins from this address are locked after repeated failures');
    expect((await from('192.0.2.50')).status).toBe(200);
    expect((await from('192.0.2.50', '/health')).status).toBe(200);
    expect((await from('192.0.2.51').set('Authorization', wrong)).status).toBe(401);
    await fake.t.app.get(FirewallService).settled();
    const [block] = await fake.dataSource().query("SELECT * FROM security_blocks WHERE ip = '192.0.2.50'");
    expect(block).toMatchObject({ source: 'login', reason: '3 failed logins in 5 minute(s)' });
    expect(Number(block.expires_at) - Math.floor(Date.now() / 1000)).toBeGreaterThan(500);
    // Another instance's view: the block is in the database; when it expires, the address is let in.
    await fake.dataSource().query("UPDATE security_blocks SET expires_at = 1 WHERE ip = '192.0.2.50'");
    await fake.dataSource().query("DELETE FROM security_firewall_hits WHERE ip = '192.0.2.50'");
    expect((await from('192.0.2.50').set('Authorization', wrong)).status).toBe(401);
    // Failed console sign-ins count too.
    for (let i = 0; i < 3; i++) {
      await from('192.0.2.60', `${SECURITY}/authenticate`).send({});
      await fake.t
        .http()
        .post(`${SECURITY}/authenticate-premium`)
        .set('X-Forwarded-For', '192.0.2.60')
        .send({});
    }
    const signIn = () =>
      fake.t.http().post(`${SECURITY}/authenticate`).set('X-Forwarded-For', '192.0.2.60').send({});
    expect((await signIn()).status).toBe(403);
    expect((await from('192.0.2.60')).status).toBe(200);
    expect(await fake.t.app.get(FirewallService).unblock('192.0.2.60')).toBe(1);
    await fake.dataSource().query("DELETE FROM security_firewall_hits WHERE ip = '192.0.2.60'");
    expect((await signIn()).status).not.toBe(403);
  });

  it('blocks after too many 404s per minute and after too many requests (anonymous and authenticated limits)', async () => {
    await configure({ max404Humans: 2, blockedTime: 120 });
    for (let i = 0; i < 3; i++) expect((await from('192.0.2.70', `/wp-json/nowhere/${i}`)).status).toBe(404);
    const res = await from('192.0.2.70');
    expect(res.status).toBe(403);
    await fake.t.app.get(FirewallService).settled();
    const [block] = await fake
      .dataSource()
      .query("SELECT source FROM security_blocks WHERE ip = '192.0.2.70'");
    expect(block.source).toBe('404');

    await configure({ max404Humans: 0, maxGlobalRequests: 3, maxRequestsAuthenticated: 5 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await from('192.0.2.80')).status);
    expect(statuses).toEqual([200, 200, 200, 403, 403]);
    const admin = await fake.t.user('administrator');
    const authed: number[] = [];
    for (let i = 0; i < 7; i++) {
      authed.push(
        (await from('192.0.2.81', '/wp-json/core/v2/users/me').set('Authorization', admin.auth)).status,
      );
    }
    expect(authed).toEqual([200, 200, 200, 200, 200, 403, 403]);
    // A bearer token nothing reads does not buy the credentialed limit.
    const bearer: number[] = [];
    for (let i = 0; i < 4; i++)
      bearer.push((await from('192.0.2.82').set('Authorization', 'Bearer x')).status);
    expect(bearer).toEqual([200, 200, 200, 403]);
  });

  it('request rules: blocks traversal, script and SQL injection in the URL; rules can be turned off', async () => {
    expect((await from('192.0.2.90', '/wp-json/core/v2/posts?search=%3Cscript%3Ealert(1)')).status).toBe(403);
    expect(
      (await from('192.0.2.90', '/wp-json/core/v2/posts?search=1%27%20or%20%271%27=%271')).body.data.reason,
    ).toBe('WAF rule 3: SQL injection in the query string');
    expect((await from('192.0.2.90', '/wp-json/x/..%2f..%2fetc/passwd')).status).toBe(403);
    expect((await from('192.0.2.90', '/wp-json/core/v2/posts?search=excavator')).status).toBe(200);
    await configure({ 'waf.disabledRules': [2] });
    expect((await from('192.0.2.90', '/wp-json/core/v2/posts?search=%3Cscript%3Ealert(1)')).status).toBe(200);
  });

  it("the signature file's address blocklist, unless switched off", async () => {
    expect((await from('240.0.0.1')).status).toBe(403);
    await configure({ disableWAFBlacklistBlocking: true });
    expect((await from('240.0.0.1')).status).toBe(200);
  });

  it('learning mode only logs; its grace period ends it; disabled lets everything through', async () => {
    await configure({ blockedIPs: '198.51.100.99', wafStatus: 'learning-mode' });
    expect((await from('198.51.100.99')).status).toBe(200);
    const logged = await fake
      .dataSource()
      .query("SELECT action, reason FROM security_firewall_log WHERE ip = '198.51.100.99'");
    expect(logged).toEqual([{ action: 'learning', reason: 'Blocked address (blockedIPs)' }]);
    await configure({
      learningModeGracePeriodEnabled: true,
      learningModeGracePeriod: Math.floor(Date.now() / 1000) - 10,
    });
    expect((await from('198.51.100.99')).status).toBe(403);
    const waf = (
      await fake.t
        .http()
        .get(`${SECURITY}/config?fields=waf.wafStatus`)
        .set('Authorization', `Bearer ${token}`)
    ).body;
    expect(waf.config.waf).toEqual({ wafStatus: 'enabled' });
    await configure({ wafStatus: 'disabled' });
    expect((await from('198.51.100.99')).status).toBe(200);
  });

  it('decisions are logged and counted in config info', async () => {
    await configure({ blockedIPs: '198.51.100.120' });
    await from('198.51.100.120');
    await from('198.51.100.120');
    const info = (await fake.t.http().get(`${SECURITY}/config`).set('Authorization', `Bearer ${token}`)).body
      .info;
    expect(info.firewall.decisions_24h.blocked).toBeGreaterThanOrEqual(2);
    const rows = await fake
      .dataSource()
      .query("SELECT action, method, path FROM security_firewall_log WHERE ip = '198.51.100.120'");
    expect(rows).toEqual([
      { action: 'blocked', method: 'GET', path: '/wp-json/' },
      { action: 'blocked', method: 'GET', path: '/wp-json/' },
    ]);
  });
});

describe('firewall state shared by two instances', () => {
  const dir = mkdtempSync(join(tmpdir(), 'security-fw-'));
  let shared: { url: string; drop: () => Promise<void> };
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // One database for both instances: a fresh MySQL database, or an SQLite file.
    shared = await createTestDatabase();
    const url = shared.url.startsWith('sqlite') ? `sqlite:${join(dir, 'site.sqlite')}` : shared.url;
    a = await createTestApp({ DATABASE_URL: url, SECURITY_FIREWALL_SYNC_MS: '0' });
    b = await createTestApp({ DATABASE_URL: url, SECURITY_FIREWALL_SYNC_MS: '0' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an automatic block made by one instance is enforced by the other; request counts add up', async () => {
    const { SecurityOptionsService } =
      await import('../../../src/modules/security/options/security-options.service');
    await a.app
      .get(SecurityOptionsService)
      .save({ howGetIPs_trusted_proxies: '127.0.0.1,::1', max404Humans: 1, maxGlobalRequests: 4 });
    await a.http().get('/wp-json/nowhere').set('X-Forwarded-For', '192.0.2.200');
    await a.http().get('/wp-json/nowhere').set('X-Forwarded-For', '192.0.2.200');
    await a.app.get(FirewallService).settled();
    expect((await b.http().get('/wp-json/').set('X-Forwarded-For', '192.0.2.200')).status).toBe(403);

    let passed = 0;
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? a : b;
      if ((await app.http().get('/wp-json/').set('X-Forwarded-For', '192.0.2.201')).status === 200) passed++;
    }
    // Each instance alone would let 4 through; together they stay within the limit plus one beat.
    expect(passed).toBeLessThanOrEqual(5);
    expect((await a.http().get('/wp-json/').set('X-Forwarded-For', '192.0.2.201')).status).toBe(403);
    expect((await b.http().get('/wp-json/').set('X-Forwarded-For', '192.0.2.201')).status).toBe(403);
  });
});

describe('firewall behind the proxies of TRUSTED_PROXIES', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXIES: 'loopback', SECURITY_FIREWALL_SYNC_MS: '0' });
  });
  afterAll(() => t?.close());

  it('reads X-Forwarded-For from the proxies the whole service trusts', async () => {
    const { SecurityOptionsService } =
      await import('../../../src/modules/security/options/security-options.service');
    await t.app.get(SecurityOptionsService).save({ blockedIPs: '2001:db8:1::/64' });
    expect((await t.http().get('/wp-json/').set('X-Forwarded-For', '2001:db8:1::9')).status).toBe(403);
    expect((await t.http().get('/wp-json/').set('X-Forwarded-For', '2001:db8:2::9')).status).toBe(200);
  });
});
