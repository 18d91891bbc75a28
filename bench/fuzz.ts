/**
 * Bounded-time fuzz of the whole REST surface: every route × method of the site index, as every role, with
 * random, extreme and malformed parameters (numbers past 2^53, negative offsets, over-long and odd strings,
 * wrong types, malformed JSON), 16 requests in flight, plus parallel writers on shared objects. Prints the
 * status histogram, the 5xx per route, throughput and memory, and exits 1 when any answer is a 500.
 *
 *   npm run bench:fuzz                                        # SQLite, 45 s
 *   FUZZ_SECONDS=30 BENCH_DATABASE_URL=mysql://root@127.0.0.1:3306/fuzz npm run bench:fuzz
 */
import { performance } from 'node:perf_hooks';
import { createConnection } from 'mysql2/promise';
import { ApplicationPasswordsService, Role, UsersService } from '../src/platform/auth';
import { rng, runBench, startBenchApp } from './harness';

const SECONDS = Math.min(Number(process.env.FUZZ_SECONDS ?? 45), 60);
const IN_FLIGHT = Number(process.env.FUZZ_CONCURRENCY ?? 16);
const SEED = Number(process.env.FUZZ_SEED ?? 1);
const REQUEST_TIMEOUT_MS = 15_000;

interface IndexArg {
  type?: string | string[];
  enum?: unknown[];
  items?: { type?: string };
}
interface IndexEndpoint {
  methods: string[];
  args?: Record<string, IndexArg>;
}
interface IndexRoute {
  endpoints: IndexEndpoint[];
}

const random = rng(SEED);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];

const NUMBERS = [
  0,
  1,
  2,
  -1,
  3,
  10,
  100,
  1e20,
  2 ** 53,
  -(2 ** 31),
  1.5,
  '1e20',
  'Infinity',
  'NaN',
  '',
  'abc',
  '0x10',
];
const STRINGS = [
  '',
  'a',
  'Same title',
  'x'.repeat(300),
  'y'.repeat(70_000),
  '😀'.repeat(120),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00%ff',
  'publish',
  'draft',
  'private',
  'now',
  '10000-01-01 00:00:00',
  '-0001-01-01',
  '2030-01-01 10:00:00',
  '1 week ago',
  'me',
];

function fuzzValue(arg: IndexArg | undefined): unknown {
  const roll = random();
  if (roll < 0.1) return pick([null, true, false, [], {}, [1, 'a'], { a: 1 }]);
  if (arg?.enum && roll < 0.5) return pick(arg.enum);
  const type = Array.isArray(arg?.type) ? pick(arg.type) : arg?.type;
  switch (type) {
    case 'integer':
    case 'number':
      return pick(NUMBERS);
    case 'boolean':
      return pick([true, false, 'true', '0', 'maybe']);
    case 'array':
      return Array.from({ length: Math.floor(random() * 4) }, () =>
        arg?.items?.type === 'integer' ? pick(NUMBERS) : pick(STRINGS),
      );
    case 'object':
      return pick([{}, { raw: pick(STRINGS) }, { footnotes: '' }, 'not an object']);
    default:
      return random() < 0.7 ? pick(STRINGS) : pick(NUMBERS);
  }
}

