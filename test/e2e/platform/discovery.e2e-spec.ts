import { DateTime } from 'luxon';
import { RouteRegistry } from '../../../src/platform/rest';
import { SPEC_ROUTES } from '../../fixtures/spec-routes';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const ROOT = 'http://example.test/wp-json';

describe('discovery', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
  });
  afterAll(() => t.close());

  describe('GET /wp-json/', () => {
    it('has the site members in WordPress order', async () => {
      const res = await t.http().get('/wp-json/');
      expect(res.status).toBe(200);
      const keys = Object.keys(res.body);
      expect(keys.slice(0, 12)).toEqual([
        'name',
        'description',
        'url',
        'home',
        'gmt_offset',
        'timezone_string',
        'page_for_posts',
        'page_on_front',
        'show_on_front',
        'namespaces',
        'authentication',
        'routes',
      ]);
      expect(res.body).toMatchObject({
        name: '3D Machine Control',
        description: '3D machine control for excavators',
        url: 'http://example.test',
        home: 'http://example.test',
        timezone_string: 'Europe/Oslo',
        page_for_posts: 0,
        page_on_front: 0,
        show_on_front: 'posts',
        authentication: [],
      });
      const offset = DateTime.now().setZone('Europe/Oslo').offset / 60;
      expect(res.body.gmt_offset).toBe(String(offset));
      expect(typeof res.body.gmt_offset).toBe('string');
      expect(res.body._links.help).toEqual([{ href: 'https://developer.wordpress.org/rest-api/' }]);
    });

    it('lists namespaces, with core/v2 after oembed/1.0', async () => {
      const res = await t.http().get('/wp-json/');
      const namespaces: string[] = res.body.namespaces;
      expect(namespaces).toContain('core/v2');
      expect(new Set(namespaces).size).toBe(namespaces.length);
      if (namespaces.includes('oembed/1.0')) {
        expect(namespaces.indexOf('oembed/1.0')).toBeLessThan(namespaces.indexOf('core/v2'));
      }
    });

    it('keys routes by pattern with namespace, methods, endpoints, args and _links', async () => {
      const res = await t.http().get('/wp-json/');
      const routes = res.body.routes;
      expect(routes['/']).toMatchObject({
        namespace: '',
        methods: ['GET'],
        _links: { self: [{ href: `${ROOT}/` }] },
      });
      expect(routes['/core/v2']).toMatchObject({
        namespace: 'core/v2',
        methods: ['GET'],
        endpoints: [
          {
            methods: ['GET'],
            args: {
              namespace: { default: 'core/v2', required: false },
              context: { default: 'view', required: false },
            },
          },
        ],
        _links: { self: [{ href: `${ROOT}/core/v2` }] },
      });

      const users = routes['/core/v2/users'];
      expect(users.namespace).toBe('core/v2');
      expect(users.methods).toEqual(['GET', 'POST']);
      expect(users._links).toEqual({ self: [{ href: `${ROOT}/core/v2/users` }] });
      expect(users.endpoints).toHaveLength(2);
      expect(users.endpoints[0].methods).toEqual(['GET']);
      expect(users.endpoints[0].allow_batch).toEqual({ v1: true });
      expect(users.endpoints[0].args.per_page).toEqual({
        description: 'Maximum number of items to be returned in result set.',
        default: 10,
        type: 'integer',
        minimum: 1,
        maximum: 100,
        required: false,
      });
      expect(users.endpoints[0].args.context).toEqual({
        description: 'Scope under which the request is made; determines fields present in response.',
        type: 'string',
        enum: ['view', 'embed', 'edit'],
        default: 'view',
        required: false,
      });
      // required is always a boolean and comes last; callbacks are never shown
      for (const arg of Object.values(users.endpoints[1].args) as Array<Record<string, unknown>>) {
        expect(typeof arg.required).toBe('boolean');
        expect(Object.keys(arg).at(-1)).toBe('required');
        expect(arg).not.toHaveProperty('sanitize');
        expect(arg).not.toHaveProperty('validate');
      }
      expect(users.endpoints[1].args.username.required).toBe(true);

      const item = routes['/core/v2/users/(?P<id>\\d+)'];
      expect(item.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
      expect(item).not.toHaveProperty('_links');
      expect(item.endpoints.map((e: { methods: string[] }) => e.methods)).toEqual([
        ['GET'],
        ['POST', 'PUT', 'PATCH'],
        ['DELETE'],
      ]);
    });

    it('lists the application-password routes', async () => {
      const res = await t.http().get('/wp-json/');
      const keys = Object.keys(res.body.routes);
      expect(keys).toContain('/core/v2/users/(?P<user_id>(?:\\d+|me))/application-passwords');
      expect(keys).toContain('/core/v2/users/(?P<user_id>(?:\\d+|me))/application-passwords/introspect');
      expect(keys).toContain(
        '/core/v2/users/(?P<user_id>(?:\\d+|me))/application-passwords/(?P<uuid>[\\w\\-]+)',
      );
    });

    it('is reachable through ?rest_route=/', async () => {
      const res = await t.http().get('/?rest_route=/');
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('3D Machine Control');
      expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    });

    it('?rest_route= reaches any route, with credentials', async () => {
      const res = await t
        .http()
        .get('/index.php?rest_route=/core/v2/users/me')
        .set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(admin.id);
      const anonymous = await t.http().get('/?rest_route=/core/v2/users/me');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_not_logged_in');
    });

    it('?rest_route[]= is rejected', async () => {
      const res = await t.http().get('/?rest_route[]=/');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_path_invalid_type');
    });

    it('a trailing slash is ignored', async () => {
      const res = await t.http().get('/wp-json/core/v2/users/me/').set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(admin.id);
    });
  });

  describe('namespace index', () => {
    it('lists only its own routes and links up to the root', async () => {
      const res = await t.http().get('/wp-json/core/v2');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['namespace', 'routes', '_links']);
      expect(res.body.namespace).toBe('core/v2');
      expect(res.body._links).toEqual({ up: [{ href: `${ROOT}/` }] });
      const patterns = Object.keys(res.body.routes);
      expect(patterns[0]).toBe('/core/v2');
      expect(patterns).toContain('/core/v2/users');
      for (const pattern of patterns) {
        expect(pattern === '/core/v2' || pattern.startsWith('/core/v2/')).toBe(true);
        expect(res.body.routes[pattern].namespace).toBe('core/v2');
      }
    });

    it('an unknown namespace is rest_no_route', async () => {
      const res = await t.http().get('/wp-json/nope/v1');
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('rest_no_route');
    });
  });

  describe('OPTIONS', () => {
    it('returns the route data with the item schema and an Allow header', async () => {
      const res = await t.http().options('/wp-json/core/v2/users/1');
      expect(res.status).toBe(200);
      expect(res.body.namespace).toBe('core/v2');
      expect(res.body.methods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
      expect(res.body.endpoints).toHaveLength(3);
      expect(res.body.schema).toMatchObject({
        $schema: 'http://json-schema.org/draft-04/schema#',
        title: 'user',
        type: 'object',
      });
      expect(res.body.schema.properties.email).toMatchObject({
        type: 'string',
        format: 'email',
        context: ['edit'],
      });
      // Viewing a user is a permission check: a visitor may not view user 1, who has no published posts here
      // (golden users-single-no-posts-noauth.json answers without Allow).
      expect(res.headers.allow).toBeUndefined();
    });

    it('does not validate parameters', async () => {
      const res = await t.http().options('/wp-json/core/v2/users?per_page=1000&context=banana');
      expect(res.status).toBe(200);
      expect(res.body.methods).toEqual(['GET', 'POST']);
    });

    it('honours _envelope', async () => {
      const res = await t.http().options('/wp-json/core/v2/users?_envelope');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(200);
      expect(res.body.body.methods).toEqual(['GET', 'POST']);
      expect(res.body.headers.Allow).toBe('GET');
    });

    it('an unknown path is 200 with []', async () => {
      const res = await t.http().options('/wp-json/nowhere/at/all');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers.allow).toBeUndefined();
    });
  });

  describe('route inventory against the spec', () => {
    it('serves every spec route with the spec’s methods, in its namespace', async () => {
      const res = await t.http().get('/wp-json/');
      const served: Record<string, { namespace: string; methods: string[] }> = res.body.routes;
      const missing: string[] = [];
      const missingMethods: string[] = [];
      const extraMethods: string[] = [];
      const wrongNamespace: string[] = [];
      for (const spec of SPEC_ROUTES) {
        const route = served[spec.route];
        if (!route) {
          missing.push(`${spec.methods.join(',')} ${spec.route}`);
          continue;
        }
        const lacking = spec.methods.filter((method) => !route.methods.includes(method));
        if (lacking.length > 0) missingMethods.push(`${spec.route}: ${lacking.join(', ')} not served`);
        const extra = route.methods.filter((method) => !spec.methods.includes(method));
        if (extra.length > 0) extraMethods.push(`${spec.route}: ${extra.join(', ')} not in the spec`);
        if (route.namespace !== spec.namespace) wrongNamespace.push(`${spec.route}: ${route.namespace}`);
      }
      expect({ missing, missingMethods, extraMethods, wrongNamespace }).toEqual({
        missing: [],
        missingMethods: [],
        extraMethods: [],
        wrongNamespace: [],
      });
    });

    it('the index shows exactly the registry (minus hidden endpoints)', async () => {
      const registry = t.app.get(RouteRegistry);
      const res = await t.http().get('/wp-json/');
      const shown = registry
        .routes()
        .filter((entry) => entry.endpoints.some((endpoint) => endpoint.showInIndex))
        .map((entry) => entry.pattern);
      expect(Object.keys(res.body.routes)).toEqual(shown);
    });
  });
});
