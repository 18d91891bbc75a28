import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { SpamRecheckJob } from '../../../src/modules/spamfilter';
import { createTestDatabase } from '../../helpers/test-database';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { FakeSpamService, VALID_KEY } from '../../helpers/fake-spam-service';

/** Two application instances on one database, as two containers behind a load balancer. */
describe('spam re-check with two instances on one database', () => {
  let service: FakeSpamService;
  let a: TestApp;
  let b: TestApp;
  let dir: string | null = null;
  let dropShared: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    service = await new FakeSpamService().start();
    const shared = await createTestDatabase();
    let url = shared.url;
    if (url.startsWith('sqlite')) {
      dir = mkdtempSync(join(tmpdir(), 'spam-instances-'));
      url = `sqlite:${join(dir, 'shared.sqlite')}`;
    } else {
      dropShared = shared.drop;
    }
    const env = {
      DATABASE_URL: url,
      SPAMFILTER_URL: service.url,
      SPAMFILTER_KEY: VALID_KEY,
      SPAMFILTER_RECHECK_SECONDS: '0',
      SPAMFILTER_RETRY_SECONDS: '0',
    };
    a = await createTestApp(env);
    b = await createTestApp(env);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await dropShared();
    await service.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('each queued comment is checked exactly once', async () => {
    const author = await a.user('author');
    const subscriber = await a.user('subscriber');
    const post = await a
      .http()
      .post('/wp-json/core/v2/posts')
      .set('Authorization', author.auth)
      .send({ title: 'Shared', status: 'publish' });
    await a.app
      .get(DataSource)
      .query('UPDATE comment_settings SET flood_seconds = 0, previously_approved = 0');
    service.override = () => ({ status: 503 });
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await a
        .http()
        .post('/wp-json/core/v2/comments')
        .set('Authorization', subscriber.auth)
        .send({ post: post.body.id, content: `Queued on A ${i}` });
      expect(res.body.status).toBe('hold');
      ids.push(res.body.id);
    }
    service.override = null;
    const before = service.callsTo('comment-check').length;
    const [ranA, ranB] = await Promise.all([
      a.app.get(SpamRecheckJob).runOnce(),
      b.app.get(SpamRecheckJob).runOnce(),
    ]);
    expect(ranA.claimed + ranB.claimed).toBe(8);
    expect(ranA.done + ranB.done).toBe(8);
    expect(service.callsTo('comment-check').length - before).toBe(8);
    const rows = await b.app.get(DataSource).query('SELECT status FROM comments');
    expect(rows.map((row: any) => row.status)).toEqual(ids.map(() => '1'));
    expect(await b.app.get(DataSource).query('SELECT * FROM spamfilter_queue')).toEqual([]);
  });
});
