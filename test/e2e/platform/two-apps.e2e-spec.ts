import { createTestApp, TestApp } from '../../helpers/test-app';

/**
 * Two applications in one process (as e2e suites and a CLI next to a server run them) share no state: each
 * answers from its own database through its own providers, including in permission checks and validators.
 */
describe('two applications in one process', () => {
  let first: TestApp;
  let second: TestApp;
  let firstAuth: string;
  let secondAuth: string;
  beforeAll(async () => {
    first = await createTestApp({ SITE_NAME: 'First site' });
    firstAuth = (await first.user('administrator')).auth;
    // booted after the first one, so a provider kept outside the application would now be this one's
    second = await createTestApp({ SITE_NAME: 'Second site' });
    secondAuth = (await second.user('administrator')).auth;
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const createPost = async (t: TestApp, auth: string, title: string, path = '/wp-json/core/v2/posts') => {
    const res = await t.http().post(path).set('Authorization', auth).send({ title, status: 'publish' });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  it('reads a post of the first application from the first application only', async () => {
    const id = await createPost(first, firstAuth, 'Only in the first');
    const mine = await first.http().get(`/wp-json/core/v2/posts/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.title.rendered).toBe('Only in the first');
    const other = await second.http().get(`/wp-json/core/v2/posts/${id}`);
    // the second database has no such post, or a different one at that id
    if (other.status === 200) expect(other.body.title.rendered).not.toBe('Only in the first');
    else expect(other.status).toBe(404);
  });

  it('keeps each application on its own data for pages, terms, revisions and autosaves', async () => {
    const firstPage = await createPost(first, firstAuth, 'First page', '/wp-json/core/v2/pages');
    const secondPage = await createPost(second, secondAuth, 'Second page', '/wp-json/core/v2/pages');
    const a = await first.http().get(`/wp-json/core/v2/pages/${firstPage}`);
    const b = await second.http().get(`/wp-json/core/v2/pages/${secondPage}`);
    expect([a.status, a.body.title.rendered]).toEqual([200, 'First page']);
    expect([b.status, b.body.title.rendered]).toEqual([200, 'Second page']);

    const category = await first
      .http()
      .post('/wp-json/core/v2/categories')
      .set('Authorization', firstAuth)
      .send({ name: 'First only' });
    expect(category.status).toBe(201);
    const categories = await second.http().get('/wp-json/core/v2/categories?search=First%20only');
    expect(categories.body).toEqual([]);

    const revisions = await first
      .http()
      .get(`/wp-json/core/v2/pages/${firstPage}/revisions`)
      .set('Authorization', firstAuth);
    expect(revisions.status).toBe(200);
    const autosaves = await first
      .http()
      .get(`/wp-json/core/v2/pages/${firstPage}/autosaves`)
      .set('Authorization', firstAuth);
    expect(autosaves.status).toBe(200);
  });

  it('answers with each application’s own settings and users', async () => {
    const a = await first.http().get('/wp-json/');
    const b = await second.http().get('/wp-json/');
    expect(a.body.name).toBe('First site');
    expect(b.body.name).toBe('Second site');
    // an application password of one site does not open the other
    const crossed = await second.http().get('/wp-json/core/v2/users/me').set('Authorization', firstAuth);
    expect(crossed.status).toBe(401);
  });
});
