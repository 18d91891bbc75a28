/**
 * Core content benchmark: `npm run bench:content`.
 *
 * Boots the real AppModule on a temporary SQLite file, bulk-inserts posts (with authors, categories
 * and tags) straight into the tables, then times sequential HTTP requests against `core/v2/posts`
 * (10 and 100 per page, single post) and a 25-request `POST /batch/v1`, at 1,000 and 100,000 posts.
 */
import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { ApplicationPasswordsService, UsersService } from '../src/platform/auth';
import { RouteRegistry } from '../src/platform/rest';
import { SearchObjectType } from '../src/platform/search';
import {
  CHUNK,
  indexForSearch,
  insertRows,
  measure,
  printHeader,
  rng,
  runBench,
  Scenario,
  send,
  sqlDate,
  startBenchApp,
  termRows,
  WORDS,
  postRow,
} from './harness';

const AUTHORS = 20;
const CATEGORIES = 30;
const TAGS = 60;
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
  await insertRows(
    dataSource,
    'terms',
    termRows({ categories: CATEGORIES, tags: TAGS, tagTaxonomy: 'post_tag' }),
  );
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
      posts.push(
        postRow(id, word, date, {
          status: random() < 0.95 ? 'publish' : 'draft',
          author_id: linked.authors[Math.floor(random() * linked.authors.length)],
          content: `<!-- wp:paragraph -->\n<p>Post ${id} is about the ${word}. It's long enough to render.</p>\n<!-- /wp:paragraph -->`,
        }),
      );
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
      await indexForSearch(manager, SearchObjectType.post, posts, 'content');
    });
  }
  await dataSource.query(
    "UPDATE terms SET count = (SELECT COUNT(*) FROM post_terms pt JOIN posts p ON p.id = pt.post_id WHERE pt.term_id = terms.id AND p.status = 'publish')",
  );
}

async function main(): Promise<void> {
  // Every list answered from the database: the anonymous response cache would otherwise serve repeated pages.
  process.env.RESPONSE_CACHE_ENTRIES ??= '0';
  const { app, dataSource, root, close } = await startBenchApp('content');
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
      printHeader();
      for (const scenario of scenarios) process.stdout.write(`${await measure(root, scenario)}\n`);
      if (hasBatch) process.stdout.write(`${await measure(root, batch, 40)}\n`);
      else process.stdout.write('batch 25 updates         skipped: POST /batch/v1 is not registered\n');
    }
    process.stdout.write(`\nTotal ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);
  } finally {
    await close();
  }
}

runBench(main);
