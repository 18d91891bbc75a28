import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { createEvent, daysFromNow } from './events-helpers';

const API = '/wp-json/cal/events/v1';

describe('cal/events/v1 organizers', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let author: TestUser;
  let contributor: TestUser;
  let subscriber: TestUser;

  const get = (path: string, user?: TestUser) => {
    const req = t.http().get(`${API}${path}`);
    return user ? req.set('Authorization', user.auth) : req;
  };
  const post = (path: string, body: object, user?: TestUser) => {
    const req = t.http().post(`${API}${path}`).send(body);
    return user ? req.set('Authorization', user.auth) : req;
  };
  const del = (path: string, user?: TestUser) => {
    const req = t.http().delete(`${API}${path}`);
    return user ? req.set('Authorization', user.auth) : req;
  };
  const createOrganizer = async (body: object, user: TestUser = admin) => {
    const res = await post('/organizers', body, user);
    expect(res.status).toBe(201);
    return res.body as Record<string, any>;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    editor = await t.user('editor');
    author = await t.user('author');
    contributor = await t.user('contributor');
    subscriber = await t.user('subscriber');
  });
  afterAll(() => t.close());

  describe('archive', () => {
    it('returns an empty envelope when there are no organizers', async () => {
      const res = await get('/organizers');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ organizers: [], total: 0, total_pages: 0 });
      expect(res.headers['x-tec-total']).toBe('0');
      expect(res.headers['x-tec-totalpages']).toBe('0');
    });

    it('paginates and answers 404 past the last page', async () => {
      for (let i = 1; i <= 6; i++)
        await createOrganizer({ organizer: `Paged organizer ${i}`, phone: '000-page' });
      const first = await get('/organizers?per_page=3&search=000-page');
      expect(first.body.organizers).toHaveLength(3);
      expect(first.body.total).toBe(6);
      expect(first.body.total_pages).toBe(2);
      expect(first.headers['x-tec-total']).toBe('6');
      expect(first.body.next_rest_url).toMatch(/[?&]page=2/);
      const second = await get('/organizers?per_page=3&page=2&search=000-page');
      expect(second.body.previous_rest_url).not.toMatch(/[?&]page=/);
      const third = await get('/organizers?per_page=3&page=3&search=000-page');
      expect(third.status).toBe(404);
      expect(third.body).toMatchObject({
        code: 'organizer-archive-page-not-found',
        message: 'The requested organizer archive page does not exist',
      });
    });

    it('searches title, description, phone, email and website (OrganizerArchiveSearchCest)', async () => {
      await createOrganizer({ organizer: 'Kraken Events' });
      await createOrganizer({ organizer: 'Other A', email: 'kraken@example.com' });
      await createOrganizer({ organizer: 'Other B', website: 'https://kraken.example.com' });
      await createOrganizer({ organizer: 'Other C', description: 'Release the kraken' });
      await createOrganizer({ organizer: 'Other D' });
      const res = await get('/organizers?search=kraken');
      expect(res.body.organizers.map((o: any) => o.organizer).sort()).toEqual([
        'Kraken Events',
        'Other A',
        'Other B',
        'Other C',
      ]);
    });

    it('hides drafts from visitors', async () => {
      await createOrganizer({ organizer: 'Draft organizer', status: 'draft', phone: '000-draft' });
      expect((await get('/organizers?search=000-draft')).body.total).toBe(0);
      expect((await get('/organizers?search=000-draft', editor)).body.total).toBe(1);
      expect((await get('/organizers?status=draft')).status).toBe(400);
    });
  });

  describe('create', () => {
    it('creates an organizer (OrganizerInsertionCest)', async () => {
      const res = await post(
        '/organizers',
        {
          organizer: 'Acme Org',
          description: 'We organize',
          phone: '555',
          email: 'acme@example.com',
          website: 'https://acme.example',
        },
        admin,
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        author: String(admin.id),
        status: 'publish',
        organizer: 'Acme Org',
        description: '<p>We organize</p>',
        slug: 'acme-org',
        url: 'http://example.test/organizer/acme-org/',
        phone: '555',
        email: 'acme@example.com',
        website: 'https://acme.example',
        global_id: `example.test?id=${res.body.id}`,
      });
      expect(res.body).not.toHaveProperty('show_map');
      expect(res.body).not.toHaveProperty('image');
    });

    it('reuses an identical organizer', async () => {
      const first = await createOrganizer({ organizer: 'Twin org', email: 'twin@example.com' });
      expect(
        (await post('/organizers', { organizer: 'TWIN ORG', email: 'twin@example.com' }, admin)).body.id,
      ).toBe(first.id);
      expect(
        (await post('/organizers', { organizer: 'Twin org', email: 'other@example.com' }, admin)).body.id,
      ).not.toBe(first.id);
    });

    it('checks permissions and parameters', async () => {
      expect((await post('/organizers', { organizer: 'X' })).status).toBe(401);
      expect((await post('/organizers', { organizer: 'X' }, subscriber)).status).toBe(403);
      const missing = await post('/organizers', { phone: '1' }, admin);
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        code: 'rest_missing_callback_param',
        data: { params: ['organizer'] },
      });
      for (const [body, param] of [
        [{ organizer: '' }, 'organizer'],
        [{ organizer: 'X', author: 999999 }, 'author'],
        [{ organizer: 'X', date: 'foo' }, 'date'],
        [{ organizer: 'X', status: 'maybe' }, 'status'],
        [{ organizer: 'X', website: 'not a url' }, 'website'],
      ] as Array<[object, string]>) {
        const res = await post('/organizers', body, admin);
        expect([res.status, res.body.code]).toEqual([400, 'rest_invalid_param']);
        expect(res.body.data.params).toHaveProperty(param);
      }
      const contributed = await createOrganizer(
        { organizer: 'Contributor org', status: 'publish' },
        contributor,
      );
      expect(contributed.status).toBe('pending');
    });
  });

  describe('single and by-slug', () => {
    it('returns an organizer with json_ld, 400 for unknown, 403 for drafts', async () => {
      const created = await createOrganizer({ organizer: 'Single org', phone: '42' });
      const res = await get(`/organizers/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.body.json_ld).toMatchObject({ '@type': 'Person', name: 'Single org', telephone: '42' });
      expect((await get('/organizers/999999')).status).toBe(400);
      expect((await get('/organizers/foo')).status).toBe(404);
      const draft = await createOrganizer({ organizer: 'Secret org', status: 'draft' });
      const hidden = await get(`/organizers/${draft.id}`);
      expect(hidden.status).toBe(403);
      expect(hidden.body).toMatchObject({
        code: 'organizer-not-accessible',
        message: 'The requested organizer is not accessible',
      });
      expect((await get(`/organizers/${draft.id}`, editor)).status).toBe(200);
      const bySlug = await get('/organizers/by-slug/single-org');
      expect(bySlug.status).toBe(200);
      expect(bySlug.body.id).toBe(created.id);
      expect((await get('/organizers/by-slug/nope-nope')).status).toBe(400);
    });
  });

  describe('update', () => {
    it('clears optional meta sent empty and keeps omitted meta (OrganizerUpdateCest)', async () => {
      const organizer = await createOrganizer({
        organizer: 'Meta org',
        email: 'meta@example.com',
        phone: '123',
        website: 'https://meta.example',
      });
      const kept = await post(`/organizers/${organizer.id}`, { organizer: 'Meta org renamed' }, admin);
      expect(kept.status).toBe(200);
      expect(kept.body).toMatchObject({
        organizer: 'Meta org renamed',
        email: 'meta@example.com',
        phone: '123',
      });
      const cleared = await post(`/organizers/${organizer.id}`, { email: '', phone: '', website: '' }, admin);
      expect(cleared.status).toBe(200);
      expect(cleared.body).not.toHaveProperty('email');
      expect(cleared.body).not.toHaveProperty('phone');
      expect(cleared.body).not.toHaveProperty('website');
    });

    it('enforces per-organizer rights (AuthorizationCest)', async () => {
      const adminOrganizer = await createOrganizer({ organizer: 'Admin org auth' });
      expect((await post(`/organizers/${adminOrganizer.id}`, { phone: '1' })).status).toBe(401);
      expect((await post(`/organizers/${adminOrganizer.id}`, { phone: '1' }, contributor)).status).toBe(403);
      expect((await post(`/organizers/${adminOrganizer.id}`, { phone: '1' }, author)).status).toBe(403);
      expect((await post(`/organizers/${adminOrganizer.id}`, { phone: '1' }, editor)).status).toBe(200);
      const own = await createOrganizer({ organizer: 'Contributor own org' }, contributor);
      expect((await post(`/organizers/${own.id}`, { phone: '2' }, contributor)).status).toBe(200);
      expect((await del(`/organizers/${adminOrganizer.id}`, contributor)).status).toBe(403);
    });

    it('updates by slug', async () => {
      const organizer = await createOrganizer({ organizer: 'Slug org update' });
      const res = await t
        .http()
        .put(`${API}/organizers/by-slug/${organizer.slug}`)
        .set('Authorization', admin.auth)
        .send({ email: 'slug@example.com' });
      expect(res.status).toBe(200);
      expect(res.body.email).toBe('slug@example.com');
    });
  });

  describe('delete (OrganizerDeletionCest)', () => {
    it('400 unknown, 401 visitor, 200 trash, 410 again', async () => {
      expect((await del('/organizers/999999')).status).toBe(400);
      const organizer = await createOrganizer({ organizer: 'Doomed org' });
      expect((await del(`/organizers/${organizer.id}`)).status).toBe(401);
      const trashed = await del(`/organizers/${organizer.id}`, admin);
      expect(trashed.status).toBe(200);
      expect(trashed.body.status).toBe('trash');
      const again = await del(`/organizers/${organizer.id}`, admin);
      expect(again.status).toBe(410);
      expect(again.body).toMatchObject({
        code: 'organizer-is-in-trash',
        message: 'The organizer is already trashed',
      });
    });
  });

  describe('event relations', () => {
    let withUpcoming: Record<string, any>;
    let withPast: Record<string, any>;
    let withPending: Record<string, any>;
    let without: Record<string, any>;
    let event: Record<string, any>;

    beforeAll(async () => {
      withUpcoming = await createOrganizer({ organizer: 'Rel org upcoming', phone: '000-rel' });
      withPast = await createOrganizer({ organizer: 'Rel org past', phone: '000-rel' });
      withPending = await createOrganizer({ organizer: 'Rel org pending', phone: '000-rel' });
      without = await createOrganizer({ organizer: 'Rel org none', phone: '000-rel' });
      event = await createEvent(t, admin, {
        start_date: daysFromNow(2),
        end_date: daysFromNow(2, 3),
        organizer: [withUpcoming.id, withPast.id],
      });
      await createEvent(t, admin, {
        start_date: daysFromNow(-20),
        end_date: daysFromNow(-20, 3),
        organizer: [withPast.id],
      });
      await createEvent(t, contributor, {
        start_date: daysFromNow(9),
        end_date: daysFromNow(9, 3),
        organizer: [withPending.id],
        status: 'publish',
      });
    });

    const names = (res: { body: any }) => res.body.organizers.map((o: any) => o.organizer).sort();

    it('filters by event (OrganizerByEventArchiveCest)', async () => {
      expect(names(await get(`/organizers?event=${event.id}`))).toEqual(['Rel org past', 'Rel org upcoming']);
      const unknown = await get('/organizers?event=23');
      expect(unknown.status).toBe(400);
      expect(unknown.body.data.params).toHaveProperty('event');
    });

    it('filters by has_events (OrganizerByEmptyArchiveCest)', async () => {
      expect(names(await get('/organizers?search=000-rel&has_events=true'))).toEqual([
        'Rel org past',
        'Rel org upcoming',
      ]);
      expect(names(await get('/organizers?search=000-rel&has_events=false'))).toEqual([
        'Rel org none',
        'Rel org pending',
      ]);
    });

    it('filters by only_with_upcoming (OrganizerByUpcomingArchiveCest)', async () => {
      expect(names(await get('/organizers?search=000-rel&only_with_upcoming=true'))).toEqual([
        'Rel org past',
        'Rel org upcoming',
      ]);
      expect(names(await get('/organizers?search=000-rel&only_with_upcoming=false'))).toHaveLength(4);
      expect(without.id).toBeGreaterThan(0);
    });

    it('links existing organizers and creates inline ones with an event, in order', async () => {
      const created = await createEvent(t, admin, {
        start_date: daysFromNow(3),
        end_date: daysFromNow(3, 1),
        organizer: [
          { organizer: 'Inline A' },
          { id: withUpcoming.id },
          withPast.id,
          { organizer: 'Inline C' },
        ],
      });
      expect(created.organizer.map((o: any) => o.organizer)).toEqual([
        'Inline A',
        'Rel org upcoming',
        'Rel org past',
        'Inline C',
      ]);
    });

    it('unlinks a trashed organizer from its events', async () => {
      const organizer = await createOrganizer({ organizer: 'Rel org trashed' });
      const linked = await createEvent(t, admin, {
        start_date: daysFromNow(4),
        end_date: daysFromNow(4, 1),
        organizer: [organizer.id],
      });
      expect((await del(`/organizers/${organizer.id}`, admin)).status).toBe(200);
      expect((await get(`/events/${linked.id}`, admin)).body.organizer).toEqual([]);
    });
  });
});
