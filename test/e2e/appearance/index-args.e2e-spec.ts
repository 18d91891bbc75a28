import { golden } from '../../helpers/golden';
import { createTestApp, TestApp } from '../../helpers/test-app';

type Args = Record<string, Record<string, unknown>>;
interface Endpoint {
  methods: string[];
  args: Args | [];
}

/** The recorded WordPress 6.1 index, for the routes of this family. */
const ROUTES = [
  '/core/v2/themes',
  '/core/v2/themes/(?P<stylesheet>[^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)',
  '/core/v2/plugins',
  '/core/v2/plugins/(?P<plugin>[^.\\/]+(?:\\/[^.\\/]+)?)',
  '/core/v2/block-types',
  '/core/v2/block-types/(?P<namespace>[a-zA-Z0-9_-]+)',
  '/core/v2/block-types/(?P<namespace>[a-zA-Z0-9_-]+)/(?P<name>[a-zA-Z0-9_-]+)',
  '/core/v2/block-patterns/patterns',
  '/core/v2/block-patterns/categories',
  '/core/v2/menus',
  '/core/v2/menus/(?P<id>[\\d]+)',
  '/core/v2/menu-locations',
  '/core/v2/menu-locations/(?P<location>[\\w-]+)',
];

/**
 * Documented differences: the spec's `ml_language` everywhere, the shared `offset` minimum, meta without `properties`,
 * and no `default: null` on the menus' `post` (a default is validated here, and null is no integer).
 */
function comparable(args: Args | []): Args {
  const result: Args = {};
  for (const [name, spec] of Object.entries(Array.isArray(args) ? {} : args)) {
    if (name === 'ml_language') continue;
    const { minimum, properties, ...rest } = spec;
    if (name === 'post' && rest.default === null) delete rest.default;
    result[name] = name === 'offset' ? rest : name === 'meta' ? rest : { ...rest, minimum, properties };
    for (const key of Object.keys(result[name]))
      if (result[name][key] === undefined) delete result[name][key];
  }
  return result;
}

describe('core/v2 theme, plugin, block and menu routes in the namespace index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("declare WordPress's arguments, keyword by keyword, for the methods served", async () => {
    const ours = (await t.http().get('/wp-json/core/v2')).body.routes;
    const real = golden('namespace-wp-v2.json').body.routes;
    for (const route of ROUTES) {
      const served: Endpoint[] = ours[route].endpoints;
      for (const endpoint of real[route].endpoints as Endpoint[]) {
        const match = served.find((candidate) => candidate.methods.join() === endpoint.methods.join());
        // plugins are read-only here: WordPress's install, update and delete endpoints are not served
        if (!match && route.startsWith('/core/v2/plugins') && endpoint.methods[0] !== 'GET') continue;
        expect({
          route,
          methods: endpoint.methods,
          args: match && JSON.stringify(comparable(match.args)),
        }).toEqual({
          route,
          methods: endpoint.methods,
          args: JSON.stringify(comparable(endpoint.args)),
        });
      }
    }
  });
});
