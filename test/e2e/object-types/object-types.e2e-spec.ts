import { golden } from '../../helpers/golden';
import { contentFixture, ContentFixture } from '../content/content-fixtures';

const withoutLinks = (value: Record<string, unknown>) => {
  const { _links: _ignored, ...rest } = value;
  return rest;
};

describe('core/v2 types', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  it('lists the served post types, posts and pages exactly as WordPress does', async () => {
    const res = await f.get('/types');
    const real = golden('types-list.json');
    expect(res.status).toBe(200);
    expect(res.headers.allow).toBe('GET');
    expect(Object.keys(res.body)).toEqual([
      'post',
      'page',
      'attachment',
      'cal_events',
      'cal_venue',
      'cal_organizer',
    ]);
    expect(res.body.post).toEqual(real.body.post);
    expect(res.body.page).toEqual(real.body.page);
    expect(res.body.attachment).toEqual(real.body.attachment);
    expect(res.body.cal_events).toMatchObject({
      name: 'Events',
      slug: 'cal_events',
      hierarchical: false,
      has_archive: 'events',
      taxonomies: ['cal_events_cat', 'post_tag'],
      rest_base: 'events',
      rest_namespace: 'cal/events/v1',
    });
    expect(res.body.cal_events._links['wp:items'][0].href).toBe(
      'http://example.test/wp-json/cal/events/v1/events',
    );
  });

  it('shows capabilities, labels and supports in the edit context, only for types the user can edit', async () => {
    const admin = await f.get('/types?context=edit', f.users.administrator);
    const real = golden('types-list-context-edit.json');
    expect(admin.status).toBe(200);
    expect(admin.body.post).toEqual(real.body.post);
    expect(admin.body.page).toEqual(real.body.page);
    expect(admin.body.attachment).toEqual(real.body.attachment);
    expect(Object.keys(admin.body.post)).toEqual(Object.keys(real.body.post));
    expect(admin.body.cal_events.capabilities).toMatchObject({
      edit_post: 'edit_cal_event',
      edit_posts: 'edit_cal_events',
      publish_posts: 'publish_cal_events',
      create_posts: 'edit_cal_events',
    });
    expect(admin.body.cal_events.labels).toMatchObject({
      add_new_item: 'Add New Event',
      not_found: 'No events found.',
    });

    const author = await f.get('/types?context=edit', f.users.author);
    expect(Object.keys(author.body)).toEqual([
      'post',
      'attachment',
      'cal_events',
      'cal_venue',
      'cal_organizer',
    ]);
    const subscriber = await f.get('/types?context=edit', f.users.subscriber);
    expect(subscriber.status).toBe(403);
    expect(subscriber.body.code).toBe('rest_cannot_view');
  });

  it('refuses the edit context to visitors (401 rest_cannot_view)', async () => {
    const res = await f.get('/types?context=edit');
    const real = golden('types-list-context-edit-noauth.json');
    expect(res.status).toBe(real.status);
    expect(res.body).toEqual(real.body);
  });

  it('gets one type, in the view and edit contexts', async () => {
    const view = await f.get('/types/post');
    expect(view.status).toBe(200);
    expect(view.body).toEqual(golden('types-post.json').body);
    expect((await f.get('/types/page')).body).toEqual(golden('types-page.json').body);
    const edit = await f.get('/types/post?context=edit', f.users.author);
    expect(edit.body).toEqual(golden('types-post-context-edit.json').body);
    const embed = await f.get('/types/post?context=embed');
    expect(Object.keys(withoutLinks(embed.body))).toEqual([
      'name',
      'slug',
      'icon',
      'rest_base',
      'rest_namespace',
    ]);
  });

  it('answers 404 rest_type_invalid for an unknown type, 403/401 for the edit context without the capability', async () => {
    const missing = await f.get('/types/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(golden('types-404.json').body);
    const page = await f.get('/types/page?context=edit', f.users.author);
    expect(page.status).toBe(403);
    expect(page.body.code).toBe('rest_forbidden_context');
    expect((await f.get('/types/page?context=edit')).status).toBe(401);
  });

  it('validates the context', async () => {
    const res = await f.get('/types?context=nope');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.params.context).toBe('context is not one of view, embed, and edit.');
  });
});

