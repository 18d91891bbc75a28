import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { createProbeApp } from './probe-app';

const USERS = '/wp-json/core/v2/users';

describe('error responses', () => {
  let t: TestApp;
  let admin: TestUser;
  let subscriber: TestUser;

  beforeAll(async () => {
    t = await createProbeApp();
    admin = await t.user('administrator');
    subscriber = await t.user('subscriber');
  });
  afterAll(() => t.close());

  describe('rest_no_route', () => {
    it('answers 404 with the WordPress shape for an unknown path', async () => {
      const res = await t.http().get('/wp-json/core/v2/nothing-here');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
      expect(res.body).toEqual({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    });

    it('answers 404 (never 405) for a known path with an unsupported method', async () => {
      const res = await t.http().put(USERS).set('Authorization', admin.auth);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('rest_no_route');
      const del = await t.http().delete('/wp-json/').set('Authorization', admin.auth);
      expect(del.status).toBe(404);
      expect(del.body.code).toBe('rest_no_route');
    });

    it('a malformed percent-encoding in the path is rest_no_route, not a crash', async () => {
      const res = await t.http().get('/wp-json/core/v2/users/%E0%A4%A');
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('rest_no_route');
    });

    it('does not match a path whose capture does not fit the pattern', async () => {
      const res = await t.http().get(`${USERS}/abc`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('rest_no_route');
    });
  });

  describe('rest_missing_callback_param', () => {
    it('lists every missing parameter in data.params', async () => {
      const res = await t.http().post('/wp-json/probe/v1/required').set('Authorization', admin.auth);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): first, second',
        data: { status: 400, params: ['first', 'second'] },
      });
    });

    it('counts a JSON null as missing', async () => {
      const res = await t
        .http()
        .post('/wp-json/probe/v1/required')
        .set('Authorization', admin.auth)
        .send({ first: 'a', second: null });
      expect(res.status).toBe(400);
      expect(res.body.data.params).toEqual(['second']);
    });

    it('reports missing parameters before invalid ones', async () => {
      const res = await t
        .http()
        .post('/wp-json/probe/v1/required')
        .set('Authorization', admin.auth)
        .send({ first: 'a', third: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_missing_callback_param');
      expect(res.body.data.params).toEqual(['second']);
    });

    it('is reported for users create with the three required fields', async () => {
      const res = await t.http().post(USERS).set('Authorization', admin.auth).send({});
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_missing_callback_param');
      expect(res.body.message).toBe('Missing parameter(s): username, email, password');
      expect(res.body.data.params).toEqual(['username', 'email', 'password']);
    });
  });

  describe('rest_invalid_param', () => {
    it('per_page above the maximum', async () => {
      const res = await t.http().get(`${USERS}?per_page=101`).set('Authorization', admin.auth);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): per_page',
        data: {
          status: 400,
          params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
          details: {
            per_page: {
              code: 'rest_out_of_bounds',
              message: 'per_page must be between 1 (inclusive) and 100 (inclusive)',
              data: null,
            },
          },
        },
      });
    });

    it.each(['0', '-1'])('per_page=%s is out of bounds', async (value) => {
      const res = await t.http().get(`${USERS}?per_page=${value}`);
      expect(res.status).toBe(400);
      expect(res.body.data.params.per_page).toBe(
        'per_page must be between 1 (inclusive) and 100 (inclusive)',
      );
    });

    it('page=0 is below the minimum', async () => {
      const res = await t.http().get(`${USERS}?page=0`);
      expect(res.status).toBe(400);
      expect(res.body.data.params).toEqual({ page: 'page must be greater than or equal to 1' });
    });

    it('per_page=abc is not an integer', async () => {
      const res = await t.http().get(`${USERS}?per_page=abc`);
      expect(res.status).toBe(400);
      expect(res.body.data.params).toEqual({ per_page: 'per_page is not of type integer.' });
      expect(res.body.data.details.per_page).toEqual({
        code: 'rest_invalid_type',
        message: 'per_page is not of type integer.',
        data: { param: 'per_page' },
      });
    });

    it('context=banana is not in the enum', async () => {
      const res = await t.http().get(`${USERS}?context=banana`);
      expect(res.status).toBe(400);
      expect(res.body.data.params).toEqual({ context: 'context is not one of view, embed, and edit.' });
      expect(res.body.data.details.context).toEqual({
        code: 'rest_not_in_enum',
        message: 'context is not one of view, embed, and edit.',
        data: null,
      });
    });

    it('include=invalid names the failing item', async () => {
      const res = await t.http().get(`${USERS}?include=invalid`);
      expect(res.status).toBe(400);
      expect(res.body.data.params).toEqual({ include: 'include[0] is not of type integer.' });
    });

    it('reports several failures together, in declaration order', async () => {
      const res = await t.http().get(`${USERS}?per_page=abc&context=banana&page=0&order=up`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid parameter(s): context, page, per_page, order');
      expect(Object.keys(res.body.data.params)).toEqual(['context', 'page', 'per_page', 'order']);
      expect(res.body.data.params.order).toBe('order is not one of asc and desc.');
      expect(Object.keys(res.body.data.details)).toEqual(['context', 'page', 'per_page', 'order']);
    });
  });

  it('rest_invalid_json for a broken JSON body', async () => {
    const res = await t
      .http()
      .post(`${USERS}/${subscriber.id}`)
      .set('Authorization', admin.auth)
      .set('Content-Type', 'application/json')
      .send('{"name": "x",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
    });
  });

  it('a broken JSON body on an unknown route is still rest_no_route', async () => {
    const res = await t
      .http()
      .post('/wp-json/core/v2/nothing')
      .set('Content-Type', 'application/json')
      .send('{broken');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });

  describe('401 vs 403', () => {
    it('rest_forbidden is 401 when anonymous and 403 when logged in', async () => {
      const anonymous = await t.http().get('/wp-json/probe/v1/denied');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to do that.',
        data: { status: 401 },
      });
      const loggedIn = await t.http().get('/wp-json/probe/v1/denied').set('Authorization', subscriber.auth);
      expect(loggedIn.status).toBe(403);
      expect(loggedIn.body.code).toBe('rest_forbidden');
      expect(loggedIn.body.data).toEqual({ status: 403 });
    });

    it('users create is 401 anonymous and 403 for a subscriber', async () => {
      const body = { username: 'newbie', email: 'newbie@example.test', password: 'pw' };
      const anonymous = await t.http().post(USERS).send(body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_cannot_create_user');
      expect(anonymous.body.message).toBe('Sorry, you are not allowed to create new users.');
      const sub = await t.http().post(USERS).set('Authorization', subscriber.auth).send(body);
      expect(sub.status).toBe(403);
      expect(sub.body.code).toBe('rest_cannot_create_user');
    });
  });

  it('validates before checking permission (anonymous create with missing fields is 400)', async () => {
    const res = await t.http().post(USERS).send({ username: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_missing_callback_param');
    expect(res.body.data.params).toEqual(['email', 'password']);
    const invalid = await t.http().get(`${USERS}?context=edit&per_page=0`);
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('rest_invalid_param');
  });

  it('keeps the status and extra data of a RestError thrown by a handler', async () => {
    const res = await t.http().get('/wp-json/probe/v1/custom-error');
    expect(res.status).toBe(418);
    expect(res.body).toEqual({
      code: 'probe_teapot',
      message: 'I am a teapot.',
      data: { status: 418, extra: 'x' },
    });
  });

  it('an unexpected handler error is a 500 with a correlation id and no internals', async () => {
    const res = await t.http().get('/wp-json/probe/v1/boom');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('internal_server_error');
    expect(res.body.message).toBe('There has been a critical error on this website.');
    expect(res.body.data.status).toBe(500);
    expect(res.body.data.error_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'message']);
    expect(Object.keys(res.body.data).sort()).toEqual(['error_id', 'status']);
    expect(res.text).not.toMatch(/SELECT|secret_table|stack|at /);
  });

  it('two crashes get different correlation ids', async () => {
    const a = await t.http().get('/wp-json/probe/v1/boom');
    const b = await t.http().get('/wp-json/probe/v1/boom');
    expect(a.body.data.error_id).not.toBe(b.body.data.error_id);
  });
});

