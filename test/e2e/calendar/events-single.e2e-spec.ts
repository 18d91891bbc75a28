import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { API, createEvent, daysFromNow, sql } from './events-helpers';

describe('cal/events/v1 single events and writes', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let author: TestUser;
  let contributor: TestUser;
  let subscriber: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    editor = await t.user('editor');
    author = await t.user('author');
    contributor = await t.user('contributor');
    subscriber = await t.user('subscriber');
  });
  afterAll(() => t.close());

  const post = (path: string, user?: TestUser) => {
    const request = t.http().post(`${API}${path}`);
    return user ? request.set('Authorization', user.auth) : request;
  };

  describe('create', () => {
    it('creates an event with every field (201) and reads it back', async () => {
      const venue = await post('/venues', admin).send({
        venue: 'Main Hall',
        city: 'Oslo',
        country: 'Norway',
      });
      expect(venue.status).toBe(201);
      const organizer = await post('/organizers', admin).send({ organizer: 'Org One' });
      expect(organizer.status).toBe(201);
      const response = await post('/events', admin).send({
        title: 'Full event',
        slug: 'full-event',
        description: 'Event 01 description',
        excerpt: 'Short',
        start_date: '2030-01-05 14:23:36',
        end_date: '2030-01-05 16:23:36',
        timezone: 'America/New_York',
        cost: '$23',
        website: 'http://tri.be',
        featured: true,
        sticky: true,
        venue: venue.body.id,
        organizer: [organizer.body.id],
        categories: ['Concerts'],
        tags: ['jazz', 'live'],
      });
      expect(response.status).toBe(201);
      expect(response.headers.location).toBe(
        `http://example.test/wp-json/cal/events/v1/events/${response.body.id}`,
      );
      const e = response.body;
      expect(Object.keys(e)).toEqual([
        'id',
        'global_id',
        'global_id_lineage',
        'author',
        'status',
        'date',
        'date_utc',
        'modified',
        'modified_utc',
        'url',
        'rest_url',
        'title',
        'description',
        'excerpt',
        'slug',
        'image',
        'all_day',
        'start_date',
        'start_date_details',
        'end_date',
        'end_date_details',
        'utc_start_date',
        'utc_start_date_details',
        'utc_end_date',
        'utc_end_date_details',
        'timezone',
        'timezone_abbr',
        'cost',
        'cost_details',
        'website',
        'show_map',
        'show_map_link',
        'hide_from_listings',
        'sticky',
        'featured',
        'categories',
        'tags',
        'venue',
        'organizer',
        'ml_current_locale',
        'ml_translations',
      ]);
      expect(e).toMatchObject({
        global_id: `example.test?id=${e.id}`,
        author: String(admin.id),
        status: 'publish',
        url: 'http://example.test/event/full-event/',
        title: 'Full event',
        description: '<p>Event 01 description</p>',
        excerpt: '<p>Short</p>',
        slug: 'full-event',
        image: false,
        all_day: false,
        start_date: '2030-01-05 14:23:36',
        start_date_details: {
          year: '2030',
          month: '01',
          day: '05',
          hour: '14',
          minutes: '23',
          seconds: '36',
        },
        end_date: '2030-01-05 16:23:36',
        utc_start_date: '2030-01-05 19:23:36',
        utc_end_date: '2030-01-05 21:23:36',
        utc_end_date_details: { hour: '21' },
        timezone: 'America/New_York',
        timezone_abbr: 'EST',
        cost: '$23',
        cost_details: {
          currency_symbol: '$',
          currency_code: '',
          currency_position: 'prefix',
          values: ['23'],
        },
        website: 'http://tri.be',
        featured: true,
        sticky: true,
        hide_from_listings: false,
        show_map: false,
        show_map_link: false,
      });
      expect(e.global_id_lineage).toEqual([e.global_id]);
      expect(e.venue).toMatchObject({ id: venue.body.id, venue: 'Main Hall', city: 'Oslo' });
      expect(e.organizer).toHaveLength(1);
      expect(e.organizer[0]).toMatchObject({ id: organizer.body.id, organizer: 'Org One' });
      expect(e.categories.map((c: any) => c.name)).toEqual(['Concerts']);
      expect(e.categories[0]).toMatchObject({ slug: 'concerts', id: expect.any(Number) });
      expect(e.tags.map((c: any) => c.slug)).toEqual(['jazz', 'live']);

      const single = await t.http().get(`${API}/events/${e.id}`);
      expect(single.status).toBe(200);
      expect(single.body).toHaveProperty('json_ld');
      expect(single.body.json_ld).toMatchObject({ '@type': 'Event', name: 'Full event' });
      const bySlug = await t.http().get(`${API}/events/by-slug/full-event`);
      expect(bySlug.status).toBe(200);
      expect(bySlug.body.id).toBe(e.id);
    });

    it('reads dates in the site timezone by default and converts to UTC', async () => {
      const e = await createEvent(t, admin, {
        start_date: '2030-07-01 10:00:00',
        end_date: '2030-07-01 12:00:00',
      });
      expect(e.timezone).toBe('Europe/Oslo');
      expect(e.timezone_abbr).toBe('CEST');
      expect(e.utc_start_date).toBe('2030-07-01 08:00:00');
      expect(e.website).toBe(e.url);
    });

    it.each([
      ['UTC', '2030-03-01 09:00:00', '2030-03-01 09:00:00'],
      ['Asia/Hong_Kong', '2030-03-01 09:00:00', '2030-03-01 01:00:00'],
      ['UTC+2', '2030-03-01 09:00:00', '2030-03-01 07:00:00'],
    ])('honours the event timezone %s', async (timezone, start, utc) => {
      const e = await createEvent(t, admin, { start_date: start, end_date: '2030-03-01 11:00:00', timezone });
      expect(e.timezone).toBe(timezone);
      expect(e.start_date).toBe(start);
      expect(e.utc_start_date).toBe(utc);
    });

    it('accepts natural language dates', async () => {
      const e = await createEvent(t, admin, {
        start_date: 'tomorrow 9am',
        end_date: 'tomorrow 11am',
        timezone: 'UTC',
      });
      expect(e.start_date).toMatch(/ 09:00:00$/);
      expect(e.end_date).toMatch(/ 11:00:00$/);
    });

    it('widens a multi-day all-day event to whole days', async () => {
      const e = await createEvent(t, admin, {
        all_day: true,
        start_date: 'tomorrow 9am',
        end_date: '+5 days 11am',
      });
      expect(e.all_day).toBe(true);
      expect(e.start_date).toMatch(/ 00:00:00$/);
      expect(e.end_date).toMatch(/ 23:59:59$/);
    });

    it('formats an array cost', async () => {
      const response = await post('/events', admin)
        .type('form')
        .send(
          'title=Cost&start_date=2030-01-01 10:00&end_date=2030-01-01 11:00&cost[]=0$&cost[]=20$&cost[]=30$',
        );
      expect(response.status).toBe(201);
      expect(response.body.cost).toBe('Free – 30$');
      expect(response.body.cost_details).toEqual({
        currency_symbol: '$',
        currency_code: '',
        currency_position: 'postfix',
        values: ['0', '20', '30'],
      });
    });

    it('creates inline venue and organizers and links existing ones', async () => {
      const o1 = (await post('/organizers', admin).send({ organizer: 'Existing 1' })).body.id;
      const o2 = (await post('/organizers', admin).send({ organizer: 'Existing 2' })).body.id;
      const e = await createEvent(t, admin, {
        start_date: '2030-02-01 10:00',
        end_date: '2030-02-01 12:00',
        venue: { venue: 'Inline Venue', address: '1 Road', city: 'Bergen', country: 'Norway', zip: '5003' },
        organizer: [{ organizer: 'Organizer A' }, { id: o1 }, { id: o2 }, { organizer: 'Organizer C' }],
      });
      expect(e.venue).toMatchObject({ venue: 'Inline Venue', city: 'Bergen', id: expect.any(Number) });
      expect(e.organizer.map((o: any) => o.organizer)).toEqual([
        'Organizer A',
        'Existing 1',
        'Existing 2',
        'Organizer C',
      ]);
    });

    it('assigns existing categories by ID and creates new ones by name', async () => {
      const cat1 = await post('/categories', admin).send({ name: 'cat1' });
      expect(cat1.status).toBe(201);
      const e = await createEvent(t, admin, {
        start_date: '2030-02-01 10:00',
        end_date: '2030-02-01 12:00',
        categories: [cat1.body.id, 'cat2'],
      });
      expect(e.categories).toHaveLength(2);
      expect(e.categories[0].id).toBe(cat1.body.id);
      expect(e.categories[1].name).toBe('cat2');
    });

    it.each([
      [true, true],
      ['true', true],
      ['false', false],
    ])('hide_from_listings %p → %p', async (value, expected) => {
      const e = await createEvent(t, editor, {
        start_date: '2030-02-01 10:00',
        end_date: '2030-02-01 12:00',
        hide_from_listings: value,
      });
      expect(e.hide_from_listings).toBe(expected);
    });

    it('ignores generated fields sent in the body', async () => {
      const e = await createEvent(t, admin, {
        start_date: '2030-02-01 10:00',
        end_date: '2030-02-01 12:00',
        url: 'http://evil.test/',
        utc_start_date: '1999-01-01 00:00:00',
        cost_details: { currency_symbol: 'X' },
      });
      expect(e.url).not.toBe('http://evil.test/');
      expect(e.utc_start_date).toBe('2030-02-01 09:00:00');
    });

    it('makes slugs unique', async () => {
      const a = await createEvent(t, admin, {
        title: 'Same Title',
        start_date: '2030-02-01 10:00',
        end_date: '2030-02-01 12:00',
      });
      const b = await createEvent(t, admin, {
        title: 'Same Title',
        start_date: '2030-02-01 10:00',
        end_date: '2030-02-01 12:00',
      });
      expect(a.slug).toBe('same-title');
      expect(b.slug).toBe('same-title-2');
    });
  });

  describe('create validation', () => {
    const base = { title: 'T', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' };

    it.each(['title', 'start_date', 'end_date'])(
      'missing %s → 400 rest_missing_callback_param',
      async (field) => {
        const body: Record<string, unknown> = { ...base };
        delete body[field];
        const response = await post('/events', admin).send(body);
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('rest_missing_callback_param');
        expect(response.body.data.params).toEqual([field]);
      },
    );

    it.each([
      ['title', ''],
      ['start_date', ''],
      ['start_date', 'not a strtotime parsable string'],
      ['end_date', 'before my birthday'],
      ['author', 23],
      ['author', ''],
      ['date', 'foo'],
      ['date_utc', 'foo'],
      ['website', 'foo'],
      ['timezone', 'Mars/Olympus'],
      ['image', 'foo bar'],
      ['image', 999],
      ['venue', 9999],
      ['venue', { address: 'no name' }],
      ['organizer', [9999]],
      ['status', 'bogus'],
      ['all_day', 'maybe'],
    ])('%s = %p → 400 rest_invalid_param', async (field, value) => {
      const response = await post('/events', admin).send({ ...base, [field]: value });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
      expect(response.body.data.params).toHaveProperty(field);
    });

    it('rejects an end before the start', async () => {
      const response = await post('/events', admin).send({ ...base, end_date: '2029-12-31 10:00' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
      expect(response.body.data.params).toHaveProperty('end_date');
    });

    it('validates before checking permissions (anonymous bad input → 400)', async () => {
      const response = await post('/events').send({ ...base, start_date: 'nonsense' });
      expect(response.status).toBe(400);
    });

    it('refuses an image URL from a user without upload_files', async () => {
      const response = await post('/events', contributor).send({
        ...base,
        image: 'http://example.test/wp-content/uploads/a.jpg',
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
    });

    it('side-loads an image URL for authors', async () => {
      const e = await createEvent(t, author, {
        ...base,
        image: 'http://example.test/wp-content/uploads/poster.jpg',
      });
      expect(e.image).toMatchObject({
        url: 'http://example.test/wp-content/uploads/poster.jpg',
        id: expect.any(Number),
        extension: 'jpg',
      });
    });
  });

  describe('permissions', () => {
    const base = { title: 'Perm', start_date: '2030-01-01 10:00', end_date: '2030-01-01 11:00' };

    it('anonymous → 401, subscriber → 403', async () => {
      const anonymous = await post('/events').send(base);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_forbidden');
      const sub = await post('/events', subscriber).send(base);
      expect(sub.status).toBe(403);
    });

    it('contributor create: publish → pending, absent → draft', async () => {
      expect((await createEvent(t, contributor, { ...base, status: 'publish' })).status).toBe('pending');
      expect((await createEvent(t, contributor, base)).status).toBe('draft');
      expect((await createEvent(t, contributor, { ...base, status: 'private' })).status).toBe('private');
    });

    it('author and editor publish', async () => {
      expect((await createEvent(t, author, base)).status).toBe('publish');
      expect((await createEvent(t, editor, { ...base, status: 'draft' })).status).toBe('draft');
    });

    it('edit and delete rights follow ownership and status', async () => {
      const adminEvent = await createEvent(t, admin, base);
      const ownDraft = await createEvent(t, contributor, base);
      const ownPublished = await createEvent(t, author, base);
      await sql(t, 'UPDATE cal_events SET author_id = ? WHERE id = ?', [contributor.id, ownPublished.id]);

      expect((await t.http().put(`${API}/events/${adminEvent.id}`).send({ title: 'x' })).status).toBe(401);
      expect(
        (
          await t
            .http()
            .put(`${API}/events/${adminEvent.id}`)
            .set('Authorization', contributor.auth)
            .send({ title: 'x' })
        ).status,
      ).toBe(403);
      expect(
        (
          await t
            .http()
            .put(`${API}/events/${ownPublished.id}`)
            .set('Authorization', contributor.auth)
            .send({ title: 'x' })
        ).status,
      ).toBe(403);
      expect(
        (await t.http().delete(`${API}/events/${ownPublished.id}`).set('Authorization', contributor.auth))
          .status,
      ).toBe(403);
      const ownEdit = await t
        .http()
        .put(`${API}/events/${ownDraft.id}`)
        .set('Authorization', contributor.auth)
        .send({ title: 'Mine' });
      expect(ownEdit.status).toBe(200);
      expect(ownEdit.body.title).toBe('Mine');
      expect(
        (
          await t
            .http()
            .patch(`${API}/events/${adminEvent.id}`)
            .set('Authorization', author.auth)
            .send({ title: 'x' })
        ).status,
      ).toBe(403);
      expect(
        (
          await t
            .http()
            .patch(`${API}/events/${adminEvent.id}`)
            .set('Authorization', editor.auth)
            .send({ title: 'Edited' })
        ).status,
      ).toBe(200);
      expect(
        (await t.http().delete(`${API}/events/${ownDraft.id}`).set('Authorization', contributor.auth)).status,
      ).toBe(200);
      expect(
        (await t.http().delete(`${API}/events/${adminEvent.id}`).set('Authorization', subscriber.auth))
          .status,
      ).toBe(403);
      expect((await t.http().delete(`${API}/events/${adminEvent.id}`)).status).toBe(401);
    });
  });

  describe('single GET ladder', () => {
    it('404 for unknown and id 0', async () => {
      for (const id of [0, 13999]) {
        const response = await t.http().get(`${API}/events/${id}`);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({
          code: 'rest-event-not-found',
          message: `Event with ID ${id} does not exist.`,
        });
      }
    });

    it('400 for an unknown slug, 404 for an empty slug', async () => {
      const unknown = await t.http().get(`${API}/events/by-slug/non-existing-event`);
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('rest_invalid_param');
      expect((await t.http().get(`${API}/events/by-slug/`)).status).toBe(404);
    });

    it.each(['draft', 'pending', 'private', 'future'])(
      '%s: 403 event-not-accessible for visitors, 200 for editors',
      async (status) => {
        const e = await createEvent(t, admin, {
          start_date: '2030-01-01 10:00',
          end_date: '2030-01-01 11:00',
        });
        await sql(t, 'UPDATE cal_events SET status = ? WHERE id = ?', [status, e.id]);
        const anonymous = await t.http().get(`${API}/events/${e.id}`);
        expect(anonymous.status).toBe(403);
        expect(anonymous.body).toMatchObject({
          code: 'event-not-accessible',
          message: 'The requested event is not accessible',
        });
        expect(
          (await t.http().get(`${API}/events/${e.id}`).set('Authorization', subscriber.auth)).status,
        ).toBe(403);
        expect((await t.http().get(`${API}/events/${e.id}`).set('Authorization', editor.auth)).status).toBe(
          200,
        );
      },
    );

    it('password-protected: 403 without the password, 200 with it', async () => {
      const e = await createEvent(t, admin, {
        start_date: '2030-01-01 10:00',
        end_date: '2030-01-01 11:00',
        cost: '10',
      });
      await sql(t, "UPDATE cal_events SET password = 'secret' WHERE id = ?", [e.id]);
      const without = await t.http().get(`${API}/events/${e.id}`);
      expect(without.status).toBe(403);
      expect(without.body).toMatchObject({
        code: 'event-password-protected',
        message: 'The requested event is not accessible without a password',
      });
      expect((await t.http().get(`${API}/events/${e.id}?password=wrong`)).status).toBe(403);
      expect((await t.http().get(`${API}/events/${e.id}?password=secret`)).status).toBe(200);
      expect(
        (await t.http().get(`${API}/events/${e.id}?context=edit`).set('Authorization', admin.auth)).status,
      ).toBe(200);
    });
  });

  describe('update', () => {
    it('404 for an unknown id', async () => {
      const response = await post('/events/2389', admin).send({
        title: 'x',
        start_date: '2030-01-01 10:00',
        end_date: '2030-01-01 11:00',
      });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('rest-event-not-found');
    });

    it('is partial: fields not sent keep their values', async () => {
      const organizer = (await post('/organizers', admin).send({ organizer: 'Kept' })).body.id;
      const e = await createEvent(t, admin, {
        start_date: '2030-05-01 10:00',
        end_date: '2030-05-01 12:00',
        featured: true,
        cost: '15',
        website: 'http://site.test',
        organizer: organizer,
        categories: ['Keep'],
        image: 'http://example.test/a.png',
      });
      const response = await post(`/events/${e.id}`, admin).send({ title: 'Renamed' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        title: 'Renamed',
        featured: true,
        cost: '$15', // a plain number shows the site's currency symbol
        website: 'http://site.test',
        start_date: '2030-05-01 10:00:00',
        image: { url: 'http://example.test/a.png' },
      });
      expect(response.body.organizer).toHaveLength(1);
      expect(response.body.categories).toHaveLength(1);
    });

    it('changes dates, timezone, and removes organizers and categories', async () => {
      const organizer = (await post('/organizers', admin).send({ organizer: 'Gone' })).body.id;
      const e = await createEvent(t, admin, {
        start_date: '2030-05-01 10:00',
        end_date: '2030-05-01 12:00',
        organizer,
        categories: ['Gone cat'],
      });
      expect(e.organizer).toHaveLength(1);
      const response = await t.http().put(`${API}/events/${e.id}`).set('Authorization', admin.auth).send({
        timezone: 'Europe/Paris',
        end_date: '2030-05-01 15:00',
        organizer: [],
        venue: [],
        categories: '',
      });
      expect(response.status).toBe(200);
      // An end_date without start_date leaves both dates as they were (TEC §3.5); the zone still moves UTC.
      expect(response.body).toMatchObject({
        timezone: 'Europe/Paris',
        start_date: '2030-05-01 10:00:00',
        end_date: '2030-05-01 12:00:00',
        utc_start_date: '2030-05-01 08:00:00',
        organizer: [],
        categories: [],
        venue: [],
      });
    });

    it('rejects an update moving the end before the start', async () => {
      const e = await createEvent(t, admin, { start_date: '2030-05-01 10:00', end_date: '2030-05-01 12:00' });
      const response = await post(`/events/${e.id}`, admin).send({
        start_date: '2030-05-01 10:00',
        end_date: '2030-04-01 10:00',
      });
      expect(response.status).toBe(400);
      expect(response.body.data.params).toHaveProperty('end_date');
    });

    it('updates and deletes by slug', async () => {
      const e = await createEvent(t, admin, {
        title: 'Slugged',
        start_date: '2030-05-01 10:00',
        end_date: '2030-05-01 12:00',
      });
      const updated = await post(`/events/by-slug/${e.slug}`, admin).send({ title: 'Slugged 2' });
      expect(updated.status).toBe(200);
      expect(updated.body.title).toBe('Slugged 2');
      const deleted = await t
        .http()
        .delete(`${API}/events/by-slug/${e.slug}`)
        .set('Authorization', admin.auth);
      expect(deleted.status).toBe(200);
      expect(deleted.body.status).toBe('trash');
    });
  });

  describe('delete', () => {
    it('trashes (200), then 410, and GET says no longer available', async () => {
      expect((await t.http().delete(`${API}/events/23999`).set('Authorization', admin.auth)).status).toBe(
        404,
      );
      const e = await createEvent(t, admin, { start_date: '2030-05-01 10:00', end_date: '2030-05-01 12:00' });
      const first = await t.http().delete(`${API}/events/${e.id}`).set('Authorization', admin.auth);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: e.id, status: 'trash' });
      const second = await t.http().delete(`${API}/events/${e.id}`).set('Authorization', admin.auth);
      expect(second.status).toBe(410);
      expect(second.body).toMatchObject({
        code: 'event-is-in-trash',
        message: 'The event is already trashed',
      });
      const get = await t.http().get(`${API}/events/${e.id}`);
      expect(get.status).toBe(403);
      expect(get.body.code).toBe('event-no-longer-available');
    });
  });

  describe('language', () => {
    it('keeps languages apart', async () => {
      const response = await t
        .http()
        .post(`/no/wp-json/cal/events/v1/events`)
        .set('Authorization', admin.auth)
        .send({
          title: 'Norsk',
          slug: 'norsk-arrangement',
          start_date: '2030-05-01 10:00',
          end_date: '2030-05-01 12:00',
        });
      expect(response.status).toBe(201);
      expect(response.body.rest_url).toContain('/no/wp-json/');
      expect((await t.http().get(`${API}/events/${response.body.id}`)).status).toBe(404);
      expect((await t.http().get(`/no/wp-json/cal/events/v1/events/${response.body.id}`)).status).toBe(200);
      expect((await t.http().get(`${API}/events/${response.body.id}?ml_language=no`)).status).toBe(200);
      expect((await t.http().get(`${API}/events/by-slug/norsk-arrangement`)).status).toBe(400);
    });
  });

  describe('users integration', () => {
    it('lists event authors among published authors', async () => {
      const writer = await t.user('author');
      await createEvent(t, writer, { start_date: '2030-05-01 10:00', end_date: '2030-05-01 12:00' });
      const response = await t.http().get(`/wp-json/core/v2/users/${writer.id}`);
      expect(response.status).toBe(200);
      void daysFromNow;
    });
  });
});
