import { contentFixture, ContentFixture } from '../content/content-fixtures';

const API = '/wp-json/core-abilities/v1';
/** Next year's March: upcoming on any date, and inside the event list's default window (now + 24 months). */
const YEAR = new Date().getUTCFullYear() + 1;

describe('core-abilities/v1', () => {
  let f: ContentFixture;
  const as = (request: any, user?: { auth: string }) =>
    user ? request.set('Authorization', user.auth) : request;
  const get = (path: string, user?: { auth: string }) => as(f.t.http().get(`${API}${path}`), user);
  const post = (path: string, body: object, user?: { auth: string }) =>
    as(f.t.http().post(`${API}${path}`), user).send(body);

  beforeAll(async () => {
    f = await contentFixture();
    for (const [title, day] of [
      ['Grading workshop', `${YEAR}-03-02`],
      ['Demo day', `${YEAR}-03-01`],
    ]) {
      const res = await f.t
        .http()
        .post('/wp-json/cal/events/v1/events')
        .set('Authorization', f.users.editor.auth)
        .send({ title, start_date: `${day} 09:00:00`, end_date: `${day} 17:00:00`, status: 'publish' });
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => f.t.close());

  it('lists the abilities with their schemas and annotations, by category', async () => {
    const res = await get('/abilities', f.users.subscriber);
    expect(res.status).toBe(200);
    expect(res.headers['x-wp-total']).toBe('4');
    expect(res.body.map((a: any) => a.name)).toEqual([
      'core/get-site-info',
      'cal/list-upcoming-events',
      'cal/create-event-draft',
      'redirection/find-redirects',
    ]);
    const draft = res.body[2];
    expect(draft).toMatchObject({
      label: 'Create an event draft',
      category: 'calendar',
      meta: { annotations: { readonly: false, destructive: false, idempotent: false }, show_in_rest: true },
    });
    expect(draft.input_schema.properties.title).toMatchObject({ type: 'string', required: true });
    expect(draft._links.self[0].href).toBe(
      'http://example.test/wp-json/core-abilities/v1/abilities/cal/create-event-draft',
    );
    const calendar = await get('/abilities?category=calendar', f.users.subscriber);
    expect(calendar.body.map((a: any) => a.name)).toEqual([
      'cal/list-upcoming-events',
      'cal/create-event-draft',
    ]);
    expect(
      (await get('/abilities?per_page=1&page=2', f.users.subscriber)).body.map((a: any) => a.name),
    ).toEqual(['cal/list-upcoming-events']);
  });

  it('gets one ability and its categories; unknown ones are 404', async () => {
    expect((await get('/abilities/core/get-site-info', f.users.subscriber)).body.name).toBe(
      'core/get-site-info',
    );
    const missing = await get('/abilities/core/nope', f.users.subscriber);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      code: 'rest_ability_not_found',
      message: 'Ability not found.',
      data: { status: 404 },
    });
    expect((await get('/categories', f.users.subscriber)).body.map((c: any) => c.slug)).toEqual([
      'site',
      'calendar',
      'redirects',
    ]);
    expect((await get('/categories/calendar', f.users.subscriber)).body.label).toBe('Calendar');
    expect((await get('/categories/nope', f.users.subscriber)).status).toBe(404);
  });

  it('needs a login to list', async () => {
    const res = await get('/abilities');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('rest_forbidden');
  });

  it('runs a read-only ability with GET, for anyone it allows', async () => {
    const res = await get('/abilities/cal/list-upcoming-events/run?input[per_page]=5');
    expect(res.status).toBe(200);
    expect(res.body.map((e: any) => e.title)).toEqual(['Demo day', 'Grading workshop']);
    expect(res.body[0]).toMatchObject({
      start_date: `${YEAR}-03-01 09:00:00`,
      url: 'http://example.test/event/demo-day/',
    });
    const searched = await get('/abilities/cal/list-upcoming-events/run?input[search]=grading');
    expect(searched.body.map((e: any) => e.title)).toEqual(['Grading workshop']);
    const info = await get('/abilities/core/get-site-info/run', f.users.administrator);
    expect(info.body).toMatchObject({
      url: 'http://example.test',
      api_root: 'http://example.test/wp-json/',
      timezone: 'Europe/Oslo',
    });
  });

  it("runs an updating ability with POST through the calendar's own rules", async () => {
    const res = await post(
      '/abilities/cal/create-event-draft/run',
      { input: { title: 'Site visit', start_date: '2031-04-01 10:00:00', end_date: '2031-04-01 12:00:00' } },
      f.users.author,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Site visit',
      status: 'draft',
      start_date: '2031-04-01 10:00:00',
    });
    const stored = await f.t
      .http()
      .get(`/wp-json/cal/events/v1/events/${res.body.id}`)
      .set('Authorization', f.users.author.auth);
    expect(stored.body).toMatchObject({
      title: 'Site visit',
      status: 'draft',
      author: String(f.users.author.id),
    });
    // The calendar's own validation answers through the ability.
    const bad = await post(
      '/abilities/cal/create-event-draft/run',
      { input: { title: 'Bad', start_date: 'not a date', end_date: '2031-04-01 12:00:00' } },
      f.users.author,
    );
    expect(bad.status).toBe(400);
  });

  it('checks the method, the permission and the input', async () => {
    const wrongMethod = await post('/abilities/cal/list-upcoming-events/run', {}, f.users.author);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.code).toBe('rest_ability_invalid_method');
    expect((await get('/abilities/cal/create-event-draft/run', f.users.author)).status).toBe(405);
    const anonymous = await post('/abilities/cal/create-event-draft/run', { input: { title: 'x' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('rest_ability_cannot_execute');
    expect(
      (await post('/abilities/cal/create-event-draft/run', { input: {} }, f.users.subscriber)).status,
    ).toBe(403);
    expect((await get('/abilities/core/get-site-info/run', f.users.editor)).status).toBe(403);
    const missing = await post(
      '/abilities/cal/create-event-draft/run',
      { input: { title: 'x' } },
      f.users.author,
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'ability_invalid_input',
      message:
        'Ability "cal/create-event-draft" has invalid input. Reason: start_date is a required property of input.',
    });
    const tooMany = await get('/abilities/cal/list-upcoming-events/run?input[per_page]=500');
    expect(tooMany.status).toBe(400);
    expect((await post('/abilities/core/nope/run', {}, f.users.author)).status).toBe(404);
  });

  it('finds redirects through the redirection routes, for administrators only', async () => {
    for (const [url, target] of [
      ['/old-excavator-guide', '/guides/excavator/'],
      ['/old-dozer-guide', '/guides/dozer/'],
    ]) {
      const created = await f.t
        .http()
        .post('/wp-json/redirection/v1/redirect')
        .set('Authorization', f.users.administrator.auth)
        .send({
          url,
          action_data: { url: target },
          action_type: 'url',
          action_code: 301,
          match_type: 'url',
          group_id: 1,
        });
      expect(created.status).toBe(200);
    }
    const res = await get(
      '/abilities/redirection/find-redirects/run?input[url]=excavator',
      f.users.administrator,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        url: '/old-excavator-guide',
        match_type: 'url',
        action_type: 'url',
        action_code: 301,
        target: '/guides/excavator/',
        enabled: true,
        hits: 0,
      },
    ]);
    expect(
      (await get('/abilities/redirection/find-redirects/run?input[url]=guide', f.users.administrator)).body,
    ).toHaveLength(2);
    expect(
      (await get('/abilities/redirection/find-redirects/run?input[url]=guide', f.users.editor)).status,
    ).toBe(403);
    expect((await get('/abilities/redirection/find-redirects/run', f.users.administrator)).status).toBe(400);
  });
});
