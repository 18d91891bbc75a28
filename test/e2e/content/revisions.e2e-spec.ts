import { API, contentFixture, ContentFixture } from './content-fixtures';

describe('core/v2 revisions', () => {
  let f: ContentFixture;
  let post: any;
  let revisionIds: number[];
  beforeAll(async () => {
    f = await contentFixture();
    post = await f.create('posts', { title: 'Rev', content: 'v0', status: 'publish' });
    for (const content of ['v1', 'v2', 'v3']) {
      await f.put(`/posts/${post.id}`, { content }, f.users.editor);
    }
    const list = await f.get(`/posts/${post.id}/revisions`, f.users.editor);
    revisionIds = list.body.map((r: any) => r.id);
  });
  afterAll(() => f.t.close());

  it('lists every revision newest first when per_page is absent', async () => {
    const res = await f.get(`/posts/${post.id}/revisions`, f.users.editor);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.body.map((r: any) => r.content.rendered)).toEqual([
      '<p>v3</p>\n',
      '<p>v2</p>\n',
      '<p>v1</p>\n',
    ]);
    expect(res.body[0].author).toBe(f.users.editor.id);
    expect(res.body[0].parent).toBe(post.id);
    expect(res.body[0].slug).toBe(`${post.id}-revision-v1`);
    expect(res.headers['x-wp-total']).toBe('3');
    expect(res.headers['x-wp-totalpages']).toBe('1');
    expect(res.body[0]._links.parent[0].href).toBe(`http://example.test${API}/posts/${post.id}`);
  });

  it('paginates with per_page, and handles offset and out-of-range pages', async () => {
    const first = await f.get(`/posts/${post.id}/revisions?per_page=2`, f.users.editor);
    expect(first.body).toHaveLength(2);
    expect(first.headers['x-wp-totalpages']).toBe('2');
    expect(first.headers.link).toContain('rel="next"');
    const offsetIgnored = await f.get(`/posts/${post.id}/revisions?offset=1`, f.users.editor);
    expect(offsetIgnored.body).toHaveLength(3);
    const offset = await f.get(`/posts/${post.id}/revisions?per_page=2&offset=1`, f.users.editor);
    expect(offset.body.map((r: any) => r.id)).toEqual(revisionIds.slice(1, 3));
    const badOffset = await f.get(`/posts/${post.id}/revisions?per_page=2&offset=3`, f.users.editor);
    expect(badOffset.status).toBe(400);
    expect(badOffset.body.code).toBe('rest_revision_invalid_offset_number');
    const badPage = await f.get(`/posts/${post.id}/revisions?per_page=2&page=5`, f.users.editor);
    expect(badPage.status).toBe(400);
    expect(badPage.body.code).toBe('rest_revision_invalid_page_number');
    const pageWithOffset = await f.get(
      `/posts/${post.id}/revisions?per_page=2&page=5&offset=1`,
      f.users.editor,
    );
    expect(pageWithOffset.status).toBe(200);
  });

  it('filters with include, exclude, search and orders', async () => {
    const include = await f.get(
      `/posts/${post.id}/revisions?include=${revisionIds[2]},${revisionIds[0]}&orderby=include`,
      f.users.editor,
    );
    expect(include.body.map((r: any) => r.id)).toEqual([revisionIds[2], revisionIds[0]]);
    const exclude = await f.get(`/posts/${post.id}/revisions?exclude=${revisionIds[0]}`, f.users.editor);
    expect(exclude.body).toHaveLength(2);
    const search = await f.get(`/posts/${post.id}/revisions?search=v2`, f.users.editor);
    expect(search.body).toHaveLength(1);
    const asc = await f.get(`/posts/${post.id}/revisions?order=asc&orderby=id`, f.users.editor);
    expect(asc.body.map((r: any) => r.id)).toEqual([...revisionIds].reverse());
    const relevance = await f.get(`/posts/${post.id}/revisions?orderby=relevance`, f.users.editor);
    expect(relevance.body.code).toBe('rest_no_search_term_defined');
    const perPage = await f.get(`/posts/${post.id}/revisions?per_page=101`, f.users.editor);
    expect(perPage.status).toBe(400);
    expect(perPage.body.data.params.per_page).toBe(
      'per_page must be between 1 (inclusive) and 100 (inclusive)',
    );
  });

  it('gets one revision in each context', async () => {
    const view = await f.get(`/posts/${post.id}/revisions/${revisionIds[0]}`, f.users.editor);
    expect(
      Object.keys(view.body)
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
    expect(view.body.title).toEqual({ rendered: 'Rev' });
    const edit = await f.get(`/posts/${post.id}/revisions/${revisionIds[0]}?context=edit`, f.users.editor);
    expect(edit.body.content.raw).toBe('v3');
    const embed = await f.get(`/posts/${post.id}/revisions/${revisionIds[0]}?context=embed`, f.users.editor);
    expect(
      Object.keys(embed.body)
        .filter((k) => k !== '_links')
        .sort(),
    ).toEqual(['author', 'date', 'excerpt', 'id', 'parent', 'slug', 'title']);
  });

  it('checks parent and revision ids', async () => {
    const other = await f.create('posts', { title: 'Other', status: 'publish' });
    const mismatch = await f.get(`/posts/${other.id}/revisions/${revisionIds[0]}`, f.users.editor);
    expect(mismatch.status).toBe(404);
    expect(mismatch.body).toEqual({
      code: 'rest_revision_parent_id_mismatch',
      message: `The revision does not belong to the specified parent with id of "${other.id}"`,
      data: { status: 404 },
    });
    const badParent = await f.get(`/posts/999999/revisions`, f.users.editor);
    expect(badParent.status).toBe(404);
    expect(badParent.body.code).toBe('rest_post_invalid_parent');
    const badId = await f.get(`/posts/${post.id}/revisions/999999`, f.users.editor);
    expect(badId.status).toBe(404);
    expect(badId.body).toMatchObject({ code: 'rest_post_invalid_id', message: 'Invalid revision ID.' });
    const pageParent = await f.get(`/pages/${post.id}/revisions`, f.users.editor);
    expect(pageParent.status).toBe(404);
  });

  it('needs edit_post on the parent to read', async () => {
    const anonymous = await f.get(`/posts/${post.id}/revisions`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({
      code: 'rest_cannot_read',
      message: 'Sorry, you are not allowed to view revisions of this post.',
    });
    expect((await f.get(`/posts/${post.id}/revisions`, f.users.contributor)).status).toBe(403);
    expect((await f.get(`/posts/${post.id}/revisions`, f.users.subscriber)).status).toBe(403);
    expect((await f.get(`/posts/${post.id}/revisions`, f.users.author)).status).toBe(403);
    expect((await f.get(`/posts/${post.id}/revisions`, f.users.administrator)).status).toBe(200);
    const own = await f.create('posts', { title: 'Own', status: 'publish' }, f.users.author);
    await f.put(`/posts/${own.id}`, { title: 'Own 2' }, f.users.author);
    expect((await f.get(`/posts/${own.id}/revisions`, f.users.author)).body).toHaveLength(1);
  });

  it('never lets anyone delete a revision (do_not_allow)', async () => {
    const editor = await f.del(`/posts/${post.id}/revisions/${revisionIds[0]}?force=true`, f.users.editor);
    expect(editor.status).toBe(403);
    expect(editor.body).toMatchObject({
      code: 'rest_cannot_delete',
      message: 'Sorry, you are not allowed to delete this revision.',
    });
    expect(
      (await f.del(`/posts/${post.id}/revisions/${revisionIds[0]}?force=true`, f.users.administrator)).status,
    ).toBe(403);
    const anonymous = await f.del(`/posts/${post.id}/revisions/${revisionIds[0]}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Sorry, you are not allowed to delete revisions of this post.');
    const author = await f.del(`/posts/${post.id}/revisions/${revisionIds[0]}`, f.users.author);
    expect(author.body.message).toBe('Sorry, you are not allowed to delete revisions of this post.');
  });

  it('has no POST on the revisions collection', async () => {
    const res = await f.post(`/posts/${post.id}/revisions`, { title: 'x' }, f.users.editor);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });

  it('writes a revision only when title, content or excerpt change (after the first)', async () => {
    const p = await f.create('posts', { title: 'Count', status: 'publish' });
    await f.put(`/posts/${p.id}`, { status: 'publish' }, f.users.editor);
    await f.put(`/posts/${p.id}`, { comment_status: 'closed' }, f.users.editor);
    await f.put(`/posts/${p.id}`, { excerpt: 'changed' }, f.users.editor);
    const res = await f.get(`/posts/${p.id}/revisions`, f.users.editor);
    expect(res.body).toHaveLength(2);
    const single = await f.get(`/posts/${p.id}`);
    expect(single.body._links['version-history'][0].count).toBe(2);
    expect(single.body._links['predecessor-version'][0].id).toBe(res.body[0].id);
  });

  it('serves page revisions', async () => {
    const page = await f.create('pages', { title: 'Page rev', status: 'publish' });
    await f.put(`/pages/${page.id}`, { title: 'Page rev 2' }, f.users.editor);
    const res = await f.get(`/pages/${page.id}/revisions`, f.users.editor);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]._links.parent[0].href).toBe(`http://example.test${API}/pages/${page.id}`);
  });

  it('deletes revisions with their post', async () => {
    const p = await f.create('posts', { title: 'Cascade', status: 'publish' });
    await f.put(`/posts/${p.id}`, { title: 'Cascade 2' }, f.users.editor);
    const [rev] = (await f.get(`/posts/${p.id}/revisions`, f.users.editor)).body;
    await f.del(`/posts/${p.id}?force=true`, f.users.editor);
    const res = await f.get(`/posts/${p.id}/revisions/${rev.id}`, f.users.editor);
    expect(res.status).toBe(404);
  });
});
