import { contentFixture, ContentFixture } from '../content/content-fixtures';

describe('core/v2/themes', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  it('lists the active theme with its features to administrators', async () => {
    const res = await f.get('/themes', f.users.administrator);
    expect(res.status).toBe(200);
    expect(res.headers['x-wp-total']).toBe('1');
    expect(res.headers['x-wp-totalpages']).toBe('1');
    expect(res.body).toHaveLength(1);
    const [theme] = res.body;
    expect(Object.keys(theme)).toEqual([
      'stylesheet',
      'template',
      'requires_php',
      'requires_wp',
      'textdomain',
      'version',
      'screenshot',
      'author',
      'author_uri',
      'description',
      'name',
      'tags',
      'theme_uri',
      'status',
      'theme_supports',
      'is_block_theme',
      'stylesheet_uri',
      'template_uri',
      '_links',
    ]);
    expect(theme).toMatchObject({
      stylesheet: 'site',
      template: 'site',
      status: 'active',
      is_block_theme: false,
      name: { raw: 'Site', rendered: 'Site' },
      tags: { raw: [], rendered: '' },
      stylesheet_uri: 'http://example.test/wp-content/themes/site',
      screenshot: '',
    });
    expect(theme.theme_supports).toMatchObject({
      'align-wide': false,
      'post-thumbnails': true,
      'title-tag': true,
      'custom-logo': false,
    });
    expect(theme.theme_supports.formats[0]).toBe('standard');
    expect(theme._links.self[0].href).toBe('http://example.test/wp-json/core/v2/themes/site');
    expect(theme._links.collection[0].href).toBe('http://example.test/wp-json/core/v2/themes');
  });

  it('filters by status', async () => {
    const inactive = await f.get('/themes?status=inactive', f.users.administrator);
    expect(inactive.status).toBe(200);
    expect(inactive.body).toEqual([]);
    expect(inactive.headers['x-wp-total']).toBe('0');
    const both = await f.get('/themes?status=active,inactive', f.users.administrator);
    expect(both.body.map((theme: { stylesheet: string }) => theme.stylesheet)).toEqual(['site']);
  });

  it('shows the active theme to users who can edit posts when they ask for status=active only', async () => {
    for (const role of ['editor', 'author', 'contributor'] as const) {
      const res = await f.get('/themes?status=active', f.users[role]);
      expect(res.status).toBe(200);
      expect(res.body[0].stylesheet).toBe('site');
    }
    const all = await f.get('/themes', f.users.editor);
    expect(all.status).toBe(403);
    expect(all.body).toEqual({
      code: 'rest_cannot_view_themes',
      message: 'Sorry, you are not allowed to view themes.',
      data: { status: 403 },
    });
  });

  it('refuses subscribers and visitors', async () => {
    const subscriber = await f.get('/themes?status=active', f.users.subscriber);
    expect(subscriber.status).toBe(403);
    expect(subscriber.body.code).toBe('rest_cannot_view_active_theme');
    const visitor = await f.get('/themes?status=active');
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe('rest_cannot_view_active_theme');
    expect((await f.get('/themes')).body.code).toBe('rest_cannot_view_themes');
  });

  it('answers one theme', async () => {
    const res = await f.get('/themes/site', f.users.author);
    expect(res.status).toBe(200);
    expect(res.body.stylesheet).toBe('site');
    expect((await f.get('/themes/site', f.users.subscriber)).status).toBe(403);
    expect((await f.get('/themes/site')).status).toBe(401);
  });

  it('answers 404 for an unknown theme to administrators, 403 to others', async () => {
    const missing = await f.get('/themes/twentytwentythree', f.users.administrator);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      code: 'rest_theme_not_found',
      message: 'Theme not found.',
      data: { status: 404 },
    });
    const editor = await f.get('/themes/twentytwentythree', f.users.editor);
    expect(editor.status).toBe(403);
    expect(editor.body.code).toBe('rest_cannot_view_themes');
  });

  it('rejects an unknown status as WordPress does', async () => {
    const res = await f.get('/themes?status=broken', f.users.administrator);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.params).toEqual({ status: 'status[0] is not one of active and inactive.' });
  });

  it('declares its arguments and schema as WordPress', async () => {
    const res = await f.t.http().options('/wp-json/core/v2/themes');
    expect(res.body.endpoints[0].args.status).toEqual({
      description: 'Limit result set to themes assigned one or more statuses.',
      type: 'array',
      items: { enum: ['active', 'inactive'], type: 'string' },
      required: false,
    });

    expect(res.body.schema.title).toBe('theme');
  });
});
