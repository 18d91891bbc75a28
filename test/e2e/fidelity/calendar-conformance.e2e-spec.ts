import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { API } from '../calendar/events-helpers';

/**
 * Issue 26: the calendar's answers where the recorded TEC 6.0.8 scenarios (../shared/conformance, tec) showed
 * differences. Values quoted from a step are that step's recorded answer.
 */
describe('fidelity: calendar answers as TEC 6.0.8 recorded them', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ SITE_TIMEZONE: 'UTC' });
    admin = await t.user('administrator');
  });
  afterAll(() => t.close());

  const post = (path: string, body: object, as: TestUser = admin) =>
    t.http().post(`${API}${path}`).set('Authorization', as.auth).send(body);
  const get = (path: string, as?: TestUser) => {
    const request = t.http().get(`${API}${path}`);
    return as ? request.set('Authorization', as.auth) : request;
  };

  describe('cause 2: a UTC±N event zone is the zone PHP names for the offset', () => {
    it('UTC+2 is Europe/Helsinki with its summer time (events/create-utc-offset-loose-times, events/get-offset)', async () => {
      const created = await post('/events', {
        title: 'Offset Meetup',
        start_date: '2031-06-18 3pm',
        end_date: '2031-06-18 5:30pm',
        timezone: 'UTC+2',
      });
      expect(created.status).toBe(201);
      const single = await get(`/events/${created.body.id}`);
      for (const body of [created.body, single.body]) {
        expect(body).toMatchObject({
          start_date: '2031-06-18 15:00:00',
          end_date: '2031-06-18 17:30:00',
          utc_start_date: '2031-06-18 12:00:00',
          utc_end_date: '2031-06-18 14:30:00',
          utc_start_date_details: { hour: '12', minutes: '00' },
          timezone: 'UTC+2',
          timezone_abbr: 'UTC+2',
        });
      }
      // The JSON-LD keeps the offset as written.
      expect(single.body.json_ld.startDate).toBe('2031-06-18T15:00:00+02:00');
      expect(single.body.json_ld.endDate).toBe('2031-06-18T17:30:00+02:00');
    });

    it('in winter the same offset is two hours', async () => {
      const created = await post('/events', {
        title: 'Winter offset',
        start_date: '2031-01-18 15:00:00',
        end_date: '2031-01-18 16:00:00',
        timezone: 'UTC+2',
      });
      expect(created.body.utc_start_date).toBe('2031-01-18 13:00:00');
    });
  });

  describe('cause 3: a venue JSON-LD url is "" without Events Calendar Pro', () => {
    it('the venue and the event locating there link no page; sameAs is the website (venues/get-main, events/get-main)', async () => {
      const venue = await post('/venues', {
        venue: 'Conf Hall',
        website: 'https://example.org/hall',
        city: 'Bergen',
      });
      expect(venue.status).toBe(201);
      const event = await post('/events', {
        title: 'At the hall',
        start_date: '2031-06-18 10:00:00',
        end_date: '2031-06-18 11:00:00',
        venue: venue.body.id,
      });
      const single = await get(`/venues/${venue.body.id}`);
      expect(single.body.json_ld).toMatchObject({ url: '', sameAs: 'https://example.org/hall' });
      const eventSingle = await get(`/events/${event.body.id}`);
      expect(eventSingle.body.json_ld.location).toMatchObject({
        url: '',
        sameAs: 'https://example.org/hall',
      });
      expect(eventSingle.body.venue.json_ld.url).toBe('');
    });
  });

  describe('cause 4: a child category links its archive through its ancestors', () => {
    it('url holds the parent slugs, in the single, create and list answers (categories/create-child-editor, categories/get-child)', async () => {
      const parent = await post('/categories', { name: 'Conf Workshops' });
      const child = await post('/categories', { name: 'Conf Kids', parent: parent.body.id });
      const grandchild = await post('/categories', { name: 'Conf Toddlers', parent: child.body.id });
      expect(child.status).toBe(201);
      expect(child.body.url).toBe('http://example.test/events/category/conf-workshops/conf-kids/');
      expect((await get(`/categories/${grandchild.body.id}`)).body.url).toBe(
        'http://example.test/events/category/conf-workshops/conf-kids/conf-toddlers/',
      );
      const list = await get(`/categories?parent=${parent.body.id}&hide_empty=0`);
      expect(list.body.categories.map((term: any) => term.url)).toEqual([
        'http://example.test/events/category/conf-workshops/conf-kids/',
      ]);
      expect(parent.body.url).toBe('http://example.test/events/category/conf-workshops/');
    });
  });

  describe("cause 5: TEC's validators only say false", () => {
    const refused = (param: string) => ({
      code: 'rest_invalid_param',
      message: `Invalid parameter(s): ${param}`,
      data: { status: 400, params: { [param]: 'Invalid parameter.' }, details: [] },
    });

    it.each([
      ['per_page=0', 'per_page'],
      ['page=0', 'page'],
      ['search=', 'search'],
      ['include=abc,142', 'include'],
    ])('GET /events?%s: Invalid parameter. with details [] (events/list-*)', async (query, param) => {
      const res = await get(`/events?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused(param));
    });

    it('GET /categories?orderby= (categories/list-orderby-empty)', async () => {
      const res = await get('/categories?orderby=');
      expect(res.body).toEqual(refused('orderby'));
    });

    it('writes: an empty title, an unknown status (events/create-empty-title, events/create-bad-status, venues/create-bad-status)', async () => {
      const dates = { start_date: '2031-06-15 10:00:00', end_date: '2031-06-15 11:00:00' };
      expect((await post('/events', { title: '', ...dates })).body).toEqual(refused('title'));
      expect((await post('/events', { title: 'Bad status', ...dates, status: 'maybe' })).body).toEqual(
        refused('status'),
      );
      expect((await post('/venues', { venue: 'Bad status', status: 'kinda' })).body).toEqual(
        refused('status'),
      );
    });

    it("the venue map flags keep WordPress's type error: TEC types them and has no validator (venues/create-boolean-flags)", async () => {
      const res = await post('/venues', { venue: 'Flags', show_map: true, show_map_link: false });
      expect(res.status).toBe(400);
      expect(res.body.data.params).toEqual({
        show_map: 'show_map is not of type string.',
        show_map_link: 'show_map_link is not of type string.',
      });
      expect(res.body.data.details.show_map).toEqual({
        code: 'rest_invalid_type',
        message: 'show_map is not of type string.',
        data: { param: 'show_map' },
      });
    });
  });

  describe('cause 6: draft venues and organizers get their slug at creation', () => {
    it('a draft venue has its slug, is found by it, and trashed is dated (venues/create-draft, venues/get-draft-editor, venues/delete-by-slug)', async () => {
      const created = await post('/venues', { venue: 'Conf Secret Room', status: 'draft' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: 'draft',
        slug: 'conf-secret-room',
        date_utc: '0000-00-00 00:00:00',
        url: `http://example.test/?post_type=cal_venue&p=${created.body.id}`,
      });
      const contributor = await t.user('contributor');
      const byContributor = await post('/venues', { venue: 'Conf Contributor Venue' }, contributor);
      expect(byContributor.body).toMatchObject({ status: 'draft', slug: 'conf-contributor-venue' });
      const organizer = await post('/organizers', { organizer: 'Conf Draft Host', status: 'draft' });
      expect(organizer.body.slug).toBe('conf-draft-host');

      const trashed = await t
        .http()
        .delete(`${API}/venues/by-slug/conf-secret-room`)
        .set('Authorization', admin.auth);
      expect(trashed.status).toBe(200);
      expect(trashed.body.slug).toBe('conf-secret-room__trashed');
      // Trashing a draft never dated dates it (wp_update_post)
      expect(trashed.body.date_utc).not.toBe('0000-00-00 00:00:00');
      expect(trashed.body.date_utc).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });
  });

  describe("cause 10: TEC's capabilities on the roles, aggregator records included (setup/admin-me, setup/create-*)", () => {
    const capsOf = async (user: TestUser) =>
      Object.keys(
        (await t.http().get('/wp-json/core/v2/users/me?context=edit').set('Authorization', user.auth)).body
          .capabilities,
      );
    const records = (...names: string[]) => names.map((name) => `${name}_aggregator-records`);

    it('editors and administrators have all ten, authors five, contributors two, in TEC order', async () => {
      const all = records(
        'read_private',
        'edit',
        'edit_others',
        'edit_private',
        'edit_published',
        'delete',
        'delete_others',
        'delete_private',
        'delete_published',
        'publish',
      );
      for (const role of ['administrator', 'editor'] as const) {
        const caps = await capsOf(role === 'administrator' ? admin : await t.user(role));
        expect(caps.filter((cap) => cap.endsWith('_aggregator-records'))).toEqual(all);
        // Each calendar type's capabilities in TEC's order (Tribe__Events__Capabilities)
        expect(caps.filter((cap) => cap.endsWith('_cal_events'))).toEqual(
          all.map((cap) => cap.replace('aggregator-records', 'cal_events')),
        );
      }
      expect(
        (await capsOf(await t.user('author'))).filter((cap) => cap.endsWith('_aggregator-records')),
      ).toEqual(records('edit', 'edit_published', 'delete', 'delete_published', 'publish'));
      expect(
        (await capsOf(await t.user('contributor'))).filter((cap) => cap.endsWith('_aggregator-records')),
      ).toEqual(records('edit', 'delete'));
    });
  });

  describe('cause 11: JSON-LD link and price as TEC builds them', () => {
    it("a draft's JSON-LD url is TEC's mangled plain link (events/get-draft-admin, events/get-pending-contributor-own)", async () => {
      const draft = await post('/events', {
        title: 'Conf Draft Planning',
        status: 'draft',
        start_date: '2031-06-20 10:00:00',
        end_date: '2031-06-20 11:00:00',
      });
      const res = await get(`/events/${draft.body.id}`, admin);
      expect(res.body.url).toBe(`http://example.test/?post_type=cal_events&p=${draft.body.id}`);
      expect(res.body.json_ld.url).toBe(`http://example.test/?post_type=cal_events&p=${draft.body.id}%2F/`);
    });

    it('the offer price is the cost without currency, ranges and Free kept (events/get-inline, events/get-featured)', async () => {
      const dates = { start_date: '2031-06-21 10:00:00', end_date: '2031-06-21 11:00:00' };
      const ranged = await post('/events', { title: 'Quay Market', cost: '$5 - $15', ...dates });
      const free = await post('/events', { title: 'Featured Gala', cost: '0 25 $40', ...dates });
      const single = await post('/events', { title: 'Single price', cost: '10', ...dates });
      const priceOf = async (id: number) => (await get(`/events/${id}`)).body.json_ld.offers.price;
      expect(await priceOf(ranged.body.id)).toBe('5 – 15');
      expect(await priceOf(free.body.id)).toBe('Free – 40');
      expect(await priceOf(single.body.id)).toBe('10');
    });
  });

  describe('cause 11: the archive rest_url echo', () => {
    it('leaves featured=0 out, keeps featured=1 (events/list-not-featured, events/list-featured)', async () => {
      const notFeatured = await get('/events?featured=false&per_page=3');
      expect(notFeatured.status).toBe(200);
      expect(notFeatured.body.rest_url).not.toContain('featured');
      const featured = await get('/events?featured=true');
      expect(featured.body.rest_url).toContain('&featured=1');
    });

    it('echoes the date window with include, which the window does not filter (events/list-include)', async () => {
      const past = await post('/events', {
        title: 'Last year fair',
        start_date: '2020-06-01 10:00:00',
        end_date: '2020-06-01 11:00:00',
      });
      const res = await get(`/events?include=${past.body.id}&end_date=2031-12-31`);
      expect(res.body.events.map((event: any) => event.id)).toEqual([past.body.id]);
      expect(res.body.rest_url).toContain('start_date=');
      expect(res.body.rest_url).toContain('end_date=2031-12-31 23:59:59');
      expect(res.body.rest_url).toContain(`include=${past.body.id}`);
    });
  });

  describe("cause 11: a duplicate category is wp_insert_term's error (categories/create-duplicate)", () => {
    it('with the term ID twice in additional_data', async () => {
      const first = await post('/categories', { name: 'Conf Duplicate' });
      const again = await post('/categories', { name: 'Conf Duplicate' });
      expect(again.body).toEqual({
        code: 'term_exists',
        message: 'A term with the name provided already exists with this parent.',
        data: { status: 400, term_id: first.body.id },
        additional_data: [first.body.id, first.body.id],
      });
    });
  });

  describe("cause 11: an author's event archive lists what TEC lists (events/list-default-window-author)", () => {
    it("status any: others' drafts and pending events too, as WP_Query without perm", async () => {
      const author = await t.user('author');
      const contributor = await t.user('contributor');
      const dates = { start_date: '2031-07-10 10:00:00', end_date: '2031-07-10 11:00:00' };
      const draft = await post('/events', { title: 'Archive draft planning', status: 'draft', ...dates });
      const pending = await post(
        '/events',
        { title: 'Archive contributor idea', status: 'publish', ...dates },
        contributor,
      );
      expect(pending.body.status).toBe('pending');
      const res = await get('/events?search=archive&start_date=2031-07-01&end_date=2031-07-31', author);
      expect(res.status).toBe(200);
      expect(res.body.rest_url).toContain('status=any');
      expect(res.body.events.map((event: any) => event.id).sort()).toEqual(
        [draft.body.id, pending.body.id].sort(),
      );
      const visitor = await get('/events?search=archive&start_date=2031-07-01&end_date=2031-07-31');
      expect(visitor.body.events).toEqual([]);
    });
  });
});
