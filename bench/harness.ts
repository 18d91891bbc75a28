/**
 * Shared by the benchmark scripts: boot the real application on a temporary SQLite file, bulk-insert rows,
 * and time sequential HTTP requests (bounded in count and time) printing median, p95 and requests/second.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource, EntityManager } from 'typeorm';
import { insertIgnore } from '../src/platform/database';
import { searchDocument, writeSearchPostings } from '../src/platform/search';

export const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const SCENARIO_TIME_CAP_MS = 15_000;
export const CHUNK = 500;

export const WORDS = [
  'excavator',
  'gnss',
  'machine',
  'control',
  'survey',
  'bucket',
  'grade',
  'laser',
  'model',
  'site',
];

export interface Scenario {
  name: string;
  /** Path under the API root (e.g. `/cal/events/v1/events`) and fetch options. */
  request: () => { path: string; init?: RequestInit };
  /** Runs before each request, outside the timing (e.g. to retire cached results). */
  prepare?: () => Promise<void>;
  /** The status every answer must have (default: any below 300). */
  expectStatus?: number;
}

export interface BenchApp {
  app: INestApplication;
  dataSource: DataSource;
  /** `http://127.0.0.1:<port>/wp-json` */
  root: string;
  close: () => Promise<void>;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function sqlDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** Deterministic pseudo-random numbers, so runs are comparable. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Post-like tables and their post type (null: the row's own `type`). */
const POST_LIKE_TABLES: Record<string, string | null> = {
  posts: null,
  cal_events: 'cal_events',
  cal_venues: 'cal_venue',
  cal_organizers: 'cal_organizer',
  media: 'attachment',
};

export async function insertRows(
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
    // Rows of post-like tables also take their IDs in the shared ID space (src/database/post-ids.ts), so
    // objects created through the API afterwards get fresh IDs.
    const type = POST_LIKE_TABLES[table];
    if (type !== undefined) {
      await dataSource.query(
        `${insertIgnore(dataSource)} post_ids (id, type) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`,
        chunk.flatMap((row) => [row.id, type ?? row.type]),
      );
    }
  }
}

/** The real AppModule with the same global setup as main.ts, listening on 127.0.0.1 with a temp SQLite file. */
export async function startBenchApp(name: string): Promise<BenchApp> {
  const dir = mkdtempSync(join(tmpdir(), `${name}-bench-`));
  Object.assign(process.env, {
    // BENCH_DATABASE_URL=mysql://… runs against an existing (empty) MySQL/MariaDB database instead.
    DATABASE_URL: process.env.BENCH_DATABASE_URL || `sqlite:${join(dir, 'bench.sqlite')}`,
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
  return {
    app,
    dataSource: app.get(DataSource),
    root: `http://127.0.0.1:${address.port}/wp-json`,
    close: async () => {
      await app.close();
      if (process.env.BENCH_KEEP_DB) process.stdout.write(`Database kept in ${dir}\n`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** fetch with one retry: a keep-alive socket idle during seeding may have been closed by the server. */
export async function send(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export function printHeader(): void {
  process.stdout.write(
    `${'scenario'.padEnd(24)} ${'reqs'.padStart(5)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'req/s'.padStart(9)} ${'cpu ms'.padStart(9)}\n`,
  );
}

/**
 * Wall-clock milliseconds per request; `cpuMs`: this process's CPU time (user + system) per request, client and
 * server together (they share the process). CPU time is what to compare on a busy machine, where other
 * tenants' load stretches the wall clock by 2-5x from one run to the next.
 */
export type Timings = number[] & { cpuMs?: number[] };

/** Times a scenario's requests sequentially (at most `iterations` requests or 15 s), in milliseconds. */
export async function time(root: string, scenario: Scenario, iterations = ITERATIONS): Promise<Timings> {
  const timings: Timings = Object.assign([], { cpuMs: [] as number[] });
  const started = performance.now();
  for (let i = 0; i < iterations && performance.now() - started < SCENARIO_TIME_CAP_MS; i++) {
    const { path, init } = scenario.request();
    await scenario.prepare?.();
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const response = await send(`${root}${path}`, init);
    await response.arrayBuffer();
    const cpu = process.cpuUsage(cpu0);
    timings.cpuMs?.push((cpu.user + cpu.system) / 1000);
    const wrong = scenario.expectStatus ? response.status !== scenario.expectStatus : response.status >= 300;
    if (wrong) throw new Error(`${scenario.name}: HTTP ${response.status}`);
    timings.push(performance.now() - t0);
  }
  return timings;
}

/** The result line of some timings: count, median, p95 and sequential requests per second. */
export function resultLine(name: string, measured: Timings): string {
  const timings = [...measured].sort((a, b) => a - b);
  const cpu = [...(measured.cpuMs ?? [])].sort((a, b) => a - b);
  // Sequential requests per second of timed work (preparation excluded).
  const elapsed = timings.reduce((sum, ms) => sum + ms, 0) / 1000;
  return [
    name.padEnd(24),
    String(timings.length).padStart(5),
    percentile(timings, 50).toFixed(2).padStart(9),
    percentile(timings, 95).toFixed(2).padStart(9),
    (timings.length / elapsed).toFixed(1).padStart(9),
    (cpu.length ? percentile(cpu, 50).toFixed(2) : '').padStart(9),
  ].join(' ');
}

/** Runs a scenario sequentially (at most `iterations` requests or 15 s) and returns its result line. */
export async function measure(root: string, scenario: Scenario, iterations = ITERATIONS): Promise<string> {
  return resultLine(scenario.name, await time(root, scenario, iterations));
}

export function runBench(main: () => Promise<void>): void {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

/** Seed rows for categories and tags; `terms` and `cal_terms` have the same columns. */
export function termRows(count: {
  categories: number;
  tags: number;
  tagTaxonomy: string;
}): Record<string, unknown>[] {
  const term = (taxonomy: string, label: string, slug: string, i: number) => ({
    taxonomy,
    name: `${label} ${i + 1}`,
    slug: `${slug}-${i + 1}`,
    description: '',
    parent_id: 0,
    count: 0,
    language: 'en',
  });
  return [
    ...Array.from({ length: count.categories }, (_, i) => term('category', 'Category', 'category', i)),
    ...Array.from({ length: count.tags }, (_, i) => term(count.tagTaxonomy, 'Tag', 'tag', i)),
  ];
}

/** Indexes bulk-inserted rows for search, as the repositories do on every save. */
export function indexForSearch(
  manager: EntityManager,
  objectType: string,
  rows: Record<string, unknown>[],
  contentColumn: string,
): Promise<void> {
  return writeSearchPostings(
    manager,
    objectType,
    rows.map((row) =>
      searchDocument(Number(row.id), {
        title: String(row.title),
        excerpt: String(row.excerpt),
        content: String(row[contentColumn]),
      }),
    ),
    { unindexed: true },
  );
}

/** A published `cal_events` row for bulk loads (one hour of UTC wall clock unless overridden). */
export function eventRow(id: number, startUtc: Date, endUtc: Date, overrides: Record<string, unknown> = {}) {
  const now = sqlDate(new Date());
  return {
    id,
    author_id: 1,
    status: 'publish',
    slug: `event-${id}`,
    title: `Event ${id}`,
    description: `<p>Description of event ${id}.</p>`,
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
    hide_from_listings: 0,
    sticky: 0,
    featured: 0,
    show_map: 1,
    show_map_link: 1,
    cost: '',
    venue_id: null,
    post_parent: 0,
    ...overrides,
  };
}

/** A published `posts` row (a post about `word`) for bulk loads. */
export function postRow(id: number, word: string, date: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    type: 'post',
    status: 'publish',
    author_id: 1,
    parent_id: 0,
    title: `Post ${id} about ${word}`,
    content: `<!-- wp:paragraph -->\n<p>Post ${id} is about the ${word}.</p>\n<!-- /wp:paragraph -->`,
    excerpt: '',
    slug: `post-${id}`,
    password: '',
    date,
    date_gmt: date,
    modified: date,
    modified_gmt: date,
    comment_status: 'open',
    ping_status: 'open',
    menu_order: 0,
    sticky: 0,
    format: 'standard',
    template: '',
    featured_media: 0,
    footnotes: '',
    inline_featured_image: 0,
    language: 'en',
    ...overrides,
  };
}
