import { API, contentFixture, ContentFixture } from './content-fixtures';

describe('core/v2 categories and tags', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  it('has the default category', async () => {
    const res = await f.get('/categories');
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      id: 1,
      name: 'Uncategorized',
      slug: 'uncategorized',
      taxonomy: 'category',
      parent: 0,
      count: 0,
    });
    expect(res.headers['x-wp-total']).toBe('1');
  });

  it('creates, reads, updates and deletes a category (manage_categories)', async () => {
    const created = await f.post('/categories', { name: 'News', description: 'All news' }, f.users.editor);
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`http://example.test${API}/categories/${created.body.id}`);
    expect(created.body).toMatchObject({
      name: 'News',
      slug: 'news',
      description: 'All news',
      count: 0,
      parent: 0,
      meta: [],
    });
    expect(created.body.link).toBe('http://example.test/category/news/');
    expect(created.body._links['wp:post_type'][0].href).toBe(
      `http://example.test${API}/posts?categories=${created.body.id}`,
    );
    const child = await f.post('/categories', { name: 'Local', parent: created.body.id }, f.users.editor);
    expect(child.body.parent).toBe(created.body.id);
    expect(child.body._links.up[0].href).toBe(`http://example.test${API}/categories/${created.body.id}`);
    const got = await f.get(`/categories/${created.body.id}`);
    expect(
      Object.keys(got.body)
        .filter((k) => k !== '_links')
        .sort(),
    ).toEqual([
      'count',
      'description',
      'id',
      'link',
      'meta',
      'ml_current_locale',
      'ml_translations',
      'name',
      'parent',
      'slug',
      'taxonomy',
    ]);
    const embed = await f.get(`/categories/${created.body.id}?context=embed`);
    expect(
      Object.keys(embed.body)
        .filter((k) => k !== '_links')
        .sort(),
    ).toEqual(['id', 'link', 'ml_current_locale', 'ml_translations', 'name', 'slug', 'taxonomy']);
    const updated = await f.put(
      `/categories/${created.body.id}`,
      { name: 'World news', slug: 'world' },
      f.users.editor,
    );
    expect(updated.body).toMatchObject({ name: 'World news', slug: 'world' });
    const noForce = await f.del(`/categories/${created.body.id}`, f.users.editor);
    expect(noForce.status).toBe(501);
    expect(noForce.body.code).toBe('rest_trash_not_supported');
    const deleted = await f.del(`/categories/${created.body.id}?force=true`, f.users.editor);
    expect(deleted.body).toMatchObject({ deleted: true, previous: { id: created.body.id } });
    expect((await f.get(`/categories/${created.body.id}`)).status).toBe(404);
    expect((await f.get(`/categories/${child.body.id}`)).body.parent).toBe(0);
  });

  it('refuses duplicates, bad parents and missing names', async () => {
    await f.post('/categories', { name: 'Dup' }, f.users.editor);
    const dup = await f.post('/categories', { name: 'Dup' }, f.users.editor);
    expect(dup.status).toBe(400);
    expect(dup.body.code).toBe('term_exists');
    expect(dup.body.data.term_id).toEqual(expect.any(Number));
    const parent = await f.post('/categories', { name: 'Orphan', parent: 999999 }, f.users.editor);
    expect(parent.status).toBe(400);
    expect(parent.body.code).toBe('rest_term_invalid');
    const missing = await f.post('/categories', {}, f.users.editor);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['name'] } });
    const slug = await f.post('/tags', { name: 'Other', slug: 'dup' }, f.users.editor);
    expect(slug.status).toBe(201);
    const taken = await f.post('/tags', { name: 'Another', slug: 'dup' }, f.users.editor);
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe('duplicate_term_slug');
  });

  it('applies permissions', async () => {
    // Tags (not hierarchical) need only assign_terms (edit_posts) to create; categories need manage_categories.
    for (const role of ['author', 'contributor'] as const) {
      const res = await f.post('/tags', { name: `by ${role}` }, f.users[role]);
      expect(res.status).toBe(201);
      const category = await f.post('/categories', { name: `by ${role}` }, f.users[role]);
      expect(category.status).toBe(403);
      expect(category.body.code).toBe('rest_cannot_create');
    }
    const res = await f.post('/tags', { name: 'by subscriber' }, f.users.subscriber);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_cannot_create');
    expect((await f.post('/tags', { name: 'anon' })).status).toBe(401);
    const tag = (await f.post('/tags', { name: 'Protected' }, f.users.administrator)).body;
    expect((await f.put(`/tags/${tag.id}`, { name: 'x' }, f.users.author)).body.code).toBe(
      'rest_cannot_update',
    );
    expect((await f.del(`/tags/${tag.id}?force=true`, f.users.author)).body.code).toBe('rest_cannot_delete');
    expect((await f.del('/categories/1?force=true', f.users.administrator)).status).toBe(403);
    const edit = await f.get('/tags?context=edit');
    expect(edit.status).toBe(401);
    expect(edit.body.code).toBe('rest_forbidden_context');
    expect((await f.get('/tags/999999')).status).toBe(404);
  });

  it('counts published posts and filters by post, hide_empty, parent, slug, search, include/exclude', async () => {
    const a = (await f.post('/tags', { name: 'Alpha' }, f.users.editor)).body;
    const b = (await f.post('/tags', { name: 'Beta' }, f.users.editor)).body;
    const published = await f.create('posts', { title: 'p', status: 'publish', tags: [a.id] });
    await f.create('posts', { title: 'd', status: 'draft', tags: [b.id] });
    expect((await f.get(`/tags/${a.id}`)).body.count).toBe(1);
    expect((await f.get(`/tags/${b.id}`)).body.count).toBe(0);
    const forPost = await f.get(`/tags?post=${published.id}`);
    expect(forPost.body.map((t: any) => t.id)).toEqual([a.id]);
    const nonEmpty = await f.get('/tags?hide_empty=true');
    expect(nonEmpty.body.map((t: any) => t.id)).toEqual([a.id]);
    expect((await f.get('/tags?slug=beta')).body.map((t: any) => t.id)).toEqual([b.id]);
    expect((await f.get('/tags?search=alp')).body.map((t: any) => t.id)).toEqual([a.id]);
    expect((await f.get(`/tags?include=${a.id},${b.id}&exclude=${a.id}`)).body.map((t: any) => t.id)).toEqual(
      [b.id],
    );
    expect((await f.get(`/tags?include=${b.id},${a.id}&orderby=include`)).body.map((t: any) => t.id)).toEqual(
      [b.id, a.id],
    );
    expect((await f.get('/categories?parent=0')).status).toBe(200);
    const tagsParent = await f.get('/tags?per_page=1&offset=1&order=desc&orderby=name');
    expect(tagsParent.body).toHaveLength(1);
    await f.del(`/posts/${published.id}`, f.users.editor);
    expect((await f.get(`/tags/${a.id}`)).body.count).toBe(0);
    const badPost = await f.get('/tags?post=999999');
    expect(badPost.status).toBe(400);
    const perPage = await f.get('/tags?per_page=0');
    expect(perPage.status).toBe(400);
  });

  it('embeds terms of a post via wp:term', async () => {
    const tag = (await f.post('/tags', { name: 'Embeddable' }, f.users.editor)).body;
    const post = await f.create('posts', { title: 'with tag', status: 'publish', tags: [tag.id] });
    const res = await f.get(`/posts/${post.id}?_embed=wp:term`);
    expect(res.body._embedded['wp:term'][1].map((t: any) => t.id)).toEqual([tag.id]);
  });
});