describe('core/v2 taxonomies', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  it('lists categories, tags and navigation menus as WordPress does, plus the event categories', async () => {
    const res = await f.get('/taxonomies');
    const real = golden('taxonomies-list.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['category', 'post_tag', 'nav_menu', 'cal_events_cat']);
    expect(res.body.category).toEqual(real.body.category);
    expect(res.body.nav_menu).toEqual(real.body.nav_menu);
    expect(res.body.post_tag).toEqual({ ...real.body.post_tag, types: ['post', 'cal_events'] });
    expect(res.body.cal_events_cat).toMatchObject({
      name: 'Event Categories',
      types: ['cal_events'],
      hierarchical: true,
      rest_base: 'categories',
      rest_namespace: 'cal/events/v1',
    });
  });

  it('filters by post type', async () => {
    expect(Object.keys((await f.get('/taxonomies?type=post')).body)).toEqual(['category', 'post_tag']);
    expect((await f.get('/taxonomies?type=page')).body).toEqual({});
    expect((await f.get('/taxonomies?type=nope')).body).toEqual({});
    expect(Object.keys((await f.get('/taxonomies?type=cal_events')).body)).toEqual([
      'post_tag',
      'cal_events_cat',
    ]);
  });

  it('answers nav_menu in the edit context to administrators as WordPress does', async () => {
    const admin = await f.get('/taxonomies/nav_menu?context=edit', f.users.administrator);
    expect(admin.body).toEqual(golden('taxonomies-list-context-edit.json').body.nav_menu);
    expect((await f.get('/taxonomies/nav_menu?context=edit', f.users.editor)).status).toBe(403);
  });

  it('gets one taxonomy; the edit context needs the manage capability', async () => {
    expect((await f.get('/taxonomies/category')).body).toEqual(golden('taxonomies-category.json').body);
    expect((await f.get('/taxonomies/post_tag')).body).toEqual({
      ...golden('taxonomies-post-tag.json').body,
      types: ['post', 'cal_events'],
    });
    const edit = await f.get('/taxonomies/category?context=edit', f.users.editor);
    expect(edit.status).toBe(200);
    expect(edit.body).toEqual(golden('taxonomies-category-context-edit.json').body);
    const anonymous = await f.get('/taxonomies/category?context=edit');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(golden('taxonomies-category-context-edit-noauth.json').body);
    expect((await f.get('/taxonomies/category?context=edit', f.users.author)).status).toBe(403);
    const tagsAsEditor = await f.get('/taxonomies?context=edit', f.users.editor);
    expect(tagsAsEditor.body.post_tag).toEqual({
      ...golden('taxonomies-list-context-edit.json').body.post_tag,
      types: ['post', 'cal_events'],
    });
  });

  it('answers 404 for an unknown taxonomy and 401 for the list edit context without login', async () => {
    const missing = await f.get('/taxonomies/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(golden('taxonomies-404.json').body);
    const res = await f.get('/taxonomies?context=edit');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(golden('taxonomies-list-context-edit-noauth.json').body);
    // The list's edit context needs the assign capability of one taxonomy (authors have it, subscribers not).
    expect(Object.keys((await f.get('/taxonomies?context=edit', f.users.author)).body)).toEqual([
      'category',
      'post_tag',
      'cal_events_cat',
    ]);
    const subscriber = await f.get('/taxonomies?context=edit', f.users.subscriber);
    expect(subscriber.status).toBe(403);
    expect(subscriber.body.code).toBe('rest_cannot_view');
  });
});

describe('core/v2 statuses', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  it('shows visitors and subscribers only the public statuses: publish, and the aggregator statuses TEC registers public', async () => {
    const res = await f.get('/statuses');
    expect(res.status).toBe(200);
    // The recording site had TEC off: its visitors saw publish alone.
    const aggregator = [
      'cal-ea-success',
      'cal-ea-failed',
      'cal-ea-schedule',
      'cal-ea-pending',
      'cal-ea-draft',
    ];
    expect(Object.keys(res.body)).toEqual(['publish', ...aggregator]);
    expect(res.body.publish).toEqual(golden('statuses-list.json').body.publish);
    expect(aggregator.map((slug) => res.body[slug].name)).toEqual([
      'Imported',
      'Failed',
      'Schedule',
      'Pending',
      'Draft',
    ]);
    expect(res.body['cal-ea-failed']).toMatchObject({ name: 'Failed', slug: 'cal-ea-failed' });
    expect((await f.get('/statuses', f.users.subscriber)).body).toEqual(res.body);
  });

  it('shows editors of any type every status, with the importer statuses last', async () => {
    const res = await f.get('/statuses', f.users.author);
    const real = golden('statuses-list-author.json').body;
    expect(Object.keys(res.body)).toEqual([
      ...Object.keys(real),
      'cal-ea-success',
      'cal-ea-failed',
      'cal-ea-schedule',
      'cal-ea-pending',
      'cal-ea-draft',
      'cal-ignored',
    ]);
    for (const key of Object.keys(real)) expect(res.body[key]).toEqual(real[key]);
    expect(res.body['cal-ea-success']).toMatchObject({ name: 'Imported', public: true, queryable: true });
    expect(res.body['cal-ignored']).toMatchObject({ name: 'Ignored', public: false });
    const edit = await f.get('/statuses?context=edit', f.users.administrator);
    const realEdit = golden('statuses-list-context-edit.json').body;
    for (const key of Object.keys(realEdit)) expect(edit.body[key]).toEqual(realEdit[key]);
  });

  it('gets one status; unknown is 404, a hidden one 401/403', async () => {
    expect((await f.get('/statuses/publish')).body).toEqual(golden('statuses-publish.json').body);
    expect((await f.get('/statuses/draft', f.users.author)).body).toEqual(
      golden('statuses-draft-author.json').body,
    );
    const hidden = await f.get('/statuses/draft');
    expect(hidden.status).toBe(401);
    expect(hidden.body).toEqual(golden('statuses-draft-noauth.json').body);
    expect((await f.get('/statuses/draft', f.users.subscriber)).status).toBe(403);
    const missing = await f.get('/statuses/nope', f.users.author);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(golden('statuses-404.json').body);
    expect((await f.get('/statuses/nope')).status).toBe(404);
  });

  it('refuses the edit context to users who cannot edit any type', async () => {
    const res = await f.get('/statuses?context=edit');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(golden('statuses-list-context-edit-noauth.json').body);
    expect((await f.get('/statuses?context=edit', f.users.subscriber)).status).toBe(403);
  });
});
