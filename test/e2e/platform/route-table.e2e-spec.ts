import { ModuleRef } from '@nestjs/core';
import {
  NAMESPACE_ORDER,
  Permissions,
  RestCall,
  RestEndpoint,
  RestRouteEntry,
  RestServer,
  RouteRegistry,
} from '../../../src/platform/rest';
import { createTestApp, TestApp } from '../../helpers/test-app';

/**
 * The public surface under review: the site index and every namespace index are compared with a committed
 * snapshot (a changed route, argument or default shows in the diff; update with `npx jest -u <this file>`),
 * and a policy walks the route table.
 */

/** Write endpoints anyone may call, each with its reason. */
const PUBLIC_WRITES: Record<string, string> = {
  'POST /batch/v1': 'each batch item is checked against its own route’s permission',
  'POST /cal/event-aggregator/v1/import/(?P<import_id>\\w+)/batch':
    'the import service proves itself with the batch hash',
  'POST /cal/event-aggregator/v1/import/(?P<import_id>\\w+)/state':
    'the import service proves itself with the batch hash',
  'POST /core-abilities/v1/abilities/(?P<name>[a-zA-Z0-9\\-\\/]+?)/run':
    'each ability checks its own permission',
  'PUT /core-abilities/v1/abilities/(?P<name>[a-zA-Z0-9\\-\\/]+?)/run':
    'each ability checks its own permission',
  'PATCH /core-abilities/v1/abilities/(?P<name>[a-zA-Z0-9\\-\\/]+?)/run':
    'each ability checks its own permission',
  'POST /security/v1/authenticate': 'the security console signs in with an Ed25519 signature',
  'POST /security/v1/authenticate-premium': 'the security console signs in with an Ed25519 signature',
};

/** GET routes that answer a list without `page`/`per_page`, as their WordPress/TEC originals do. */
const UNPAGED_LISTS: Record<string, string> = {
  '/core/v2/types': 'WordPress answers every type, keyed by slug',
  '/core/v2/taxonomies': 'WordPress answers every taxonomy, keyed by slug',
  '/core/v2/statuses': 'WordPress answers every status, keyed by slug',
  '/core-abilities/v1/categories': 'WordPress lists every ability category',
  '/bld/social/media': 'the social API’s own first page',
  '/bld/social/(?P<id>\\d+)/children': 'an album’s items, all of them',
  '/core/v2/users/(?P<user_id>(?:\\d+|me))/application-passwords': 'WordPress lists them whole',
  '/core/v2/posts/(?P<id>\\d+)/autosaves': 'at most one autosave per user',
  '/core/v2/pages/(?P<id>\\d+)/autosaves': 'at most one autosave per user',
  '/ml/tm/v1/jobs': 'WPML pages jobs with limit/offset and answers {jobs, total}',
  '/ml/tm/v1/tp/batches/status': 'the batches still in translation, at most 100',
  '/core/v2/block-types': 'WordPress lists every registered block type',
  '/core/v2/themes': 'WordPress lists every installed theme (X-WP-TotalPages 1)',
  '/core/v2/plugins': 'WordPress lists every installed plugin',
  '/core/v2/block-patterns/patterns': 'WordPress lists every registered pattern',
  '/core/v2/block-patterns/categories': 'WordPress lists every pattern category',
  '/core/v2/menu-locations': 'WordPress answers every location, keyed by name',
};

/** GET routes that are not collections though their path does not end in an id. */
const SINGLETONS = new Set([
  '/',
  // plugin objects and single answers, not collections
  '/spamfilter/v1/key',
  '/spamfilter/v1/settings',
  '/spamfilter/v1/stats',
  '/spamfilter/v1/alert',
  '/redirection/v1/redirect/post',
  '/redirection/v1/setting',
  '/redirection/v1/plugin',
  '/redirection/v1/plugin/test',
  '/redirection/v1/import/plugin',
  '/security/v1/authenticate',
  '/security/v1/config',
  '/security/v1/scan/issues',
  '/cal/views/v2/html',
  '/installer/v1/push/fetch-subscription',
  // translation management: one stored text, remote-service answers and the proxy (WPML pages none of them)
  '/ml/v1/custom-xml-config',
  '/ml/tm/v1/ams/synchronize/translators',
  '/ml/tm/v1/ams/synchronize/managers',
  '/ml/tm/v1/ams/status',
  '/ml/tm/v1/ams/console',
  '/ml/tm/v1/ams/engines',
  '/ml/ate/v1/ate/proxy',
  '/ml/tm/v1/ate/jobs/(?P<ateJobId>\\d+)/fix', // one job's repair answer {completed, error}
  '/core/v2/settings',
  '/core-site-health/v1/tests/loopback-requests',
  '/core-site-health/v1/tests/https-status',
  '/core-site-health/v1/tests/authorization-header',
  '/core-site-health/v1/tests/page-cache',
  '/core-site-health/v1/tests/sql-server',
  '/core-site-health/v1/directory-sizes',
  '/core-block-editor/v1/url-details',
  '/core-abilities/v1/abilities/(?P<name>[a-zA-Z0-9\\-\\/]+?)/run',
  '/oembed/1.0/embed',
  '/oembed/1.0/proxy',
  '/cal/events/v1/doc',
  '/core/v2/users/me',
  '/core/v2/users/(?P<user_id>(?:\\d+|me))/application-passwords/introspect',
]);

