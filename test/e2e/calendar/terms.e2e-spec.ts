import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { createEvent, daysFromNow } from './events-helpers';

const API = '/wp-json/cal/events/v1';
const ROOT = 'http://example.test/wp-json/cal/events/v1';

describe('cal/events/v1 categories and tags', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let author: TestUser;
  let contributor: TestUser;
  let subscriber: TestUser;

  const get = (path: string, user?: TestUser) => {
    const req = t.http().get(`${API}${path}`);
    return user ? req.set('Authorization', user.auth) : req;
  };
  const post = (path: string, body: object, user?: TestUser) => {
    const req = t.http().post(`${API}${path}`).send(body);
    return user ? req.set('Authorization', user.auth) : req;
  };
  const del = (path: string, user?: TestUser) => {
    const req = t.http().delete(`${API}${path}`);
    return user ? req.set('Authorization', user.auth) : req;
  };
  const createTerm = async (route: 'categories' | 'tags', body: object, user: TestUser = editor) => {
    const res = await post(`/${route}`, body, user);
    expect(res.status).toBe(201);
    return res.body as Record<string, any>;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    editor = await t.user('editor');
    author = await t.user('author');
    contributor = await t.user('contributor');
    subscriber = await t.user('subscriber');
  });
  afterAll(() => t.close());

  describe('create (CategoryInsertionCest, TagInsertionCest)', () => {
    it('inserts an event category', async () => {
      const parent = await createTerm('categories', { name: 'Parent cat' });
      const res = await post(
        '/categories',
        { name: 'Child cat', description: 'A child', slug: 'child-cat-slug', parent: parent.id },
        editor,
      );
      expect(res.status).toBe(201);
      // WordPress's terms controller (which TEC wraps) answers with the core route and the term's _links.
      const core = 'http://example.test/wp-json/core/v2';
      expect(res.headers.location).toBe(`${core}/cal_events_cat/${res.body.id}`);
      expect(res.body._links).toEqual({
        self: [{ href: `${core}/cal_events_cat/${res.body.id}` }],
        collection: [{ href: `${core}/cal_events_cat` }],
        about: [{ href: `${core}/taxonomies/cal_events_cat` }],
        up: [{ href: `${core}/cal_events_cat/${parent.id}`, embeddable: true }],
        'wp:post_type': [{ href: `${core}/cal_events?cal_events_cat=${res.body.id}` }],
        curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
      });
      expect(res.body).toEqual({
        _links: res.body._links,
        id: res.body.id,
        count: 0,
        description: 'A child',
        name: 'Child cat',
        slug: 'child-cat-slug',
        taxonomy: 'cal_events_cat',
        parent: parent.id,
        meta: [],
        // The ancestors' slugs lead, as the recorded TEC 6.0.8 answers (conformance categories/create-child-editor)
        url: 'http://example.test/events/category/parent-cat/child-cat-slug/',
        urls: {
          self: `${ROOT}/categories/${res.body.id}`,
          collection: `${ROOT}/categories`,
          up: `${ROOT}/categories/${parent.id}`,
        },
        ml_current_locale: 'en_US',
        ml_translations: [],
      });
    });

    it('inserts an event tag (no parent)', async () => {
      const tag = await createTerm('tags', { name: 'Outdoor' });
      expect(tag).toMatchObject({ name: 'Outdoor', slug: 'outdoor', taxonomy: 'post_tag', count: 0 });
      expect(tag).not.toHaveProperty('parent');
      // post_tag serves posts and events (golden tec-tags-create.json).
      expect(tag._links['wp:post_type']).toEqual([
        { href: `http://example.test/wp-json/core/v2/posts?tags=${tag.id}` },
        { href: `http://example.test/wp-json/core/v2/cal_events?tags=${tag.id}` },
      ]);
      const listed = await t.http().get(`/wp-json/cal/events/v1/tags?include=${tag.id}&hide_empty=false`);
      expect(listed.body.tags[0]).not.toHaveProperty('_links');
      expect(tag.urls).not.toHaveProperty('up');
    });

    it('checks permissions per role', async () => {
      expect((await post('/categories', { name: 'Nope' })).status).toBe(401);
      expect((await post('/categories', { name: 'Nope' }, subscriber)).status).toBe(403);
      expect((await post('/categories', { name: 'Nope' }, contributor)).status).toBe(403);
      expect((await post('/categories', { name: 'Author cat' }, author)).status).toBe(201);
      expect((await post('/tags', { name: 'Author tag' }, author)).status).toBe(403);
      expect((await post('/tags', { name: 'Admin tag' }, admin)).status).toBe(201);
    });

    it('rejects bad parameters', async () => {
      const missing = await post('/categories', { description: 'x' }, editor);
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['name'] } });
      for (const [body, param] of [
        [{ name: '' }, 'name'],
        [{ name: 'X', description: '' }, 'description'],
        [{ name: 'X', slug: '' }, 'slug'],
        [{ name: 'X', parent: 999999 }, 'parent'],
        [{ name: 'X', parent: 'foo' }, 'parent'],
      ] as Array<[object, string]>) {
        const res = await post('/categories', body, editor);
        expect([res.status, res.body.code]).toEqual([400, 'rest_invalid_param']);
        expect(res.body.data.params).toHaveProperty(param);
      }
    });

    it('refuses a duplicate name under the same parent', async () => {
      const first = await createTerm('categories', { name: 'Unique cat' });
      const again = await post('/categories', { name: 'unique cat' }, editor);
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('term_exists');
      expect(again.body.data.term_id).toBe(first.id);
      const slugTaken = await post('/categories', { name: 'Other', slug: 'unique-cat' }, editor);
      expect(slugTaken.status).toBe(400);
      expect(slugTaken.body.code).toBe('duplicate_term_slug');
    });
  });

  describe('archive (CategoryArchiveCest)', () => {
    it('pages with links as TEC does, and returns an empty page past the end', async () => {
      for (let i = 1; i <= 9; i++) await createTerm('tags', { name: `Paged tag ${i}` });
      const page = (n: number) => get(`/tags?hide_empty=false&per_page=3&search=Paged&page=${n}`);
      const first = await page(1);
      expect(first.status).toBe(200);
      expect(Object.keys(first.body)).toEqual(['rest_url', 'total', 'total_pages', 'tags', 'next_rest_url']);
      expect(first.body).toMatchObject({ rest_url: `${ROOT}/tags/`, total: 9, total_pages: 3 });
      expect(first.body.next_rest_url).toBe(`${ROOT}/tags/?page=2`);
      expect(first.headers['x-tec-total']).toBe('9');
      expect(first.headers['x-tec-totalpages']).toBe('3');
      const second = await page(2);
      expect(second.body.previous_rest_url).toBe(`${ROOT}/tags/`);
      expect(second.body.next_rest_url).toBe(`${ROOT}/tags/?page=3`);
      const third = await page(3);
      expect(third.body.previous_rest_url).toBe(`${ROOT}/tags/?page=2`);
      expect(third.body).not.toHaveProperty('next_rest_url');
      const past = await page(4);
      expect(past.status).toBe(200);
      expect(past.body.tags).toEqual([]);
      expect(past.body.previous_rest_url).toBe(`${ROOT}/tags/?page=3`);
    });

    it('orders by id, name and slug in both directions', async () => {
      const b = await createTerm('tags', { name: 'Order b', slug: 'order-z' });
      const a = await createTerm('tags', { name: 'Order a', slug: 'order-y' });
      const ids = async (query: string) =>
        (await get(`/tags?hide_empty=false&search=Order&${query}`)).body.tags.map((tag: any) => tag.id);
      expect(await ids('orderby=id&order=desc')).toEqual([a.id, b.id]);
      expect(await ids('orderby=id&order=asc')).toEqual([b.id, a.id]);
      expect(await ids('orderby=name')).toEqual([a.id, b.id]);
      expect(await ids('orderby=slug&order=desc')).toEqual([b.id, a.id]);
      expect((await get('/tags?order=')).status).toBe(400);
      expect((await get('/tags?orderby=')).status).toBe(400);
      expect((await get('/tags?slug=')).status).toBe(400);
    });

    it('filters by search, include, exclude, slug and parent', async () => {
      const parent = await createTerm('categories', { name: 'Filter parent' });
      const child = await createTerm('categories', { name: 'Filter child', parent: parent.id });
      const other = await createTerm('categories', { name: 'Filter other' });
      const ids = async (query: string) =>
        (await get(`/categories?hide_empty=false&${query}`)).body.categories.map((c: any) => c.id).sort();
      expect(await ids('search=Filter')).toEqual([parent.id, child.id, other.id].sort());
      expect(await ids(`include=${child.id},${other.id}`)).toEqual([child.id, other.id].sort());
      expect(await ids(`search=Filter&exclude[]=${child.id}`)).toEqual([parent.id, other.id].sort());
      expect(await ids('slug=filter-other')).toEqual([other.id]);
      expect(await ids(`parent=${parent.id}`)).toEqual([child.id]);
      const unknown = await get('/categories?include=999999');
      expect(unknown.status).toBe(400);
      expect(unknown.body.data.params).toHaveProperty('include');
      expect((await get('/categories?parent=999999')).status).toBe(400);
      expect((await get('/categories?post=23')).status).toBe(400);
      expect((await get('/categories?post=foo')).status).toBe(400);
    });

    it('hides empty terms by default and counts published events in one query', async () => {
      const used = await createTerm('categories', { name: 'Count used' });
      const draftOnly = await createTerm('categories', { name: 'Count draft only' });
      await createTerm('categories', { name: 'Count empty' });
      const e1 = await createEvent(t, admin, {
        start_date: daysFromNow(2),
        end_date: daysFromNow(2, 1),
        categories: [used.id],
      });
      const e2 = await createEvent(t, admin, {
        start_date: daysFromNow(3),
        end_date: daysFromNow(3, 1),
        categories: [used.id, draftOnly.id],
        status: 'draft',
      });
      await createEvent(t, admin, {
        start_date: daysFromNow(4),
        end_date: daysFromNow(4, 1),
        categories: [used.id],
      });

      const visible = await get('/categories?search=Count');
      expect(visible.body.categories.map((c: any) => [c.name, c.count])).toEqual([['Count used', 2]]);
      const all = await get('/categories?search=Count&hide_empty=false&orderby=count&order=desc');
      expect(all.body.categories.map((c: any) => [c.name, c.count])).toEqual([
        ['Count used', 2],
        ['Count draft only', 0],
        ['Count empty', 0],
      ]);
      expect((await get(`/categories/${used.id}`)).body.count).toBe(2);

      // Counts are stored and follow event writes: trashing one published event leaves one.
      await t
        .http()
        .delete(`/wp-json/cal/events/v1/events/${e1.id}`)
        .set('Authorization', admin.auth)
        .expect(200);
      expect((await get(`/categories/${used.id}`)).body.count).toBe(1);
      // Publishing the draft counts it for both of its categories.
      await t
        .http()
        .post(`/wp-json/cal/events/v1/events/${e2.id}`)
        .set('Authorization', admin.auth)
        .send({ status: 'publish' })
        .expect(200);
      expect((await get(`/categories/${used.id}`)).body.count).toBe(2);
      expect((await get(`/categories/${draftOnly.id}`)).body.count).toBe(1);

      // post/event filters; event wins over post
      const ofE2 = await get(`/categories?hide_empty=false&post=${e2.id}`);
      expect(ofE2.body.categories.map((c: any) => c.id).sort()).toEqual([used.id, draftOnly.id].sort());
      const override = await get(`/categories?hide_empty=false&post=${e2.id}&event=${e1.id}`);
      expect(override.body.total).toBe(1);
      expect(override.body.categories[0].id).toBe(used.id);
    });
  });

  describe('single, update and delete', () => {
    it('gets a single category (SingleCategoryCest)', async () => {
      const parent = await createTerm('categories', { name: 'Single parent' });
      const term = await createTerm('categories', {
        name: 'foo',
        slug: 'foo-bar',
        description: 'Foo desc',
        parent: parent.id,
      });
      const res = await get(`/categories/${term.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: term.id,
        name: 'foo',
        count: 0,
        description: 'Foo desc',
        url: 'http://example.test/events/category/single-parent/foo-bar/',
        slug: 'foo-bar',
        taxonomy: 'cal_events_cat',
        parent: parent.id,
        meta: [],
        urls: {
          self: `${ROOT}/categories/${term.id}`,
          collection: `${ROOT}/categories`,
          up: `${ROOT}/categories/${parent.id}`,
        },
      });
      expect((await get('/categories/2389')).status).toBe(400);
      expect((await get('/categories/foo')).status).toBe(404);
      const tag = await createTerm('tags', { name: 'Not a category' });
      expect((await get(`/categories/${tag.id}`)).status).toBe(400);
      expect((await get(`/tags/${tag.id}`)).status).toBe(200);
    });

    it('updates only the fields sent (CategoryUpdateCest, TagUpdateCest)', async () => {
      const term = await createTerm('tags', { name: 'Before', description: 'Kept' });
      const res = await post(`/tags/${term.id}`, { name: 'After' }, editor);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'After', description: 'Kept', slug: 'before' });
      const slug = await t
        .http()
        .put(`${API}/tags/${term.id}`)
        .set('Authorization', editor.auth)
        .send({ slug: 'after' });
      expect(slug.body.slug).toBe('after');
      expect((await post(`/tags/${term.id}`, { name: '' }, editor)).status).toBe(400);
      expect((await post(`/tags/${term.id}`, { name: 'X' })).status).toBe(401);
      expect((await post(`/tags/${term.id}`, { name: 'X' }, author)).status).toBe(403);
      expect((await post('/tags/999999', { name: 'X' }, editor)).status).toBe(400);
      const other = await createTerm('tags', { name: 'Taken slug' });
      const clash = await post(`/tags/${term.id}`, { slug: other.slug }, editor);
      expect(clash.status).toBe(400);
      expect(clash.body.code).toBe('duplicate_term_slug');
    });

    it('deletes permanently and returns the deleted term (CategoryDeletionCest)', async () => {
      const term = await createTerm('categories', { name: 'Deleted cat' });
      await createEvent(t, admin, {
        start_date: daysFromNow(2),
        end_date: daysFromNow(2, 1),
        categories: [term.id],
      });
      expect((await del(`/categories/${term.id}`)).status).toBe(401);
      expect((await del(`/categories/${term.id}`, contributor)).status).toBe(403);
      const res = await del(`/categories/${term.id}`, editor);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: term.id,
        name: 'Deleted cat',
        count: 1,
        urls: { self: `${ROOT}/categories/${term.id}` },
      });
      expect((await get(`/categories/${term.id}`)).status).toBe(400);
      expect((await del(`/categories/${term.id}`, editor)).status).toBe(400);
    });
  });

  describe('terms given with an event', () => {
    it('assigns existing categories by ID and creates new ones by name', async () => {
      const cat1 = await createTerm('categories', { name: 'cat1' });
      const event = await createEvent(t, admin, {
        start_date: daysFromNow(2),
        end_date: daysFromNow(2, 1),
        categories: [cat1.id, 'cat2'],
        tags: ['fresh tag'],
      });
      expect(event.categories.map((c: any) => c.name).sort()).toEqual(['cat1', 'cat2']);
      expect(event.categories.find((c: any) => c.name === 'cat1').id).toBe(cat1.id);
      expect(event.tags.map((tag: any) => tag.name)).toEqual(['fresh tag']);
      const created = await get('/categories?slug=cat2');
      expect(created.body.total).toBe(1);
    });

    it('rejects unknown term IDs', async () => {
      const res = await post(
        '/events',
        { title: 'Bad cats', start_date: daysFromNow(2), end_date: daysFromNow(2, 1), categories: [999999] },
        admin,
      );
      expect(res.status).toBe(400);
    });
  });
});
