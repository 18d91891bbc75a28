/**
 * Security benchmark: `npm run bench:security`.
 *
 * 1. Scanner: bulk-inserts 100,000 posts (1 in 500 carrying injected markup) into a temporary SQLite file and
 *    runs a full scan through ScanService, printing rows per second and the issues found.
 * 2. Firewall: the time its middleware adds to a request, timed on the middleware itself (no HTTP noise)
 *    with 1,000 blocked ranges, the request rules and rate counting on, plus p50/p95 of a cheap REST route
 *    over HTTP with the firewall enabled and disabled.
 */
import { performance } from 'node:perf_hooks';
import type { Request, Response } from 'express';
import { FirewallMiddleware, ScanService } from '../src/modules/security';
import { SecurityOptionsService } from '../src/modules/security/options/security-options.service';
import {
  insertRows,
  measure,
  postRow,
  printHeader,
  runBench,
  sqlDate,
  startBenchApp,
  WORDS,
} from './harness';

const POSTS = Number(process.env.BENCH_SECURITY_POSTS ?? 100_000);
const FIREWALL_CALLS = 5_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function seedPosts(bench: Awaited<ReturnType<typeof startBenchApp>>): Promise<number> {
  const date = sqlDate(new Date());
  let infected = 0;
  for (let start = 1; start <= POSTS; start += 2000) {
    const rows: Record<string, unknown>[] = [];
    for (let id = start; id < Math.min(POSTS + 1, start + 2000); id++) {
      const word = WORDS[id % WORDS.length];
      const bad = id % 500 === 0;
      if (bad) infected++;
      rows.push(
        postRow(1000 + id, word, date, {
          type: id % 10 === 0 ? 'page' : 'post',
          content: `<!-- wp:paragraph -->\n<p>Post ${id} is about the ${word}, with <a href="/x">a link</a> and <strong>markup</strong>.</p>\n<!-- /wp:paragraph -->${bad ? '<script src="https://evil.example/x.js"></script>' : ''}`,
        }),
      );
    }
    await bench.dataSource.transaction((manager) => insertRows(manager as never, 'posts', rows));
  }
  return infected;
}

async function firewallCallTimes(bench: Awaited<ReturnType<typeof startBenchApp>>): Promise<number[]> {
  const middleware = bench.app.get(FirewallMiddleware).handler();
  const times: number[] = [];
  for (let i = 0; i < FIREWALL_CALLS; i++) {
    const req = {
      method: 'GET',
      originalUrl: `/wp-json/cal/events/v1/events?page=${i % 7}`,
      headers: { 'x-forwarded-for': `192.0.2.${i % 256}` },
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as Request;
    const res = { writeHead: () => res, statusCode: 200 } as unknown as Response;
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) =>
      middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
    );
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

runBench(async () => {
  const bench = await startBenchApp('security');
  try {
    const t0 = performance.now();
    const infected = await seedPosts(bench);
    process.stdout.write(
      `\n== scanner: ${POSTS.toLocaleString('en-US')} posts inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s ==\n`,
    );
    const options = bench.app.get(SecurityOptionsService);
    // Content only: the password check's slow hash is not what this measures.
    await options.save({ scansEnabled_passwds: false, scansEnabled_fileContents: false });
    const scans = bench.app.get(ScanService);
    const t1 = performance.now();
    const started = await scans.start();
    if (!started.started) throw new Error(started.message);
    await scans.idle();
    const seconds = (performance.now() - t1) / 1000;
    const [{ found }] = await bench.dataSource.query(
      "SELECT COUNT(*) AS found FROM security_issues WHERE status = 'new' AND type = 'postMalware'",
    );
    const progress = await scans.progress();
    process.stdout.write(
      `scan ${progress.status} in ${seconds.toFixed(1)} s: ${Math.round(POSTS / seconds).toLocaleString('en-US')} rows/s, ${found} of ${infected} infected posts reported\n`,
    );

    const blocked = Array.from({ length: 1000 }, (_, i) => `10.${i >> 8}.${i % 256}.0/24`).join(',');
    await options.save({
      blockedIPs: blocked,
      howGetIPs_trusted_proxies: '127.0.0.1',
      maxGlobalRequests: 1_000_000,
      max404Humans: 1000,
    });
    process.stdout.write(
      `\n== firewall middleware: ${FIREWALL_CALLS.toLocaleString('en-US')} calls, 1,000 blocked ranges, 4 request rules, rate counting ==\n`,
    );
    await firewallCallTimes(bench); // warm-up
    const times = await firewallCallTimes(bench);
    process.stdout.write(
      `added per request: p50 ${(percentile(times, 50) * 1000).toFixed(1)} µs, p95 ${(percentile(times, 95) * 1000).toFixed(1)} µs, p99 ${(percentile(times, 99) * 1000).toFixed(1)} µs\n`,
    );

    process.stdout.write(
      '\n== HTTP, GET /security/v1/authenticate, firewall on and off in alternating rounds ==\n',
    );
    printHeader();
    const on: string[] = [];
    const off: string[] = [];
    for (let round = 0; round < 3; round++) {
      await options.save({ wafStatus: 'enabled' });
      on.push(
        await measure(
          bench.root,
          { name: `enabled (round ${round + 1})`, request: () => ({ path: '/security/v1/authenticate' }) },
          300,
        ),
      );
      await options.save({ wafStatus: 'disabled' });
      off.push(
        await measure(
          bench.root,
          { name: `disabled (round ${round + 1})`, request: () => ({ path: '/security/v1/authenticate' }) },
          300,
        ),
      );
    }
    process.stdout.write(`${[...on, ...off].join('\n')}\n`);
  } finally {
    await bench.close();
  }
});
