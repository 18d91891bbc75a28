import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { createEvent } from '../calendar/events-helpers';
import { monthCell, pageNonces, seedCalendar, titlesIn, YEAR } from './views-helpers';

describe('calendar pages', () => {
  let t: TestApp;
  let admin: TestUser;
  let seeded: Record<string, any>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    seeded = await seedCalendar(t, admin);
  });
  afterAll(() => t.close());

  const get = (path: string) => t.http().get(path);

  describe('month view', () => {
    it('places published, listed events on every day they cover', async () => {
      const res = await get(`/events/month/${YEAR}-03/`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('tribe-events-view--month');
      expect(titlesIn(monthCell(res.text, `${YEAR}-03-05`))).toEqual([
        'Excavator workshop',
        'Evening session',
      ]);
      for (const day of [`${YEAR}-03-30`, `${YEAR}-03-31`]) {
        expect(titlesIn(monthCell(res.text, day))).toEqual(['Trade fair']);
      }
      const april = await get(`/events/month/${YEAR}-04/`);
      for (const day of [`${YEAR}-04-01`, `${YEAR}-04-02`]) {
        expect(titlesIn(monthCell(april.text, day))).toEqual(['Trade fair']);
      }
      expect(titlesIn(monthCell(april.text, `${YEAR}-04-03`))).toEqual([]);
      expect(april.text).toContain('tribe-events-calendar-month__multiday-event--continued');
      expect(res.text).not.toContain('Secret draft');
      expect(res.text).not.toContain('Hidden meeting');
      expect(res.text).not.toContain('Gravekurs');
      // The grid runs from the Monday on or before the 1st to the Sunday on or after the last day.
      expect(res.text).toContain(`data-date="${YEAR}-02-25"`);
      expect(res.text).not.toContain(`data-date="${YEAR}-02-24"`);
      expect(res.text).toContain(`data-date="${YEAR}-03-31"`);
      expect(res.text).not.toContain(`data-date="${YEAR}-04-01"`);
      expect(res.text).toContain(`href="http://example.test/events/month/${YEAR}-02/"`);
      expect(res.text).toContain(`href="http://example.test/events/month/${YEAR}-04/"`);
      expect(res.text).toContain(`<h2 class="tribe-events-c-top-bar__datepicker-title">March ${YEAR}</h2>`);
      const nonces = pageNonces(res.text);
      expect(nonces.primary).toMatch(/^[0-9a-f]{10}$/);
      expect(nonces.secondary).toBe('');
      expect(res.text).toContain('data-view-rest-url="http://example.test/wp-json/cal/views/v2/html"');
    });

    it('shows an event that started weeks before the month on the days it still runs', async () => {
      const long = await createEvent(t, admin, {
        title: 'Long exhibition',
        start_date: `${YEAR}-07-10 10:00:00`,
        end_date: `${YEAR}-09-03 18:00:00`,
      });
      const september = await get(`/events/month/${YEAR}-09/`);
      expect(titlesIn(monthCell(september.text, `${YEAR}-09-03`))).toEqual(['Long exhibition']);
      expect(titlesIn(monthCell(september.text, `${YEAR}-09-04`))).toEqual([]);
      const day = await get(`/events/${YEAR}-08-20/`);
      expect(titlesIn(day.text)).toEqual(['Long exhibition']);
      const stored = await t.app
        .get(DataSource)
        .query("SELECT seconds FROM cal_views_longest WHERE language = 'en'");
      expect(Number(stored[0].seconds)).toBeGreaterThanOrEqual(55 * 86400);
      // Rows written by hand: the bound is set back to unknown and computed again on the next view.
      await t.app.get(DataSource).query("UPDATE cal_views_longest SET seconds = -1 WHERE language = 'en'");
      expect(titlesIn(monthCell((await get(`/events/month/${YEAR}-09/`)).text, `${YEAR}-09-02`))).toEqual([
        'Long exhibition',
      ]);
      await t.http().delete(`/wp-json/cal/events/v1/events/${long.id}`).set('Authorization', admin.auth);
    });

    it('takes the month from tribe-bar-date and defaults to the current month', async () => {
      const byBar = await get(`/events/month/?tribe-bar-date=${YEAR}-03`);
      expect(byBar.status).toBe(200);
      expect(titlesIn(monthCell(byBar.text, `${YEAR}-03-05`))).toContain('Excavator workshop');
      const current = await get('/events/month/');
      const now = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Oslo' }).slice(0, 7);
      expect(current.text).toContain(`data-date="${now}-01"`);
      expect(current.text).toContain('tribe-events-calendar-month__day--current');
    });

    it('answers 404 for a month that does not exist', async () => {
      expect((await get(`/events/month/${YEAR}-13/`)).status).toBe(404);
    });
  });

  describe('list view', () => {
    it('lists upcoming events by start, from now by default', async () => {
      const res = await get('/events/');
      expect(res.status).toBe(200);
      expect(res.text).toContain('tribe-events-view--list');
      expect(titlesIn(res.text)).toEqual(['Excavator workshop', 'Evening session', 'Trade fair']);
      expect(res.text).toContain('<h3 class="tribe-events-calendar-list__month-separator">');
      expect(res.text).toContain(`March ${YEAR}`);
      // Previous events lead to the past list; nothing after the third event.
      expect(res.text).toContain('href="http://example.test/events/list/?eventDisplay=past"');
      expect(res.text).toMatch(/tribe-events-c-nav__next[^"]*tribe-common-c-btn-icon--disabled/);
    });

    it('pages through the events, 12 a page', async () => {
      for (let i = 1; i <= 12; i++) {
        await createEvent(t, admin, {
          title: `Course ${String(i).padStart(2, '0')}`,
          start_date: `${YEAR + 1}-01-${String(i).padStart(2, '0')} 10:00:00`,
          end_date: `${YEAR + 1}-01-${String(i).padStart(2, '0')} 11:00:00`,
        });
      }
      const first = await get('/events/list/');
      expect(titlesIn(first.text)).toHaveLength(12);
      expect(first.text).toContain('href="http://example.test/events/list/page/2/"');
      const second = await get('/events/list/page/2/');
      expect(second.status).toBe(200);
      expect(titlesIn(second.text)).toEqual(['Course 10', 'Course 11', 'Course 12']);
      expect(second.text).toContain('href="http://example.test/events/list/"');
    });

    it('shows past events latest first', async () => {
      const res = await get('/events/list/?eventDisplay=past');
      expect(res.status).toBe(200);
      expect(titlesIn(res.text)).toEqual(['Old seminar']);
      expect(res.text).toContain('Past Events');
    });

    it('searches and starts from tribe-bar-date', async () => {
      const res = await get(`/events/list/?tribe-bar-search=excavator&tribe-bar-date=${YEAR}-01-01`);
      expect(titlesIn(res.text)).toEqual(['Excavator workshop']);
      expect(res.text).toContain('value="excavator"');
      const none = await get('/events/list/?tribe-bar-search=nothing-matches');
      expect(none.text).toContain('There were no results found.');
    });

    it('embeds schema.org Event JSON-LD', async () => {
      const res = await get(`/events/list/?tribe-bar-date=${YEAR}-03-01`);
      const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(res.text);
      const events = JSON.parse(json![1]) as Array<Record<string, any>>;
      expect(events[0]).toMatchObject({
        '@type': 'Event',
        name: 'Excavator workshop',
        startDate: `${YEAR}-03-05T14:00:00+01:00`,
        location: { '@type': 'Place', name: 'Machine Hall', address: { addressLocality: 'Oslo' } },
      });
    });
  });

  describe('day view', () => {
    it('shows the events of the day, multi-day ones too', async () => {
      const day = await get(`/events/${YEAR}-03-05/`);
      expect(day.status).toBe(200);
      expect(day.text).toContain('tribe-events-view--day');
      expect(titlesIn(day.text)).toEqual(['Excavator workshop', 'Evening session']);
      expect(day.text).toContain(`href="http://example.test/events/${YEAR}-03-04/"`);
      expect(day.text).toContain(`href="http://example.test/events/${YEAR}-03-06/"`);
      const multi = await get(`/events/${YEAR}-03-31/`);
      expect(titlesIn(multi.text)).toEqual(['Trade fair']);
      expect(multi.text).toContain('All day');
      const empty = await get(`/events/${YEAR}-03-20/`);
      expect(empty.text).toContain('No events scheduled for this day.');
    });

    it('serves today', async () => {
      const res = await get('/events/today/');
      expect(res.status).toBe(200);
      expect(res.text).toContain('tribe-events-view--day');
    });
  });

  describe('single event', () => {
    it('shows date, time zone, venue with map link, organizer, cost, terms and calendar links', async () => {
      const res = await get('/event/excavator-workshop/');
      expect(res.status).toBe(200);
      const page = res.text;
      expect(page).toContain('<h1 class="tribe-events-single-event-title">Excavator workshop</h1>');
      expect(page).toContain(`<span class="tribe-event-date-start">March 5, ${YEAR} @ 2:00 pm</span>`);
      expect(page).toContain('<span class="tribe-event-time">4:00 pm</span>');
      expect(page).toContain('<dd class="tribe-events-timezone">Europe/Oslo</dd>');
      // A plain number shows the site's currency symbol, as TEC's cost (issue 9, point 13).
      expect(page).toContain('<span class="tribe-events-cost">$200</span>');
      expect(page).toContain('<p>Learn <strong>3D machine control</strong>.</p>');
      expect(page).toContain('Machine Hall</a>');
      expect(page).toContain('Storgata 1, Oslo, Norway');
      expect(page).toContain(
        'class="tribe-events-gmap" href="https://maps.google.com/maps?f=q&amp;source=s_q&amp;hl=en&amp;geocode=&amp;q=Storgata%201%2C%20Oslo%2C%20Norway"',
      );
      expect(page).toContain('Kari Nordmann</a>');
      expect(page).toContain('href="http://example.test/events/category/training/" rel="tag">Training</a>');
      expect(page).toContain('href="http://example.test/events/tag/machines/" rel="tag">machines</a>');
      expect(page).toContain('href="http://example.test/event/excavator-workshop/ical/"');
      expect(page).toContain(
        `https://www.google.com/calendar/event?action=TEMPLATE&amp;dates=${YEAR}0305T140000%2F${YEAR}0305T160000`,
      );
      const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page)![1]) as any[];
      expect(ld[0]).toMatchObject({
        '@context': 'http://schema.org',
        '@type': 'Event',
        name: 'Excavator workshop',
        url: 'http://example.test/event/excavator-workshop/',
        startDate: `${YEAR}-03-05T14:00:00+01:00`,
        endDate: `${YEAR}-03-05T16:00:00+01:00`,
        // TEC's JSON-LD names the first organizer as an object (issue 9, point 13).
        organizer: { '@type': 'Person', name: 'Kari Nordmann' },
        offers: { '@type': 'Offer', price: '200' },
      });
    });

    it('answers 404 for drafts and unknown slugs', async () => {
      expect((await get(`/event/${seeded.draft.slug}/`)).status).toBe(404);
      const missing = await get('/event/no-such-event/');
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    it('escapes what it prints', async () => {
      const created = await createEvent(t, admin, {
        title: 'Tom & Jerry <img src=x onerror=alert(1)>',
        start_date: `${YEAR}-05-01 10:00:00`,
        end_date: `${YEAR}-05-01 11:00:00`,
        venue: { venue: 'Bar "Quote" <script>alert(1)</script>' },
      });
      // (A <script> in the query string never reaches the page: the firewall's WAF answers 403 first.)
      const list = await get(`/events/list/?tribe-bar-date=${YEAR}-05-01&tribe-bar-search=<b>"x`);
      expect(list.text).not.toContain('<b>"x');
      expect(list.text).toContain('value="&lt;b&gt;&quot;x"');
      const month = await get(`/events/month/${YEAR}-05/`);
      expect(month.text).not.toContain('<img src=x');
      expect(month.text).toContain('Tom &#038; Jerry');
      const single = await get(`/event/${created.slug}/`);
      expect(single.status).toBe(200);
      expect(single.text).not.toContain('<img src=x');
      expect(single.text).not.toContain('<script>alert(1)</script>');
    });
  });

  describe('archives', () => {
    it('category and tag pages list their events; unknown ones are 404', async () => {
      const category = await get(`/events/category/training/?tribe-bar-date=${YEAR}-01-01`);
      expect(category.status).toBe(200);
      expect(category.text).toContain('Events in Training');
      expect(titlesIn(category.text)).toEqual(['Excavator workshop']);
      const month = await get(`/events/category/training/month/${YEAR}-03/`);
      expect(titlesIn(month.text)).toEqual(['Excavator workshop']);
      expect(month.text).toContain(`href="http://example.test/events/category/training/month/${YEAR}-04/"`);
      const tag = await get(`/events/tag/machines/?tribe-bar-date=${YEAR}-01-01`);
      expect(titlesIn(tag.text)).toEqual(['Excavator workshop']);
      expect((await get('/events/category/nope/')).status).toBe(404);
      expect((await get('/events/tag/nope/')).status).toBe(404);
    });

    it('venue and organizer pages show their details and upcoming events', async () => {
      const venue = await get(`/venue/${seeded.workshop.venue.slug}/`);
      expect(venue.status).toBe(200);
      expect(venue.text).toContain('Events at Machine Hall');
      expect(venue.text).toContain('Storgata 1, Oslo, Norway');
      expect(titlesIn(venue.text)).toEqual(['Excavator workshop']);
      const organizer = await get(`/organizer/${seeded.workshop.organizer[0].slug}/`);
      expect(organizer.status).toBe(200);
      expect(organizer.text).toContain('Events by Kari Nordmann');
      expect(organizer.text).toContain('mailto:kari@example.test');
      expect(titlesIn(organizer.text)).toEqual(['Excavator workshop']);
      expect((await get('/venue/nowhere/')).status).toBe(404);
      expect((await get('/organizer/nobody/')).status).toBe(404);
    });
  });

  describe('Norwegian', () => {
    it('serves /no/ with Norwegian labels, Norwegian events and /no/ links', async () => {
      const res = await get(`/no/events/month/${YEAR}-03/`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="nb">');
      expect(res.text).toContain(`mars ${YEAR}`);
      expect(res.text).toContain('Finn arrangementer');
      expect(titlesIn(monthCell(res.text, `${YEAR}-03-07`))).toEqual(['Gravekurs']);
      expect(res.text).not.toContain('Excavator workshop');
      expect(res.text).toContain(`href="http://example.test/no/events/month/${YEAR}-04/"`);
      expect(res.text).toContain('href="http://example.test/no/event/gravekurs/"');
      const single = await get('/no/event/gravekurs/');
      expect(single.status).toBe(200);
      expect(single.text).toContain(`<span class="tribe-event-date-start">7. mars ${YEAR} @ 09:00</span>`);
      expect(single.text).toContain('Alle arrangementer');
      expect((await get('/no/event/excavator-workshop/')).status).toBe(404);
    });
  });

  it('leaves other paths to the rest of the site', async () => {
    expect((await get('/wp-json/cal/events/v1/events')).status).toBe(200);
    expect((await get('/eventsx/')).status).toBe(404);
  });
});
