import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { API, createEvent } from '../calendar/events-helpers';

/** Issue 9, points 13 and 14: calendar object shapes (global_id, map flags, drafts, trash). */
describe('fidelity: calendar object shapes', () => {
  let t: TestApp;
  let admin: TestUser;
  let contributor: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ BASE_URL: 'http://example.test:8081' });
    admin = await t.user('administrator');
    contributor = await t.user('contributor');
  });
  afterAll(() => t.close());

  const post = (path: string, as: TestUser, body: object) =>
    t.http().post(`${API}${path}`).set('Authorization', as.auth).send(body);

  describe('point 13', () => {
    it('global_id is host and path without the port', async () => {
      const event = await createEvent(t, admin, {
        start_date: '2031-02-01 10:00:00',
        end_date: '2031-02-01 11:00:00',
      });
      expect(event.global_id).toBe(`example.test?id=${event.id}`);
      expect(event.global_id_lineage).toEqual([`example.test?id=${event.id}`]);
      const venue = await post('/venues', admin, { venue: 'Port hall' });
      expect(venue.body.global_id).toBe(`example.test?id=${venue.body.id}`);
    });

    it('venues created without map flags show the map and its link (tec-rest.md §4.2, corrected)', async () => {
      const venue = await post('/venues', admin, { venue: 'Flagless hall' });
      expect(venue.status).toBe(201);
      expect(venue.body.show_map).toBe(true);
      expect(venue.body.show_map_link).toBe(true);
      const off = await post('/venues', admin, {
        venue: 'Mapless hall',
        show_map: 'false',
        show_map_link: '0',
      });
      expect(off.body.show_map).toBe(false);
      expect(off.body.show_map_link).toBe(false);
    });
    it('costs carry the site currency, json_ld as TEC builds it (golden tec-event-single.json)', async () => {
      const venue = await post('/venues', admin, {
        venue: 'Peer Hall',
        address: '1 Loopback Lane',
        city: 'Localhost',
        country: 'Nowhere',
        zip: '12701',
        phone: '555-0100',
      });
      const organizer = await post('/organizers', admin, {
        organizer: 'Peer Org',
        email: 'org@example.com',
        website: 'http://127.0.0.1:8081/',
      });
      const created = await post('/events', admin, {
        title: 'Peer Workshop',
        description: 'A workshop on the peer.',
        start_date: '2027-03-01 10:00:00',
        end_date: '2027-03-01 12:00:00',
        timezone: 'UTC',
        venue: venue.body.id,
        organizer: [organizer.body.id],
        cost: '10',
        website: 'http://127.0.0.1:8081/',
        status: 'publish',
      });
      expect(created.status).toBe(201);
      expect(created.body.cost).toBe('$10');
      expect(created.body.cost_details).toEqual({
        currency_symbol: '',
        currency_code: '',
        currency_position: '',
        values: ['10'],
      });
      expect(created.body.json_ld).toBeUndefined();
      expect(created.body.venue.json_ld).toBeUndefined();
      const single = await t.http().get(`${API}/events/${created.body.id}`);
      const placeLd = {
        '@type': 'Place',
        name: 'Peer Hall',
        description: '',
        url: '',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 Loopback Lane',
          addressLocality: 'Localhost',
          postalCode: '12701',
          addressCountry: 'Nowhere',
        },
        telephone: '555-0100',
        sameAs: '',
      };
      const personLd = {
        '@type': 'Person',
        name: 'Peer Org',
        description: '',
        url: 'http://127.0.0.1:8081/',
        telephone: '',
        email: [...'org@example.com'].map((c) => `&#${c.charCodeAt(0)};`).join(''),
        sameAs: 'http://127.0.0.1:8081/',
      };
      expect(single.body.venue.json_ld).toEqual(placeLd);
      expect(single.body.organizer[0].json_ld).toEqual(personLd);
      expect(single.body.json_ld).toEqual({
        '@context': 'http://schema.org',
        '@type': 'Event',
        name: 'Peer Workshop',
        description: '&lt;p&gt;A workshop on the peer.&lt;/p&gt;\\n',
        url: 'http://example.test:8081/event/peer-workshop/',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        startDate: '2027-03-01T10:00:00+00:00',
        endDate: '2027-03-01T12:00:00+00:00',
        location: placeLd,
        organizer: personLd,
        offers: {
          '@type': 'Offer',
          price: '10',
          priceCurrency: 'USD',
          url: 'http://example.test:8081/event/peer-workshop/',
          category: 'primary',
          availability: 'inStock',
          validFrom: `${single.body.date.slice(0, 10)}T00:00:00+00:00`,
        },
        performer: 'Organization',
      });
      expect((await t.http().get(`${API}/venues/${venue.body.id}`)).body.json_ld).toEqual(placeLd);
      const range = await post('/events', admin, {
        title: 'Ranged',
        start_date: '2027-03-02 10:00:00',
        end_date: '2027-03-02 12:00:00',
        cost: ['0', '40'],
      });
      expect(range.body.cost).toBe('Free – $40');
    });
  });

  describe('point 13: archive rest_url as TEC echoes it', () => {
    it('events: raw values, status, no category filter (golden tec-events-list-window.json)', async () => {
      const category = await post('/categories', admin, { name: 'Echo cat' });
      const res = await t
        .http()
        .get(`${API}/events?start_date=2024-01-01&end_date=2030-01-01&categories=${category.body.id}`);
      expect(res.status).toBe(200);
      expect(res.body.rest_url).toBe(
        'http://example.test:8081/wp-json/cal/events/v1/events/?page=1&per_page=10' +
          '&start_date=2024-01-01 00:00:00&end_date=2030-01-01 23:59:59&status=publish',
      );
      const editor = await t
        .http()
        .get(`${API}/events?start_date=2024-01-01&end_date=2030-01-01`)
        .set('Authorization', admin.auth);
      expect(editor.body.rest_url).toContain('&status=any');
    });

    it('venues and organizers echo status (golden tec-venues-list.json)', async () => {
      const venues = await t.http().get(`${API}/venues`);
      expect(venues.body.rest_url).toBe(
        'http://example.test:8081/wp-json/cal/events/v1/venues/?page=1&per_page=10&status=publish',
      );
      const organizers = await t.http().get(`${API}/organizers`).set('Authorization', admin.auth);
      expect(organizers.body.rest_url).toBe(
        'http://example.test:8081/wp-json/cal/events/v1/organizers/?page=1&per_page=10&status=any',
      );
    });
  });

  describe('point 14: drafts, pending and trashed objects', () => {
    it("a contributor's event is pending, without a slug or a GMT date, at a plain URL", async () => {
      const res = await post('/events', contributor, {
        title: 'Contributed event',
        start_date: '2031-03-01 10:00:00',
        end_date: '2031-03-01 11:00:00',
        status: 'publish',
      });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('pending');
      expect(res.body.slug).toBe('');
      expect(res.body.url).toBe(`http://example.test:8081/?post_type=cal_events&p=${res.body.id}`);
      expect(res.body.date_utc).toBe('0000-00-00 00:00:00');
      const [row] = await t.app
        .get(DataSource)
        .query('SELECT slug FROM cal_events WHERE id = ?', [res.body.id]);
      expect(row.slug).toBeNull();
      // Published by an editor: a slug from the title, a date, the pretty URL.
      const published = await post(`/events/${res.body.id}`, admin, { status: 'publish' });
      expect(published.body.slug).toBe('contributed-event');
      expect(published.body.url).toBe('http://example.test:8081/event/contributed-event/');
      expect(published.body.date_utc).not.toBe('0000-00-00 00:00:00');
    });

    it('drafts of several authors share no slug and do not collide', async () => {
      const first = await post('/venues', contributor, { venue: 'Draft hall one', status: 'draft' });
      const second = await post('/venues', contributor, { venue: 'Draft hall two', status: 'draft' });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(first.body.url).toBe(`http://example.test:8081/?post_type=cal_venue&p=${first.body.id}`);
      expect(first.body.date_utc).toBe('0000-00-00 00:00:00');
      const organizer = await post('/organizers', contributor, { organizer: 'Draft org', status: 'draft' });
      expect(organizer.body.url).toBe(
        `http://example.test:8081/?post_type=cal_organizer&p=${organizer.body.id}`,
      );
    });

    it('an event drafted with a date keeps it', async () => {
      const res = await post('/events', admin, {
        title: 'Dated draft',
        start_date: '2031-04-01 10:00:00',
        end_date: '2031-04-01 11:00:00',
        status: 'draft',
        date: '2030-01-02 03:04:05',
      });
      expect(res.body.date).toBe('2030-01-02 03:04:05');
      expect(res.body.date_utc).not.toBe('0000-00-00 00:00:00');
    });

    it('trashed objects get the __trashed slug suffix and a plain URL (golden tec-event-delete.json)', async () => {
      const event = await createEvent(t, admin, {
        title: 'Peer past event',
        start_date: '2031-05-01 10:00:00',
        end_date: '2031-05-01 11:00:00',
      });
      const trashed = await t.http().delete(`${API}/events/${event.id}`).set('Authorization', admin.auth);
      expect(trashed.status).toBe(200);
      expect(trashed.body.status).toBe('trash');
      expect(trashed.body.slug).toBe('peer-past-event__trashed');
      expect(trashed.body.url).toBe(`http://example.test:8081/?post_type=cal_events&p=${event.id}`);
      const venue = await post('/venues', admin, { venue: 'Trash hall' });
      const gone = await t.http().delete(`${API}/venues/${venue.body.id}`).set('Authorization', admin.auth);
      expect(gone.body.slug).toBe('trash-hall__trashed');
      // Draft events without a slug are trashed as `__trashed`, kept unique (draft venues and organizers have
      // their title's slug).
      for (const [index, name] of ['Draft bin one', 'Draft bin two'].entries()) {
        const draft = await createEvent(t, admin, {
          title: name,
          status: 'draft',
          start_date: '2031-05-02 10:00:00',
          end_date: '2031-05-02 11:00:00',
        });
        expect(draft.slug).toBe('');
        const binned = await t.http().delete(`${API}/events/${draft.id}`).set('Authorization', admin.auth);
        expect(binned.body.slug).toBe(index === 0 ? '__trashed' : '__trashed-2');
      }
      expect(gone.body.url).toBe(`http://example.test:8081/?post_type=cal_venue&p=${venue.body.id}`);
    });
  });
});
