import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const onMysql = (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '').startsWith('mysql');

/**
 * Many more requests than pool connections while the database does not answer: every one gets its 503 within
 * the query timeout twice over (one wait for a connection, one query), not after the requests queued before
 * it (40 requests on 2 connections with a 1 s timeout took 20 s for the last before the wait was bounded).
 */
(onMysql ? describe : describe.skip)('reliability: frozen database, pool exhausted (MySQL/MariaDB)', () => {
  const TIMEOUT_MS = 1000;
  let t: TestApp;
  let editor: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ DATABASE_QUERY_TIMEOUT_MS: String(TIMEOUT_MS), DATABASE_POOL_SIZE: '2' });
    editor = await t.user('editor');
    // Authenticated once, so the requests below find the credentials cached.
    expect((await t.http().get('/wp-json/core/v2/users/me').set('Authorization', editor.auth)).status).toBe(
      200,
    );
  });
  afterAll(() => t.close());

  it('answers every request 503 db_unavailable in bounded time, then serves again', async () => {
    const url = (t.app.get(DataSource).options as { url: string }).url;
    const blocker = await createConnection({ uri: url });
    let answers: Array<{ status: number; code: string; ms: number }>;
    try {
      await blocker.query('LOCK TABLES posts WRITE');
      answers = await Promise.all(
        Array.from({ length: 40 }, async (_, index) => {
          const started = performance.now();
          const response = await t
            .http()
            .post('/wp-json/core/v2/posts')
            .set('Authorization', editor.auth)
            .send({ title: `While frozen ${index}`, status: 'publish' });
          return { status: response.status, code: response.body.code, ms: performance.now() - started };
        }),
      );
    } finally {
      await blocker.query('UNLOCK TABLES');
      await blocker.end();
    }
    expect(answers.map((answer) => [answer.status, answer.code])).toEqual(
      answers.map(() => [503, 'db_unavailable']),
    );
    // Bound: 2 × timeout plus scheduling slack; unbounded, the last one waited 20 × timeout.
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(TIMEOUT_MS * 6);

    const after = await t
      .http()
      .post('/wp-json/core/v2/posts')
      .set('Authorization', editor.auth)
      .send({ title: 'After the freeze', status: 'publish' });
    expect(after.status).toBe(201);
    expect((await t.http().get('/health')).status).toBe(200);
    const stored = await t.http().get('/wp-json/core/v2/posts?search=frozen&per_page=100');
    expect(stored.body).toEqual([]);
  });
});
