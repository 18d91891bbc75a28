import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

/**
 * Parallel writers (it matters on MySQL/MariaDB, where requests really run at once): no 500, no duplicate,
 * no lost acknowledged write, stored counts right.
 */
describe('reliability: concurrent writes', () => {
  let t: TestApp;
  let admin: TestUser;
  const PARALLEL = 20;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_MAX_FAILURES: '10' });
    admin = await t.user('administrator');
  });
  afterAll(() => t.close());

  const parallel = <T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> =>
    Promise.all(Array.from({ length: count }, (_, index) => make(index)));

  it('parallel creates of one tag name: one term, the others term_exists', async () => {
    const responses = await parallel(PARALLEL, () =>
      t.http().post('/wp-json/core/v2/tags').set('Authorization', admin.auth).send({ name: 'Same' }),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(PARALLEL - 1);
    const created = responses.find((response) => response.status === 201)!.body as { id: number };
    for (const response of responses.filter((r) => r.status === 400)) {
      expect(response.body).toEqual({
        code: 'term_exists',
        message: expect.any(String),
        data: { status: 400, term_id: created.id },
        additional_data: [created.id, created.id],
      });
    }
    const list = await t.http().get('/wp-json/core/v2/tags?search=Same&per_page=100');
    expect(list.body.map((tag: { slug: string }) => tag.slug)).toEqual(['same']);
  });

  it('parallel creates of pages with one title: every page stored, every slug distinct', async () => {
    const responses = await parallel(PARALLEL, () =>
      t
        .http()
        .post('/wp-json/core/v2/pages')
        .set('Authorization', admin.auth)
        .send({ title: 'Same page', status: 'publish' }),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(201));
    const slugs = responses.map((response) => (response.body as { slug: string }).slug);
    expect(new Set(slugs).size).toBe(PARALLEL);
    expect(slugs).toContain('same-page');
    const list = await t.http().get('/wp-json/core/v2/pages?search=Same%20page&per_page=100');
    expect(list.body).toHaveLength(PARALLEL);
    expect(new Set(list.body.map((page: { slug: string }) => page.slug)).size).toBe(PARALLEL);
  });

  it('parallel creates of events with one title: distinct slugs', async () => {
    const responses = await parallel(PARALLEL, () =>
      t.http().post('/wp-json/cal/events/v1/events').set('Authorization', admin.auth).send({
        title: 'Same event',
        start_date: '2030-01-01 10:00:00',
        end_date: '2030-01-01 11:00:00',
        status: 'publish',
      }),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(201));
    const slugs = responses.map((response) => (response.body as { slug: string }).slug);
    expect(new Set(slugs).size).toBe(PARALLEL);
  });

  it('parallel updates of different fields of one post: none is lost', async () => {
    const post = await t
      .http()
      .post('/wp-json/core/v2/posts')
      .set('Authorization', admin.auth)
      .send({ title: 'Base', status: 'publish' });
    const fields = ['title', 'content', 'excerpt'] as const;
    const responses = await parallel(12, (index) =>
      t
        .http()
        .post(`/wp-json/core/v2/posts/${post.body.id}`)
        .set('Authorization', admin.auth)
        .send({ [fields[index % 3]]: `value ${index}` }),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
    const stored = await t
      .http()
      .get(`/wp-json/core/v2/posts/${post.body.id}?context=edit`)
      .set('Authorization', admin.auth);
    for (const field of fields) expect(stored.body[field].raw).toMatch(/^value \d+$/);
  });

  it('parallel tagging of posts: the stored count equals the tagged posts', async () => {
    const tag = await t
      .http()
      .post('/wp-json/core/v2/tags')
      .set('Authorization', admin.auth)
      .send({ name: 'Counted' });
    const responses = await parallel(PARALLEL, (index) =>
      t
        .http()
        .post('/wp-json/core/v2/posts')
        .set('Authorization', admin.auth)
        .send({ title: `Tagged ${index}`, status: 'publish', tags: [tag.body.id] }),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(201));
    const stored = await t.http().get(`/wp-json/core/v2/tags/${tag.body.id}`);
    expect(stored.body.count).toBe(PARALLEL);
  });

  it('parallel batches updating one post: no 500', async () => {
    const post = await t
      .http()
      .post('/wp-json/core/v2/posts')
      .set('Authorization', admin.auth)
      .send({ title: 'Batched', status: 'publish' });
    const responses = await parallel(10, (index) =>
      t
        .http()
        .post('/wp-json/batch/v1')
        .set('Authorization', admin.auth)
        .send({
          requests: [
            { method: 'POST', path: `/core/v2/posts/${post.body.id}`, body: { title: `Batch ${index}` } },
            {
              method: 'POST',
              path: '/core/v2/posts',
              body: { title: `Batch new ${index}`, status: 'publish' },
            },
          ],
        }),
    );
    for (const response of responses) {
      expect(response.status).toBe(207);
      expect(response.body.responses.map((item: { status: number }) => item.status)).toEqual([200, 201]);
    }
  });

  it('parallel users with one login: one created, the others existing_user_login', async () => {
    const responses = await parallel(PARALLEL, (index) =>
      t
        .http()
        .post('/wp-json/core/v2/users')
        .set('Authorization', admin.auth)
        .send({ username: 'twin', email: `twin${index}@example.test`, password: 'secret-password' }),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 201)) {
      // a taken login is the client's error: 400 (WordPress answers 500, docs/api/core.md)
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('existing_user_login');
    }
  });

  it('two transactions at once never nest: a rollback takes only its own writes', async () => {
    const dataSource = t.app.get(DataSource);
    const failing = dataSource.transaction(async (manager) => {
      await manager.query("INSERT INTO auth_failures (client, failures, window_start) VALUES ('tx-a', 1, 0)");
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rolled back');
    });
    const succeeding = dataSource.transaction(async (manager) => {
      await manager.query("INSERT INTO auth_failures (client, failures, window_start) VALUES ('tx-b', 1, 0)");
    });
    await expect(failing).rejects.toThrow('rolled back');
    await succeeding;
    const rows = await dataSource.query("SELECT client FROM auth_failures WHERE client IN ('tx-a', 'tx-b')");
    expect(rows.map((row: { client: string }) => row.client)).toEqual(['tx-b']);
  });
});
