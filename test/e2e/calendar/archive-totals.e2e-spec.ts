import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { DataSource } from 'typeorm';
import { LastChanged, SITE_CACHE_GROUP } from '../../../src/platform/database';
import { API, createEvent, daysFromNow, sql as calendarSql } from './events-helpers';

/**
 * The archive's `total` of a date window (with one category or one search word) comes from counts the
 * database maintains per start and end day; it must always equal the events the pages list, whatever was
 * written, and however (API, status changes, moved dates, links removed, raw SQL, deletes).
 */
describe('cal/events/v1 archive totals from the maintained counts', () => {
  let t: TestApp;
  let admin: TestUser;
  let categories: number[];

  /** Raw SQL, then the stamps renewed as after a write (cached answers retired; the counts are not told). */
  const sql = async (query: string, params: unknown[] = []) => {
    await calendarSql(t, query, params);
    await t.app.get(LastChanged).renew(SITE_CACHE_GROUP);
    expect(t.app.get(DataSource).isInitialized).toBe(true);
  };

  const get = (query: string, user?: TestUser) => {
    const request = t.http().get(`${API}/events${query}`);
    return user ? request.set('Authorization', user.auth) : request;
  };

  /** The events of every page, in order, `perPage` at a time. */
  const pages = async (query: string, perPage: number, user?: TestUser) => {
    const separator = query ? '&' : '?';
    const first = await get(`${query}${separator}per_page=${perPage}`, user);
    expect(first.status).toBe(200);
    const ids: number[] = first.body.events.map((event: { id: number }) => event.id);
    for (let page = 2; page <= first.body.total_pages; page++) {
      const next = await get(`${query}${separator}per_page=${perPage}&page=${page}`, user);
      ids.push(...next.body.events.map((event: { id: number }) => event.id));
    }
    return { total: first.body.total as number, ids };
  };

  /**
   * The total the archive reports, and the events its pages list. Small pages are found by probing each
   * event's term or word in start order, one large page from the matches: both must list the same events.
   */
  const totalAndListed = async (query: string, user?: TestUser) => {
    const small = await pages(query, 2, user);
    const large = await pages(query, 50, user);
    expect({ query, ids: small.ids }).toEqual({ query, ids: large.ids });
    expect(small.total).toBe(large.total);
    return { total: large.total, listed: new Set(large.ids).size };
  };

  const queries = () => [
    '',
    `?categories=${categories[0]}`,
    `?categories=${categories[1]}`,
    '?search=excavator',
    '?search=grader',
    '?search=nowhere',
    `?start_date=${daysFromNow(2).slice(0, 10)}&end_date=${daysFromNow(20).slice(0, 10)}`,
    `?start_date=${daysFromNow(0).slice(0, 10)}&end_date=${daysFromNow(0).slice(0, 10)}`,
    `?start_date=${daysFromNow(5).slice(0, 10)}&categories=${categories[0]}`,
    `?start_date=${daysFromNow(3).slice(0, 10)}&end_date=${daysFromNow(9).slice(0, 10)}&search=excavator`,
  ];

  const expectExact = async () => {
    for (const query of queries()) {
      const { total, listed } = await totalAndListed(query);
      expect({ query, total }).toEqual({ query, total: listed });
      const asAdmin = await totalAndListed(`${query}${query ? '&' : '?'}status=publish,draft`, admin);
      expect({ query, admin: asAdmin.total }).toEqual({ query, admin: asAdmin.listed });
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    categories = [];
    for (const name of ['Digging', 'Grading']) {
      const created = await t
        .http()
        .post(`${API}/categories`)
        .set('Authorization', admin.auth)
        .send({ name });
      expect(created.status).toBe(201);
      categories.push(created.body.id);
    }
    const event = (days: number, hours: number, length: number, extra: Record<string, unknown> = {}) =>
      createEvent(t, admin, {
        title: `Event in ${days} days`,
        timezone: 'UTC',
        start_date: daysFromNow(days, hours),
        end_date: daysFromNow(days, hours + length),
        ...extra,
      });
    // Around the default window's first day (yesterday 23:59) and last day (two years ahead), multi-day
    // events across the window's end, hidden ones, drafts, categories and words.
    await event(-1, 0, 1, { description: 'An excavator day' });
    await event(0, 0, 1, { categories: [categories[0]], description: 'excavator' });
    await event(0, 3, 30, { categories: [categories[0], categories[1]] });
    await event(1, 0, 2, { description: 'A grader and an excavator' });
    await event(3, 0, 200, { categories: [categories[1]], description: 'excavator' });
    await event(9, 0, 1, { hide_from_listings: true, categories: [categories[0]], description: 'excavator' });
    await event(10, 0, 1, { status: 'draft', categories: [categories[0]], description: 'excavator' });
    for (let i = 0; i < 12; i++) {
      await event(4 + i * 2, i, 3, {
        categories: [categories[i % 2]],
        description: i % 3 ? 'grader' : 'excavator',
      });
    }
    await event(728, 0, 1, { categories: [categories[0]] });
    await event(729, 12, 30, { categories: [categories[0]], description: 'excavator' });
    await event(730, 10, 400, { description: 'excavator' });
    await event(731, 0, 1);
  });
  afterAll(() => t.close());

  it('reports exactly the events it lists, for windows, categories and words', async () => {
    await expectExact();
  });

  it('stays exact after updates through the API: status, dates, categories, hiding, deleting', async () => {
    const list = await get('?per_page=50');
    const [a, b, c, d, e] = list.body.events;
    const update = (id: number, body: object) =>
      t.http().post(`${API}/events/${id}`).set('Authorization', admin.auth).send(body);
    expect((await update(a.id, { status: 'draft' })).status).toBe(200);
    expect((await update(b.id, { start_date: daysFromNow(40), end_date: daysFromNow(41) })).status).toBe(200);
    expect((await update(c.id, { categories: [] })).status).toBe(200);
    expect((await update(d.id, { hide_from_listings: true })).status).toBe(200);
    expect((await update(e.id, { description: 'Only a grader now' })).status).toBe(200);
    const removed = await t
      .http()
      .delete(`${API}/events/${list.body.events[5].id}?force=true`)
      .set('Authorization', admin.auth);
    expect(removed.status).toBe(200);
    await expectExact();
  });

  it('stays exact after writes in raw SQL', async () => {
    const published = (await t.app
      .get(DataSource)
      .query("SELECT id FROM cal_events WHERE status = 'publish' ORDER BY id")) as Array<{ id: number }>;
    await sql("UPDATE cal_events SET status = 'draft' WHERE id IN (?, ?)", [
      published[0].id,
      published[1].id,
    ]);
    await sql('UPDATE cal_events SET hide_from_listings = 0');
    await sql('DELETE FROM cal_event_terms WHERE term_id = ?', [categories[1]]);
    await expectExact();
    await sql('DELETE FROM cal_events');
    const { total } = await totalAndListed('');
    expect(total).toBe(0);
  });
});
