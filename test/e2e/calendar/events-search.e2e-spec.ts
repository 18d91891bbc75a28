import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { API, createEvent, daysFromNow, sql } from './events-helpers';

/**
 * `search` on the events archive (WordPress's parse_search over title, excerpt and description, answered by
 * the word index), and the archive cache that must never outlive a write.
 */
describe('cal/events/v1 GET /events?search and cached archive pages', () => {
  let t: TestApp;
  let admin: TestUser;

  const get = (query = '', user?: TestUser) => {
    const request = t.http().get(`${API}/events${query}`);
    return user ? request.set('Authorization', user.auth) : request;
  };
  const titles = async (query: string): Promise<string[]> => {
    const response = await get(query);
    expect(response.status).toBe(200);
    return (response.body.events as Array<{ title: string }>).map((event) => event.title).sort();
  };
  let day = 0;
  const event = (title: string, extra: Record<string, unknown> = {}) => {
    day += 1;
    return createEvent(t, admin, {
      title,
      start_date: daysFromNow(day),
      end_date: daysFromNow(day, 1),
      ...extra,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    day = 0;
    await sql(t, 'DELETE FROM cal_events');
  });

  describe('search', () => {
    it('matches "foo" in "foo" and "foo bar" (TEC EventArchiveCest::it_should_allow_searching_the_events)', async () => {
      for (let i = 0; i < 5; i++) {
        await event('foo');
        await event('foo bar');
        await event('bar');
      }
      const foo = await get('?search=foo&per_page=50');
      const bar = await get('?search=bar&per_page=50');
      expect(foo.body.total).toBe(10);
      expect(bar.body.total).toBe(10);
      const fooIds = new Set(foo.body.events.map((e: { id: number }) => e.id));
      expect(bar.body.events.filter((e: { id: number }) => fooIds.has(e.id))).toHaveLength(5);
    });

    it('finds a term inside a word, in any letter case, in title, excerpt or description', async () => {
      await event('Excavator training');
      await event('Course', { description: '<p>Bring your <strong>EXCAVATOR</strong> manual.</p>' });
      await event('Summary', { excerpt: 'For mini-excavators only' });
      await event('Unrelated');
      expect(await titles('?search=cavat')).toEqual(['Course', 'Excavator training', 'Summary']);
      expect(await titles('?search=EXCAVATOR')).toEqual(['Course', 'Excavator training', 'Summary']);
    });

    it('folds the case of Norwegian letters too', async () => {
      await event('Øvelse på anlegg');
      await event('Ærlig talt');
      expect(await titles('?search=øvelse')).toEqual(['Øvelse på anlegg']);
      expect(await titles('?search=ÆRLIG')).toEqual(['Ærlig talt']);
      expect(await titles('?search=anlegg')).toEqual(['Øvelse på anlegg']);
    });

    it('searches the text, not the markup around it', async () => {
      await event('Linked', { description: '<a href="https://example.com/track">Register here</a>' });
      expect(await titles('?search=register')).toEqual(['Linked']);
      expect(await titles('?search=href')).toEqual([]);
      expect(await titles('?search=strong')).toEqual([]);
    });

    it('requires every term; quoted phrases keep their word order', async () => {
      await event('Machine control course', { description: 'In Oslo' });
      await event('Control of the machine', { description: 'In Bergen' });
      await event('Machine day');
      expect(await titles('?search=machine%20control')).toEqual([
        'Control of the machine',
        'Machine control course',
      ]);
      expect(await titles('?search=%22machine%20control%22')).toEqual(['Machine control course']);
      expect(await titles('?search=machine%20oslo')).toEqual(['Machine control course']);
      expect(await titles('?search=machine,bergen')).toEqual(['Control of the machine']);
    });

    it('excludes terms starting with a dash', async () => {
      await event('Grade control');
      await event('Grade laser');
      await event('Laser only');
      expect(await titles('?search=grade%20-laser')).toEqual(['Grade control']);
      expect(await titles('?search=-grade')).toEqual(['Laser only']);
    });

    it('matches terms with punctuation exactly', async () => {
      await event('3D-machine control');
      await event('3D and machine');
      expect(await titles('?search=3d-machine')).toEqual(['3D-machine control']);
      expect(await titles('?search=3d')).toEqual(['3D and machine', '3D-machine control']);
      expect(await titles('?search=100%25')).toEqual([]);
    });

    it('drops stopwords and single letters unless nothing else is left', async () => {
      await event('The excavator');
      await event('Loader');
      expect(await titles('?search=the%20excavator')).toEqual(['The excavator']);
      expect(await titles('?search=a%20loader')).toEqual(['Loader']);
      // Only stopwords: the whole string is the term.
      expect(await titles('?search=the')).toEqual(['The excavator']);
    });

    it('finds numbers inside words and words containing them', async () => {
      await event('Course 2027');
      await event('Model x200');
      expect(await titles('?search=2027')).toEqual(['Course 2027']);
      expect(await titles('?search=20')).toEqual(['Course 2027', 'Model x200']);
    });

    it('follows updates: the old words stop matching, the new ones match', async () => {
      const created = await event('Bucket workshop');
      expect(await titles('?search=bucket')).toEqual(['Bucket workshop']);
      const updated = await t
        .http()
        .post(`${API}/events/${created.id}`)
        .set('Authorization', admin.auth)
        .send({ title: 'Tiltrotator workshop' });
      expect(updated.status).toBe(200);
      expect(await titles('?search=bucket')).toEqual([]);
      expect(await titles('?search=tiltrotator')).toEqual(['Tiltrotator workshop']);
    });

    it('stays within the request language', async () => {
      await event('Survey day');
      const norwegian = await t
        .http()
        .post('/no/wp-json/cal/events/v1/events')
        .set('Authorization', admin.auth)
        .send({ title: 'Survey dag', start_date: daysFromNow(1), end_date: daysFromNow(1, 1) });
      expect(norwegian.status).toBe(201);
      expect(await titles('?search=survey')).toEqual(['Survey day']);
      expect(await titles('?search=survey&ml_language=no')).toEqual(['Survey dag']);
    });

    it('keeps one index row per event and word, with the fields the word occurs in', async () => {
      const created = await event('Grade grade GRADE', { description: 'grade' });
      const rows = (await t.app
        .get(DataSource)
        .query(
          "SELECT w.word, p.field_mask FROM search_postings p JOIN search_words w ON w.id = p.word_id WHERE p.object_type = 'event' AND p.object_id = ?",
          [created.id],
        )) as Array<{ word: string; field_mask: number }>;
      expect(rows.map((row) => [row.word, Number(row.field_mask)])).toEqual([['grade', 1 | 4]]);
    });
  });

  describe('cached archive pages', () => {
    it('show a new, changed or trashed event at once', async () => {
      await event('First');
      expect((await get()).body.total).toBe(1);
      expect((await get()).body.total).toBe(1);
      const second = await event('Second');
      const listed = await get();
      expect(listed.body.total).toBe(2);
      expect(listed.body.events.map((e: { title: string }) => e.title)).toEqual(['First', 'Second']);

      await t
        .http()
        .post(`${API}/events/${second.id}`)
        .set('Authorization', admin.auth)
        .send({ title: 'Second, renamed' });
      expect((await get()).body.events[1].title).toBe('Second, renamed');

      expect(
        (await t.http().delete(`${API}/events/${second.id}`).set('Authorization', admin.auth)).status,
      ).toBe(200);
      expect((await get()).body.total).toBe(1);
    });

    it('follow changes to venues (coordinates) and terms', async () => {
      const venue = (
        await t.http().post(`${API}/venues`).set('Authorization', admin.auth).send({ venue: 'Yard' })
      ).body;
      await event('At the yard', { venue: venue.id, categories: ['Training'] });
      expect((await get('?geoloc=true')).body.total).toBe(0);
      expect((await get('?categories=training')).body.total).toBe(1);
      await t
        .http()
        .post(`${API}/venues/${venue.id}`)
        .set('Authorization', admin.auth)
        .send({ geo_lat: 59.91, geo_lng: 10.75 });
      expect((await get('?geoloc=true')).body.total).toBe(1);
    });

    it('are per user: drafts show only to those who may see them', async () => {
      const author = await t.user('author');
      await createEvent(t, author, {
        title: 'Draft of the author',
        status: 'draft',
        start_date: daysFromNow(1),
        end_date: daysFromNow(1, 1),
      });
      expect((await get('?status=draft', author)).body.total).toBe(1);
      expect((await get('?status=draft')).status).toBe(400);
      // another author lists the draft too (TEC lists every status asked for to whoever may edit events); a
      // subscriber is refused: no cached page of the author's answers anyone else
      const other = await t.user('author');
      expect((await get('?status=draft', other)).body.total).toBe(1);
      expect((await get('?status=draft', await t.user('subscriber'))).status).toBe(400);
    });
  });
});
