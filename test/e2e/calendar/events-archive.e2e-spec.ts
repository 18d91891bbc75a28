import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { API, createEvent, daysFromNow, sql } from './events-helpers';

describe('cal/events/v1 GET /events archive', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let subscriber: TestUser;

  const get = (query = '', user?: TestUser) => {
    const request = t.http().get(`${API}/events${query}`);
    return user ? request.set('Authorization', user.auth) : request;
  };
  /** Events `hours` apart starting at now + `hours` (TEC's haveManyEventsInDatabase), 2 h each. */
  const many = async (count: number, extra: Record<string, unknown> = {}, hoursApart = 24) => {
    const created = [];
    for (let i = 1; i <= count; i++) {
      created.push(
        await createEvent(t, admin, {
          title: `Event ${i}`,
          timezone: 'UTC',
          start_date: daysFromNow(0, i * hoursApart),
          end_date: daysFromNow(0, i * hoursApart + 2),
          ...extra,
        }),
      );
    }
    return created;
  };
  const clear = () => sql(t, 'DELETE FROM cal_events');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    editor = await t.user('editor');
    subscriber = await t.user('subscriber');
  });
  afterAll(() => t.close());
  beforeEach(() => clear());

  describe('envelope and pagination', () => {
    it('returns an empty envelope when there are no events', async () => {
      const response = await get();
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        events: [],
        rest_url: expect.stringContaining('http://example.test/wp-json/cal/events/v1/events/'),
        total: 0,
        total_pages: 0,
      });
      expect(response.headers['x-tec-total']).toBe('0');
      expect(response.headers['x-tec-totalpages']).toBe('0');
    });

    it('pages with per_page, next/previous URLs and headers', async () => {
      await many(7);
      const first = await get('?per_page=5');
      expect(first.body.events).toHaveLength(5);
      expect(Object.keys(first.body)).toEqual([
        'events',
        'rest_url',
        'next_rest_url',
        'total',
        'total_pages',
      ]);
      expect(first.body.total).toBe(7);
      expect(first.body.total_pages).toBe(2);
      expect(first.headers['x-tec-total']).toBe('7');
      expect(first.headers['x-tec-totalpages']).toBe('2');
      const next = new URL(first.body.next_rest_url);
      expect(next.pathname).toBe('/wp-json/cal/events/v1/events/');
      expect(next.searchParams.get('page')).toBe('2');
      const second = await get('?per_page=5&page=2');
      expect(second.body.events).toHaveLength(2);
      expect(second.body.next_rest_url).toBeUndefined();
      const previous = new URL(second.body.previous_rest_url);
      expect(previous.searchParams.get('page')).toBeNull();
      expect(previous.searchParams.get('per_page')).toBe('5');
    });

    it('defaults to 10 per page and caps per_page at 50', async () => {
      await many(12);
      expect((await get()).body.events).toHaveLength(10);
      await sql(t, 'DELETE FROM cal_events');
      await many(51, {}, 1);
      const response = await get('?per_page=100');
      expect(response.status).toBe(200);
      expect(response.body.events).toHaveLength(50);
    }, 60_000);

    it('answers 404 for a page past the end', async () => {
      await many(3);
      const response = await get('?per_page=3&page=2');
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('event-archive-page-not-found');
    });

    it('orders by start date and never lists hidden events', async () => {
      const later = await createEvent(t, admin, {
        title: 'Later',
        start_date: daysFromNow(5),
        end_date: daysFromNow(5, 1),
      });
      const sooner = await createEvent(t, admin, {
        title: 'Sooner',
        start_date: daysFromNow(2),
        end_date: daysFromNow(2, 1),
      });
      await createEvent(t, admin, {
        title: 'Hidden',
        hide_from_listings: true,
        start_date: daysFromNow(3),
        end_date: daysFromNow(3, 1),
      });
      expect((await get()).body.events.map((e: any) => e.id)).toEqual([sooner.id, later.id]);
    });
  });

  describe('date window', () => {
    const weekly = () =>
      (async () => {
        const created = [];
        for (let week = 1; week <= 10; week++) {
          created.push(
            await createEvent(t, admin, {
              timezone: 'UTC',
              start_date: daysFromNow(week * 7),
              end_date: daysFromNow(week * 7, 2),
            }),
          );
        }
        return created;
      })();
    const ts = (days: number, seconds = 0) => Math.floor(Date.now() / 1000) + days * 86400 + seconds;

    it('start_date: events starting after a date (6 of 10)', async () => {
      await weekly();
      const response = await get(`?per_page=20&start_date=${ts(35)}`);
      expect(response.body.events).toHaveLength(6);
    });

    it('end_date: events ending before a date (5 of 10)', async () => {
      await weekly();
      const response = await get(`?per_page=20&end_date=${ts(35, 7200)}`);
      expect(response.body.events).toHaveLength(5);
    });

    it('start_date and end_date narrow down (3 of 10)', async () => {
      await weekly();
      const response = await get(`?per_page=20&start_date=${ts(10)}&end_date=${ts(30)}`);
      expect(response.body.events).toHaveLength(3);
    });

    it('the default window hides past events', async () => {
      await createEvent(t, admin, {
        title: 'Past',
        start_date: daysFromNow(-10),
        end_date: daysFromNow(-10, 1),
      });
      await createEvent(t, admin, {
        title: 'Far future',
        start_date: daysFromNow(900),
        end_date: daysFromNow(900, 1),
      });
      const upcoming = await createEvent(t, admin, {
        title: 'Soon',
        start_date: daysFromNow(1),
        end_date: daysFromNow(1, 1),
      });
      const response = await get();
      expect(response.body.events.map((e: any) => e.id)).toEqual([upcoming.id]);
      const url = new URL(response.body.rest_url);
      expect(url.searchParams.get('start_date')).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
      expect(url.searchParams.get('end_date')).toMatch(/ 23:59:59$/);
    });

    it('400 for an unparsable start_date', async () => {
      const response = await get('?start_date=before my birthday');
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
      expect(response.body.data.params).toHaveProperty('start_date');
    });

    it('strict_dates controls whole-day widening', async () => {
      const e1 = await createEvent(t, admin, {
        timezone: 'Europe/Oslo',
        start_date: '2018-01-01 16:00:00',
        end_date: '2018-01-01 16:30:00',
      });
      const e2 = await createEvent(t, admin, {
        timezone: 'Europe/Oslo',
        start_date: '2018-01-01 20:00:00',
        end_date: '2018-01-01 20:30:00',
      });
      await createEvent(t, admin, {
        timezone: 'Europe/Oslo',
        start_date: '2017-12-31 20:00:00',
        end_date: '2017-12-31 20:30:00',
      });
      await createEvent(t, admin, {
        timezone: 'Europe/Oslo',
        start_date: '2018-01-02 20:00:00',
        end_date: '2018-01-02 20:30:00',
      });
      const window = '?start_date=2018-01-01 15:00:00&end_date=2018-01-01 18:00:00';
      expect((await get(window)).body.events.map((e: any) => e.id)).toEqual([e1.id, e2.id]);
      expect((await get(`${window}&strict_dates=false`)).body.events.map((e: any) => e.id)).toEqual([
        e1.id,
        e2.id,
      ]);
      expect((await get(`${window}&strict_dates=true`)).body.events.map((e: any) => e.id)).toEqual([e1.id]);
    });

    it('relative bounds (ends_after + starts_before) find overlapping events', async () => {
      const mk = (start: string, end: string) =>
        createEvent(t, admin, { timezone: 'Europe/Oslo', start_date: start, end_date: end });
      const e1 = await mk('2018-01-01 10:00:00', '2018-01-01 12:00:00');
      const e2 = await mk('2018-01-01 14:00:00', '2018-01-01 16:00:00');
      const e3 = await mk('2018-01-02 10:00:00', '2018-01-02 12:00:00');
      const e4 = await mk('2017-12-31 10:00:00', '2018-01-03 12:00:00');
      const e5 = await mk('2017-12-30 10:00:00', '2018-01-05 12:00:00');
      await mk('2017-12-20 10:00:00', '2017-12-20 12:00:00');
      const relative = await get('?ends_after=2017-12-31&starts_before=2018-01-02');
      expect(relative.body.events.map((e: any) => e.id)).toEqual([e5.id, e4.id, e1.id, e2.id, e3.id]);
      const both = await get(
        '?ends_after=2017-12-31&starts_before=2018-01-02&start_date=2017-12-31&end_date=2018-01-03',
      );
      expect(both.body.events.map((e: any) => e.id)).toEqual([e4.id, e1.id, e2.id, e3.id]);
    });

    it('include ignores the date filters', async () => {
      const past = await createEvent(t, admin, {
        start_date: daysFromNow(-30),
        end_date: daysFromNow(-30, 1),
      });
      const [a, b] = await many(2);
      const csv = await get(`?include=${past.id},${a.id},${b.id}`);
      expect(csv.body.total).toBe(3);
      const list = await get(`?include[]=${past.id}&include[]=${b.id}`);
      expect(list.body.total).toBe(2);
      expect(list.body.events[0]).toHaveProperty('start_date_details');
      expect((await get('?include=foo-bar,23,89')).status).toBe(400);
    });
  });

  describe('filters', () => {
    it('search matches title and description', async () => {
      await createEvent(t, admin, { title: 'foo', start_date: daysFromNow(1), end_date: daysFromNow(1, 1) });
      await createEvent(t, admin, {
        title: 'foo bar',
        start_date: daysFromNow(2),
        end_date: daysFromNow(2, 1),
      });
      await createEvent(t, admin, {
        title: 'other',
        description: 'with FOO inside',
        start_date: daysFromNow(3),
        end_date: daysFromNow(3, 1),
      });
      await createEvent(t, admin, {
        title: 'nothing',
        start_date: daysFromNow(4),
        end_date: daysFromNow(4, 1),
      });
      expect((await get('?search=foo')).body.total).toBe(3);
      expect((await get('?search=')).status).toBe(400);
      expect((await get('?search=100%25')).body.total).toBe(0);
    });

    it('categories and tags by slug or ID (OR within, AND between); unknown → 400', async () => {
      const c1 = (
        await t.http().post(`${API}/categories`).set('Authorization', admin.auth).send({ name: 'cat1' })
      ).body;
      const c2 = (
        await t.http().post(`${API}/categories`).set('Authorization', admin.auth).send({ name: 'cat2' })
      ).body;
      const empty = (
        await t.http().post(`${API}/categories`).set('Authorization', admin.auth).send({ name: 'empty' })
      ).body;
      const in1 = await many(2, { categories: [c1.id], tags: ['red'] });
      const in2 = await many(2, { categories: [c2.id] });
      await many(2);
      const byIds = await get(`?categories=${c1.id},${c2.id}`);
      expect(byIds.body.events.map((e: any) => e.id).sort()).toEqual(
        [...in1, ...in2].map((e) => e.id).sort(),
      );
      expect((await get('?categories[]=cat1')).body.total).toBe(2);
      expect((await get('?categories=cat2&tags=red')).body.total).toBe(0);
      expect((await get('?categories=cat1&tags=red')).body.total).toBe(2);
      const unknown = await get('?categories[]=nope');
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('rest_invalid_param');
      expect(unknown.body.data.params).toHaveProperty('categories');
      expect((await get('?tags=nope')).status).toBe(400);
      const emptyArchive = await get(`?categories=${empty.slug}`);
      expect(emptyArchive.status).toBe(200);
      expect(emptyArchive.body.total).toBe(0);
    });

    it('venue and organizer lists (OR); bad values → 400', async () => {
      const v1 = (await t.http().post(`${API}/venues`).set('Authorization', admin.auth).send({ venue: 'V1' }))
        .body.id;
      const v2 = (await t.http().post(`${API}/venues`).set('Authorization', admin.auth).send({ venue: 'V2' }))
        .body.id;
      const v3 = (await t.http().post(`${API}/venues`).set('Authorization', admin.auth).send({ venue: 'V3' }))
        .body.id;
      const o1 = (
        await t.http().post(`${API}/organizers`).set('Authorization', admin.auth).send({ organizer: 'O1' })
      ).body.id;
      const o2 = (
        await t.http().post(`${API}/organizers`).set('Authorization', admin.auth).send({ organizer: 'O2' })
      ).body.id;
      await many(2, { venue: v1, organizer: [o1] });
      await many(1, { venue: v2, organizer: [o1, o2] });
      await many(1);
      expect((await get(`?venue=${v1}`)).body.total).toBe(2);
      expect((await get(`?venue=${v1},${v2}`)).body.total).toBe(3);
      expect((await get(`?venue=${v3}`)).body.total).toBe(0);
      expect((await get(`?organizer=${o2}`)).body.total).toBe(1);
      expect((await get(`?organizer[]=${o1}&organizer[]=${o2}`)).body.total).toBe(3);
      expect((await get('?venue=foo')).status).toBe(400);
      expect((await get('?venue=23999')).status).toBe(400);
      expect((await get('?organizer=23999')).status).toBe(400);
    });

    it('featured filter', async () => {
      await many(2, { featured: true });
      await many(3);
      expect((await get('?featured=true')).body.total).toBe(2);
      expect((await get('?featured=false')).body.total).toBe(3);
      expect((await get()).body.total).toBe(5);
      expect((await get('?featured=foo')).status).toBe(400);
    });

    it('ticketed: true → none, false → all', async () => {
      await many(2);
      expect((await get('?ticketed=true')).body.total).toBe(0);
      expect((await get('?ticketed=false')).body.total).toBe(2);
    });

    it('post_parent lists children; bad values → 400', async () => {
      const [parent, c1, c2] = await many(3);
      await sql(t, 'UPDATE cal_events SET post_parent = ? WHERE id IN (?, ?)', [parent.id, c1.id, c2.id]);
      const response = await get(`?post_parent=${parent.id}`);
      expect(response.body).toMatchObject({ total: 2, total_pages: 1 });
      expect((await get('?post_parent=foo-bar')).status).toBe(400);
      expect((await get('?post_parent=23999')).status).toBe(400);
    });
  });

  describe('status visibility', () => {
    it('visitors see published only; editors see all; status filter rules', async () => {
      const events = await many(9);
      await sql(
        t,
        "UPDATE cal_events SET status = 'draft' WHERE id IN (?, ?, ?)",
        events.slice(3, 6).map((e) => e.id),
      );
      await sql(
        t,
        "UPDATE cal_events SET status = 'pending' WHERE id IN (?, ?, ?)",
        events.slice(6).map((e) => e.id),
      );
      expect((await get()).body.total).toBe(3);
      expect((await get('', subscriber)).body.total).toBe(3);
      expect((await get('', editor)).body.total).toBe(9);
      expect((await get('?status=publish', editor)).body.total).toBe(3);
      expect((await get('?status=publish, draft', editor)).body.total).toBe(6);
      const all = await get('?status[]=publish&status[]=draft&status[]=pending', editor);
      expect(all.body.events.map((e: any) => e.id)).toEqual(events.map((e) => e.id));
      expect((await get('?status=bogus', editor)).status).toBe(400);
      expect((await get('?status=publish')).body.total).toBe(3);
      const forbidden = await get('?status=publish, draft');
      expect(forbidden.status).toBe(400);
      expect(forbidden.body.code).toBe('rest_invalid_param');
    });

    it('blanks password-protected events unless the password is sent', async () => {
      const [e] = await many(1, { cost: '10', featured: true });
      await sql(t, "UPDATE cal_events SET password = 'pw' WHERE id = ?", [e.id]);
      const blanked = (await get()).body.events[0];
      expect(blanked).toMatchObject({
        id: e.id,
        title: e.title,
        description: '',
        cost: '',
        featured: null,
        venue: [],
        categories: [],
      });
      expect((await get('?password=pw')).body.events[0].cost).toBe('$10');
      expect((await get('?context=edit', admin)).body.events[0].cost).toBe('$10');
    });
  });

  describe('geoloc', () => {
    it('filters by venue coordinates and radius, nearest first among equal starts', async () => {
      const venue = async (name: string, lat?: number, lng?: number) =>
        (
          await t
            .http()
            .post(`${API}/venues`)
            .set('Authorization', admin.auth)
            .send({ venue: name, ...(lat !== undefined ? { geo_lat: lat, geo_lng: lng } : {}) })
        ).body.id;
      const oslo = await venue('Oslo S', 59.9111, 10.7528);
      const majorstuen = await venue('Majorstuen', 59.9297, 10.7146);
      const drammen = await venue('Drammen', 59.7439, 10.2045);
      const nowhere = await venue('No coordinates');
      const start = daysFromNow(3);
      const end = daysFromNow(3, 2);
      const eFar = await createEvent(t, admin, {
        title: 'Drammen',
        start_date: start,
        end_date: end,
        venue: drammen,
      });
      const eMid = await createEvent(t, admin, {
        title: 'Majorstuen',
        start_date: start,
        end_date: end,
        venue: majorstuen,
      });
      const eNear = await createEvent(t, admin, {
        title: 'Oslo',
        start_date: start,
        end_date: end,
        venue: oslo,
      });
      await createEvent(t, admin, { title: 'None', start_date: start, end_date: end, venue: nowhere });
      await createEvent(t, admin, { title: 'No venue', start_date: start, end_date: end });

      const withGeo = await get('?geoloc=true');
      expect(withGeo.body.total).toBe(3);
      const near = await get('?geoloc_lat=59.9115&geoloc_lng=10.7530');
      expect(near.status).toBe(200);
      expect(near.body.events.map((e: any) => e.id)).toEqual([eNear.id, eMid.id]);
      const page = await get('?geoloc_lat=59.9115&geoloc_lng=10.7530&per_page=1&page=2');
      expect(page.body.events.map((e: any) => e.id)).toEqual([eMid.id]);
      expect(page.body.total).toBe(2);
      void eFar;
      const half = await get('?geoloc_lat=59.9');
      expect(half.status).toBe(400);
      expect(half.body.code).toBe('rest_invalid_param');
      expect(half.body.data.params).toHaveProperty('geoloc_lng');
    });
  });

  describe('language', () => {
    it('lists only events of the request language', async () => {
      await many(2);
      const no = await t
        .http()
        .post('/no/wp-json/cal/events/v1/events')
        .set('Authorization', admin.auth)
        .send({ title: 'Norsk', start_date: daysFromNow(1), end_date: daysFromNow(1, 1) });
      expect(no.status).toBe(201);
      expect((await get()).body.total).toBe(2);
      const norwegian = await t.http().get('/no/wp-json/cal/events/v1/events');
      expect(norwegian.body.total).toBe(1);
      expect(norwegian.body.rest_url).toContain('/no/wp-json/');
      expect((await get('?ml_language=no')).body.total).toBe(1);
    });
  });

  describe('/doc', () => {
    it('is an OpenAPI 3.0 document generated from the routes', async () => {
      const response = await t.http().get(`${API}/doc`);
      expect(response.status).toBe(200);
      const doc = response.body;
      expect(Object.keys(doc)).toEqual(['openapi', 'info', 'components', 'servers', 'paths']);
      expect(doc.openapi).toBe('3.0.0');
      expect(doc.servers[0].url).toBe('http://example.test/wp-json/cal/events/v1/');
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/doc',
          '/events',
          '/events/{id}',
          '/events/by-slug/{slug}',
          '/venues',
          '/organizers',
          '/categories',
          '/tags',
        ]),
      );
      expect(doc.paths['/events'].get.parameters.map((p: any) => p.name)).toEqual(
        expect.arrayContaining(['page', 'per_page', 'start_date', 'categories', 'geoloc_lat', 'include']),
      );
      expect(doc.paths['/events'].post.requestBody.content['application/json'].schema.required).toEqual([
        'title',
        'start_date',
        'end_date',
      ]);
      expect(doc.paths['/events/{id}'].get.parameters[0]).toMatchObject({
        name: 'id',
        in: 'path',
        required: true,
      });
      expect(doc.paths['/events/{id}']).toHaveProperty('delete');
      expect(doc.components.schemas.Event.properties.venue.oneOf[0]).toEqual({
        $ref: '#/components/schemas/Venue',
      });
      expect(Object.keys(doc.components.schemas)).toEqual(
        expect.arrayContaining(['Event', 'Venue', 'Organizer', 'Term', 'Image']),
      );
    });
  });
});