describe('route table', () => {
  let t: TestApp;
  let routes: RestRouteEntry[];
  beforeAll(async () => {
    t = await createTestApp();
    routes = t.app.get(RouteRegistry).routes();
  });
  afterAll(() => t.close());

  it('site index matches the committed snapshot', async () => {
    const res = await t.http().get('/wp-json/');
    expect(res.status).toBe(200);
    // gmt_offset follows daylight saving time, so it is left out
    const { gmt_offset: _offset, ...index } = res.body;
    expect(index).toMatchSnapshot();
  });

  it('every namespace index matches the committed snapshot', async () => {
    const index = await t.http().get('/wp-json/');
    for (const namespace of index.body.namespaces as string[]) {
      const res = await t.http().get(`/wp-json/${namespace}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchSnapshot(namespace);
    }
  });

  it('serves only namespaces declared in src/rest/namespaces.ts, in that order', () => {
    const served = [...new Set(routes.map((entry) => entry.namespace).filter((ns) => ns !== ''))];
    for (const namespace of served) expect(NAMESPACE_ORDER).toContain(namespace);
    const positions = served.map((namespace) => NAMESPACE_ORDER.indexOf(namespace as never));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  const anonymousCall = (endpoint: RestEndpoint, entry: RestRouteEntry): RestCall<any> => {
    const server = t.app.get(RestServer);
    const moduleRef = t.app.get(ModuleRef);
    return {
      args: {},
      user: null,
      userId: 0,
      language: 'en',
      method: endpoint.methods[0],
      route: entry.pattern,
      path: entry.pattern,
      query: {},
      headers: {},
      urls: server.urls(),
      requestId: 'route-policy',
      has: () => false,
      param: () => undefined,
      params: () => ({}),
      files: {},
      resolve: (type) => moduleRef.get(type, { strict: false }),
    };
  };

  it('lets anonymous callers write only through the named allow-list', async () => {
    const publicWrites: string[] = [];
    for (const entry of routes) {
      for (const endpoint of entry.endpoints) {
        const writes = endpoint.methods.filter((method) => method !== 'GET');
        if (writes.length === 0) continue;
        let open = endpoint.rule === Permissions.public;
        if (!open) {
          open = await Promise.resolve()
            .then(() => endpoint.permission(anonymousCall(endpoint, entry)))
            .then(
              (result) => result === true,
              () => false,
            );
        }
        if (open) publicWrites.push(...writes.map((method) => `${method} ${entry.pattern}`));
      }
    }
    expect(publicWrites.sort()).toEqual(Object.keys(PUBLIC_WRITES).sort());
  });

  it('declares page and per_page on every collection route', () => {
    const lacking: string[] = [];
    for (const entry of routes) {
      const isNamespaceIndex = entry.pattern === `/${entry.namespace}`;
      if (isNamespaceIndex || SINGLETONS.has(entry.pattern) || entry.pattern.endsWith(')')) continue;
      if (UNPAGED_LISTS[entry.pattern]) continue;
      for (const endpoint of entry.endpoints) {
        if (!endpoint.methods.includes('GET')) continue;
        if (!endpoint.args.has('page') || !endpoint.args.has('per_page')) lacking.push(entry.pattern);
      }
    }
    expect(lacking).toEqual([]);
  });

  it('states a permission rule on every endpoint a module declares', () => {
    // `permission` is always the registry's wrapper; `rule` is what the module declared. Only the server's own
    // routes (the site index, /batch/v1, the namespace indexes) have no declared rule.
    const serverRoute = (entry: RestRouteEntry) =>
      entry.pattern === '/' || entry.pattern === '/batch/v1' || entry.pattern === `/${entry.namespace}`;
    const withoutRule: string[] = [];
    for (const entry of routes) {
      for (const endpoint of entry.endpoints) {
        if (typeof endpoint.rule !== 'function' && !serverRoute(entry))
          withoutRule.push(`${endpoint.methods.join(',')} ${entry.pattern}`);
      }
    }
    expect(routes.filter((entry) => !serverRoute(entry)).length).toBeGreaterThan(100);
    expect(withoutRule).toEqual([]);
  });
});
