import { API, contentFixture, ContentFixture } from './content-fixtures';

describe('core/v2/pages', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  it('creates pages with parent, menu_order and a /slug/ link', async () => {
    const parent = await f.create('pages', { title: 'About', status: 'publish' });
    const child = await f.create('pages', {
      title: 'Team',
      status: 'publish',
      parent: parent.id,
      menu_order: 3,
    });
    expect(child.parent).toBe(parent.id);
    expect(child.menu_order).toBe(3);
    expect(child.link).toBe('http://example.test/about/team/');
    expect(child._links.up[0].href).toBe(`http://example.test${API}/pages/${parent.id}`);
    expect(child.sticky).toBeUndefined();
    expect(child.format).toBeUndefined();
    expect(child.categories).toBeUndefined();
    expect(child.comment_status).toBe('closed');
    expect(child._links['wp:term']).toBeUndefined();
  });

  it('returns page view keys', async () => {
    const page = await f.create('pages', { title: 'Keys', status: 'publish' });
    const res = await f.get(`/pages/${page.id}`);
    expect(
      Object.keys(res.body)
        .filter((k) => k !== '_links')
        .sort(),
    ).toEqual(
      [
        'author',
        'class_list',
        'comment_status',
        'content',
        'date',
        'date_gmt',
        'excerpt',
        'featured_media',
        'guid',
        'id',
        'link',
        'menu_order',
        'meta',
        'ml_current_locale',
        'ml_translations',
        'modified',
        'modified_gmt',
        'parent',
        'ping_status',
        'slug',
        'status',
        'template',
        'title',
        'type',
      ].sort(),
    );
    expect(res.body.type).toBe('page');
    expect(res.body.guid.rendered).toBe('http://example.test/keys/');
  });

  it('refuses an unknown parent with 400 rest_post_invalid_id', async () => {
    const res = await f.post('/pages', { title: 'Orphan', parent: 999999 }, f.users.editor);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'rest_post_invalid_id', message: 'Invalid post parent ID.' });
  });

  it('de-duplicates slugs under the same parent only, and refuses numeric slugs', async () => {
    const a = await f.create('pages', { title: 'Parent A', status: 'publish' });
    const b = await f.create('pages', { title: 'Parent B', status: 'publish' });
    const one = await f.create('pages', { title: 'Child', status: 'publish', parent: a.id });
    const two = await f.create('pages', { title: 'Child', status: 'publish', parent: b.id });
    const three = await f.create('pages', { title: 'Child', status: 'publish', parent: a.id });
    expect([one.slug, two.slug, three.slug]).toEqual(['child', 'child', 'child-2']);
    const numeric = await f.create('pages', { title: 'x', slug: '2024', status: 'publish' });
    expect(numeric.slug).toBe('2024-2');
  });

  it('lists with parent, parent_exclude, menu_order and orderby=menu_order', async () => {
    const root = await f.create('pages', { title: 'Root', status: 'publish' });
    const c1 = await f.create('pages', { title: 'C1', status: 'publish', parent: root.id, menu_order: 2 });
    const c2 = await f.create('pages', { title: 'C2', status: 'publish', parent: root.id, menu_order: 1 });
    const byParent = await f.get(`/pages?parent=${root.id}&orderby=menu_order&order=asc`);
    expect(byParent.body.map((p: any) => p.id)).toEqual([c2.id, c1.id]);
    const byOrder = await f.get(`/pages?parent=${root.id}&menu_order=2`);
    expect(byOrder.body.map((p: any) => p.id)).toEqual([c1.id]);
    const excluded = await f.get(`/pages?parent_exclude=${root.id}&per_page=100`);
    expect(excluded.body.map((p: any) => p.id)).not.toContain(c1.id);
    const sticky = await f.get('/pages?sticky=true');
    expect(sticky.status).toBe(200);
  });

  it('needs edit_pages: authors, contributors and subscribers are refused', async () => {
    for (const role of ['author', 'contributor', 'subscriber'] as const) {
      const res = await f.post('/pages', { title: 'x' }, f.users[role]);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('rest_cannot_create');
    }
    expect((await f.post('/pages', { title: 'x' })).status).toBe(401);
    const page = await f.create('pages', { title: 'Edit me', status: 'publish' });
    const author = await f.put(`/pages/${page.id}`, { title: 'no' }, f.users.author);
    expect(author.status).toBe(403);
    expect(author.body.code).toBe('rest_cannot_edit');
    expect((await f.put(`/pages/${page.id}`, { title: 'yes' }, f.users.administrator)).status).toBe(200);
    const draft = await f.get('/pages?status=draft', f.users.author);
    expect(draft.status).toBe(400);
  });

  it('trashes and force-deletes pages', async () => {
    const page = await f.create('pages', { title: 'Gone', status: 'publish' });
    expect((await f.del(`/pages/${page.id}`, f.users.editor)).body.status).toBe('trash');
    expect((await f.del(`/pages/${page.id}`, f.users.editor)).status).toBe(410);
    expect((await f.del(`/pages/${page.id}?force=true`, f.users.editor)).body.deleted).toBe(true);
  });
});