/** A concrete path for a route pattern: captures filled with known IDs, extremes or junk. */
function concretePath(pattern: string, ids: number[]): string {
  return pattern.replace(/\(\?P<(\w+)>[^)]*\)\)?/g, (_match, name: string) => {
    if (name === 'namespace') return 'core/v2';
    const roll = random();
    if (roll < 0.6 && ids.length) return String(pick(ids));
    if (roll < 0.8) return pick(['0', '1', '999999999', '9007199254740993', 'me']);
    return encodeURIComponent(pick(['abc', 'same-title', 'x'.repeat(250), '%']));
  });
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  if (databaseUrl.startsWith('mysql')) {
    const url = new URL(databaseUrl);
    const admin = await createConnection({ uri: `${url.protocol}//${url.username}@${url.host}/` });
    const name = url.pathname.slice(1);
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
  }
  const { app, root, close } = await startBenchApp('fuzz');
  const users = app.get(UsersService);
  const passwords = app.get(ApplicationPasswordsService);
  const auth: Array<string | null> = [null];
  for (const role of ['subscriber', 'contributor', 'author', 'editor', 'administrator'] as Role[]) {
    const user = await users.create({
      username: `fuzz-${role}`,
      email: `${role}@fuzz.test`,
      password: 'x',
      role,
    });
    const { password } = await passwords.create(user.id, 'fuzz');
    auth.push(`Basic ${Buffer.from(`fuzz-${role}:${password}`).toString('base64')}`);
  }
  const adminAuth = auth[auth.length - 1]!;

  const index = (await (await fetch(`${root}/`)).json()) as { routes: Record<string, IndexRoute> };
  const targets = Object.entries(index.routes).flatMap(([pattern, route]) =>
    route.endpoints.flatMap((endpoint) =>
      endpoint.methods
        .filter((method) => method !== 'OPTIONS')
        .map((method) => ({ pattern, method, endpoint })),
    ),
  );

  // A few objects to aim the ID captures at.
  const ids: number[] = [];
  for (const path of ['/core/v2/posts', '/core/v2/pages', '/core/v2/tags', '/core/v2/categories']) {
    const response = await fetch(`${root}${path}`, {
      method: 'POST',
      headers: { Authorization: adminAuth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Seed', name: `Seed ${path}`, status: 'publish' }),
    });
    const body = (await response.json()) as { id?: number };
    if (body.id) ids.push(body.id);
  }
  for (const [path, body] of [
    ['/cal/events/v1/venues', { venue: 'Seed venue' }],
    ['/cal/events/v1/organizers', { organizer: 'Seed organizer' }],
    [
      '/cal/events/v1/events',
      { title: 'Seed event', start_date: '2031-01-01 10:00', end_date: '2031-01-01 11:00' },
    ],
  ] as const) {
    const response = await fetch(`${root}${path}`, {
      method: 'POST',
      headers: { Authorization: adminAuth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const created = (await response.json()) as { id?: number };
    if (created.id) ids.push(created.id);
  }

  const statuses = new Map<number, number>();
  const failures = new Map<string, number>();
  let sent = 0;
  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;

  const one = async (): Promise<void> => {
    const target = pick(targets);
    const hot = random() < 0.15; // parallel writers on the same few objects and names
    const method = hot ? 'POST' : target.method;
    const path = hot
      ? pick(['/core/v2/tags', '/core/v2/pages', '/cal/events/v1/events'])
      : concretePath(target.pattern, ids);
    const params: Record<string, unknown> = {};
    if (hot)
      Object.assign(params, {
        name: 'Hot',
        title: 'Hot',
        start_date: '2031-03-01 10:00',
        end_date: '2031-03-01 11:00',
        status: 'publish',
      });
    else
      for (const [name, arg] of Object.entries(target.endpoint.args ?? {})) {
        if (random() < 0.45) params[name] = fuzzValue(arg);
      }
    const headers: Record<string, string> = {};
    const authorization = hot ? adminAuth : pick(auth);
    if (authorization) headers.Authorization = authorization;
    let url = `${root}${path}`;
    let body: string | undefined;
    if (method === 'GET' || method === 'DELETE') {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(params))
        query.append(name, typeof value === 'string' ? value : JSON.stringify(value));
      if ([...query].length) url += `?${query.toString()}`;
    } else {
      const form = random();
      if (form < 0.1) {
        headers['Content-Type'] = 'application/json';
        body = '{"title": "broken';
      } else if (form < 0.25) {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(
          Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(params);
      }
    }
    let status: number;
    try {
      const response = await fetch(url, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0; // no answer within the timeout
    }
    sent += 1;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 500 || status === 0) {
      const key = `${status} ${method} ${target.pattern}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  };

  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) await one();
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const elapsed = (performance.now() - started) / 1000;

  const database = databaseUrl.startsWith('mysql') ? 'MariaDB/MySQL' : 'SQLite';
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  process.stdout.write(
    `fuzz on ${database}: ${sent} requests in ${elapsed.toFixed(1)} s (${(sent / elapsed).toFixed(0)} req/s, ` +
      `${IN_FLIGHT} in flight), ${targets.length} route×method pairs, seed ${SEED}\n`,
  );
  process.stdout.write(
    `statuses: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join('  ')}\n`,
  );
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heap = process.memoryUsage();
  process.stdout.write(
    `RSS: ${mb(rssStart)} at start, ${mb(rssPeak)} peak, ${mb(heap.rss)} at end` +
      (gc
        ? `; JS heap after GC ${mb(heap.heapUsed)} of ${mb(heap.heapTotal)}, external ${mb(heap.external)}`
        : '') +
      '\n',
  );
  for (const [key, count] of [...failures].sort((a, b) => b[1] - a[1]))
    process.stdout.write(`  ${count} × ${key}\n`);
  const fiveHundreds = statuses.get(500) ?? 0;
  process.stdout.write(`${fiveHundreds} × 500\n`);
  await close();
  if (databaseUrl.startsWith('mysql')) {
    const url = new URL(databaseUrl);
    const admin = await createConnection({ uri: `${url.protocol}//${url.username}@${url.host}/` });
    await admin.query(`DROP DATABASE IF EXISTS \`${url.pathname.slice(1)}\``);
    await admin.end();
  }
  process.exit(fiveHundreds > 0 || (statuses.get(0) ?? 0) > 0 ? 1 : 0);
}

runBench(main);