describe('error responses when the database is gone', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    await t.app.get(DataSource).destroy();
  });
  afterAll(async () => {
    // The DataSource is already closed; closing the app must not fail the suite.
    await t.close().catch(() => undefined);
  });

  it('a database route answers 500 internal_server_error without stack or SQL', async () => {
    const res = await t.http().get(`/wp-json/core/v2/users/1`);
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.body.code).toBe('internal_server_error');
    expect(res.body.data.status).toBe(500);
    expect(typeof res.body.data.error_id).toBe('string');
    expect(res.body.data.error_id.length).toBeGreaterThan(0);
    expect(res.body).not.toHaveProperty('stack');
    expect(res.text).not.toMatch(/SELECT|FROM|stack|TypeORM|DataSource/i);
  });

  it('an authenticated request whose credential check hits the database is also a JSON 500', async () => {
    const res = await t.http().get(`/wp-json/core/v2/users/me`).set('Authorization', admin.auth);
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.body.code).toBe('internal_server_error');
    expect(typeof res.body.data.error_id).toBe('string');
    expect(res.text).not.toMatch(/SELECT|FROM|stack/i);
  });

  it('routes that need no database still work', async () => {
    const res = await t.http().get('/wp-json/');
    expect(res.status).toBe(200);
  });
});
