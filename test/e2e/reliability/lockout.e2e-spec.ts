import { Logger } from '@nestjs/common';
import { FirewallService } from '../../../src/modules/security';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/**
 * With the default settings, wrong passwords from one address (here every client behind a proxy the service was
 * not told about) lock out that address's logins only: `/health`, the API's reads and the site's pages answer
 * as before.
 */
describe('reliability: a login lock-out never takes the site down', () => {
  let t: TestApp;
  let editor: TestUser;
  let author: TestUser;
  let warn: jest.SpyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.user('editor');
    author = await t.user('author');
    warn = jest.spyOn(Logger.prototype, 'warn');
  });
  afterAll(async () => {
    warn.mockRestore();
    await t.close();
  });

  it('twenty-five wrong passwords lock out logins (401, 429, then the firewall 403)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await t
        .http()
        .get('/wp-json/core/v2/users/me')
        .set('Authorization', basic(editor.login, `wrong-${i}`));
      statuses.push(response.status);
    }
    await t.app.get(FirewallService).settled();
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10, 20)).toEqual(Array(10).fill(429));
    expect(statuses.slice(20)).toEqual(Array(5).fill(403));
    const login = await t.http().get('/wp-json/core/v2/users/me').set('Authorization', author.auth);
    expect(login.status).toBe(403);
    expect(login.body).toEqual({
      code: 'security_blocked',
      message: 'Your access to this site has been limited by the site owner.',
      data: { status: 403, reason: 'Logins from this address are locked after repeated failures' },
    });
  });

  it('while locked out, /health, anonymous API reads and pages still answer', async () => {
    const health = await t.http().get('/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    expect((await t.http().get('/wp-json/core/v2/posts')).status).toBe(200);
    expect((await t.http().get('/wp-json/')).status).toBe(200);
    expect((await t.http().get('/wp-json/cal/events/v1/events')).status).toBe(200);
    expect((await t.http().get('/')).status).toBe(200);
  });

  it('X-Forwarded-For from a loopback peer without TRUSTED_PROXIES: one warning, however many requests', async () => {
    const before = warn.mock.calls.length;
    for (let i = 0; i < 3; i++) {
      await t
        .http()
        .get('/health')
        .set('X-Forwarded-For', `198.51.100.${i + 1}`);
    }
    const proxyWarnings = warn.mock.calls
      .slice(before)
      .filter(([message]) => typeof message === 'string' && message.includes('TRUSTED_PROXIES'));
    expect(proxyWarnings).toHaveLength(1);
    expect(proxyWarnings[0][0]).toMatch(
      /^X-Forwarded-For from \S+ is ignored because TRUSTED_PROXIES is not set/,
    );
  });
});
