/**
 * Core content benchmark: `npm run bench:content`.
 *
 * Boots the real AppModule on a temporary SQLite file, bulk-inserts posts (with authors, categories
 * and tags) straight into the tables, then times sequential HTTP requests against `core/v2/posts`
 * (10 and 100 per page, single post) and a 25-request `POST /batch/v1`, at 1,000 and 100,000 posts.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';

const ITERATIONS = 200;
const SCENARIO_TIME_CAP_MS = 15_000;
const CHUNK = 500;
const AUTHORS = 20;
const CATEGORIES = 30;
const TAGS = 60;
const WORDS = [
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

interface Scenario {
  name: string;
  request: () => { path: string; init?: RequestInit };
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

/** Authors (users), categories and tags. Returns the ids of authors and terms. */
async function seedLinked(
  dataSource: DataSource,
): Promise<{ authors: number[]; categories: number[]; tags: number[] }> {
  const now = sqlDate(new Date());
  await insertRows(
    dataSource,
    'users',
    Array.from({ length: AUTHORS }, (_, i) => ({
      login: `bench-author-${i + 1}`,
      email: `bench-author-${i + 1}@example.test`,
      slug: `bench-author-${i + 1}`,
      display_name: `Bench Author ${i + 1}`,
      first_name: '',
      last_name: '',
      nickname: '',
      description: '',
      url: '',
      locale: '',
      role: 'author',
      password_hash: 'x',
      registered_at: now,
    })),
  );
  await insertRows(dataSource, 'terms', [
    ...Array.from({ length: CATEGORIES }, (_, i) => ({
      taxonomy: 'category',
      name: `Category ${i + 1}`,
      slug: `category-${i + 1}`,
      description: '',
      parent_id: 0,
      count: 0,
      language: 'en',
    })),
    ...Array.from({ length: TAGS }, (_, i) => ({
      taxonomy: 'post_tag',
      name: `Tag ${i + 1}`,
      slug: `tag-${i + 1}`,
      description: '',
      parent_id: 0,
      count: 0,
      language: 'en',
    })),
  ]);
  const ids = async (sql: string) =>
    ((await dataSource.query(sql)) as Array<{ id: number }>).map((row) => Number(row.id));
  return {
    authors: await ids("SELECT id FROM users WHERE login LIKE 'bench-author-%'"),
    categories: await ids("SELECT id FROM terms WHERE taxonomy = 'category' AND slug LIKE 'category-%'"),
    tags: await ids("SELECT id FROM terms WHERE taxonomy = 'post_tag'"),
  };
}

/** Posts `from`..`to` (1-based ids), dated over the last ten years, one category and two tags each. */
async function seedPosts(
  dataSource: DataSource,
  from: number,
  to: number,
  linked: { authors: number[]; categories: number[]; tags: number[] },
): Promise<void> {
  const random = rng(from);
  const nowMs = Date.now();
  for (let start = from; start <= to; start += CHUNK * 4) {
    const end = Math.min(to, start + CHUNK * 4 - 1);
    const posts: Record<string, unknown>[] = [];
    const links: Record<string, unknown>[] = [];
    for (let id = start; id <= end; id++) {
      const date = sqlDate(new Date(nowMs - Math.floor(random() * 3650 * 86_400_000)));
      const word = WORDS[Math.floor(random() * WORDS.length)];
      posts.push({
        id,
        type: 'post',
        status: random() < 0.95 ? 'publish' : 'draft',
        author_id: linked.authors[Math.floor(random() * linked.authors.length)],
        parent_id: 0,
        title: `Post ${id} about ${word}`,
        content: `<!-- wp:paragraph -->\n<p>Post ${id} is about the ${word}. It's long enough to render.</p>\n<!-- /wp:paragraph -->`,
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
      });
      const tagA = Math.floor(random() * linked.tags.length);
      links.push({
        post_id: id,
        term_id: linked.categories[Math.floor(random() * linked.categories.length)],
      });
      links.push({ post_id: id, term_id: linked.tags[tagA] });
      links.push({ post_id: id, term_id: linked.tags[(tagA + 1) % linked.tags.length] });
    }
    await dataSource.transaction(async (manager) => {
      const ds = manager as unknown as DataSource;
      await insertRows(ds, 'posts', posts);
      await insertRows(ds, 'post_terms', links);
    });
  }
  await dataSource.query(
    "UPDATE terms SET count = (SELECT COUNT(*) FROM post_terms pt JOIN posts p ON p.id = pt.post_id WHERE pt.term_id = terms.id AND p.status = 'publish')",
  );
}

