import { contentFixture, ContentFixture } from './content-fixtures';

describe('core/v2 content with oEmbed, batch and users', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  it('resolves published posts and pages for oEmbed by their link', async () => {
    const post = await f.create('posts', { title: 'Embed me', content: 'Body text', status: 'publish' });
    const res = await f.t.http().get('/wp-json/oembed/1.0/embed').query({ url: post.link });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Embed me');
    expect(res.body.author_name).toMatch(/^editor /);
    const page = await f.create('pages', { title: 'Embed page', status: 'publish' });
    expect((await f.t.http().get('/wp-json/oembed/1.0/embed').query({ url: page.link })).status).toBe(200);
    const draft = await f.create('posts', { title: 'Not yet', status: 'draft' });
    expect((await f.t.http().get('/wp-json/oembed/1.0/embed').query({ url: draft.link })).status).toBe(404);
  });

  it('runs post writes inside POST /batch/v1', async () => {
    const res = await f.t
      .http()
      .post('/wp-json/batch/v1')
      .set('Authorization', f.users.editor.auth)
      .send({
        requests: [
          { method: 'POST', path: '/core/v2/posts', body: { title: 'Batched 1', status: 'publish' } },
          { method: 'POST', path: '/core/v2/tags', body: { name: 'Batched tag' } },
          { method: 'POST', path: '/core/v2/posts', body: { title: 'Bad', status: 'nope' } },
        ],
      });
    expect(res.status).toBe(207);
    expect(res.body.responses.map((r: any) => r.status)).toEqual([201, 201, 400]);
    const revisions = await f.t
      .http()
      .post('/wp-json/batch/v1')
      .set('Authorization', f.users.editor.auth)
      .send({ requests: [{ method: 'DELETE', path: '/core/v2/posts/1/revisions/2' }] });
    expect(revisions.body.responses[0].body.code).toBe('rest_batch_not_allowed');
  });

  it('lists authors of published content among users and reassigns content on user deletion', async () => {
    const author = await f.t.user('author');
    const post = await f.create('posts', { title: 'By a leaving author', status: 'publish' }, author);
    const users = await f.t.http().get('/wp-json/core/v2/users?per_page=100');
    expect(users.body.map((u: any) => u.id)).toContain(author.id);
    const deleted = await f.t
      .http()
      .delete(`/wp-json/core/v2/users/${author.id}?force=true&reassign=${f.users.editor.id}`)
      .set('Authorization', f.users.administrator.auth);
    expect(deleted.status).toBe(200);
    expect((await f.get(`/posts/${post.id}`)).body.author).toBe(f.users.editor.id);
  });
});
