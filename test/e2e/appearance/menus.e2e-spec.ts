import { contentFixture, ContentFixture } from '../content/content-fixtures';

describe('core/v2/menus and menu-locations', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  const admin = () => f.users.administrator;

  it('creates a menu with its locations and answers it as WordPress does', async () => {
    const res = await f.post(
      '/menus',
      { name: 'Main & more', description: 'Top', locations: ['primary'] },
      admin(),
    );
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`http://example.test/wp-json/core/v2/menus/${res.body.id}`);
    expect(Object.keys(res.body)).toEqual([
      'id',
      'description',
      'name',
      'slug',
      'meta',
      'locations',
      'auto_add',
      '_links',
    ]);
    expect(res.body).toMatchObject({
      name: 'Main & more',
      slug: 'main-more',
      description: 'Top',
      meta: [],
      locations: ['primary'],
      auto_add: false,
    });
    expect(res.body._links.about[0].href).toBe('http://example.test/wp-json/core/v2/taxonomies/nav_menu');
    expect(res.body._links['wp:menu-location']).toEqual([
      { href: 'http://example.test/wp-json/core/v2/menu-locations/primary', embeddable: true },
    ]);
  });

  it('refuses a second menu of the same name and an unknown location', async () => {
    const first = await f.post('/menus', { name: 'Footer links' }, admin());
    const again = await f.post('/menus', { name: 'Footer links' }, admin());
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 'menu_exists',
      message:
        'The menu name <strong>Footer links</strong> conflicts with another menu name. Please try another.',
      data: { status: 400, term_id: first.body.id },
    });
    const bad = await f.post('/menus', { name: 'Elsewhere', locations: ['sidebar'] }, admin());
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    expect(bad.body.data.params).toEqual({ locations: 'Invalid menu location.' });
    const missing = await f.post('/menus', { description: 'no name' }, admin());
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('rest_missing_callback_param');
    expect(missing.body.data.params).toEqual(['name']);
  });

  it('lets users who can edit posts read menus, only edit_theme_options change them', async () => {
    const created = await f.post('/menus', { name: 'Readable' }, admin());
    for (const role of ['editor', 'author', 'contributor'] as const) {
      const list = await f.get('/menus', f.users[role]);
      expect(list.status).toBe(200);
      expect(list.body.map((menu: { name: string }) => menu.name)).toContain('Readable');
      expect((await f.get(`/menus/${created.body.id}`, f.users[role])).status).toBe(200);
      const create = await f.post('/menus', { name: `By ${role}` }, f.users[role]);
      expect(create.status).toBe(403);
      expect(create.body.code).toBe('rest_cannot_create');
      const update = await f.post(`/menus/${created.body.id}`, { name: 'Renamed' }, f.users[role]);
      expect(update.status).toBe(403);
      expect(update.body.code).toBe('rest_cannot_update');
      const remove = await f.del(`/menus/${created.body.id}?force=true`, f.users[role]);
      expect(remove.status).toBe(403);
      expect(remove.body.code).toBe('rest_cannot_delete');
    }
    const subscriber = await f.get('/menus', f.users.subscriber);
    expect(subscriber.status).toBe(403);
    expect(subscriber.body).toEqual({
      code: 'rest_cannot_view',
      message: 'Sorry, you are not allowed to view menus.',
      data: { status: 403 },
    });
    expect((await f.get('/menus')).status).toBe(401);
    expect((await f.post('/menus', { name: 'Anonymous' })).status).toBe(401);
    const editContext = await f.get('/menus?context=edit', f.users.editor);
    expect(editContext.status).toBe(403);
    expect(editContext.body.code).toBe('rest_forbidden_context');
  });

  it('lists with filters, order and paging headers', async () => {
    await f.post('/menus', { name: 'Alpha' }, admin());
    await f.post('/menus', { name: 'Beta' }, admin());
    const searched = await f.get('/menus?search=alph', admin());
    expect(searched.body.map((menu: { name: string }) => menu.name)).toEqual(['Alpha']);
    const paged = await f.get('/menus?per_page=1&orderby=name&order=desc', admin());
    expect(paged.headers['x-wp-total']).toBe(String(Number(paged.headers['x-wp-totalpages'])));
    expect(paged.body).toHaveLength(1);
    const bySlug = await f.get('/menus?slug=beta,alpha&orderby=include_slugs', admin());
    expect(bySlug.body.map((menu: { slug: string }) => menu.slug)).toEqual(['beta', 'alpha']);
    expect((await f.get('/menus?hide_empty=true', admin())).body).toEqual([]);
    const bad = await f.get('/menus?orderby=date&per_page=0', admin());
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params).sort()).toEqual(['orderby', 'per_page']);
  });

  it('updates name, slug, auto_add and moves a location from another menu', async () => {
    const one = await f.post('/menus', { name: 'One', locations: ['footer'] }, admin());
    const two = await f.post('/menus', { name: 'Two' }, admin());
    const updated = await f.put(
      `/menus/${two.body.id}`,
      { name: 'Two renamed', slug: 'second', auto_add: true, locations: ['footer'] },
      admin(),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Two renamed',
      slug: 'second',
      auto_add: true,
      locations: ['footer'],
    });
    expect((await f.get(`/menus/${one.body.id}`, admin())).body.locations).toEqual([]);
    const location = await f.get('/menu-locations/footer', admin());
    expect(location.body).toMatchObject({ name: 'footer', description: 'Footer menu', menu: two.body.id });
    expect(location.body._links['wp:menu'][0]).toEqual({
      href: `http://example.test/wp-json/core/v2/menus/${two.body.id}`,
      embeddable: true,
    });
    const embedded = await f.get('/menu-locations/footer?_embed=wp:menu', admin());
    expect(embedded.body._embedded['wp:menu'][0].name).toBe('Two renamed');
  });

  it('deletes only with force, and answers the deleted menu', async () => {
    const menu = await f.post('/menus', { name: 'Temporary', locations: ['primary'] }, admin());
    const trash = await f.del(`/menus/${menu.body.id}`, admin());
    expect(trash.status).toBe(501);
    expect(trash.body).toEqual({
      code: 'rest_trash_not_supported',
      message: "Menus do not support trashing. Set 'force=true' to delete.",
      data: { status: 501 },
    });
    const deleted = await f.del(`/menus/${menu.body.id}?force=true`, admin());
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    expect(deleted.body.previous).toMatchObject({ id: menu.body.id, name: 'Temporary' });
    expect((await f.get('/menu-locations/primary', admin())).body.menu).toBe(0);
    const gone = await f.get(`/menus/${menu.body.id}`, admin());
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      code: 'rest_term_invalid',
      message: 'Term does not exist.',
      data: { status: 404 },
    });
    expect((await f.get(`/menus/${menu.body.id}`, f.users.subscriber)).status).toBe(404);
  });

  it('lists the theme locations keyed by name to edit_theme_options only', async () => {
    const res = await f.get('/menu-locations', admin());
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['primary', 'footer']);
    expect(res.body.primary).toMatchObject({ name: 'primary', description: 'Primary menu' });
    expect(res.body.primary._links.self[0].href).toBe(
      'http://example.test/wp-json/core/v2/menu-locations/primary',
    );
    const editor = await f.get('/menu-locations', f.users.editor);
    expect(editor.status).toBe(403);
    expect(editor.body).toEqual({
      code: 'rest_cannot_view',
      message: 'Sorry, you are not allowed to view menu locations.',
      data: { status: 403 },
    });
    expect((await f.get('/menu-locations/primary')).status).toBe(401);
    const unknown = await f.get('/menu-locations/sidebar', admin());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: 'rest_menu_location_invalid',
      message: 'Invalid menu location.',
      data: { status: 404 },
    });
  });
});
