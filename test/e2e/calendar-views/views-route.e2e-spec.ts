import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { monthCell, pageNonces, seedCalendar, titlesIn, YEAR } from './views-helpers';

const ROUTE = '/wp-json/cal/views/v2/html';

describe('GET|POST cal/views/v2/html', () => {
  let t: TestApp;
  let admin: TestUser;
  let subscriber: TestUser;
  let nonce: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    subscriber = await t.user('subscriber');
    await seedCalendar(t, admin);
    nonce = pageNonces((await t.http().get('/events/')).text).primary;
  });
  afterAll(() => t.close());

  it('re-renders the view of the URL with a page nonce (GET)', async () => {
    const res = await t
      .http()
      .get(ROUTE)
      .query({ url: `http://example.test/events/month/${YEAR}-04/`, _cal_view_rest_nonce_primary: nonce });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(
      res.text.startsWith(
        '<div class="tribe-common tribe-events tribe-events-view tribe-events-view--month"',
      ),
    ).toBe(true);
    expect(res.text).not.toContain('<html');
    expect(titlesIn(monthCell(res.text, `${YEAR}-04-02`))).toEqual(['Trade fair']);
    const data = JSON.parse(
      /data-js="tribe-events-view-data" type="application\/json">([^<]*)</.exec(res.text)![1],
    );
    expect(data).toMatchObject({
      slug: 'month',
      url: `http://example.test/events/month/${YEAR}-04/`,
      prev_url: `http://example.test/events/month/${YEAR}-03/`,
      next_url: `http://example.test/events/month/${YEAR}-05/`,
      rest_url: 'http://example.test/wp-json/cal/views/v2/html',
      rest_method: 'GET',
    });
    // The nonce script comes last, with fresh nonces.
    expect(res.text.trimEnd()).toMatch(
      /<script data-js="tribe-events-view-nonce-data" type="application\/json">\{[^<]*\}<\/script>$/,
    );
    expect(pageNonces(res.text).primary).toBe(nonce);
  });

  it('accepts a path, POST form bodies, the view slug and view_data', async () => {
    const post = await t
      .http()
      .post(ROUTE)
      .type('form')
      .send({ url: `/events/${YEAR}-03-05/`, _cal_view_rest_nonce_secondary: nonce });
    expect(post.status).toBe(200);
    expect(post.text).toContain('tribe-events-view--day');
    expect(titlesIn(post.text)).toEqual(['Excavator workshop', 'Evening session']);

    const asMonth = await t
      .http()
      .get(ROUTE)
      .query({
        url: `/events/list/?tribe-bar-date=${YEAR}-03-05`,
        view: 'month',
        _cal_view_rest_nonce_primary: nonce,
      });
    expect(asMonth.text).toContain('tribe-events-view--month');
    expect(titlesIn(monthCell(asMonth.text, `${YEAR}-03-05`))).toEqual([
      'Excavator workshop',
      'Evening session',
    ]);

    const searched = await t
      .http()
      .post(ROUTE)
      .send({
        url: '/events/list/',
        view_data: { 'tribe-bar-search': 'evening', 'tribe-bar-date': `${YEAR}-01-01` },
        _cal_view_rest_nonce_primary: nonce,
      });
    expect(searched.status).toBe(200);
    expect(titlesIn(searched.text)).toEqual(['Evening session']);
  });

  it('falls back to the default view for URLs outside the calendar; /no/ URLs render in Norwegian', async () => {
    const other = await t
      .http()
      .get(ROUTE)
      .query({ url: 'https://elsewhere.test/x/', _cal_view_rest_nonce_primary: nonce });
    expect(other.status).toBe(200);
    expect(other.text).toContain('tribe-events-view--list');
    const norwegian = await t
      .http()
      .get(ROUTE)
      .query({ url: `http://example.test/no/events/month/${YEAR}-03/`, _cal_view_rest_nonce_primary: nonce });
    expect(norwegian.text).toContain(`mars ${YEAR}`);
    expect(titlesIn(monthCell(norwegian.text, `${YEAR}-03-07`))).toEqual(['Gravekurs']);
    expect(norwegian.text).toContain('data-view-rest-url="http://example.test/no/wp-json/cal/views/v2/html"');
  });

  it('rejects anonymous calls without a valid nonce: 401 rest_forbidden', async () => {
    for (const query of [
      {},
      { _cal_view_rest_nonce_primary: 'deadbeef00' },
      { _cal_view_rest_nonce_secondary: '' },
    ]) {
      const res = await t
        .http()
        .get(ROUTE)
        .query({ url: '/events/', ...query });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to do that.',
        data: { status: 401 },
      });
    }
  });

  it('logged-in callers: 403 without a nonce, their own or the logged-out nonce works', async () => {
    const denied = await t.http().get(ROUTE).set('Authorization', subscriber.auth).query({ url: '/events/' });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('rest_forbidden');
    const withVisitorNonce = await t
      .http()
      .get(ROUTE)
      .set('Authorization', subscriber.auth)
      .query({ url: '/events/', _cal_view_rest_nonce_secondary: nonce });
    expect(withVisitorNonce.status).toBe(200);
    // Rendered for a logged-in user: tvn1 is theirs, tvn2 the logged-out one.
    const nonces = pageNonces(withVisitorNonce.text);
    expect(nonces.secondary).toBe(nonce);
    expect(nonces.primary).not.toBe(nonce);
    const withOwn = await t
      .http()
      .get(ROUTE)
      .set('Authorization', subscriber.auth)
      .query({ url: '/events/', _cal_view_rest_nonce_primary: nonces.primary });
    expect(withOwn.status).toBe(200);
    // Another user's nonce is not valid for an anonymous caller.
    const stolen = await t
      .http()
      .get(ROUTE)
      .query({ url: '/events/', _cal_view_rest_nonce_primary: nonces.primary });
    expect(stolen.status).toBe(401);
  });

  it('validates arguments before the nonce: 400', async () => {
    const missing = await t.http().get(ROUTE);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { status: 400, params: ['url'] },
    });
    const badViewData = await t.http().get(ROUTE).query({ url: '/events/', view_data: 'nope' });
    expect(badViewData.status).toBe(400);
    expect(badViewData.body.code).toBe('rest_invalid_param');
    expect(badViewData.body.data.params).toHaveProperty('view_data');
    const badUrl = await t
      .http()
      .post(ROUTE)
      .send({ url: ['a'], _cal_view_rest_nonce_primary: nonce });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.data.params).toHaveProperty('url');
    const badView = await t
      .http()
      .post(ROUTE)
      .send({ url: '/events/', view: { x: 1 } });
    expect(badView.status).toBe(400);
    expect(badView.body.data.params).toHaveProperty('view');
  });

  it('keeps the nonce key in the database, the same for every instance', async () => {
    const rows = await t.app.get(DataSource).query('SELECT name, value FROM cal_views_secrets');
    expect(rows).toHaveLength(1);
    expect(rows[0].value).toMatch(/^[0-9a-f]{64}$/);
    const second = await createTestApp();
    try {
      // A second app on another database has its own key: this page nonce is not valid there.
      const res = await second
        .http()
        .get(ROUTE)
        .query({ url: '/events/', _cal_view_rest_nonce_primary: nonce });
      expect(res.status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('is listed in the site index with its arguments', async () => {
    const res = await t.http().get('/wp-json/cal/views/v2');
    expect(res.status).toBe(200);
    const route = res.body.routes['/cal/views/v2/html'];
    expect(route.methods).toEqual(['GET', 'POST']);
    expect(Object.keys(route.endpoints[0].args)).toEqual(
      expect.arrayContaining([
        'url',
        'view',
        '_cal_view_rest_nonce_primary',
        '_cal_view_rest_nonce_secondary',
        'view_data',
        'action',
      ]),
    );
    expect(route.endpoints[0].args.url.required).toBe(true);
  });
});
