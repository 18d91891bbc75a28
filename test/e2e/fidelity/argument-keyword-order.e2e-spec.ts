import { golden } from '../../helpers/golden';
import { createTestApp, TestApp } from '../../helpers/test-app';

interface Endpoint {
  methods: string[];
  args: Record<string, unknown>;
}

/** Paths of every key of a JSON value in object order: `.a`, `.a.b`, ... (array items by position). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keyPaths(item, `${prefix}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [
    `${prefix}.${key}`,
    ...keyPaths(item, `${prefix}.${key}`),
  ]);
}

/** The recorded indexes and OPTIONS answers of WordPress core. */
const RECORDED = [
  'namespace-wp-v2.json',
  'posts-options.json',
  'posts-options-auth.json',
  'pages-options.json',
  'post-single-options.json',
  'comments-options.json',
  'comment-single-options.json',
  'media-options.json',
  'settings-options.json',
  'batch-options.json',
  'site-health-namespace.json',
  'oembed-namespace.json',
  'tec/tec-namespace.json',
  'akismet/namespace.json',
  'wordfence/namespace.json',
  'redirection/namespace.json',
];

/**
 * The index and OPTIONS show each argument's keywords in the order WordPress's controllers declare them (its
 * PHP arrays), which is not one order for all: `order` is description, type, default, enum; a posts `status`
 * starts with its default. JSON objects are unordered, but the text is what a client diffing answers sees.
 */
describe('fidelity: argument keywords in the order WordPress shows them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(RECORDED)('%s', async (file) => {
    const recorded = golden(file);
    const path = recorded.request.path;
    const method = recorded.request.method.toLowerCase() as 'get' | 'options';
    const res = await t.http()[method](path);
    const ours = (res.body.routes ?? { [path]: res.body }) as Record<string, { endpoints?: Endpoint[] }>;
    const theirs = (recorded.body.routes ?? { [path]: recorded.body }) as Record<
      string,
      { endpoints: Endpoint[] }
    >;
    const differences: string[] = [];
    for (const [route, data] of Object.entries(theirs)) {
      for (const endpoint of data.endpoints) {
        const mine = ours[route]?.endpoints?.find(
          (candidate) => candidate.methods.join() === endpoint.methods.join(),
        );
        if (!mine) continue;
        for (const [name, spec] of Object.entries(endpoint.args)) {
          if (!(name in mine.args)) continue;
          const shown = keyPaths(mine.args[name]);
          const expected = keyPaths(spec).filter((key) => shown.includes(key));
          const actual = shown.filter((key) => expected.includes(key));
          if (expected.join() !== actual.join()) {
            differences.push(
              `${route} ${endpoint.methods.join()} ${name}: ${actual.join(' ')} ≠ ${expected.join(' ')}`,
            );
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
