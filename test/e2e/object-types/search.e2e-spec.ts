import { golden } from '../../helpers/golden';
import { contentFixture, ContentFixture } from '../content/content-fixtures';

describe('core/v2/search', () => {
  let f: ContentFixture;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    f = await contentFixture();
    const day = (n: number) => `2024-01-${String(n).padStart(2, '0')}T10:00:00`;
    for (let n = 1; n <= 12; n += 1) {
      const fruit = n % 4 === 0 ? 'Banana' : 'Apple';
      const post = await f.create('posts', {
        title: `Peer post ${n}: ${fruit}`,
        status: 'publish',
        date: day(n),
        content: `Body of peer post ${n}.`,
      });
      ids[`post${n}`] = post.id;
    }
    ids.page = (
      await f.create('pages', { title: 'Team page', status: 'publish', content: 'Our peer team.' })
    ).id;
    ids.draft = (await f.create('posts', { title: 'Banana draft', status: 'draft' })).id;
    ids.locked = (
      await f.create('posts', { title: 'Banana secret', status: 'publish', password: 'pw', date: day(20) })
    ).id;
    ids.bodyOnly = (
      await f.create('posts', {
        title: 'Fruit salad',
        status: 'publish',
        content: 'Has banana inside.',
        date: day(25),
      })
    ).id;
    const event = await f.t
      .http()
      .post('/wp-json/cal/events/v1/events')
      .set('Authorization', f.users.editor.auth)
      .send({
        title: 'Banana tasting',
        start_date: '2030-05-01 10:00:00',
        end_date: '2030-05-01 12:00:00',
        status: 'publish',
      });
    expect(event.status).toBe(201);
    ids.event = event.body.id;
    ids.news = (await f.post('/categories', { name: 'News' }, f.users.editor)).body.id;
    ids.newsTag = (await f.post('/tags', { name: 'Newsletter' }, f.users.editor)).body.id;
    const eventCategory = await f.t
      .http()
      .post('/wp-json/cal/events/v1/categories')
      .set('Authorization', f.users.editor.auth)
      .send({ name: 'News events' });
    expect(eventCategory.status).toBe(201);
    ids.eventNews = eventCategory.body.id;
  });
  afterAll(() => f.t.close());

  it('finds published posts, pages and events in the shape WordPress answers', async () => {
    const res = await f.get('/search?search=banana');
    expect(res.status).toBe(200);
    const real = golden('search-post.json');
    expect(res.headers.allow).toBe(real.headers.Allow);
    // Title matches first, newest first (the event was published today), then the body-only match.
    expect(res.body.map((item: any) => item.id)).toEqual([
      ids.event,
      ids.post12,
      ids.post8,
      ids.post4,
      ids.bodyOnly,
    ]);
    expect(res.headers['x-wp-total']).toBe('5');
    expect(res.headers['x-wp-totalpages']).toBe('1');
    const first = res.body[1];
    expect(Object.keys(first)).toEqual(Object.keys(real.body[0]));
    expect(first).toEqual({
      id: ids.post12,
      title: 'Peer post 12: Banana',
      url: 'http://example.test/2024/01/12/peer-post-12-banana/',
      type: 'post',
      subtype: 'post',
      _links: {
        self: [{ embeddable: true, href: `http://example.test/wp-json/core/v2/posts/${ids.post12}` }],
        about: [{ href: 'http://example.test/wp-json/core/v2/types/post' }],
        collection: [{ href: 'http://example.test/wp-json/core/v2/search' }],
      },
    });
    const event = res.body.find((item: any) => item.subtype === 'cal_events');
    expect(event.url).toBe('http://example.test/event/banana-tasting/');
    expect(event._links.self[0].href).toBe(`http://example.test/wp-json/cal/events/v1/events/${ids.event}`);
  });

  it('leaves drafts out, and password-protected posts for visitors', async () => {
    const visitor = (await f.get('/search?search=banana')).body.map((item: any) => item.id);
    expect(visitor).not.toContain(ids.draft);
    expect(visitor).not.toContain(ids.locked);
    const member = (await f.get('/search?search=banana', f.users.subscriber)).body.map(
      (item: any) => item.id,
    );
    expect(member).toContain(ids.locked);
    expect(member).not.toContain(ids.draft);
  });

  it('filters by subtype, pages through results with headers and links', async () => {
    const pages = await f.get('/search?search=peer&subtype=page');
    expect(pages.body.map((item: any) => item.id)).toEqual([ids.page]);
    expect(pages.body[0]).toMatchObject({ subtype: 'page', url: 'http://example.test/team-page/' });
    const both = await f.get('/search?search=banana&subtype=post,cal_events&per_page=2');
    expect(both.headers['x-wp-total']).toBe('5');
    const second = await f.get('/search?search=peer&per_page=5&page=2');
    expect(second.headers['x-wp-total']).toBe('13'); // the page's body says "peer" too
    expect(second.headers['x-wp-totalpages']).toBe('3');
    expect(second.headers.link).toContain('page=1>; rel="prev"');
    expect(second.headers.link).toContain('page=3>; rel="next"');
    expect(second.body.map((item: any) => item.id)).toEqual([7, 6, 5, 4, 3].map((n) => ids[`post${n}`]));
    const include = await f.get(`/search?search=banana&include=${ids.post4},${ids.event}`);
    expect(include.body.map((item: any) => item.id)).toEqual([ids.event, ids.post4]);
    const exclude = await f.get(`/search?search=banana&exclude=${ids.post12}&subtype=post`);
    expect(exclude.body.map((item: any) => item.id)).toEqual([ids.post8, ids.post4, ids.bodyOnly]);
  });

  it('embeds the found objects', async () => {
    const res = await f.get('/search?search=banana&subtype=post&per_page=1&_embed');
    expect(res.body[0]._embedded.self[0]).toMatchObject({
      id: ids.post12,
      slug: 'peer-post-12-banana',
      type: 'post',
    });
  });

  it('searches terms by name', async () => {
    const res = await f.get('/search?type=term&search=news');
    expect(res.status).toBe(200);
    const real = golden('search-term.json').body[0];
    expect(res.body).toHaveLength(3);
    const category = res.body.find((item: any) => item.type === 'category');
    expect(category).toEqual({
      ...real,
      id: ids.news,
      _links: {
        ...real._links,
        self: [{ embeddable: true, href: `http://example.test/wp-json/core/v2/categories/${ids.news}` }],
      },
    });
    const tags = await f.get('/search?type=term&search=news&subtype=post_tag');
    expect(tags.body.map((item: any) => [item.id, item.type, item.url])).toEqual([
      [ids.newsTag, 'post_tag', 'http://example.test/tag/newsletter/'],
    ]);
    const events = await f.get('/search?type=term&search=news&subtype=cal_events_cat');
    expect(events.body[0]).toMatchObject({
      id: ids.eventNews,
      type: 'cal_events_cat',
      url: 'http://example.test/events/category/news-events/',
    });
  });

  it('lists post formats in use', async () => {
    const none = await f.get('/search?type=post-format');
    expect(none.body).toEqual(golden('search-post-format.json').body);
    expect(none.headers['x-wp-total']).toBe('0');
    await f.create('posts', { title: 'A quote', status: 'draft', format: 'quote' });
    const res = await f.get('/search?type=post-format&search=quo');
    expect(res.body).toEqual([
      {
        id: 'quote',
        title: 'Quote',
        url: 'http://example.test/type/quote/',
        type: 'post-format',
        _links: { collection: [{ href: 'http://example.test/wp-json/core/v2/search' }] },
      },
    ]);
  });

  it('rejects an unknown type or subtype with WordPress messages', async () => {
    const type = await f.get('/search?type=nope');
    expect(type.status).toBe(400);
    expect(type.body).toEqual(golden('search-bad-type.json').body);
    const subtype = await f.get('/search?subtype=nope');
    expect(subtype.status).toBe(400);
    expect(subtype.body.data.params.subtype).toBe(
      'subtype[0] is not one of post, page, cal_events, category, post_tag, cal_events_cat, and any.',
    );
    expect((await f.get('/search?per_page=101')).status).toBe(400);
    expect((await f.get('/search?context=edit')).status).toBe(400);
  });
});
