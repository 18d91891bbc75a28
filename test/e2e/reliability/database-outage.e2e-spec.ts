import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const onMysql = (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '').startsWith('mysql');

/** A frozen database (a table locked by another session) answers 503 within the query timeout, then recovers. */
(onMysql ? describe : describe.skip)('reliability: database frozen (MySQL/MariaDB)', () => {
  let t: TestApp;
  let editor: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ DATABASE_QUERY_TIMEOUT_MS: '1000' });
    editor = await t.user('editor');
  });
  afterAll(() => t.close());

  it('answers 503 db_unavailable while a table is locked, and serves again once it is released', async () => {
    const url = (t.app.get(DataSource).options as { url: string }).url;
    const blocker = await createConnection({ uri: url });
    try {
      await blocker.query('LOCK TABLES posts WRITE');
      const frozen = await t
        .http()
        .post('/wp-json/core/v2/posts')
        .set('Authorization', editor.auth)
        .send({ title: 'While frozen', status: 'publish' });
      expect(frozen.status).toBe(503);
      expect(frozen.body).toEqual({
        code: 'db_unavailable',
        message: 'Error establishing a database connection.',
        data: { status: 503 },
      });
      expect(frozen.headers['retry-after']).toBe('5');
    } finally {
      await blocker.query('UNLOCK TABLES');
      await blocker.end();
    }
    const after = await t
      .http()
      .post('/wp-json/core/v2/posts')
      .set('Authorization', editor.auth)
      .send({ title: 'After', status: 'publish' });
    expect(after.status).toBe(201);
    const list = await t.http().get('/wp-json/core/v2/posts?search=frozen');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
  });
});
