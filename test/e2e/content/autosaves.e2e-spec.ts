import { contentFixture, ContentFixture } from './content-fixtures';

describe('core/v2 autosaves', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  it('creates an autosave revision for a published post (200, edit context)', async () => {
    const post = await f.create('posts', { title: 'Published', content: 'original', status: 'publish' });
    const res = await f.post(`/posts/${post.id}/autosaves`, { content: 'autosaved' }, f.users.editor);
    expect(res.status).toBe(200);
    expect(res.body.parent).toBe(post.id);
    expect(res.body.id).not.toBe(post.id);
    expect(res.body.slug).toBe(`${post.id}-autosave-v1`);
    expect(res.body.content.raw).toBe('autosaved');
    // Only what the autosave sends is stored: a first autosave leaves the unsent title empty.
    expect(res.body.title.raw).toBe('');
    expect(res.body.preview_link).toContain(`preview_id=${post.id}`);
    const unchanged = await f.get(`/posts/${post.id}?context=edit`, f.users.editor);
    expect(unchanged.body.content.raw).toBe('original');
    const again = await f.post(`/posts/${post.id}/autosaves`, { content: 'autosaved twice' }, f.users.editor);
    expect(again.body.id).toBe(res.body.id);
  });

  it('returns the existing autosave when nothing changed', async () => {
    const post = await f.create('posts', { title: 'Same', content: 'same', status: 'publish' });
    const first = await f.post(`/posts/${post.id}/autosaves`, { content: 'other' }, f.users.editor);
    const second = await f.post(`/posts/${post.id}/autosaves`, { content: 'same' }, f.users.editor);
    expect(second.body.id).toBe(first.body.id);
  });

  it("updates the author's own draft in place", async () => {
    const draft = await f.create('posts', { title: 'Draft', content: 'd', status: 'draft' });
    const res = await f.post(`/posts/${draft.id}/autosaves`, { content: 'in place' }, f.users.editor);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(draft.id);
    expect(res.body.parent).toBe(0);
    const stored = await f.get(`/posts/${draft.id}?context=edit`, f.users.editor);
    expect(stored.body.content.raw).toBe('in place');
    const revisions = await f.get(`/posts/${draft.id}/revisions`, f.users.editor);
    expect(revisions.body).toHaveLength(0);
  });

  it("autosaves another author's draft as a revision and leaves the post alone", async () => {
    const draft = await f.create(
      'posts',
      { title: 'Theirs', content: 'theirs', status: 'draft' },
      f.users.author,
    );
    const res = await f.post(`/posts/${draft.id}/autosaves`, { content: 'mine' }, f.users.editor);
    expect(res.body.id).not.toBe(draft.id);
    expect(res.body.author).toBe(f.users.editor.id);
    const stored = await f.get(`/posts/${draft.id}?context=edit`, f.users.editor);
    expect(stored.body.content.raw).toBe('theirs');
  });

  it('lists one autosave per user and gets the latest', async () => {
    const post = await f.create('posts', { title: 'Shared', status: 'publish' });
    await f.post(`/posts/${post.id}/autosaves`, { content: 'editor' }, f.users.editor);
    await f.post(`/posts/${post.id}/autosaves`, { content: 'admin' }, f.users.administrator);
    const list = await f.get(`/posts/${post.id}/autosaves`, f.users.editor);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.headers['x-wp-total']).toBeUndefined();
    const one = await f.get(`/posts/${post.id}/autosaves/${list.body[1].id}`, f.users.editor);
    expect(one.status).toBe(200);
    expect(
      Object.keys(one.body)
        .filter((k) => k !== '_links')
        .sort(),
    ).toEqual([
      'author',
      'content',
      'date',
      'date_gmt',
      'excerpt',
      'guid',
      'id',
      'meta',
      'modified',
      'modified_gmt',
      'parent',
      'slug',
      'title',
    ]);
  });

  it('404s when there is no autosave', async () => {
    const post = await f.create('posts', { title: 'None', status: 'publish' });
    const res = await f.get(`/posts/${post.id}/autosaves/1`, f.users.editor);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_post_no_autosave');
  });

  it('applies the update permission', async () => {
    const post = await f.create('posts', { title: 'Locked', status: 'publish' });
    const contributor = await f.post(`/posts/${post.id}/autosaves`, { content: 'x' }, f.users.contributor);
    expect(contributor.status).toBe(403);
    expect(contributor.body.code).toBe('rest_cannot_edit');
    expect((await f.post(`/posts/${post.id}/autosaves`, { content: 'x' })).status).toBe(401);
    const read = await f.get(`/posts/${post.id}/autosaves`, f.users.subscriber);
    expect(read.status).toBe(403);
    expect(read.body.message).toBe('Sorry, you are not allowed to view autosaves of this post.');
    const missing = await f.post('/posts/999999/autosaves', { content: 'x' }, f.users.editor);
    expect(missing.status).toBe(404);
  });

  it('validates like an update', async () => {
    const post = await f.create('posts', { title: 'Valid', status: 'publish' });
    const res = await f.post(`/posts/${post.id}/autosaves`, { status: 'nope' }, f.users.editor);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
  });

  it('works for pages', async () => {
    const page = await f.create('pages', { title: 'Page', status: 'publish' });
    const res = await f.post(`/pages/${page.id}/autosaves`, { title: 'Page autosave' }, f.users.editor);
    expect(res.status).toBe(200);
    expect(res.body.parent).toBe(page.id);
    const list = await f.get(`/pages/${page.id}/autosaves`, f.users.editor);
    expect(list.body).toHaveLength(1);
  });
});
