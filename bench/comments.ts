/**
 * Comments benchmark: `npm run bench:comments`.
 *
 * Boots the real AppModule on a temporary SQLite file with its spam filter pointed at a small Akismet-protocol
 * service on 127.0.0.1 (answering ham after a configurable delay), bulk-inserts one post with 10 comments and
 * one with 10,000, then times the comments list of each post and the creation of comments with the service
 * answering at once and after 20 ms.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { ApplicationPasswordsService, UsersService } from '../src/platform/auth';
import { insertRows, measure, printHeader, runBench, sqlDate, startBenchApp } from './harness';

const KEY = 'benchkey0001';
const LATENCY_MS = 20;

/** The spam service: `comment-check` answers `false` after `delay.ms`; everything else at once. */
async function startSpamService(delay: { ms: number }): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const check = (req.url ?? '').endsWith('comment-check');
      setTimeout(() => res.end(check ? 'false' : 'valid'), check ? delay.ms : 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/1.1/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function commentRows(postId: number, count: number): Record<string, unknown>[] {
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const date = sqlDate(new Date(start + i * 60_000));
    return {
      post_id: postId,
      parent_id: 0,
      user_id: 0,
      author_name: `Reader ${i}`,
      author_email: `reader${i}@example.test`,
      author_url: '',
      author_ip: '192.0.2.1',
      author_agent: 'Bench/1.0',
      date,
      date_gmt: date,
      content: `Comment number ${i} on the excavator guidance post.`,
      status: '1',
      type: 'comment',
    };
  });
}

runBench(async () => {
  const delay = { ms: 0 };
  const spam = await startSpamService(delay);
  Object.assign(process.env, {
    SPAMFILTER_URL: spam.url,
    SPAMFILTER_KEY: KEY,
    SPAMFILTER_RECHECK_SECONDS: '0',
  });
  const bench = await startBenchApp('comments');
  const { app, dataSource, root } = bench;
  try {
    const editor = await app.get(UsersService).create({
      username: 'bench-editor',
      email: 'bench-editor@example.test',
      password: 'x',
      role: 'editor',
    });
    const { password } = await app.get(ApplicationPasswordsService).create(editor.id, 'bench');
    const authorization = `Basic ${Buffer.from(`bench-editor:${password}`).toString('base64')}`;
    const now = sqlDate(new Date());
    const post = (slug: string) => ({
      type: 'post',
      status: 'publish',
      author_id: editor.id,
      parent_id: 0,
      title: slug,
      content: '',
      excerpt: '',
      slug,
      date: now,
      date_gmt: now,
      modified: now,
      modified_gmt: now,
    });
    await insertRows(dataSource, 'posts', [post('small'), post('large'), post('writes')]);
    const ids = (await dataSource.query(
      "SELECT id, slug FROM posts WHERE slug IN ('small', 'large', 'writes')",
    )) as Array<{
      id: number;
      slug: string;
    }>;
    const idOf = (slug: string) => Number(ids.find((row) => row.slug === slug)!.id);
    const seedStart = performance.now();
    await insertRows(dataSource, 'comments', commentRows(idOf('small'), 10));
    await insertRows(dataSource, 'comments', commentRows(idOf('large'), 10_000));
    await dataSource.query('ANALYZE');
    process.stdout.write(
      `Seeded 10,010 comments in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n\n`,
    );

    const list = (name: string, query: string) => ({
      name,
      request: () => ({ path: `/core/v2/comments?${query}` }),
    });
    // Warm-up (JIT, statement caches), not reported.
    await measure(root, list('warm-up', `post=${idOf('small')}`), 100);
    await measure(root, list('warm-up', `post=${idOf('large')}`), 100);
    printHeader();
    const lines = [
      await measure(root, list('list, 10 comments', `post=${idOf('small')}`)),
      await measure(root, list('list, 10,000 comments', `post=${idOf('large')}`)),
      await measure(root, list('10,000, page 500', `post=${idOf('large')}&page=500`)),
      await measure(root, list('10,000, search', `post=${idOf('large')}&search=number%20999`)),
    ];
    let n = 0;
    const create = (name: string) => ({
      name,
      request: () => ({
        path: '/core/v2/comments',
        init: {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({ post: idOf('writes'), content: `Bench comment ${(n += 1)}` }),
        },
      }),
    });
    delay.ms = 0;
    lines.push(await measure(root, create('create, check at once')));
    delay.ms = LATENCY_MS;
    lines.push(await measure(root, create(`create, check ${LATENCY_MS} ms`)));
    for (const line of lines) process.stdout.write(`${line}\n`);
  } finally {
    await bench.close();
    await spam.close();
  }
});
