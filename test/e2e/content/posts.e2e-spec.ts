import { DataSource } from 'typeorm';
import { API, contentFixture, ContentFixture } from './content-fixtures';

describe('core/v2/posts', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  describe('list', () => {
    let ids: number[];
    beforeAll(async () => {
      ids = [];
      for (let i = 1; i <= 7; i += 1) {
        const post = await f.create('posts', {
          title: `List post ${i}`,
          content: `Body ${i} ${i % 2 ? 'odd' : 'even'}`,
          status: 'publish',
          date: `2020-01-0${i}T10:00:00`,
        });
        ids.push(post.id);
      }
    });

    it('lists published posts newest first with totals', async () => {
      const res = await f.get('/posts?per_page=100&after=2019-12-31T00:00:00&before=2020-01-08T00:00:00');
      expect(res.status).toBe(200);
      expect(res.body.map((p: any) => p.id)).toEqual([...ids].reverse());
      expect(res.headers['x-wp-total']).toBe('7');
      expect(res.headers['x-wp-totalpages']).toBe('1');
    });

    it('sends pagination Link headers that keep the query', async () => {
      const query = 'after=2019-12-31T00:00:00&before=2020-01-08T00:00:00&per_page=2';
      const first = await f.get(`/posts?${query}`);
      expect(first.headers['x-wp-totalpages']).toBe('4');
      expect(first.headers.link).toContain('rel="next"');
      expect(first.headers.link).not.toContain('rel="prev"');
      expect(first.headers.link).toContain('per_page=2');
      const middle = await f.get(`/posts?${query}&page=2`);
      expect(middle.headers.link).toContain('rel="prev"');
      expect(middle.headers.link).toContain('rel="next"');
      const last = await f.get(`/posts?${query}&page=4`);
      expect(last.headers.link).toContain('rel="prev"');
      expect(last.headers.link).not.toContain('rel="next"');
      const beyond = await f.get(`/posts?${query}&page=100`);
      expect(beyond.status).toBe(400);
      expect(beyond.body.code).toBe('rest_post_invalid_page_number');
    });

    it('answers an empty query with [] and zero totals, even past page 1', async () => {
      const res = await f.get('/posts?search=nothing-matches-this&page=3');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers['x-wp-total']).toBe('0');
      expect(res.headers['x-wp-totalpages']).toBe('0');
    });

    it.each([
      ['per_page=0', 'per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)'],
      ['per_page=101', 'per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)'],
      ['per_page=-1', 'per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)'],
      ['per_page=abc', 'per_page', 'per_page is not of type integer.'],
      ['page=0', 'page', 'page must be greater than or equal to 1'],
      ['context=banana', 'context', 'context is not one of view, embed, and edit.'],
      ['after=foo', 'after', 'Invalid date.'],
      ['include=invalid', 'include', 'include[0] is not of type integer.'],
      ['orderby=nope', 'orderby', undefined],
      [
        'categories=abc',
        'categories',
        'categories is not a valid Term ID List. Reason: categories[0] is not of type integer.',
      ],
      ['format=testformat', 'format', undefined],
      ['tax_relation=XOR', 'tax_relation', 'tax_relation is not one of AND and OR.'],
    ])('rejects %s', async (query, param, message) => {
      const res = await f.get(`/posts?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data.params)).toEqual([param]);
      if (message) expect(res.body.data.params[param]).toBe(message);
    });

    it('requires search for orderby=relevance and include for orderby=include', async () => {
      const relevance = await f.get('/posts?orderby=relevance');
      expect(relevance.status).toBe(400);
      expect(relevance.body.code).toBe('rest_no_search_term_defined');
      const include = await f.get('/posts?orderby=include');
      expect(include.status).toBe(400);
      expect(include.body.code).toBe('rest_orderby_include_missing_include');
    });

    it('filters by include and keeps include order with orderby=include', async () => {
      const wanted = [ids[2], ids[0], ids[4]];
      const byDate = await f.get(`/posts?include=${wanted.join(',')}`);
      expect(byDate.body.map((p: any) => p.id)).toEqual([ids[4], ids[2], ids[0]]);
      const byInclude = await f.get(`/posts?include=${wanted.join(',')}&orderby=include`);
      expect(byInclude.body.map((p: any) => p.id)).toEqual(wanted);
    });

    it('excludes, offsets and orders', async () => {
      const res = await f.get(
        `/posts?include=${ids.join(',')}&exclude=${ids[0]}&order=asc&orderby=id&offset=1&per_page=2`,
      );
      expect(res.body.map((p: any) => p.id)).toEqual([ids[2], ids[3]]);
      const byTitle = await f.get(`/posts?include=${ids.join(',')}&orderby=title&order=asc&per_page=1`);
      expect(byTitle.body[0].title.rendered).toBe('List post 1');
    });

    it('searches title, excerpt and content, with search_columns and exact semantics', async () => {
      const odd = await f.get('/posts?search=odd&per_page=100');
      expect(odd.body).toHaveLength(4);
      const titleOnly = await f.get('/posts?search=odd&search_columns=post_title');
      expect(titleOnly.body).toHaveLength(0);
      const exact = await f.get('/posts?search=List post 3&search_semantics=exact');
      expect(exact.body.map((p: any) => p.id)).toEqual([ids[2]]);
      const notExact = await f.get('/posts?search=List post&search_semantics=exact');
      expect(notExact.body).toHaveLength(0);
      const excluding = await f.get(`/posts?search=Body -odd&include=${ids.join(',')}&per_page=100`);
      expect(excluding.body).toHaveLength(3);
    });

    it('orders by relevance (title matches first)', async () => {
      const a = await f.create('posts', {
        title: 'Zebra unrelated',
        content: 'mentions relevant-word',
        status: 'publish',
        date: '2021-05-01T00:00:00',
      });
      const b = await f.create('posts', {
        title: 'relevant-word in title',
        content: 'x',
        status: 'publish',
        date: '2021-01-01T00:00:00',
      });
      const res = await f.get('/posts?search=relevant-word&orderby=relevance');
      expect(res.body.map((p: any) => p.id)).toEqual([b.id, a.id]);
    });

    it('filters by slug (array or csv) and orders by include_slugs', async () => {
      const res = await f.get('/posts?slug=list-post-2,list-post-5&orderby=include_slugs');
      expect(res.body.map((p: any) => p.slug)).toEqual(['list-post-2', 'list-post-5']);
      const arr = await f.get('/posts?slug[]=list-post-1');
      expect(arr.body.map((p: any) => p.id)).toEqual([ids[0]]);
    });

    it('filters by author and author_exclude', async () => {
      const mine = await f.create('posts', { title: 'By author', status: 'publish' }, f.users.author);
      const res = await f.get(`/posts?author=${f.users.author.id}`);
      expect(res.body.map((p: any) => p.id)).toEqual([mine.id]);
      const excluded = await f.get(`/posts?author_exclude=${f.users.editor.id}&per_page=100`);
      expect(excluded.body.every((p: any) => p.author !== f.users.editor.id)).toBe(true);
    });

    it('filters by modified_after/modified_before', async () => {
      const res = await f.get('/posts?modified_before=2000-01-01T00:00:00');
      expect(res.body).toEqual([]);
      const after = await f.get('/posts?modified_after=2000-01-01T00:00:00');
      expect(after.body.length).toBeGreaterThan(0);
    });
  });

  describe('status filter permissions', () => {
    let draft: any;
    let contributorDraft: any;
    beforeAll(async () => {
      draft = await f.create('posts', { title: 'Editor draft', status: 'draft' });
      contributorDraft = await f.create(
        'posts',
        { title: 'Contributor draft', status: 'draft' },
        f.users.contributor,
      );
    });

    it('refuses status=draft to anonymous (inner 401) and subscribers (inner 403)', async () => {
      const anonymous = await f.get('/posts?status=draft');
      expect(anonymous.status).toBe(400);
      expect(anonymous.body.code).toBe('rest_invalid_param');
      expect(anonymous.body.data.params.status).toBe('Status is forbidden.');
      expect(anonymous.body.data.details.status).toEqual({
        code: 'rest_forbidden_status',
        message: 'Status is forbidden.',
        data: { status: 401 },
      });
      const subscriber = await f.get('/posts?status=draft', f.users.subscriber);
      expect(subscriber.status).toBe(400);
      expect(subscriber.body.data.details.status.data.status).toBe(403);
    });

    it('lets editors see drafts, contributors only their own', async () => {
      const editor = await f.get('/posts?status=draft', f.users.editor);
      expect(editor.body.map((p: any) => p.id)).toEqual(
        expect.arrayContaining([draft.id, contributorDraft.id]),
      );
      const contributor = await f.get('/posts?status=draft', f.users.contributor);
      expect(contributor.body.map((p: any) => p.id)).toEqual([contributorDraft.id]);
    });

    it('rejects unknown statuses', async () => {
      const res = await f.get('/posts?status=nonsense', f.users.editor);
      expect(res.status).toBe(400);
      expect(res.body.data.params.status).toMatch(/^status\[0\] is not one of publish, future, draft/);
    });

    it('accepts status=any for editors', async () => {
      const res = await f.get('/posts?status=any&per_page=100', f.users.editor);
      expect(res.body.map((p: any) => p.id)).toEqual(expect.arrayContaining([draft.id]));
    });

    it('refuses context=edit to anonymous (401) and subscribers (403)', async () => {
      const anonymous = await f.get('/posts?context=edit');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_forbidden_context');
      const subscriber = await f.get('/posts?context=edit', f.users.subscriber);
      expect(subscriber.status).toBe(403);
      const author = await f.get('/posts?context=edit&per_page=100', f.users.author);
      expect(author.status).toBe(200);
      expect(author.body.every((p: any) => p.author === f.users.author.id)).toBe(true);
    });
  });

  describe('terms, sticky and format filters', () => {
    let parentCat: number;
    let childCat: number;
    let tag: number;
    let inParent: any;
    let inChild: any;
    let tagged: any;
    let sticky: any;
    beforeAll(async () => {
      parentCat = (await f.post('/categories', { name: 'Parent cat' }, f.users.editor)).body.id;
      childCat = (await f.post('/categories', { name: 'Child cat', parent: parentCat }, f.users.editor)).body
        .id;
      tag = (await f.post('/tags', { name: 'Filter tag' }, f.users.editor)).body.id;
      inParent = await f.create('posts', { title: 'In parent', status: 'publish', categories: [parentCat] });
      inChild = await f.create('posts', {
        title: 'In child',
        status: 'publish',
        categories: [childCat],
        tags: [tag],
        format: 'aside',
      });
      tagged = await f.create('posts', { title: 'Tagged', status: 'publish', tags: [tag] });
      sticky = await f.create('posts', {
        title: 'Sticky one',
        status: 'publish',
        sticky: true,
        date: '2001-01-01T00:00:00',
      });
    });

    it('filters by categories with and without children', async () => {
      const direct = await f.get(`/posts?categories=${parentCat}`);
      expect(direct.body.map((p: any) => p.id)).toEqual([inParent.id]);
      const withChildren = await f.get(
        `/posts?categories[terms][0]=${parentCat}&categories[include_children]=true`,
      );
      expect(withChildren.body.map((p: any) => p.id).sort()).toEqual([inParent.id, inChild.id].sort());
    });

    it('combines taxonomies with AND (default) or OR', async () => {
      const and = await f.get(`/posts?categories=${childCat}&tags=${tag}`);
      expect(and.body.map((p: any) => p.id)).toEqual([inChild.id]);
      const or = await f.get(`/posts?categories=${parentCat}&tags=${tag}&tax_relation=OR`);
      expect(or.body.map((p: any) => p.id).sort()).toEqual([inParent.id, inChild.id, tagged.id].sort());
      const excluded = await f.get(`/posts?tags=${tag}&categories_exclude=${childCat}`);
      expect(excluded.body.map((p: any) => p.id)).toEqual([tagged.id]);
      const tagAnd = await f.get(`/posts?tags[terms][0]=${tag}&tags[terms][1]=99999&tags[operator]=AND`);
      expect(tagAnd.body).toEqual([]);
    });

    it('filters sticky posts and intersects with include', async () => {
      const only = await f.get('/posts?sticky=true');
      expect(only.body.map((p: any) => p.id)).toEqual([sticky.id]);
      const none = await f.get(`/posts?sticky=true&include=${inParent.id}`);
      expect(none.body).toEqual([]);
      const not = await f.get('/posts?sticky=false&per_page=100');
      expect(not.body.map((p: any) => p.id)).not.toContain(sticky.id);
    });

    it('prepends sticky posts on page 1 only with ignore_sticky=false', async () => {
      const ignored = await f.get('/posts?per_page=3');
      expect(ignored.body[0].id).not.toBe(sticky.id);
      const prepended = await f.get('/posts?per_page=3&ignore_sticky=false');
      expect(prepended.body[0].id).toBe(sticky.id);
    });

    it('filters by format', async () => {
      const aside = await f.get('/posts?format=aside');
      expect(aside.body.map((p: any) => p.id)).toEqual([inChild.id]);
    });
  });

  describe('single post', () => {
    it('returns the view context fields', async () => {
      const post = await f.create('posts', {
        title: "O'Rourke",
        content: 'Post content',
        excerpt: 'Post excerpt',
        status: 'publish',
      });
      const res = await f.get(`/posts/${post.id}`);
      expect(res.status).toBe(200);
      expect(
        Object.keys(res.body)
          .filter((k) => k !== '_links')
          .sort(),
      ).toEqual(
        [
          'author',
          'categories',
          'class_list',
          'comment_status',
          'content',
          'date',
          'date_gmt',
          'excerpt',
          'featured_media',
          'format',
          'guid',
          'id',
          'link',
          'meta',
          'ml_current_locale',
          'ml_translations',
          'modified',
          'modified_gmt',
          'ping_status',
          'slug',
          'status',
          'sticky',
          'tags',
          'template',
          'title',
          'type',
        ].sort(),
      );
      expect(res.body.title).toEqual({ rendered: 'O&#8217;Rourke' });
      expect(res.body.content).toEqual({ rendered: '<p>Post content</p>\n', protected: false });
      expect(res.body.excerpt).toEqual({ rendered: '<p>Post excerpt</p>\n', protected: false });
      expect(res.body.link).toMatch(/^http:\/\/example\.test\/\d{4}\/\d{2}\/\d{2}\/orourke\/$/);
      // The permalink at creation (wp_insert_post's guid).
      expect(res.body.guid).toEqual({ rendered: res.body.link });
      expect(res.headers.link).toContain('rel="alternate"; type=text/html');
      expect(res.headers.allow).toBe('GET');
      expect(res.body._links.self[0].targetHints.allow).toEqual(['GET']);
      expect(res.body._links.collection[0].href).toBe(`http://example.test${API}/posts`);
      expect(res.body._links.about[0].href).toBe(`http://example.test${API}/types/post`);
      expect(res.body._links.replies[0].href).toBe(`http://example.test${API}/comments?post=${post.id}`);
      expect(res.body._links['version-history'][0].count).toBe(0);
      expect(res.body._links['predecessor-version']).toBeUndefined();
      expect(res.body._links['wp:attachment'][0].href).toBe(
        `http://example.test${API}/media?parent=${post.id}`,
      );
      expect(res.body._links['wp:term'].map((l: any) => l.taxonomy)).toEqual(['category', 'post_tag']);
      expect(res.body._links.curies).toEqual([
        { name: 'wp', href: 'https://api.w.org/{rel}', templated: true },
      ]);
    });

    it('returns edit and embed context fields', async () => {
      const post = await f.create('posts', { title: 'Contexts', status: 'publish' });
      const edit = await f.get(`/posts/${post.id}?context=edit`, f.users.editor);
      expect(Object.keys(edit.body)).toEqual(
        expect.arrayContaining(['password', 'permalink_template', 'generated_slug']),
      );
      expect(edit.body.title.raw).toBe('Contexts');
      expect(edit.body.content.block_version).toBe(0);
      expect(edit.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
      expect(edit.body._links['wp:action-publish']).toBeDefined();
      const embed = await f.get(`/posts/${post.id}?context=embed`);
      expect(
        Object.keys(embed.body)
          .filter((k) => k !== '_links')
          .sort(),
      ).toEqual([
        'author',
        'date',
        'excerpt',
        'featured_media',
        'id',
        'link',
        'ml_current_locale',
        'ml_translations',
        'slug',
        'title',
        'type',
      ]);
    });

    it('refuses context=edit without edit_post', async () => {
      const post = await f.create('posts', { title: 'No edit', status: 'publish' });
      const anonymous = await f.get(`/posts/${post.id}?context=edit`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_forbidden_context');
      const author = await f.get(`/posts/${post.id}?context=edit`, f.users.author);
      expect(author.status).toBe(403);
    });

    it('404s unknown ids and ids of another type', async () => {
      const missing = await f.get('/posts/999999');
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('rest_post_invalid_id');
      const page = await f.create('pages', { title: 'A page', status: 'publish' });
      const wrongType = await f.get(`/posts/${page.id}`);
      expect(wrongType.status).toBe(404);
      const put = await f.put(
        `/pages/${(await f.create('posts', { title: 'x', status: 'publish' })).id}`,
        { title: 'y' },
        f.users.editor,
      );
      expect(put.status).toBe(404);
      expect(put.body.code).toBe('rest_post_invalid_id');
    });

    it('hides drafts from anonymous (401) and other authors (403)', async () => {
      const draft = await f.create('posts', { title: 'Secret draft', status: 'draft' });
      const anonymous = await f.get(`/posts/${draft.id}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_forbidden');
      const author = await f.get(`/posts/${draft.id}`, f.users.author);
      expect(author.status).toBe(403);
      const editor = await f.get(`/posts/${draft.id}`, f.users.editor);
      expect(editor.status).toBe(200);
    });

    it('protects content with a password', async () => {
      const post = await f.create('posts', {
        title: 'Locked',
        content: 'Hidden text',
        excerpt: 'Hidden excerpt',
        password: 'pw',
        status: 'publish',
      });
      const plain = await f.get(`/posts/${post.id}`);
      expect(plain.body.content).toEqual({ rendered: '', protected: true });
      expect(plain.body.excerpt).toEqual({ rendered: '', protected: true });
      expect(plain.body.class_list).toContain('post-password-required');
      const withPassword = await f.get(`/posts/${post.id}?password=pw`);
      expect(withPassword.body.content.rendered).toBe('<p>Hidden text</p>\n');
      const wrong = await f.get(`/posts/${post.id}?password=nope`);
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe('rest_post_incorrect_password');
      const edit = await f.get(`/posts/${post.id}?context=edit`, f.users.editor);
      expect(edit.body.content.rendered).toBe('<p>Hidden text</p>\n');
    });

    it('overrides the excerpt length', async () => {
      const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
      const post = await f.create('posts', { title: 'Long', content: words, status: 'publish' });
      const res = await f.get(`/posts/${post.id}?excerpt_length=43`);
      const text = res.body.excerpt.rendered.replace(/<\/?p>|\n/g, '');
      expect(text.split(' ')).toHaveLength(44);
      expect(text.endsWith('[&hellip;]')).toBe(true);
    });

    it('embeds the author and terms', async () => {
      const post = await f.create('posts', { title: 'Embedded', status: 'publish' });
      const res = await f.get(`/posts/${post.id}?_embed`);
      expect(res.body._embedded.author[0].id).toBe(f.users.editor.id);
      expect(res.body._embedded['wp:term'][0][0].slug).toBe('uncategorized');
      const list = await f.get(`/posts?include=${post.id}&_embed=author`);
      expect(list.body[0]._embedded.author[0].id).toBe(f.users.editor.id);
      expect(list.body[0]._embedded['wp:term']).toBeUndefined();
    });
  });

  describe('create', () => {
    it('creates with 201, Location and the edit context body', async () => {
      const res = await f.post(
        '/posts',
        { title: { raw: 'Created' }, content: 'Some content', status: 'publish' },
        f.users.editor,
      );
      expect(res.status).toBe(201);
      expect(res.headers.location).toBe(`http://example.test${API}/posts/${res.body.id}`);
      expect(res.body.title).toEqual({ raw: 'Created', rendered: 'Created' });
      expect(res.body.content.raw).toBe('Some content');
      expect(res.body.slug).toBe('created');
      expect(res.body.categories).toEqual([1]);
      expect(res.body.author).toBe(f.users.editor.id);
    });

    it('de-duplicates slugs (-2, -3) and sanitises them', async () => {
      const a = await f.create('posts', { title: 'Same title', status: 'publish' });
      const b = await f.create('posts', { title: 'Same title', status: 'publish' });
      const c = await f.create('posts', { title: 'Same title', status: 'publish' });
      expect([a.slug, b.slug, c.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);
      const accented = await f.create('posts', {
        title: 'x',
        slug: 'tęst-acceńted-chäræcters',
        status: 'publish',
      });
      expect(accented.slug).toBe('test-accented-charaecters');
    });

    it('keeps drafts without a slug, but de-duplicates an explicit draft slug', async () => {
      await f.create('posts', { title: 'x', slug: 'sample-slug', status: 'publish' });
      const draft = await f.create('posts', { title: 'Draft title', status: 'draft' });
      expect(draft.slug).toBe('');
      expect(draft.generated_slug).toBe('draft-title');
      const explicit = await f.create('posts', { title: 'y', slug: 'sample-slug', status: 'draft' });
      expect(explicit.slug).toBe('sample-slug-2');
    });

    it('converts dates with the site time zone (Europe/Oslo)', async () => {
      const local = await f.create('posts', { title: 'd1', date: '2016-12-12T14:00:00', status: 'publish' });
      expect(local.date).toBe('2016-12-12T14:00:00');
      expect(local.date_gmt).toBe('2016-12-12T13:00:00');
      const zoned = await f.create('posts', {
        title: 'd2',
        date: '2016-12-12T18:00:00-01:00',
        status: 'publish',
      });
      expect(zoned.date).toBe('2016-12-12T20:00:00');
      expect(zoned.date_gmt).toBe('2016-12-12T19:00:00');
      const gmt = await f.create('posts', {
        title: 'd3',
        date_gmt: '2016-07-01T10:00:00',
        status: 'publish',
      });
      expect(gmt.date).toBe('2016-07-01T12:00:00');
      expect(gmt.modified).toBe('2016-07-01T12:00:00');
      const both = await f.create('posts', {
        title: 'd4',
        date: '2016-12-12T14:00:00',
        date_gmt: '2000-01-01T00:00:00',
        status: 'publish',
      });
      expect(both.date_gmt).toBe('2016-12-12T13:00:00');
    });

    it('schedules posts with a future date', async () => {
      const res = await f.create('posts', { title: 'Later', date: '2099-01-01T00:00:00', status: 'publish' });
      expect(res.status).toBe('future');
      const anonymous = await f.get(`/posts/${res.id}`);
      expect(anonymous.status).toBe(401);
    });

    it('floats draft dates but never answers date_gmt null', async () => {
      const draft = await f.create('posts', { title: 'Pending', status: 'pending' }, f.users.contributor);
      expect(draft.status).toBe('pending');
      expect(draft.date_gmt).not.toBeNull();
      expect(draft.date_gmt).not.toMatch(/^0000/);
    });

    it('sanitises HTML for users without unfiltered_html', async () => {
      const res = await f.create(
        'posts',
        {
          title: '<div>div</div> <script>oh noes</script>',
          content: '<p onclick="x()">ok</p><script>bad()</script>',
        },
        f.users.author,
      );
      expect(res.title.raw).toBe('div oh noes');
      expect(res.content.raw).not.toContain('onclick');
      expect(res.content.raw).not.toContain('<script>');
      const editor = await f.create('posts', { title: '<div>div</div>' });
      expect(editor.title.raw).toBe('<div>div</div>');
    });

    it('validates bodies', async () => {
      const status = await f.post('/posts', { title: 'x', status: 'teststatus' }, f.users.editor);
      expect(status.status).toBe(400);
      expect(status.body.data.params.status).toBe(
        'status is not one of publish, future, draft, pending, private, cal-ea-success, cal-ea-failed, cal-ea-schedule, cal-ea-pending, cal-ea-draft, and cal-ignored.',
      );
      const format = await f.post('/posts', { title: 'x', format: 'testformat' }, f.users.editor);
      expect(format.status).toBe(400);
      const link = await f.post('/posts', { title: 'x', format: 'link' }, f.users.editor);
      expect(link.status).toBe(201);
      expect(link.body.format).toBe('link');
      const date = await f.post('/posts', { title: 'x', date: 'not a date' }, f.users.editor);
      expect(date.status).toBe(400);
      expect(date.body.data.params.date).toBe('Invalid date.');
      const exists = await f.post('/posts', { id: 5, title: 'x' }, f.users.editor);
      expect(exists.status).toBe(400);
      expect(exists.body.code).toBe('rest_post_exists');
      const empty = await f.post('/posts', {}, f.users.editor);
      expect(empty.status).toBe(400);
      expect(empty.body.code).toBe('empty_content');
      const author = await f.post('/posts', { title: 'x', author: 999999 }, f.users.editor);
      expect(author.status).toBe(400);
      expect(author.body.code).toBe('rest_invalid_author');
      const media = await f.post('/posts', { title: 'x', featured_media: 999999 }, f.users.editor);
      expect(media.status).toBe(400);
      expect(media.body.code).toBe('rest_invalid_featured_media');
      const sticky = await f.post('/posts', { title: 'x', sticky: true, password: 'pw' }, f.users.editor);
      expect(sticky.status).toBe(400);
      expect(sticky.body).toMatchObject({
        code: 'rest_invalid_field',
        message: 'A post can not be sticky and have a password.',
      });
    });

    it('drops unknown term ids and accepts CSV terms', async () => {
      const invalid = await f.create('posts', { title: 'x', categories: [999999] });
      expect(invalid.categories).toEqual([]);
      const tagA = (await f.post('/tags', { name: 'csv-a' }, f.users.editor)).body.id;
      const tagB = (await f.post('/tags', { name: 'csv-b' }, f.users.editor)).body.id;
      const csv = await f.create('posts', { title: 'x', tags: `${tagA},${tagB}` });
      expect(csv.tags.sort()).toEqual([tagA, tagB].sort());
    });

    it('stores meta, template, comment and ping status', async () => {
      const res = await f.create('posts', {
        title: 'meta',
        meta: { footnotes: '[{"id":"1","content":"note"}]', inline_featured_image: true },
        template: 'single-wide.php',
        comment_status: 'closed',
        ping_status: 'closed',
      });
      expect(res.meta).toEqual({ footnotes: '[{"id":"1","content":"note"}]', inline_featured_image: true });
      expect(res.template).toBe('single-wide.php');
      expect(res.comment_status).toBe('closed');
      expect(res.ping_status).toBe('closed');
    });

    describe('per role (reference 11.4)', () => {
      it('anonymous: 401 rest_cannot_create', async () => {
        const res = await f.post('/posts', { title: 'x' });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('rest_cannot_create');
      });
      it('subscriber: 403 rest_cannot_create', async () => {
        const res = await f.post('/posts', { title: 'x' }, f.users.subscriber);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('rest_cannot_create');
      });
      it('contributor: drafts and pending yes, publish/private no, sticky no, others no', async () => {
        expect((await f.post('/posts', { title: 'x', status: 'pending' }, f.users.contributor)).status).toBe(
          201,
        );
        const publish = await f.post('/posts', { title: 'x', status: 'publish' }, f.users.contributor);
        expect(publish.status).toBe(403);
        expect(publish.body).toMatchObject({
          code: 'rest_cannot_publish',
          message: 'Sorry, you are not allowed to publish posts in this post type.',
        });
        const priv = await f.post('/posts', { title: 'x', status: 'private' }, f.users.contributor);
        expect(priv.body.message).toBe(
          'Sorry, you are not allowed to create private posts in this post type.',
        );
        const sticky = await f.post('/posts', { title: 'x', sticky: true }, f.users.contributor);
        expect(sticky.status).toBe(403);
        expect(sticky.body.code).toBe('rest_cannot_assign_sticky');
        const other = await f.post('/posts', { title: 'x', author: f.users.editor.id }, f.users.contributor);
        expect(other.status).toBe(403);
        expect(other.body.code).toBe('rest_cannot_edit_others');
      });
      it('author: publish and sticky yes, other authors no', async () => {
        expect(
          (await f.post('/posts', { title: 'x', status: 'publish', sticky: true }, f.users.author)).status,
        ).toBe(201);
        const other = await f.post('/posts', { title: 'x', author: f.users.editor.id }, f.users.author);
        expect(other.status).toBe(403);
        expect(other.body.message).toBe('Sorry, you are not allowed to create posts as this user.');
      });
      it('editor and administrator: anything, including other authors', async () => {
        const res = await f.post(
          '/posts',
          { title: 'x', status: 'private', author: f.users.author.id },
          f.users.editor,
        );
        expect(res.status).toBe(201);
        expect(res.body.author).toBe(f.users.author.id);
        expect(
          (await f.post('/posts', { title: 'x', status: 'publish' }, f.users.administrator)).status,
        ).toBe(201);
      });
    });
  });

  describe('update', () => {
    it('updates partially, ignores read-only fields and records a revision', async () => {
      const post = await f.create('posts', {
        title: 'Before',
        content: 'c',
        status: 'publish',
        date: '2015-01-01T00:00:00',
      });
      const res = await f.put(
        `/posts/${post.id}`,
        { title: 'After', modified: '2000-01-01T00:00:00' },
        f.users.editor,
      );
      expect(res.status).toBe(200);
      expect(res.body.title.raw).toBe('After');
      expect(res.body.content.raw).toBe('c');
      expect(res.body.date).toBe('2015-01-01T00:00:00');
      expect(res.body.modified).not.toBe('2000-01-01T00:00:00');
      expect(res.body._links['version-history'][0].count).toBe(1);
      expect(res.body._links['predecessor-version'][0].id).toBeGreaterThan(post.id);
      const again = await f.put(`/posts/${post.id}`, { title: 'After' }, f.users.editor);
      expect(again.status).toBe(200);
      expect(again.body._links['version-history'][0].count).toBe(1);
    });

    it('publishes a floating draft at the current time and keeps an explicit date', async () => {
      const draft = await f.create('posts', { title: 'Floating', status: 'draft' });
      const published = await f.put(`/posts/${draft.id}`, { status: 'publish' }, f.users.editor);
      expect(published.body.status).toBe('publish');
      expect(published.body.slug).toBe('floating');
      const reset = await f.create('posts', { title: 'Reset', status: 'draft', date: '2010-01-01T00:00:00' });
      const floated = await f.put(`/posts/${reset.id}`, { date_gmt: null }, f.users.editor);
      expect(floated.body.date).not.toBe('2010-01-01T00:00:00');
    });

    it('refuses sticky on a password-protected post and a password on a sticky one', async () => {
      const locked = await f.create('posts', { title: 'x', password: 'pw', status: 'publish' });
      const sticky = await f.put(`/posts/${locked.id}`, { sticky: true }, f.users.editor);
      expect(sticky.body.message).toBe('A password protected post can not be set to sticky.');
      const st = await f.create('posts', { title: 'x', sticky: true, status: 'publish' });
      const pw = await f.put(`/posts/${st.id}`, { password: 'pw' }, f.users.editor);
      expect(pw.body.message).toBe('A sticky post can not be password protected.');
    });

    it('applies the edit rules per role', async () => {
      const contributorDraft = await f.create('posts', { title: 'c', status: 'draft' }, f.users.contributor);
      expect(
        (await f.put(`/posts/${contributorDraft.id}`, { title: 'c2' }, f.users.contributor)).status,
      ).toBe(200);
      const authorPost = await f.create('posts', { title: 'a', status: 'publish' }, f.users.author);
      expect((await f.put(`/posts/${authorPost.id}`, { title: 'a2' }, f.users.author)).status).toBe(200);
      const editorPost = await f.create('posts', { title: 'e', status: 'publish' });
      const author = await f.put(`/posts/${editorPost.id}`, { title: 'no' }, f.users.author);
      expect(author.status).toBe(403);
      expect(author.body.code).toBe('rest_cannot_edit');
      expect((await f.put(`/posts/${editorPost.id}`, { title: 'no' }, f.users.subscriber)).status).toBe(403);
      const anonymous = await f.put(`/posts/${editorPost.id}`, { title: 'no' });
      expect(anonymous.status).toBe(401);
      const published = await f.create('posts', {
        title: 'p',
        status: 'publish',
        author: f.users.contributor.id,
      });
      const contributor = await f.put(`/posts/${published.id}`, { title: 'no' }, f.users.contributor);
      expect(contributor.status).toBe(403);
      expect(contributor.body.code).toBe('rest_cannot_edit');
      const reassign = await f.put(`/posts/${authorPost.id}`, { author: f.users.editor.id }, f.users.author);
      expect(reassign.body).toMatchObject({
        code: 'rest_cannot_edit_others',
        message: 'Sorry, you are not allowed to update posts as this user.',
      });
    });
  });

  describe('delete', () => {
    it('trashes, then 410s, then force-deletes', async () => {
      const post = await f.create('posts', { title: 'Doomed', status: 'publish' });
      const trashed = await f.del(`/posts/${post.id}`, f.users.editor);
      expect(trashed.status).toBe(200);
      expect(trashed.body.status).toBe('trash');
      expect(trashed.body.slug).toBe('doomed__trashed');
      expect(trashed.body.title.raw).toBe('Doomed');
      const again = await f.del(`/posts/${post.id}`, f.users.editor);
      expect(again.status).toBe(410);
      expect(again.body.code).toBe('rest_already_trashed');
      const forced = await f.del(`/posts/${post.id}?force=true`, f.users.editor);
      expect(forced.status).toBe(200);
      expect(forced.body.deleted).toBe(true);
      expect(forced.body.previous.id).toBe(post.id);
      expect((await f.get(`/posts/${post.id}`, f.users.editor)).status).toBe(404);
    });

    it('treats force=false as a trash', async () => {
      const post = await f.create('posts', { title: 'Soft', status: 'publish' });
      const res = await f.del(`/posts/${post.id}?force=false`, f.users.editor);
      expect(res.body.status).toBe('trash');
    });

    it('applies the delete rules per role', async () => {
      const editorPost = await f.create('posts', { title: 'e', status: 'publish' });
      const anonymous = await f.del(`/posts/${editorPost.id}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_cannot_delete');
      expect((await f.del(`/posts/${editorPost.id}`, f.users.author)).status).toBe(403);
      expect((await f.del(`/posts/${editorPost.id}`, f.users.subscriber)).status).toBe(403);
      const contributorPublished = await f.create('posts', {
        title: 'p',
        status: 'publish',
        author: f.users.contributor.id,
      });
      expect((await f.del(`/posts/${contributorPublished.id}`, f.users.contributor)).status).toBe(403);
      const contributorDraft = await f.create('posts', { title: 'd', status: 'draft' }, f.users.contributor);
      expect((await f.del(`/posts/${contributorDraft.id}`, f.users.contributor)).status).toBe(200);
      const authorPost = await f.create('posts', { title: 'a', status: 'publish' }, f.users.author);
      expect((await f.del(`/posts/${authorPost.id}?force=true`, f.users.author)).status).toBe(200);
      expect((await f.del(`/posts/${editorPost.id}`, f.users.administrator)).status).toBe(200);
    });

    it('404s unknown posts', async () => {
      const res = await f.del('/posts/999999', f.users.editor);
      expect(res.status).toBe(404);
    });
  });

  describe('search through the word index', () => {
    const titles = async (query: string) =>
      ((await f.get(`/posts?${query}&per_page=100`)).body as Array<{ title: { rendered: string } }>)
        .map((p) => p.title.rendered)
        .sort();

    it('finds words inside words in title, excerpt and content, and follows updates and deletes', async () => {
      const first = await f.create('posts', { title: 'Indexed hydraulics guide', status: 'publish' });
      await f.create('posts', {
        title: 'Indexed second',
        excerpt: 'About HYDRAULIC hoses',
        content: '<p>Text <a href="https://example.com/pumpwork">link</a></p>',
        status: 'publish',
      });
      expect(await titles('search=draulic')).toEqual(['Indexed hydraulics guide', 'Indexed second']);
      expect(await titles('search=draulic&search_columns=post_excerpt')).toEqual(['Indexed second']);
      expect(await titles('search=pumpwork')).toEqual([]);
      expect(await titles('search=indexed%20-hoses')).toEqual(['Indexed hydraulics guide']);
      expect(await titles('search=%22hydraulics%20guide%22')).toEqual(['Indexed hydraulics guide']);

      await f.put(`/posts/${first.id}`, { title: 'Indexed pneumatics guide' }, f.users.editor);
      expect(await titles('search=draulic')).toEqual(['Indexed second']);
      expect(await titles('search=pneumatic')).toEqual(['Indexed pneumatics guide']);

      expect((await f.del(`/posts/${first.id}?force=true`, f.users.editor)).status).toBe(200);
      expect(await titles('search=pneumatic')).toEqual([]);
      const rows = (await f.t.app
        .get(DataSource)
        .query("SELECT COUNT(*) AS n FROM search_postings WHERE object_type = 'post' AND object_id = ?", [
          first.id,
        ])) as Array<{ n: number }>;
      expect(Number(rows[0].n)).toBe(0);
    });

    it('searches pages the same way', async () => {
      await f.create('pages', {
        title: 'Indexed contact page',
        content: 'Call the workshop',
        status: 'publish',
      });
      const pages = await f.get('/pages?search=worksho');
      expect(pages.body.map((p: { title: { rendered: string } }) => p.title.rendered)).toEqual([
        'Indexed contact page',
      ]);
    });
  });

  describe('language', () => {
    it('keeps content languages apart', async () => {
      const no = await f.t
        .http()
        .post(`${API}/posts?ml_language=no`)
        .set('Authorization', f.users.editor.auth)
        .send({ title: 'Norsk', status: 'publish' });
      expect(no.status).toBe(201);
      expect(no.body.link).toMatch(/^http:\/\/example\.test\/no\/\d{4}\//);
      expect((await f.get(`/posts/${no.body.id}`)).status).toBe(404);
      const listed = await f.get(`/posts?ml_language=no`);
      expect(listed.body.map((p: any) => p.id)).toEqual([no.body.id]);
    });
  });

  describe('OPTIONS and index', () => {
    it('declares context on collection and item', async () => {
      const res = await f.t.http().options(`${API}/posts`);
      expect(res.status).toBe(200);
      const get = res.body.endpoints.find((e: any) => e.methods.includes('GET'));
      expect(get.args.context).toMatchObject({ default: 'view', enum: ['view', 'embed', 'edit'] });
      expect(Object.keys(get.args)).toEqual(
        expect.arrayContaining(['page', 'per_page', 'search', 'status', 'categories', 'sticky', 'format']),
      );
    });
  });
});
