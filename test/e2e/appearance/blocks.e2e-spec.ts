import { contentFixture, ContentFixture } from '../content/content-fixtures';

describe('core/v2/block-types and block-patterns', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  const EDITORS = ['administrator', 'editor', 'author', 'contributor'] as const;

  it('lists the core blocks the site renders, in registration order, to users who can edit posts', async () => {
    for (const role of EDITORS) {
      const res = await f.get('/block-types', f.users[role]);
      expect(res.status).toBe(200);
      expect(res.body.map((block: { name: string }) => block.name)).toEqual([
        'core/column',
        'core/columns',
        'core/freeform',
        'core/group',
        'core/heading',
        'core/html',
        'core/list',
        'core/list-item',
        'core/media-text',
        'core/paragraph',
        'core/preformatted',
        'core/pullquote',
        'core/quote',
        'core/table',
        'core/verse',
      ]);
    }
  });

  it('answers a block type with its registered attributes and links', async () => {
    const res = await f.get('/block-types/core/paragraph', f.users.author);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'core/paragraph',
      title: 'Paragraph',
      category: 'text',
      api_version: 3,
      is_dynamic: false,
      keywords: ['text'],
      parent: null,
      textdomain: 'default',
      style_handles: ['wp-block-paragraph'],
      editor_style_handles: ['wp-block-paragraph-editor'],
      style: 'wp-block-paragraph',
      editor_script: null,
    });
    expect(Object.keys(res.body.attributes)).toEqual([
      'align',
      'content',
      'dropCap',
      'placeholder',
      'direction',
      'lock',
      'style',
      'textColor',
      'backgroundColor',
      'gradient',
      'className',
      'fontSize',
      'fontFamily',
    ]);
    expect(res.body.attributes.content).toEqual({
      type: 'string',
      source: 'html',
      selector: 'p',
      default: '',
      __experimentalRole: 'content',
    });
    expect(res.body._links.self[0].href).toBe(
      'http://example.test/wp-json/core/v2/block-types/core/paragraph',
    );
    expect(res.body._links.up[0].href).toBe('http://example.test/wp-json/core/v2/block-types/core');
    expect(res.body._links.collection[0].href).toBe('http://example.test/wp-json/core/v2/block-types');
    const html = await f.get('/block-types/core/html', f.users.author);
    expect(Object.keys(html.body.attributes)).toEqual(['content', 'lock']);
    const quote = await f.get('/block-types/core/quote', f.users.author);
    expect(quote.body.styles).toEqual([
      { name: 'default', label: 'Default', isDefault: true },
      { name: 'plain', label: 'Plain' },
    ]);
  });

  it('filters by namespace, in the query or the path', async () => {
    expect((await f.get('/block-types/core', f.users.editor)).body).toHaveLength(15);
    expect((await f.get('/block-types/acme', f.users.editor)).body).toEqual([]);
    expect((await f.get('/block-types?namespace=acme', f.users.editor)).body).toEqual([]);
    expect((await f.get('/block-types?namespace=core', f.users.editor)).body).toHaveLength(15);
  });

  it('answers 404 for an unknown block to editors, 401/403 to those who may not read', async () => {
    const missing = await f.get('/block-types/core/query', f.users.editor);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      code: 'rest_block_type_invalid',
      message: 'Invalid block type.',
      data: { status: 404 },
    });
    const subscriber = await f.get('/block-types/core/query', f.users.subscriber);
    expect(subscriber.status).toBe(403);
    expect(subscriber.body).toEqual({
      code: 'rest_block_type_cannot_view',
      message: 'Sorry, you are not allowed to manage block types.',
      data: { status: 403 },
    });
    expect((await f.get('/block-types')).status).toBe(401);
  });

  it('filters fields by context and rejects an unknown one', async () => {
    const embed = await f.get('/block-types/core/heading?context=embed', f.users.editor);
    expect(embed.body.name).toBe('core/heading');
    const bad = await f.get('/block-types?context=everything', f.users.editor);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    expect(bad.body.data.params.context).toBe('context is not one of view, embed, and edit.');
  });

  it('lists pattern categories in WordPress order and no patterns', async () => {
    for (const role of EDITORS) {
      const categories = await f.get('/block-patterns/categories', f.users[role]);
      expect(categories.status).toBe(200);
      expect(categories.body[0]).toEqual({ name: 'banner', label: 'Banners' });
      expect(categories.body[1]).toEqual({
        name: 'buttons',
        label: 'Buttons',
        description: 'Patterns that contain buttons and call to actions.',
      });
      expect(categories.body.map((category: { name: string }) => category.name)).toContain('header');
      const patterns = await f.get('/block-patterns/patterns', f.users[role]);
      expect(patterns.status).toBe(200);
      expect(patterns.body).toEqual([]);
    }
  });

  it('refuses patterns to subscribers and visitors', async () => {
    const patterns = await f.get('/block-patterns/patterns', f.users.subscriber);
    expect(patterns.status).toBe(403);
    expect(patterns.body).toEqual({
      code: 'rest_cannot_view',
      message: 'Sorry, you are not allowed to view the registered block patterns.',
      data: { status: 403 },
    });
    const categories = await f.get('/block-patterns/categories');
    expect(categories.status).toBe(401);
    expect(categories.body.message).toBe(
      'Sorry, you are not allowed to view the registered block pattern categories.',
    );
  });
});