/** fetch with one retry: a keep-alive socket idle during seeding may have been closed by the server. */
async function send(url: string, init?: RequestInit): Promise<Response> {
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

async function measure(root: string, scenario: Scenario, iterations = ITERATIONS): Promise<string> {
  const timings: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations && performance.now() - started < SCENARIO_TIME_CAP_MS; i++) {
    const { path, init } = scenario.request();
    const t0 = performance.now();
    const response = await send(`${root}${path}`, init);
    await response.arrayBuffer();
    if (response.status >= 300) throw new Error(`${scenario.name}: HTTP ${response.status}`);
    timings.push(performance.now() - t0);
  }
  const elapsed = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return [
    scenario.name.padEnd(24),
    String(timings.length).padStart(5),
    percentile(timings, 50).toFixed(2).padStart(9),
    percentile(timings, 95).toFixed(2).padStart(9),
    (timings.length / elapsed).toFixed(1).padStart(9),
  ].join(' ');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'content-bench-'));
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
  const { ApplicationPasswordsService, UsersService } = await import('../src/auth');
  const { RouteRegistry } = await import('../src/rest');
  const app: INestApplication = await NestFactory.create(AppModule, { bodyParser: false, logger: false });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const root = `http://127.0.0.1:${address.port}/wp-json`;
  const dataSource = app.get(DataSource);
  const random = rng(42);

  const editor = await app
    .get(UsersService)
    .create({ username: 'bench-editor', email: 'bench-editor@example.test', password: 'x', role: 'editor' });
  const { password } = await app.get(ApplicationPasswordsService).create(editor.id, 'bench');
  const authorization = `Basic ${Buffer.from(`bench-editor:${password}`).toString('base64')}`;
  const hasBatch = app
    .get(RouteRegistry)
    .routes()
    .some((route) => route.pattern === '/batch/v1');

  try {
    const seedStart = performance.now();
    const linked = await seedLinked(dataSource);
    let seeded = 0;
    for (const size of [1_000, 100_000]) {
      const t0 = performance.now();
      // Batch updates add revisions, so new posts start after the highest id.
      const [{ maxId }] = (await dataSource.query('SELECT MAX(id) AS maxId FROM posts')) as Array<{
        maxId: number | null;
      }>;
      const first = Number(maxId ?? 0) + 1;
      await seedPosts(dataSource, first, first + size - seeded - 1, linked);
      seeded = size;
      if (dataSource.options.type === 'better-sqlite3') await dataSource.query('ANALYZE');
      process.stdout.write(
        `\n== ${size.toLocaleString('en-US')} posts (inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s) ==\n`,
      );
      const published = (
        (await dataSource.query("SELECT id FROM posts WHERE type = 'post' AND status = 'publish'")) as Array<{
          id: number;
        }>
      ).map((row) => Number(row.id));
      const pick = () => published[Math.floor(random() * published.length)];
      const scenarios: Scenario[] = [
        {
          name: 'list 10 per page',
          request: () => ({ path: `/core/v2/posts?page=${1 + Math.floor(random() * 20)}` }),
        },
        {
          name: 'list 100 per page',
          request: () => ({ path: `/core/v2/posts?per_page=100&page=${1 + Math.floor(random() * 5)}` }),
        },
        {
          name: 'list category filter',
          request: () => ({
            path: `/core/v2/posts?categories=${linked.categories[Math.floor(random() * CATEGORIES)]}`,
          }),
        },
        {
          name: 'list search',
          request: () => ({ path: `/core/v2/posts?search=${WORDS[Math.floor(random() * WORDS.length)]}` }),
        },
        { name: 'single post', request: () => ({ path: `/core/v2/posts/${pick()}` }) },
        { name: 'single post _embed', request: () => ({ path: `/core/v2/posts/${pick()}?_embed=1` }) },
      ];
      const batch: Scenario = {
        name: 'batch 25 updates',
        request: () => ({
          path: '/batch/v1',
          init: {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: authorization },
            body: JSON.stringify({
              requests: Array.from({ length: 25 }, () => ({
                method: 'PUT',
                path: `/core/v2/posts/${pick()}`,
                body: { title: `Updated ${Math.floor(random() * 1e9)}` },
              })),
            }),
          },
        }),
      };
      // Warm-up (statement caches, JIT).
      for (const scenario of scenarios) {
        const { path } = scenario.request();
        await send(`${root}${path}`).then((r) => r.arrayBuffer());
      }
      process.stdout.write(
        `${'scenario'.padEnd(24)} ${'reqs'.padStart(5)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'req/s'.padStart(9)}\n`,
      );
      for (const scenario of scenarios) process.stdout.write(`${await measure(root, scenario)}\n`);
      if (hasBatch) process.stdout.write(`${await measure(root, batch, 40)}\n`);
      else process.stdout.write('batch 25 updates         skipped: POST /batch/v1 is not registered\n');
    }
    process.stdout.write(`\nTotal ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
