import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const CORE = '/wp-json/core/v2';

/** Issue 9, point 17: `_jsonp` and the posts route schema as WordPress declares them. */
describe('fidelity: _jsonp and route schemas', () => {
  let t: TestApp;
  let editor: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.user('editor');
  });
  afterAll(() => t.close());

  it('wraps the answer in the callback as JavaScript', async () => {
    const res = await t.http().get('/wp-json/?_jsonp=my.callback_1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(res.text.startsWith('/**/my.callback_1({')).toBe(true);
    expect(res.text.endsWith('})')).toBe(true);
    const error = await t.http().get(`${CORE}/posts/999999?_jsonp=cb`);
    expect(error.status).toBe(404);
    expect(error.text).toBe(
      '/**/cb({"code":"rest_post_invalid_id","message":"Invalid post ID.","data":{"status":404}})',
    );
  });

  it('refuses a callback with other characters: 400 rest_callback_invalid', async () => {
    const res = await t.http().get('/wp-json/?_jsonp=alert(1)');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({
      code: 'rest_callback_invalid',
      message: 'Invalid JSONP callback function.',
      data: { status: 400 },
    });
  });

  it('declares title, content and excerpt as objects and takes strings or {raw}', async () => {
    const options = await t.http().options(`${CORE}/posts`);
    const args = options.body.endpoints[1].args;
    expect(args.title).toEqual({
      description: 'The title for the post.',
      type: 'object',
      properties: {
        raw: {
          description: 'Title for the post, as it exists in the database.',
          type: 'string',
          context: ['edit'],
        },
        rendered: {
          description: 'HTML title for the post, transformed for display.',
          type: 'string',
          context: ['view', 'edit', 'embed'],
          readonly: true,
        },
      },
      required: false,
    });
    expect(args.content.properties.protected.context).toEqual(['view', 'edit', 'embed']);
    expect(options.body.schema.properties.content.properties.protected.context).toEqual([
      'view',
      'edit',
      'embed',
    ]);
    const asString = await t
      .http()
      .post(`${CORE}/posts`)
      .set('Authorization', editor.auth)
      .send({ title: 'A string title', content: 'Body' });
    expect(asString.status).toBe(201);
    const asObject = await t
      .http()
      .post(`${CORE}/posts`)
      .set('Authorization', editor.auth)
      .send({ title: { raw: 'An object title' }, content: { raw: 'Body' } });
    expect(asObject.status).toBe(201);
    expect(asObject.body.title.raw).toBe('An object title');
  });

  it('lists the action links in schema.links (golden posts-options.json)', async () => {
    const options = await t.http().options(`${CORE}/posts`);
    const links = options.body.schema.links;
    expect(links.map((link: any) => link.rel)).toEqual([
      'https://api.w.org/action-publish',
      'https://api.w.org/action-unfiltered-html',
      'https://api.w.org/action-sticky',
      'https://api.w.org/action-assign-author',
      'https://api.w.org/action-assign-categories',
      'https://api.w.org/action-create-categories',
      'https://api.w.org/action-assign-tags',
      'https://api.w.org/action-create-tags',
    ]);
    expect(links[0]).toEqual({
      rel: 'https://api.w.org/action-publish',
      title: 'The current user can publish this post.',
      href: 'http://example.test/wp-json/core/v2/posts/{id}',
      targetSchema: {
        type: 'object',
        properties: { status: { type: 'string', enum: ['publish', 'future'] } },
      },
    });
    const pages = await t.http().options(`${CORE}/pages`);
    expect(pages.body.schema.links.map((link: any) => link.rel)).toEqual([
      'https://api.w.org/action-publish',
      'https://api.w.org/action-unfiltered-html',
      'https://api.w.org/action-assign-author',
    ]);
  });
});
