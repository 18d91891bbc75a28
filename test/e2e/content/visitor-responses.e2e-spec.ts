import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

/**
 * Visitors' post objects are shared between requests while every value they are built from is the same. With
 * the response and query caches off, nothing else stands between two requests: a change made behind the
 * services' back (raw SQL) must show on the next request, and no answer may carry another request's shape.
 */
describe('Posts: visitors’ shared post objects', () => {
  let t: TestApp;
  let editor: TestUser;
  let db: DataSource;
  let postId: number;
  let categoryId: number;

  const list = (path = '/wp-json/core/v2/posts') => t.http().get(path);
  const titleOf = (body: Array<{ id: number; title: { rendered: string } }>) =>
    body.find((item) => item.id === postId)?.title.rendered;

  beforeAll(async () => {
    t = await createTestApp({ RESPONSE_CACHE_ENTRIES: '0', QUERY_CACHE_ENTRIES: '0' });
    editor = await t.user('editor');
    db = t.app.get(DataSource);
    categoryId = (
      await t
        .http()
        .post('/wp-json/core/v2/categories')
        .set('Authorization', editor.auth)
        .send({ name: 'Grading' })
    ).body.id;
    const created = await t
      .http()
      .post('/wp-json/core/v2/posts')
      .set('Authorization', editor.auth)
      .send({
        title: 'First "shared" post',
        content: 'Body text.',
        status: 'publish',
        categories: [categoryId],
      });
    expect(created.status).toBe(201);
    postId = created.body.id;
  });
  afterAll(() => t.close());

  it('answers the same bytes to repeated visitors', async () => {
    const first = await list();
    const second = await list();
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('shows a title changed in SQL on the very next list and single answer', async () => {
    await list();
    await t.http().get(`/wp-json/core/v2/posts/${postId}`);
    await db.query('UPDATE posts SET title = ? WHERE id = ?', ['Changed -- behind the back', postId]);
    expect(titleOf((await list()).body)).toBe('Changed &#8212; behind the back');
    const single = await t.http().get(`/wp-json/core/v2/posts/${postId}`);
    expect(single.body.title.rendered).toBe('Changed &#8212; behind the back');
  });

  it('shows term changes made in SQL: a renamed slug and a removed link', async () => {
    const before = (await list()).body.find((item: { id: number }) => item.id === postId);
    expect(before.categories).toEqual([categoryId]);
    expect(before.class_list).toContain('category-grading');
    await db.query('UPDATE terms SET slug = ? WHERE id = ?', ['fine-grading', categoryId]);
    const renamed = (await list()).body.find((item: { id: number }) => item.id === postId);
    expect(renamed.class_list).toContain('category-fine-grading');
    await db.query('DELETE FROM post_terms WHERE post_id = ? AND term_id = ?', [postId, categoryId]);
    const unlinked = (await list()).body.find((item: { id: number }) => item.id === postId);
    expect(unlinked.categories).toEqual([]);
    expect(unlinked.class_list).not.toContain('category-fine-grading');
  });

  it('never gives a visitor’s object to a user, nor a user’s to a visitor', async () => {
    const visitor = (await list()).body.find((item: { id: number }) => item.id === postId);
    expect(visitor._links.self[0].targetHints.allow).toEqual(['GET']);
    const asEditor = await list('/wp-json/core/v2/posts?context=edit').set('Authorization', editor.auth);
    const edited = asEditor.body.find((item: { id: number }) => item.id === postId);
    expect(edited._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(edited.title.raw).toBeDefined();
    expect(edited._links['wp:action-publish']).toBeDefined();
    const viewAsEditor = await list().set('Authorization', editor.auth);
    const viewed = viewAsEditor.body.find((item: { id: number }) => item.id === postId);
    expect(viewed._links.self[0].targetHints.allow).toContain('DELETE');
    const again = (await list()).body.find((item: { id: number }) => item.id === postId);
    expect(again).toEqual(visitor);
  });

  it('keeps each language root’s links apart', async () => {
    const english = (await list()).body.find((item: { id: number }) => item.id === postId);
    const created = await t
      .http()
      .post('/no/wp-json/core/v2/posts')
      .set('Authorization', editor.auth)
      .send({ title: 'Norsk innlegg', content: 'Tekst.', status: 'publish' });
    expect(created.status).toBe(201);
    const norwegian = await list('/no/wp-json/core/v2/posts');
    const item = norwegian.body.find((entry: { id: number }) => entry.id === created.body.id);
    expect(item._links.self[0].href).toBe(`http://example.test/no/wp-json/core/v2/posts/${created.body.id}`);
    const viaParameter = await list('/wp-json/core/v2/posts?ml_language=no');
    expect(viaParameter.text).toBe(norwegian.text);
    const englishAgain = (await list()).body.find((entry: { id: number }) => entry.id === postId);
    expect(englishAgain._links.self[0].href).toBe(`http://example.test/wp-json/core/v2/posts/${postId}`);
    expect(englishAgain).toEqual(english);
  });

  it('is not changed by _fields, _embed or the embed context of other requests', async () => {
    const plain = (await list()).text;
    expect((await list('/wp-json/core/v2/posts?_fields=id,title')).body[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(Object),
    });
    const embedded = await list('/wp-json/core/v2/posts?_embed');
    expect(embedded.body[0]._embedded).toBeDefined();
    const embedContext = await list('/wp-json/core/v2/posts?context=embed');
    expect(embedContext.body[0].content).toBeUndefined();
    expect((await list()).text).toBe(plain);
  });

  it('shows a protected post’s content only to the request that carries its password', async () => {
    await db.query('UPDATE posts SET password = ? WHERE id = ?', ['sesame', postId]);
    const locked = await t.http().get(`/wp-json/core/v2/posts/${postId}`);
    expect(locked.body.content).toEqual({ rendered: '', protected: true });
    const unlocked = await t.http().get(`/wp-json/core/v2/posts/${postId}?password=sesame`);
    expect(unlocked.body.content.rendered).toContain('Body text.');
    const lockedAgain = await t.http().get(`/wp-json/core/v2/posts/${postId}`);
    expect(lockedAgain.body.content).toEqual({ rendered: '', protected: true });
    const listed = (await list()).body.find((item: { id: number }) => item.id === postId);
    expect(listed.content.rendered).toBe('');
  });
});
