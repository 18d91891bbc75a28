import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const user = (name: string) => ({
  username: name,
  email: `${name}@example.test`,
  password: 'secret-password',
});

describe('POST /batch/v1', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
  });
  afterAll(() => t.close());

  const batch = (body: unknown, auth?: string) => {
    const request = t
      .http()
      .post('/wp-json/batch/v1')
      .send(body as object);
    return auth ? request.set('Authorization', auth) : request;
  };

  const countUsers = async (search: string) => {
    const res = await t
      .http()
      .get(`/wp-json/core/v2/users?search=${search}&context=edit`)
      .set('Authorization', admin.auth);
    return res.body.length as number;
  };

  it('is listed in the site index as a server route, not as a namespace', async () => {
    const index = await t.http().get('/wp-json/');
    expect(index.body.routes['/batch/v1']).toMatchObject({ namespace: '', methods: ['POST'] });
    const args = index.body.routes['/batch/v1'].endpoints[0].args;
    expect(args.validation).toMatchObject({ enum: ['require-all-validate', 'normal'], default: 'normal' });
    expect(args.requests).toMatchObject({ type: 'array', maxItems: 25, required: true });
    expect(index.body.namespaces).not.toContain('');
    expect(index.body.namespaces).not.toContain('batch/v1');
  });

  it('runs every item in order and answers 207 with enveloped responses', async () => {
    const res = await batch(
      {
        requests: [
          { path: '/core/v2/users', body: user('batchone') },
          { method: 'POST', path: '/core/v2/users?context=embed', body: user('batchtwo') },
        ],
      },
      admin.auth,
    );
    expect(res.status).toBe(207);
    expect(Object.keys(res.body)).toEqual(['responses']);
    expect(res.body.responses).toHaveLength(2);
    const [first, second] = res.body.responses;
    expect(first.status).toBe(201);
    expect(first.body.slug).toBe('batchone');
    expect(first.headers.Location).toMatch(/\/wp-json\/core\/v2\/users\/\d+$/);
    expect(first.body._links.self).toBeDefined();
    expect(second.status).toBe(201);
    expect(second.body.slug).toBe('batchtwo');
    // a query string on the path does not stop the route from matching (DELETE below shows it is passed on)
    expect(second.body.email).toBe('batchtwo@example.test');
  });

  it('passes method, query and body to the sub-request (PUT / PATCH / DELETE)', async () => {
    const created = await batch(
      { requests: [{ path: '/core/v2/users', body: user('batchedit') }] },
      admin.auth,
    );
    const id = created.body.responses[0].body.id as number;
    const res = await batch(
      {
        requests: [
          { method: 'PUT', path: `/core/v2/users/${id}`, body: { name: 'Put Name' } },
          { method: 'PATCH', path: `/core/v2/users/${id}?context=edit`, body: { first_name: 'Patched' } },
          { method: 'DELETE', path: `/core/v2/users/${id}?force=true&reassign=${admin.id}` },
        ],
      },
      admin.auth,
    );
    expect(res.status).toBe(207);
    expect(res.body.responses.map((r: { status: number }) => r.status)).toEqual([200, 200, 200]);
    expect(res.body.responses[0].body.name).toBe('Put Name');
    expect(res.body.responses[1].body.first_name).toBe('Patched');
    expect(res.body.responses[2].body.deleted).toBe(true);
  });

  it('reports per-item errors in their slots and still runs the others (partial error)', async () => {
    const res = await batch(
      {
        requests: [
          { path: '/core/v2/users', body: user('partialok') },
          { path: '/core/v2/users', body: { username: 'partialbad', email: 'not-an-email', password: 'x' } },
          { path: '/core/v2/nothing-here' },
        ],
      },
      admin.auth,
    );
    expect(res.status).toBe(207);
    const [ok, invalid, missing] = res.body.responses;
    expect(ok.status).toBe(201);
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('rest_invalid_param');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('rest_no_route');
    expect(await countUsers('partialok')).toBe(1);
  });

  it('runs each item with the caller identity (permission per item)', async () => {
    const anonymous = await batch({ requests: [{ path: '/core/v2/users', body: user('anoncreate') }] });
    expect(anonymous.status).toBe(207);
    expect(anonymous.body.responses[0].status).toBe(401);
    expect(anonymous.body.responses[0].body.code).toBe('rest_cannot_create_user');

    const subscriber = await t.user('subscriber');
    const denied = await batch(
      {
        requests: [
          { path: '/core/v2/users', body: user('subcreate') },
          { method: 'PATCH', path: `/core/v2/users/${subscriber.id}`, body: { name: 'Me Myself' } },
        ],
      },
      subscriber.auth,
    );
    expect(denied.body.responses[0].status).toBe(403);
    expect(denied.body.responses[1].status).toBe(200);
    expect(denied.body.responses[1].body.name).toBe('Me Myself');
    expect(await countUsers('subcreate')).toBe(0);
  });

  it('answers rest_batch_not_allowed for routes that have not opted in', async () => {
    const res = await batch(
      {
        requests: [
          { method: 'POST', path: '/core/v2/users/me', body: { name: 'x' } },
          { path: '/core/v2/users', body: user('optinok') },
        ],
      },
      admin.auth,
    );
    expect(res.status).toBe(207);
    expect(res.body.responses[0]).toEqual({
      body: {
        code: 'rest_batch_not_allowed',
        message: 'The requested route does not support batch requests.',
        data: { status: 400 },
      },
      status: 400,
      // The route's Allow header all the same (golden batch-not-batchable.json)
      headers: { Allow: 'GET, POST, PUT, PATCH, DELETE' },
    });
    expect(res.body.responses[1].status).toBe(201);
  });

  it('answers parse_path_failed for an unparsable path', async () => {
    const res = await batch({ requests: [{ path: 'http://user@:80' }] }, admin.auth);
    expect(res.status).toBe(207);
    expect(res.body.responses[0].status).toBe(400);
    expect(res.body.responses[0].body.code).toBe('parse_path_failed');
    expect(res.body.responses[0].body.message).toBe('Could not parse the path.');
  });

  it('refuses more than 25 requests with 400', async () => {
    const requests = Array.from({ length: 26 }, (_, i) => ({
      path: '/core/v2/users',
      body: user(`max${i}`),
    }));
    const res = await batch({ requests }, admin.auth);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.params.requests).toBe('requests must contain at most 25 items.');
    expect(await countUsers('max1')).toBe(0);
  });

  it('validates the outer request: method enum, path required, requests required', async () => {
    const badMethod = await batch({ requests: [{ method: 'GET', path: '/core/v2/users' }] }, admin.auth);
    expect(badMethod.status).toBe(400);
    expect(badMethod.body.data.params.requests).toBe(
      'requests[0][method] is not one of POST, PUT, PATCH, and DELETE.',
    );
    const noPath = await batch({ requests: [{ method: 'POST' }] }, admin.auth);
    expect(noPath.status).toBe(400);
    expect(noPath.body.data.params.requests).toBe('path is a required property of requests[0].');
    const none = await batch({}, admin.auth);
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('rest_missing_callback_param');
    const badValidation = await batch({ validation: 'some', requests: [] }, admin.auth);
    expect(badValidation.status).toBe(400);
  });

  it('require-all-validate: one invalid item fails the batch and nothing runs', async () => {
    const res = await batch(
      {
        validation: 'require-all-validate',
        requests: [
          { path: '/core/v2/users', body: user('prevalidok') },
          { path: '/core/v2/users', body: { username: 'prevalidbad', email: 'nope', password: 'x' } },
        ],
      },
      admin.auth,
    );
    expect(res.status).toBe(207);
    expect(res.body.failed).toBe('validation');
    expect(res.body.responses[0]).toBeNull();
    expect(res.body.responses[1].status).toBe(400);
    expect(res.body.responses[1].body.code).toBe('rest_invalid_param');
    expect(await countUsers('prevalid')).toBe(0);
  });

  it('require-all-validate: not-allowed and missing routes count as failures; permissions do not', async () => {
    const subscriber = await t.user('subscriber');
    const res = await batch(
      {
        validation: 'require-all-validate',
        requests: [
          { path: '/core/v2/users', body: user('prevalidperm') },
          { path: '/core/v2/users/me', body: { name: 'x' } },
          { path: '/core/v2/unknown' },
        ],
      },
      subscriber.auth,
    );
    expect(res.status).toBe(207);
    expect(res.body.failed).toBe('validation');
    expect(res.body.responses[0]).toBeNull();
    expect(res.body.responses[1].body.code).toBe('rest_batch_not_allowed');
    expect(res.body.responses[2].body.code).toBe('rest_no_route');
  });

  it('require-all-validate: all valid runs everything and has no failed key', async () => {
    const res = await batch(
      {
        validation: 'require-all-validate',
        requests: [
          { path: '/core/v2/users', body: user('allvalidone') },
          { path: '/core/v2/users', body: user('allvalidtwo') },
        ],
      },
      admin.auth,
    );
    expect(res.status).toBe(207);
    expect(res.body.failed).toBeUndefined();
    expect(res.body.responses.map((r: { status: number }) => r.status)).toEqual([201, 201]);
    expect(await countUsers('allvalid')).toBe(2);
  });

  it('accepts a form-encoded batch body', async () => {
    const res = await t
      .http()
      .post('/wp-json/batch/v1')
      .set('Authorization', admin.auth)
      .type('form')
      .send(
        'requests[0][path]=/core/v2/users&requests[0][body][username]=formuser&requests[0][body][email]=formuser@example.test&requests[0][body][password]=pw12345678',
      );
    expect(res.status).toBe(207);
    expect(res.body.responses[0].status).toBe(201);
  });
});
