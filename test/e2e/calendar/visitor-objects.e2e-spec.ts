import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { API, createEvent, daysFromNow } from './events-helpers';

/**
 * Visitors' event objects are shared between requests while every value they are built from is the same. With
 * the response and query caches off, a change made behind the services' back (raw SQL, no stamp renewed) must
 * show on the very next request.
 */
describe('cal/events/v1: visitors’ shared event objects', () => {
  let t: TestApp;
  let admin: TestUser;
  let db: DataSource;
  let eventId: number;
  let venueId: number;

  const archive = () => t.http().get(`${API}/events`);
  const listed = async () =>
    (await archive()).body.events.find((event: { id: number }) => event.id === eventId) as Record<
      string,
      any
    >;

  beforeAll(async () => {
    t = await createTestApp({ RESPONSE_CACHE_ENTRIES: '0', QUERY_CACHE_ENTRIES: '0' });
    admin = await t.user('administrator');
    db = t.app.get(DataSource);
    venueId = (
      await t
        .http()
        .post(`${API}/venues`)
        .set('Authorization', admin.auth)
        .send({ venue: 'Main Hall', city: 'Oslo' })
    ).body.id;
    eventId = (
      await createEvent(t, admin, {
        title: 'Grading day',
        description: '<p>Bring your boots.</p>',
        start_date: daysFromNow(3),
        end_date: daysFromNow(3, 2),
        venue: venueId,
        categories: ['Training'],
        cost: '20',
      })
    ).id;
  });
  afterAll(() => t.close());

  it('answers the same bytes to repeated visitors, list and single', async () => {
    const first = await archive();
    expect((await archive()).text).toBe(first.text);
    const single = await t.http().get(`${API}/events/${eventId}`);
    expect((await t.http().get(`${API}/events/${eventId}`)).text).toBe(single.text);
    expect(single.body.json_ld).toBeDefined();
    expect(first.body.events[0].json_ld).toBeUndefined();
  });

  it('shows the event’s own columns changed in SQL on the next request', async () => {
    await listed();
    await db.query('UPDATE cal_events SET title = ?, cost = ? WHERE id = ?', [
      'Grading -- day two',
      '25',
      eventId,
    ]);
    const event = await listed();
    expect(event.title).toBe('Grading &#8212; day two');
    expect(event.cost).toBe('$25');
    const single = await t.http().get(`${API}/events/${eventId}`);
    expect(single.body.title).toBe('Grading &#8212; day two');
  });

  it('shows a related venue and term changed in SQL on the next request', async () => {
    expect((await listed()).venue.venue).toBe('Main Hall');
    await db.query('UPDATE cal_venues SET title = ?, city = ? WHERE id = ?', [
      'Side Hall',
      'Bergen',
      venueId,
    ]);
    const moved = await listed();
    expect(moved.venue.venue).toBe('Side Hall');
    expect(moved.venue.city).toBe('Bergen');
    const categoryId = moved.categories[0].id;
    await db.query('UPDATE cal_terms SET name = ? WHERE id = ?', ['Field training', categoryId]);
    expect((await listed()).categories[0].name).toBe('Field training');
  });

  it('gives users their own objects and visitors theirs', async () => {
    const visitor = await listed();
    const asAdmin = await archive().set('Authorization', admin.auth);
    expect(asAdmin.status).toBe(200);
    const adminEvent = asAdmin.body.events.find((event: { id: number }) => event.id === eventId);
    expect(adminEvent).toEqual(visitor);
    expect(await listed()).toEqual(visitor);
  });

  it('blanks a protected event for visitors without changing the shared object', async () => {
    const open = await listed();
    await db.query('UPDATE cal_events SET password = ? WHERE id = ?', ['sesame', eventId]);
    const locked = await listed();
    expect(locked.description).not.toBe(open.description);
    const unlocked = await t.http().get(`${API}/events/${eventId}?password=sesame`);
    expect(unlocked.body.description).toBe(open.description);
    expect((await listed()).description).toBe(locked.description);
    await db.query("UPDATE cal_events SET password = '' WHERE id = ?", [eventId]);
    expect(await listed()).toEqual(open);
  });
});
