import { contentFixture, ContentFixture } from '../content/content-fixtures';

describe('core/v2/plugins', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  it("lists the site's modules as active plugins to administrators", async () => {
    const res = await f.get('/plugins', f.users.administrator);
    expect(res.status).toBe(200);
    const names = res.body.map((plugin: { plugin: string }) => plugin.plugin);
    expect(names).toEqual(
      expect.arrayContaining(['redirection/redirection', 'cal/cal', 'spamfilter/spamfilter']),
    );
    const redirection = res.body.find(
      (plugin: { plugin: string }) => plugin.plugin === 'redirection/redirection',
    );
    expect(Object.keys(redirection)).toEqual([
      'plugin',
      'status',
      'name',
      'plugin_uri',
      'author',
      'author_uri',
      'description',
      'version',
      'network_only',
      'requires_wp',
      'requires_php',
      'textdomain',
      '_links',
    ]);
    expect(redirection).toMatchObject({ status: 'active', name: 'Redirection', network_only: false });
    expect(redirection.description.rendered).toMatch(/ <cite>By Machine Control\.<\/cite>$/);
    expect(redirection._links.self[0].href).toBe(
      'http://example.test/wp-json/core/v2/plugins/redirection/redirection',
    );
  });

  it('filters by search and status, and the embed context keeps only its fields', async () => {
    const found = await f.get('/plugins?search=Redirect', f.users.administrator);
    expect(found.body.map((plugin: { plugin: string }) => plugin.plugin)).toEqual([
      'redirection/redirection',
    ]);
    expect((await f.get('/plugins?search=redirect%20nothing', f.users.administrator)).body).toEqual([]);
    expect((await f.get('/plugins?status=inactive', f.users.administrator)).body).toEqual([]);
    const embed = await f.get('/plugins?context=embed&search=Redirect', f.users.administrator);
    expect(Object.keys(embed.body[0])).toEqual([
      'plugin',
      'status',
      'name',
      'network_only',
      'requires_wp',
      'requires_php',
      '_links',
    ]);
  });

  it('answers one plugin', async () => {
    const res = await f.get('/plugins/spamfilter/spamfilter', f.users.administrator);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Spam Filter');
  });

  it('refuses users without activate_plugins', async () => {
    for (const role of ['editor', 'author', 'contributor', 'subscriber'] as const) {
      const res = await f.get('/plugins', f.users[role]);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'rest_cannot_view_plugins',
        message: 'Sorry, you are not allowed to manage plugins for this site.',
        data: { status: 403 },
      });
    }
    expect((await f.get('/plugins')).status).toBe(401);
    const one = await f.get('/plugins/redirection/redirection', f.users.editor);
    expect(one.status).toBe(403);
    expect(one.body.code).toBe('rest_cannot_view_plugin');
  });

  it('answers 404 for a plugin that is not installed', async () => {
    const res = await f.get('/plugins/hello-dolly/hello', f.users.administrator);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'rest_plugin_not_found',
      message: 'Plugin not found.',
      data: { status: 404 },
    });
  });

  it('rejects an unknown status and context', async () => {
    const res = await f.get('/plugins?status=network-active&context=full', f.users.administrator);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params).sort()).toEqual(['context', 'status']);
  });

  it('has no write methods: the modules are part of the service', async () => {
    const res = await f.post('/plugins', { slug: 'akismet' }, f.users.administrator);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });
});
