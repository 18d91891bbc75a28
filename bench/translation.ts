/**
 * Translation management benchmark: `npm run bench:translation`.
 *
 * Boots the real application on a temporary SQLite file (or `BENCH_DATABASE_URL`), bulk-inserts originals in
 * English with their Norwegian translations (one translation group each) and one completed translation job per
 * original, then times `GET ml/tm/v1/jobs` (a page of 20, newest first; filtered and sorted) and a page of posts
 * with their `ml_translations`, at 100 and at 10,000 jobs, and prints the ratios (target: within 1.5×). The response
 * and query caches are off, so every request reads the database.
 */
import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { ApplicationPasswordsService, UsersService } from '../src/platform/auth';
import {
  insertRows,
  postRow,
  printHeader,
  runBench,
  Scenario,
  sqlDate,
  startBenchApp,
  time,
  resultLine,
} from './harness';

const SIZES = [100, 10_000];

/** `count` originals (en) from id `first`, each with a translation (no), its group and a completed job. */
async function seed(
  dataSource: DataSource,
  first: number,
  count: number,
  translatorId: number,
): Promise<void> {
  const date = sqlDate(new Date(Date.UTC(2024, 0, 1)));
  const posts: Record<string, unknown>[] = [];
  const groups: Record<string, unknown>[] = [];
  const members: Record<string, unknown>[] = [];
  const jobs: Record<string, unknown>[] = [];
  const [{ maxTrid }] = (await dataSource.query(
    'SELECT MAX(id) AS maxTrid FROM ml_translation_groups',
  )) as Array<{
    maxTrid: number | null;
  }>;
  await dataSource.query(
    "INSERT INTO ml_translation_batches (batch_name, tp_id, created_at, last_sync) VALUES ('bench', NULL, ?, NULL)",
    [date],
  );
  const [{ batchId }] = (await dataSource.query(
    'SELECT MAX(id) AS batchId FROM ml_translation_batches',
  )) as Array<{
    batchId: number;
  }>;
  for (let i = 0; i < count; i++) {
    const original = first + i * 2;
    const translation = original + 1;
    const trid = Number(maxTrid ?? 0) + 1 + i;
    const day = sqlDate(new Date(Date.UTC(2024, 0, 1) + (i % 3650) * 86_400_000));
    posts.push(postRow(original, 'music', day, { slug: `original-${original}` }));
    posts.push(
      postRow(translation, 'musikk', day, {
        slug: `oversatt-${translation}`,
        language: 'no',
        title: `Innlegg ${translation}`,
      }),
    );
    groups.push({ id: trid, element_type: 'post_post' });
    members.push(
      {
        element_type: 'post_post',
        element_id: original,
        trid,
        language_code: 'en',
        source_language_code: null,
      },
      {
        element_type: 'post_post',
        element_id: translation,
        trid,
        language_code: 'no',
        source_language_code: 'en',
      },
    );
    jobs.push({
      batch_id: batchId,
      trid,
      element_type: 'post_post',
      element_id: original,
      translated_element_id: translation,
      source_language: 'en',
      target_language: 'no',
      status: i % 5 === 0 ? 2 : 10,
      needs_update: i % 7 === 0 ? 1 : 0,
      translator_id: translatorId,
      manager_id: 1,
      translation_service: 'local',
      title: `Post ${original} about music`,
      sent_date: day,
      deadline_date: null,
      completed_date: day,
      editor: 'xliff',
      automatic: 0,
      content_hash: '',
      modified: day,
    });
  }
  await insertRows(dataSource, 'posts', posts);
  await insertRows(dataSource, 'ml_translation_groups', groups);
  await insertRows(dataSource, 'ml_translations', members);
  await insertRows(dataSource, 'ml_translation_jobs', jobs);
}

async function main(): Promise<void> {
  // Both caches off: the figures are the database's work, not a cached answer.
  process.env.RESPONSE_CACHE_ENTRIES = '0';
  process.env.QUERY_CACHE_ENTRIES = '0';
  const { app, dataSource, root, close } = await startBenchApp('translation');
  const users = app.get(UsersService);
  const manager = await users.create({
    username: 'bench-manager',
    email: 'bench-manager@example.test',
    password: 'bench-manager-password',
    role: 'editor',
    name: 'Bench Manager',
  });
  const { password } = await app.get(ApplicationPasswordsService).create(manager.id, 'bench');
  const headers = { Authorization: `Basic ${Buffer.from(`bench-manager:${password}`).toString('base64')}` };
  const medians = new Map<string, number[]>();
  try {
    let seeded = 0;
    for (const size of SIZES) {
      const t0 = performance.now();
      const [{ maxId }] = (await dataSource.query('SELECT MAX(id) AS maxId FROM post_ids')) as Array<{
        maxId: number | null;
      }>;
      await seed(dataSource, Number(maxId ?? 0) + 1, size - seeded, manager.id);
      seeded = size;
      if (dataSource.options.type === 'better-sqlite3') await dataSource.query('ANALYZE');
      process.stdout.write(
        `\n== ${size.toLocaleString('en-US')} jobs (inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s) ==\n`,
      );
      printHeader();
      const scenarios: Scenario[] = [
        { name: 'jobs, 20 newest', request: () => ({ path: '/ml/tm/v1/jobs?limit=20', init: { headers } }) },
        {
          name: 'jobs, filtered+sorted',
          request: () => ({
            path: '/ml/tm/v1/jobs?limit=20&status=10&target_language=no&sorting[sent_date]=desc',
            init: { headers },
          }),
        },
        { name: 'posts page + translations', request: () => ({ path: '/core/v2/posts?per_page=20' }) },
        {
          name: 'no page + translations',
          request: () => ({ path: '/core/v2/posts?per_page=20&ml_language=no' }),
        },
      ];
      for (const scenario of scenarios) {
        if (seeded === SIZES[0]) await time(root, scenario, 30); // warm-up
        const timings = await time(root, scenario);
        process.stdout.write(`${resultLine(scenario.name, timings)}\n`);
        const sorted = [...timings].sort((a, b) => a - b);
        medians.set(scenario.name, [
          ...(medians.get(scenario.name) ?? []),
          sorted[Math.floor(sorted.length / 2)],
        ]);
      }
    }
    process.stdout.write(`\n${'ratio 10k / 100 (p50)'.padEnd(28)}\n`);
    for (const [name, [small, large]] of medians) {
      const ratio = large / small;
      process.stdout.write(
        `${name.padEnd(28)} ${ratio.toFixed(2)}x ${ratio <= 1.5 ? '(within 1.5x)' : '(ABOVE 1.5x)'}\n`,
      );
    }
  } finally {
    await close();
  }
}

runBench(main);
