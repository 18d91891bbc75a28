import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { API as CAL, createEvent, daysFromNow } from '../calendar/events-helpers';

const CORE = '/wp-json/core/v2';

/**
 * Issue 9, point 4: events, venues, organizers, posts, pages, revisions, autosaves and media share one ID
 * space (WordPress's `wp_posts.ID`); an ID of the wrong type is refused by every route.
 */
describe('fidelity: one ID space for post-like objects', () => {
  let t: TestApp;
  let editor: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.user('editor');
    const post = await t
      .http()
      .post(`${CORE}/posts`)
      .set('Authorization', editor.auth)
      .send({ title: 'A post', status: 'publish' });
    ids.post = post.body.id;
    const updated = await t
      .http()
      .post(`${CORE}/posts/${ids.post}`)
      .set('Authorization', editor.auth)
      .send({ title: 'A post, edited' });
    expect(updated.status).toBe(200);
    const page = await t
      .http()
      .post(`${CORE}/pages`)
      .set('Authorization', editor.auth)
      .send({ title: 'A page', status: 'publish' });
    ids.page = page.body.id;
    const autosave = await t
      .http()
      .post(`${CORE}/posts/${ids.post}/autosaves`)
      .set('Authorization', editor.auth)
      .send({ content: 'autosaved' });
    ids.autosave = autosave.body.id;
    const venue = await t
      .http()
      .post(`${CAL}/venues`)
      .set('Authorization', editor.auth)
      .send({ venue: 'Hall', city: 'Oslo' });
    ids.venue = venue.body.id;
    const organizer = await t
      .http()
      .post(`${CAL}/organizers`)
      .set('Authorization', editor.auth)
      .send({ organizer: 'Org' });
    ids.organizer = organizer.body.id;
    const event = await createEvent(t, editor, {
      start_date: daysFromNow(3),
      end_date: daysFromNow(3, 2),
      venue: ids.venue,
      organizer: [ids.organizer],
      image: 'https://cdn.example.test/pic.jpg',
    });
    ids.event = event.id;
    ids.media = event.image.id;
    const revisions = await t
      .http()
      .get(`${CORE}/posts/${ids.post}/revisions`)
      .set('Authorization', editor.auth);
    ids.revision = revisions.body.find((r: any) => !r.slug.endsWith('-autosave-v1')).id;
  });
  afterAll(() => t.close());

  it('gives every object a distinct ID and records its type', async () => {
    const values = Object.values(ids);
    expect(values.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(new Set(values).size).toBe(values.length);
    const rows = (await t.app
      .get(DataSource)
      .query(`SELECT id, type FROM post_ids WHERE id IN (${values.join(',')})`)) as Array<{
      id: number;
      type: string;
    }>;
    const types = Object.fromEntries(rows.map((row) => [Number(row.id), row.type]));
    expect(types).toEqual({
      [ids.post]: 'post',
      [ids.page]: 'page',
      [ids.revision]: 'revision',
      [ids.autosave]: 'revision',
      [ids.venue]: 'cal_venue',
      [ids.organizer]: 'cal_organizer',
      [ids.event]: 'cal_events',
      [ids.media]: 'attachment',
    });
  });

  it('refuses an ID of another type on the event routes: 400 rest-invalid-event-id', async () => {
    for (const id of [ids.venue, ids.post, ids.organizer]) {
      const res = await t.http().get(`${CAL}/events/${id}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest-invalid-event-id',
        message: 'The specified ID is not a valid event.',
        data: { status: 400 },
      });
    }
    const update = await t
      .http()
      .post(`${CAL}/events/${ids.venue}`)
      .set('Authorization', editor.auth)
      .send({ title: 'x' });
    expect(update.status).toBe(400);
    expect(update.body.code).toBe('rest-invalid-event-id');
    const unknown = await t.http().get(`${CAL}/events/999999`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('rest-event-not-found');
  });

  it('refuses an event ID on the venue and organizer routes', async () => {
    for (const path of [`venues/${ids.event}`, `organizers/${ids.event}`, `venues/${ids.organizer}`]) {
      const res = await t.http().get(`${CAL}/${path}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
    const wrongVenue = await t
      .http()
      .post(`${CAL}/events`)
      .set('Authorization', editor.auth)
      .send({ title: 'e', start_date: daysFromNow(4), end_date: daysFromNow(4, 1), venue: ids.event });
    expect(wrongVenue.status).toBe(400);
  });

  it('refuses calendar IDs on core routes: 404 rest_post_invalid_id', async () => {
    for (const path of [
      `posts/${ids.event}`,
      `pages/${ids.venue}`,
      `posts/${ids.page}`,
      `pages/${ids.post}`,
    ]) {
      const res = await t.http().get(`${CORE}/${path}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 'rest_post_invalid_id',
        message: 'Invalid post ID.',
        data: { status: 404 },
      });
    }
  });

  it('keeps using fresh IDs after deletions (never reused)', async () => {
    const trashed = await t
      .http()
      .delete(`${CORE}/posts/${ids.post}?force=true`)
      .set('Authorization', editor.auth);
    expect(trashed.status).toBe(200);
    const next = await t
      .http()
      .post(`${CORE}/posts`)
      .set('Authorization', editor.auth)
      .send({ title: 'After', status: 'publish' });
    expect(next.body.id).toBeGreaterThan(Math.max(...Object.values(ids)));
  });
});
