/**
 * Redirect engine benchmark: `npm run bench:redirects`.
 *
 * Boots the real AppModule on a temporary SQLite file with 100, 10,000 and 100,000 plain redirects plus
 * 500 regex redirects (bulk-inserted), then times sequential site requests through the engine: a matched
 * plain redirect (301, hit counted and logged), a matched regex redirect, a miss (404, logged in the 404 log),
 * a page that passes through (200); then (at the first size: the lookup does not depend on it) the matched redirect with logging and hit tracking
 * on and off in alternating rounds, to show what the queued log writes cost the redirect.
 */
import { ApplicationPasswordsService } from '../src/platform/auth';
import { LastChanged } from '../src/platform/database';
import { matchUrlOf } from '../src/modules/redirection/engine/url';
import {
  insertRows,
  measure,
  printHeader,
  resultLine,
  runBench,
  Scenario,
  sqlDate,
  startBenchApp,
  time,
} from './harness';

const SIZES = (process.env.BENCH_REDIRECT_SIZES ?? '100,10000,100000').split(',').map(Number);
const REGEX = 500;
const NEVER = '1970-01-01 00:00:00';
const ROUNDS = 10;
const PER_ROUND = 100;

function plainRows(from: number, to: number): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (let i = from; i <= to; i++) {
    const url = `/old/section-${i % 97}/page-${i}`;
    rows.push({
      url,
      match_url: matchUrlOf(url),
      match_data: null,
      regex: 0,
      position: i,
      last_count: 0,
      last_access: NEVER,
      group_id: 1,
      status: 'enabled',
      action_type: 'url',
      action_code: 301,
      action_data: `/new/page-${i}/`,
      match_type: 'url',
      title: null,
    });
  }
  return rows;
}

function regexRows(): Record<string, unknown>[] {
  return Array.from({ length: REGEX }, (_, i) => ({
    url: `^/archive-${i}/(\\d+)/(.*)$`,
    match_url: 'regex',
    match_data: null,
    regex: 1,
    position: i,
    last_count: 0,
    last_access: NEVER,
    group_id: 1,
    status: 'enabled',
    action_type: 'url',
    action_code: 301,
    action_data: `/posts/$1/$2`,
    match_type: 'url',
    title: null,
  }));
}

async function main(): Promise<void> {
  for (const size of SIZES) {
    const { app, dataSource, root, close } = await startBenchApp('redirects');
    try {
      const site = root.replace(/\/wp-json$/, '');
      const started = Date.now();
      for (let from = 1; from <= size; from += 20_000) {
        await dataSource.transaction(async (manager) => {
          await insertRows(
            manager as never,
            'redirection_items',
            plainRows(from, Math.min(size, from + 19_999)),
          );
        });
      }
      await insertRows(dataSource, 'redirection_items', regexRows());
      const now = sqlDate(new Date());
      await insertRows(dataSource, 'posts', [
        {
          type: 'page',
          status: 'publish',
          author_id: 1,
          parent_id: 0,
          title: 'Bench page',
          content: '<p>A page that no redirect catches.</p>',
          excerpt: '',
          slug: 'bench-page',
          password: '',
          date: now,
          date_gmt: now,
          modified: now,
          modified_gmt: now,
          comment_status: 'closed',
          ping_status: 'closed',
          menu_order: 0,
          sticky: 0,
          format: 'standard',
          template: '',
          featured_media: 0,
          footnotes: '',
          inline_featured_image: 0,
          language: 'en',
        },
      ]);
      // Bulk inserts bypass TypeORM: renew the engine's stamp as a write through the API would.
      await app.get(LastChanged).renew('redirection');
      const manual: RequestInit = { redirect: 'manual' };
      const warm = Date.now();
      await fetch(`${site}/old/section-1/page-1`, manual);
      process.stdout.write(
        `\n${size} plain + ${REGEX} regex redirects (seeded in ${((warm - started) / 1000).toFixed(1)} s, index built in ${Date.now() - warm} ms)\n`,
      );
      printHeader();
      let n = 0;
      const pick = () => 1 + ((n++ * 7919) % size);
      const scenarios: Scenario[] = [
        {
          name: 'redirect (plain)',
          request: () => {
            const i = pick();
            return { path: `/old/section-${i % 97}/page-${i}`, init: manual };
          },
          expectStatus: 301,
        },
        {
          name: 'redirect (regex)',
          request: () => ({ path: `/archive-${250 + (n++ % 250)}/42/some-title`, init: manual }),
          expectStatus: 301,
        },
        {
          name: 'miss (404)',
          request: () => ({ path: `/nothing/here-${n++}`, init: manual }),
          expectStatus: 404,
        },
        {
          name: 'pass-through page',
          request: () => ({ path: '/bench-page/', init: manual }),
          expectStatus: 200,
        },
      ];
      for (const scenario of scenarios) process.stdout.write(`${await measure(site, scenario)}\n`);
      if (size !== SIZES[0]) continue;
      // Logging on against off, in alternating rounds so the shared machine's drift hits both alike. Each switch is a
      // settings write (index rebuilt: a warm-up request outside the timing).
      const { password } = await app.get(ApplicationPasswordsService).create(1, 'bench');
      const adminAuth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
      const setLogging = async (on: boolean) => {
        const response = await fetch(`${root}/redirection/v1/setting`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: adminAuth },
          body: JSON.stringify(
            on ? { expire_redirect: 7, track_hits: true } : { expire_redirect: -1, track_hits: false },
          ),
        });
        if (response.status !== 200) throw new Error(`settings: HTTP ${response.status}`);
        await fetch(`${site}/old/section-1/page-1`, manual);
      };
      const logged: number[] = [];
      const quiet: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await setLogging(true);
        logged.push(...(await time(site, scenarios[0], PER_ROUND)));
        await setLogging(false);
        quiet.push(...(await time(site, scenarios[0], PER_ROUND)));
      }
      process.stdout.write(
        `${resultLine('redirect, logged', logged)}\n${resultLine('redirect, no logging', quiet)}\n`,
      );
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const overhead = (median(logged) / median(quiet) - 1) * 100;
      process.stdout.write(`logging overhead at p50: ${overhead.toFixed(1)} %\n`);
    } finally {
      await close();
    }
  }
}

runBench(main);
