import { Role, ROLE_CAPABILITIES } from '../../../src/platform/auth';
import { RestCall, RestServer, RestUser } from '../../../src/platform/rest';
import { TestApp, TestUser } from '../../helpers/test-app';
import { createProbeApp } from './probe-app';

const ROOT = 'http://example.test/wp-json/';
const USERS = '/wp-json/core/v2/users';
const API_LINK = `<${ROOT}>; rel="https://api.w.org/"`;

describe('global parameters and headers', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let author: TestUser;
  let subscriber: TestUser;

  beforeAll(async () => {
    t = await createProbeApp();
    admin = await t.user('administrator', 'globals-admin');
    editor = await t.user('editor', 'globals-editor');
    author = await t.user('author', 'globals-author');
    subscriber = await t.user('subscriber', 'globals-subscriber');
  });
  afterAll(() => t.close());

  describe('context', () => {
    it('view hides edit-only fields', async () => {
      const res = await t.http().get(`${USERS}/${subscriber.id}`).set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(
        ['_links', 'avatar_urls', 'description', 'id', 'link', 'meta', 'name', 'slug', 'url'].sort(),
      );
      expect(res.body).not.toHaveProperty('email');
    });

    it('edit shows email, roles, capabilities', async () => {
      const res = await t
        .http()
        .get(`${USERS}/${subscriber.id}?context=edit`)
        .set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.email).toBe('globals-subscriber@example.test');
      expect(res.body.username).toBe('globals-subscriber');
      expect(res.body.roles).toEqual(['subscriber']);
      expect(res.body.capabilities).toMatchObject({ read: true, subscriber: true });
    });

    it('embed keeps only embed fields', async () => {
      const res = await t
        .http()
        .get(`${USERS}/${subscriber.id}?context=embed`)
        .set('Authorization', admin.auth);
      expect(Object.keys(res.body).sort()).toEqual(
        ['_links', 'avatar_urls', 'description', 'id', 'link', 'name', 'slug', 'url'].sort(),
      );
    });

    it('collections are filtered item by item', async () => {
      const res = await t.http().get(`${USERS}?context=edit&per_page=100`).set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThanOrEqual(5);
      for (const user of res.body) expect(typeof user.email).toBe('string');
      const view = await t.http().get(`${USERS}?per_page=100`).set('Authorization', admin.auth);
      for (const user of view.body) expect(user).not.toHaveProperty('email');
    });
  });

  describe('_fields', () => {
    it('keeps only the listed fields', async () => {
      const res = await t.http().get(`${USERS}/me?_fields=id,name`).set('Authorization', editor.auth);
      expect(res.body).toEqual({ id: editor.id, name: expect.any(String) });
    });

    it('accepts spaces, array form and nested paths', async () => {
      const nested = await t
        .http()
        .get(`${USERS}/me?_fields=id,avatar_urls.24`)
        .set('Authorization', editor.auth);
      expect(Object.keys(nested.body).sort()).toEqual(['avatar_urls', 'id']);
      expect(Object.keys(nested.body.avatar_urls)).toEqual(['24']);
      expect(nested.body.avatar_urls['24']).toMatch(/s=24/);
      const arrayForm = await t
        .http()
        .get(`${USERS}/me?_fields[]=id&_fields[]=slug`)
        .set('Authorization', editor.auth);
      expect(Object.keys(arrayForm.body).sort()).toEqual(['id', 'slug']);
    });

    it('filters every item of a collection', async () => {
      const res = await t.http().get(`${USERS}?_fields=id`).set('Authorization', admin.auth);
      expect(res.body.length).toBeGreaterThan(1);
      for (const user of res.body) expect(Object.keys(user)).toEqual(['id']);
    });

    it('does not filter error responses', async () => {
      const res = await t.http().get(`${USERS}/99999?_fields=id`).set('Authorization', admin.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 'rest_user_invalid_id',
        message: 'Invalid user ID.',
        data: { status: 404 },
      });
    });
  });

  describe('_envelope', () => {
    it('wraps a success: HTTP 200, body/status/headers', async () => {
      const res = await t.http().get(`${USERS}?_envelope&per_page=1`).set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['body', 'headers', 'status']);
      expect(res.body.status).toBe(200);
      expect(Array.isArray(res.body.body)).toBe(true);
      expect(res.body.body).toHaveLength(1);
      expect(Number(res.body.headers['X-WP-Total'])).toBeGreaterThanOrEqual(5);
      expect(res.body.headers.Allow).toBe('GET, POST');
      expect(res.headers['x-wp-total']).toBeUndefined();
    });

    it('wraps an error with its original status', async () => {
      const res = await t.http().get(`${USERS}/99999?_envelope=1`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(404);
      expect(res.body.body.code).toBe('rest_user_invalid_id');
    });
  });

  describe('method override', () => {
    it('_method in the query string overrides the HTTP method', async () => {
      const res = await t
        .http()
        .post(`${USERS}/${author.id}?_method=DELETE&force=true&reassign=false`)
        .set('Authorization', subscriber.auth);
      // DELETE ran: subscribers may not delete users (403), whereas POST would be "edit" (rest_cannot_edit).
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('rest_user_cannot_delete');
    });

    it('X-HTTP-Method-Override overrides the HTTP method', async () => {
      const res = await t
        .http()
        .post(`${USERS}/me`)
        .set('X-HTTP-Method-Override', 'PATCH')
        .set('Authorization', author.auth)
        .send({ first_name: 'Patched' });
      expect(res.status).toBe(200);
      expect(res.body.first_name).toBe('Patched');
      const get = await t.http().post('/wp-json/probe/v1/echo').set('X-HTTP-Method-Override', 'GET');
      expect(get.body.method).toBe('GET');
    });

    it('_method wins over the header', async () => {
      const res = await t
        .http()
        .post('/wp-json/probe/v1/echo?_method=PUT')
        .set('X-HTTP-Method-Override', 'GET');
      expect(res.body.method).toBe('PUT');
    });

    it('an overridden request that fails gets no-cache headers', async () => {
      const res = await t.http().post(`${USERS}/${author.id}`).set('X-HTTP-Method-Override', 'DELETE');
      expect(res.status).toBe(400);
      expect(res.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
      expect(res.headers.expires).toBe('Wed, 11 Jan 1984 05:00:00 GMT');
    });
  });

  it('logged-in responses are not cacheable, anonymous ones carry no no-cache headers', async () => {
    const logged = await t.http().get(`${USERS}/me`).set('Authorization', subscriber.auth);
    expect(logged.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    const anonymous = await t.http().get('/wp-json/');
    expect(anonymous.headers['cache-control']).toBeUndefined();
    expect(anonymous.headers.expires).toBeUndefined();
  });

  describe('_embed', () => {
    const items = (query: string) =>
      t.http().get(`/wp-json/probe/v1/items?${query}`).set('Authorization', admin.auth);

    it('without _embed nothing is embedded', async () => {
      const res = await items(`authors=${editor.id}`);
      expect(res.status).toBe(200);
      expect(res.body[0]._links.author).toEqual([
        { embeddable: true, href: `http://example.test/wp-json/core/v2/users/${editor.id}` },
      ]);
      expect(res.body[0]).not.toHaveProperty('_embedded');
    });

    it('embeds every embeddable link in embed context, parallel to _links', async () => {
      const res = await items(`authors=${editor.id},${author.id}&_embed`);
      expect(res.status).toBe(200);
      const [first, second] = res.body;
      expect(Object.keys(first._embedded).sort()).toEqual(['author', 'wp:owner']);
      expect(first._embedded.author).toHaveLength(1);
      expect(first._embedded.author[0].id).toBe(editor.id);
      expect(first._embedded.author[0].slug).toBe('globals-editor');
      // embed context: no edit-only or view-only fields
      expect(first._embedded.author[0]).not.toHaveProperty('email');
      expect(first._embedded.author[0]).not.toHaveProperty('meta');
      expect(first._embedded.author[0]._links.self[0].href).toBe(
        `http://example.test/wp-json/core/v2/users/${editor.id}`,
      );
      expect(second._embedded.author[0].id).toBe(author.id);
      // non-embeddable links are not resolved
      expect(first._embedded).not.toHaveProperty('about');
      expect(first._embedded).not.toHaveProperty('self');
    });

    it('_embed=author limits the relations', async () => {
      const res = await items(`authors=${editor.id}&_embed=author`);
      expect(Object.keys(res.body[0]._embedded)).toEqual(['author']);
      const compact = await items(`authors=${editor.id}&_embed=wp:owner`);
      expect(Object.keys(compact.body[0]._embedded)).toEqual(['wp:owner']);
    });

    it('an error while embedding is embedded as an error object', async () => {
      const res = await items('authors=424242&_embed=author');
      expect(res.status).toBe(200);
      expect(res.body[0]._embedded.author[0]).toEqual({
        code: 'rest_user_invalid_id',
        message: 'Invalid user ID.',
        data: { status: 404 },
      });
    });

    it('works inside an envelope', async () => {
      const res = await items(`authors=${editor.id}&_embed&_envelope`);
      expect(res.body.status).toBe(200);
      expect(res.body.body[0]._embedded.author[0].id).toBe(editor.id);
    });

    it('_fields without _links leaves nothing to embed', async () => {
      const res = await items(`authors=${editor.id}&_embed&_fields=id`);
      expect(res.body).toEqual([{ id: 1 }]);
    });
  });

  describe('HEAD', () => {
    it('is answered by the GET handler with headers and no body', async () => {
      const res = await t.http().head(`${USERS}?per_page=1`).set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(res.text ?? '').toBe('');
      expect(Number(res.headers['x-wp-total'])).toBeGreaterThanOrEqual(5);
      // A collection's own prev/next Link replaces the api.w.org one, as in WordPress.
      expect(res.headers.link).toContain('rel="next"');
      expect(res.headers.link).not.toContain(API_LINK);
    });

    it('keeps the status of an error', async () => {
      const res = await t.http().head(`${USERS}/99999`);
      expect(res.status).toBe(404);
    });
  });

  describe('pagination headers', () => {
    it('gives totals and prev/next links that keep the query', async () => {
      const all = await t.http().get(`${USERS}?per_page=100`).set('Authorization', admin.auth);
      const total = all.body.length;
      expect(total).toBeGreaterThanOrEqual(5);

      const first = await t.http().get(`${USERS}?per_page=1&orderby=id`).set('Authorization', admin.auth);
      expect(first.headers['x-wp-total']).toBe(String(total));
      expect(first.headers['x-wp-totalpages']).toBe(String(total));
      expect(first.headers.link).toContain(
        `<http://example.test/wp-json/core/v2/users?per_page=1&orderby=id&page=2>; rel="next"`,
      );
      expect(first.headers.link).not.toContain('rel="prev"');

      const middle = await t
        .http()
        .get(`${USERS}?per_page=1&orderby=id&page=2`)
        .set('Authorization', admin.auth);
      expect(middle.headers.link).toContain(
        '<http://example.test/wp-json/core/v2/users?per_page=1&orderby=id&page=1>; rel="prev", ' +
          '<http://example.test/wp-json/core/v2/users?per_page=1&orderby=id&page=3>; rel="next"',
      );

      const last = await t
        .http()
        .get(`${USERS}?per_page=1&orderby=id&page=${total}`)
        .set('Authorization', admin.auth);
      expect(last.headers.link).toContain(`page=${total - 1}>; rel="prev"`);
      expect(last.headers.link).not.toContain('rel="next"');
    });

    it('past the last page: empty list, prev points at the last page', async () => {
      const res = await t.http().get(`${USERS}?per_page=50&page=3`).set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers['x-wp-totalpages']).toBe('1');
      expect(res.headers.link).toContain('per_page=50&page=1>; rel="prev"');
    });
  });

  it('every response without a Link of its own links the API root, errors included', async () => {
    for (const path of ['/wp-json/', `${USERS}/99999`, '/wp-json/nowhere', `${USERS}/me`]) {
      const res = await t.http().get(path).set('Authorization', admin.auth);
      expect(res.headers.link).toBe(API_LINK);
    }
    const paged = await t.http().get(`${USERS}?per_page=1`).set('Authorization', admin.auth);
    expect(paged.headers.link).toBe(
      '<http://example.test/wp-json/core/v2/users?per_page=1&page=2>; rel="next"',
    );
  });

  it('common headers of every REST response', async () => {
    const res = await t.http().get('/wp-json/');
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-headers']).toBe(
      'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, X-HTTP-Method-Override',
    );
    expect(res.headers.vary).toContain('Origin');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  describe('Allow header', () => {
    const allowFor = async (path: string, user?: TestUser) => {
      const req = t.http().get(path);
      if (user) req.set('Authorization', user.auth);
      const res = await req;
      return res.headers.allow;
    };

    it('lists the methods each role may use on /users/{id}', async () => {
      // Viewing a user is a permission check: others see a published author (golden users-single-noauth.json)
      // and not a user without published posts (golden users-single-no-posts-noauth.json: no Allow).
      expect(await allowFor(`${USERS}/${author.id}`)).toBeUndefined();
      const published = await t
        .http()
        .post('/wp-json/core/v2/posts')
        .set('Authorization', author.auth)
        .send({ title: 'Globals author post', status: 'publish' });
      expect(published.status).toBe(201);
      const target = `${USERS}/${author.id}`;
      expect(await allowFor(target, admin)).toBe('GET, POST, PUT, PATCH, DELETE');
      expect(await allowFor(target, editor)).toBe('GET');
      expect(await allowFor(target, subscriber)).toBe('GET');
      expect(await allowFor(target)).toBe('GET');
      // oneself: edit, but not delete
      expect(await allowFor(target, author)).toBe('GET, POST, PUT, PATCH');
    });

    it('on the collection', async () => {
      expect(await allowFor(USERS, admin)).toBe('GET, POST');
      expect(await allowFor(USERS, editor)).toBe('GET');
    });

    it('is absent when nothing is allowed', async () => {
      const res = await t.http().get('/wp-json/probe/v1/denied').set('Authorization', subscriber.auth);
      expect(res.status).toBe(403);
      expect(res.headers.allow).toBeUndefined();
    });

    it('after a validation error the checks still see the path id', async () => {
      const res = await t
        .http()
        .get(`${USERS}/${author.id}?context=banana`)
        .set('Authorization', author.auth);
      expect(res.status).toBe(400);
      expect(res.headers.allow).toBe('GET, POST, PUT, PATCH');
    });

    it('is sent on errors of a matched route, never on unmatched ones', async () => {
      const matched = await t
        .http()
        .get(`${USERS}/${author.id}?context=banana`)
        .set('Authorization', admin.auth);
      expect(matched.status).toBe(400);
      expect(matched.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
      // Every check of an unknown user fails (golden users-single-404.json: no Allow).
      const missing = await t.http().get(`${USERS}/99999`).set('Authorization', admin.auth);
      expect(missing.status).toBe(404);
      expect(missing.headers.allow).toBeUndefined();
      const unmatched = await t.http().get('/wp-json/nowhere');
      expect(unmatched.headers.allow).toBeUndefined();
    });

    it('allowedMethods (targetHints) checks a fresh GET of the target path, not the caller args', async () => {
      const server = t.app.get(RestServer);
      const asUser = (id: number, role: Role): RestUser => ({
        id,
        login: `user${id}`,
        roles: [role],
        can: (capability) => ROLE_CAPABILITIES[role].has(capability),
      });
      const callOf = (user: RestUser | null) =>
        ({
          args: { context: 'view', per_page: 10 },
          resolve: (type: any) => t.app.get(type, { strict: false }),
          param: () => undefined,
          user,
          userId: user?.id ?? 0,
          language: 'en',
          method: 'GET',
          route: '/core/v2/users',
          path: '/core/v2/users',
          query: {},
          headers: {},
          urls: server.urls(),
          requestId: 'test',
          has: () => false,
          params: () => ({}),
          files: {},
        }) as RestCall<any>;
      const own = `/core/v2/users/${author.id}`;
      expect(await server.allowedMethods(callOf(asUser(author.id, 'author')), own)).toEqual([
        'GET',
        'POST',
        'PUT',
        'PATCH',
      ]);
      expect(await server.allowedMethods(callOf(asUser(editor.id, 'editor')), own)).toEqual(['GET']);
      expect(await server.allowedMethods(callOf(asUser(admin.id, 'administrator')), own)).toEqual([
        'GET',
        'POST',
        'PUT',
        'PATCH',
        'DELETE',
      ]);
      expect(await server.allowedMethods(callOf(null), own)).toEqual(['GET']);
      expect(await server.allowedMethods(callOf(null), '/nowhere')).toEqual([]);
    });

    it('OPTIONS checks permissions too', async () => {
      const anonymous = await t.http().options(`${USERS}/${author.id}`);
      expect(anonymous.headers.allow).toBe('GET');
      const asAdmin = await t.http().options(`${USERS}/${author.id}`).set('Authorization', admin.auth);
      expect(asAdmin.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
    });
  });

  describe('CORS', () => {
    it('echoes the Origin and allows credentials', async () => {
      const res = await t.http().get(`${USERS}?per_page=1`).set('Origin', 'https://app.example.org');
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example.org');
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers['access-control-allow-methods']).toBe('OPTIONS, GET, POST, PUT, PATCH, DELETE');
      expect(res.headers.vary).toContain('Origin');
      const exposed = res.headers['access-control-expose-headers'].split(/,\s*/);
      for (const header of [
        'X-WP-Total',
        'X-WP-TotalPages',
        'X-TEC-Total',
        'X-TEC-TotalPages',
        'Link',
        'Allow',
      ]) {
        expect(exposed).toContain(header);
      }
    });

    it('answers a preflight OPTIONS with the CORS headers', async () => {
      const res = await t
        .http()
        .options(`${USERS}/me`)
        .set('Origin', 'https://app.example.org')
        .set('Access-Control-Request-Method', 'POST');
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example.org');
      expect(res.headers['access-control-allow-headers']).toContain('Authorization');
    });

    it('also on errors', async () => {
      const res = await t.http().get('/wp-json/nowhere').set('Origin', 'https://app.example.org');
      expect(res.status).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example.org');
    });
  });

  it('paths outside the REST prefix are not REST responses', async () => {
    const res = await t.http().get('/not-the-api');
    expect(res.status).toBe(404);
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });
});
