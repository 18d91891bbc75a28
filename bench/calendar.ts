/**
 * Calendar read benchmark: `npm run bench:calendar`.
 *
 * Boots the real AppModule on a temporary SQLite file, bulk-inserts events (with venues, organizers,
 * categories and tags) straight into the tables, then times sequential HTTP requests against the
 * events archive and single-event routes at 1,000 and at 100,000 events.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { NestFactory } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const SCENARIO_TIME_CAP_MS = 15_000;
const CHUNK = 500;
const VENUES = 200;
const ORGANIZERS = 100;
const CATEGORIES = 20;
const TAGS = 30;
const WORDS = [
  'jazz',
  'excavator',
  'workshop',
  'demo',
  'training',
  'festival',
  'launch',
  'survey',
  'gnss',
  'meetup',
];

interface Scenario {
  name: string;
  path: () => string;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function sqlDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** Deterministic pseudo-random numbers, so runs are comparable. */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function insertRows(
  dataSource: DataSource,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  for (let offset = 0; offset < rows.length; offset += CHUNK) {
    const chunk = rows.slice(offset, offset + CHUNK);
    const placeholders = chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
    const values = chunk.flatMap((row) => columns.map((column) => row[column]));
    await dataSource.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${placeholders}`, values);
  }
}

async function seedLinked(dataSource: DataSource): Promise<void> {
  const now = sqlDate(new Date());
  const post = (i: number, prefix: string) => ({
    author_id: 1,
    status: 'publish',
    slug: `${prefix}-${i}`,
    title: `${prefix} ${i}`,
    description: '',
    password: '',
    date: now,
    date_gmt: now,
    modified: now,
    modified_gmt: now,
    language: 'en',
  });
  const random = rng(7);
  await insertRows(
    dataSource,
    'cal_venues',
    Array.from({ length: VENUES }, (_, i) => ({
      ...post(i + 1, 'venue'),
      city: 'Oslo',
      geo_lat: 59 + random() * 2,
      geo_lng: 10 + random() * 2,
    })),
  );
  await insertRows(
    dataSource,
    'cal_organizers',
    Array.from({ length: ORGANIZERS }, (_, i) => post(i + 1, 'organizer')),
  );
  await insertRows(dataSource, 'cal_terms', [
    ...Array.from({ length: CATEGORIES }, (_, i) => ({
      taxonomy: 'category',
      name: `Category ${i + 1}`,
      slug: `category-${i + 1}`,
      description: '',
      parent_id: 0,
      language: 'en',
    })),
    ...Array.from({ length: TAGS }, (_, i) => ({
      taxonomy: 'tag',
      name: `Tag ${i + 1}`,
      slug: `tag-${i + 1}`,
      description: '',
      parent_id: 0,
      language: 'en',
    })),
  ]);
}

/** Events `from`..`to` (1-based ids), starting between 30 days ago and 2 years ahead. */
async function seedEvents(dataSource: DataSource, from: number, to: number): Promise<void> {
  const random = rng(from);
  const nowMs = Date.now();
  const now = sqlDate(new Date());
  for (let start = from; start <= to; start += CHUNK * 4) {
    const end = Math.min(to, start + CHUNK * 4 - 1);
    const events: Record<string, unknown>[] = [];
    const organizers: Record<string, unknown>[] = [];
    const terms: Record<string, unknown>[] = [];
    for (let id = start; id <= end; id++) {
      const startMs = nowMs + (random() * 760 - 30) * 86_400_000;
      const startUtc = new Date(Math.floor(startMs / 60_000) * 60_000);
      const endUtc = new Date(startUtc.getTime() + (1 + Math.floor(random() * 4)) * 3_600_000);
      const word = WORDS[Math.floor(random() * WORDS.length)];
      events.push({
        id,
        author_id: 1,
        status: random() < 0.95 ? 'publish' : 'draft',
        slug: `event-${id}`,
        title: `Event ${id} ${word}`,
        description: `Description of event ${id}: a ${word} near the fjord.`,
        excerpt: '',
        password: '',
        date: now,
        date_gmt: now,
        modified: now,
        modified_gmt: now,
        language: 'en',
        start_date: sqlDate(startUtc),
        end_date: sqlDate(endUtc),
        start_date_utc: sqlDate(startUtc),
        end_date_utc: sqlDate(endUtc),
        timezone: 'UTC',
        all_day: 0,
        hide_from_listings: random() < 0.01 ? 1 : 0,
        sticky: 0,
        featured: random() < 0.1 ? 1 : 0,
        show_map: 1,
        show_map_link: 1,
        cost: random() < 0.5 ? `${Math.floor(random() * 500)} NOK` : '',
        venue_id: 1 + Math.floor(random() * VENUES),
        post_parent: 0,
      });
      const firstOrganizer = 1 + Math.floor(random() * ORGANIZERS);
      organizers.push({ event_id: id, organizer_id: firstOrganizer, position: 0 });
      if (random() < 0.3) {
        organizers.push({ event_id: id, organizer_id: (firstOrganizer % ORGANIZERS) + 1, position: 1 });
      }
      terms.push({ event_id: id, term_id: 1 + Math.floor(random() * CATEGORIES) });
      terms.push({ event_id: id, term_id: CATEGORIES + 1 + Math.floor(random() * TAGS) });
    }
    await dataSource.transaction(async (manager) => {
      const ds = manager as unknown as DataSource;
      await insertRows(ds, 'cal_events', events);
      await insertRows(ds, 'cal_event_organizers', organizers);
      await insertRows(ds, 'cal_event_terms', terms);
    });
  }
  // Rows were inserted directly, so refresh the stored term counts as the events service does on writes.
  await dataSource.query(
    "UPDATE cal_terms SET count = (SELECT COUNT(*) FROM cal_event_terms cet INNER JOIN cal_events e ON e.id = cet.event_id WHERE cet.term_id = cal_terms.id AND e.status = 'publish')",
  );
}

/** fetch with one retry: a keep-alive socket idle during seeding may have been closed by the server. */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

async function measure(base: string, scenario: Scenario): Promise<string> {
  const timings: number[] = [];
  const started = performance.now();
  for (let i = 0; i < ITERATIONS && performance.now() - started < SCENARIO_TIME_CAP_MS; i++) {
    const t0 = performance.now();
    const response = await get(`${base}${scenario.path()}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${scenario.name}: HTTP ${response.status}`);
    timings.push(performance.now() - t0);
  }
  const elapsed = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return [
    scenario.name.padEnd(22),
    String(timings.length).padStart(5),
    percentile(timings, 50).toFixed(2).padStart(9),
    percentile(timings, 95).toFixed(2).padStart(9),
    (timings.length / elapsed).toFixed(1).padStart(9),
  ].join(' ');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'calendar-bench-'));
  Object.assign(process.env, {
    DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
    LOG_LEVEL: 'silent',
    BASE_URL: 'http://127.0.0.1',
    SITE_TIMEZONE: 'UTC',
    ADMIN_PASSWORD: 'bench-admin-password',
  });
  // Imported after the environment is set: configuration is read when the modules load.
  const { AppModule } = await import('../src/app.module');
  const { configureApp } = await import('../src/app.setup');
  const app: INestApplication = await NestFactory.create(AppModule, { bodyParser: false, logger: false });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const base = `http://127.0.0.1:${address.port}/wp-json/cal/events/v1`;
  const dataSource = app.get(DataSource);
  const random = rng(42);

  try {
    const seedStart = performance.now();
    await seedLinked(dataSource);
    let seeded = 0;
    for (const size of [1_000, 100_000]) {
      const t0 = performance.now();
      await seedEvents(dataSource, seeded + 1, size);
      seeded = size;
      if (dataSource.options.type === 'better-sqlite3') await dataSource.query('ANALYZE');
      process.stdout.write(
        `\n== ${size.toLocaleString('en-US')} events (inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s) ==\n`,
      );
      const published = (
        (await dataSource.query("SELECT id FROM cal_events WHERE status = 'publish'")) as Array<{
          id: number;
        }>
      ).map((row) => Number(row.id));
      const inWeeks = (weeks: number) => sqlDate(new Date(Date.now() + weeks * 7 * 86_400_000)).slice(0, 10);
      const scenarios: Scenario[] = [
        { name: 'archive default', path: () => '/events' },
        {
          name: 'date window (30 d)',
          path: () => `/events?start_date=${inWeeks(8)}&end_date=${inWeeks(12)}`,
        },
        {
          name: 'category filter',
          path: () => `/events?categories=category-${1 + Math.floor(random() * CATEGORIES)}`,
        },
        { name: 'search', path: () => `/events?search=${WORDS[Math.floor(random() * WORDS.length)]}` },
        { name: 'single event', path: () => `/events/${published[Math.floor(random() * published.length)]}` },
      ];
      // Warm-up (statement caches, JIT).
      for (const scenario of scenarios) await get(`${base}${scenario.path()}`).then((r) => r.arrayBuffer());
      process.stdout.write(
        `${'scenario'.padEnd(22)} ${'reqs'.padStart(5)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'req/s'.padStart(9)}\n`,
      );
      for (const scenario of scenarios) process.stdout.write(`${await measure(base, scenario)}\n`);
    }
    process.stdout.write(`\nTotal ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);
  } finally {
    await app.close();
    if (process.env.BENCH_KEEP_DB) process.stdout.write(`Database kept in ${dir}\n`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
