import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

/** The last inputs that reached a 500: each is WordPress's 400 now, and no input reaches SQL as text. */
describe('reliability: the last 500s', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
  });
  afterAll(() => t.close());

  it.each([
    ['venue', 'Infinity'],
    ['venue', '-Infinity'],
    ['venue', '1e400'],
    ['organizer', 'Infinity'],
    ['organizer', '1e400'],
    ['organizer', 'NaN'],
    ['venue', '1e20'],
  ])('GET events ?%s=%s: 400 rest_invalid_param', async (name, value) => {
    const response = await t.http().get(`/wp-json/cal/events/v1/events?${name}=${value}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rest_invalid_param');
    expect(response.body.data.status).toBe(400);
    expect(response.body.data.params[name]).toEqual(expect.any(String));
  });

  it.each([
    '/wp-json/core/v2/posts',
    '/wp-json/core/v2/pages',
    '/wp-json/core/v2/categories',
    '/wp-json/core/v2/tags',
    '/wp-json/core/v2/users',
    '/wp-json/core/v2/comments',
    '/wp-json/core/v2/media',
    '/wp-json/core/v2/search',
    '/wp-json/cal/events/v1/events',
    '/wp-json/cal/events/v1/venues',
    '/wp-json/cal/events/v1/organizers',
    '/wp-json/cal/events/v1/categories',
    '/wp-json/cal/events/v1/tags',
  ])('a 60,000-character search in the JSON body of GET %s: no 500', async (path) => {
    const response = await t
      .http()
      .get(path)
      .set('Authorization', admin.auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ search: `${'excavator '.repeat(6000)}` }));
    expect(response.status).toBeLessThan(500);
    if (response.status >= 400) {
      expect(response.body).toEqual({
        code: expect.any(String),
        message: expect.any(String),
        data: expect.objectContaining({ status: response.status }),
      });
    }
  });

  it('a 10,000-deep JSON body: 400 rest_invalid_json, not a stack overflow', async () => {
    const deep = `${'['.repeat(10000)}${']'.repeat(10000)}`;
    for (const path of ['/wp-json/ml/tm/v1/ams/engines', '/wp-json/core/v2/posts']) {
      const response = await t
        .http()
        .post(path)
        .set('Authorization', admin.auth)
        .set('Content-Type', 'application/json')
        .send(`{"engines":${deep}}`);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(response.body.code).toBe('rest_invalid_json');
    }
    const object = `${'{"a":'.repeat(10000)}1${'}'.repeat(10000)}`;
    const response = await t
      .http()
      .post('/wp-json/core/v2/posts')
      .set('Authorization', admin.auth)
      .set('Content-Type', 'application/json')
      .send(object);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rest_invalid_json');
  });
});
