import { DataSource } from 'typeorm';
import { SiteOptions } from '../../../src/platform/database';
import { LogExpiryJob } from '../../../src/modules/redirection/logs/log-expiry.job';
import { NS, RedirectionTest, setup } from './helpers';

describe('log expiry job', () => {
  let r: RedirectionTest;
  let db: DataSource;
  const insert = async (table: string, created: string, url: string) => {
    await db.query(`INSERT INTO ${table} (created, url, http_code) VALUES (?, ?, 404)`, [created, url]);
  };

  beforeAll(async () => {
    r = await setup();
    db = r.t.app.get(DataSource);
  });
  afterAll(() => r.t.close());

  it('deletes rows older than the settings, once across instances per day', async () => {
    await r.t
      .http()
      .post(`${NS}/setting`)
      .set('Authorization', r.admin.auth)
      .send({ expire_redirect: 7, expire_404: 30 });
    await insert('redirection_logs', '2026-01-01 00:00:00', '/old-log');
    await insert('redirection_logs', '2026-01-25 00:00:00', '/recent-log');
    await insert('redirection_404', '2025-12-01 00:00:00', '/old-404');
    await insert('redirection_404', '2026-01-20 00:00:00', '/recent-404');
    const now = new Date('2026-02-01T00:00:00Z');

    const first = r.t.app.get(LogExpiryJob);
    // A second instance of the service: same database, its own identity.
    const second = new (LogExpiryJob as any)(
      (first as any).logs,
      (first as any).settings,
      (first as any).writer,
      (first as any).config,
      r.t.app.get(SiteOptions),
    ) as LogExpiryJob;

    expect(await first.runIfDue(now)).toEqual({ logs: 1, notFound: 1 });
    expect(await second.runIfDue(now)).toBeNull();
    expect(await first.runIfDue(new Date(now.getTime() + 3600_000))).toBeNull();
    const logs = await db.query('SELECT url FROM redirection_logs ORDER BY id');
    const notFound = await db.query('SELECT url FROM redirection_404 ORDER BY id');
    expect(logs.map((row: { url: string }) => row.url)).toEqual(['/recent-log']);
    expect(notFound.map((row: { url: string }) => row.url)).toEqual(['/recent-404']);

    // A day later the other instance gets the run; 0 keeps logs forever.
    await r.t
      .http()
      .post(`${NS}/setting`)
      .set('Authorization', r.admin.auth)
      .send({ expire_redirect: 0, expire_404: 1 });
    expect(await second.runIfDue(new Date(now.getTime() + 25 * 3600_000))).toEqual({ logs: 0, notFound: 1 });
    expect((await db.query('SELECT url FROM redirection_logs')).length).toBe(1);
  });
});
