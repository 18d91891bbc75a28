/**
 * Webhooks benchmark: `npm run bench:hooks`.
 *
 * Boots the real AppModule on a temporary SQLite file (BENCH_DATABASE_URL for MySQL/MariaDB) with the webhook
 * sender on its timer, and a receiver on 127.0.0.1. Times post creation with 0, 1 and 10 webhooks subscribed (the
 * outbox row is written in every case), then the delivery lag, write answered → delivery received, of paced writes
 * to one webhook.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { ApplicationPasswordsService, UsersService } from '../src/platform/auth';
import { measure, printHeader, runBench, startBenchApp } from './harness';

const LAG_WRITES = Number(process.env.BENCH_LAG_WRITES ?? 100);
const LAG_PACE_MS = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

runBench(async () => {
  const arrivals = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: number } };
      if (!arrivals.has(String(body.data.id))) arrivals.set(String(body.data.id), performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  Object.assign(process.env, { HTTP_ALLOWED_HOSTS: `127.0.0.1:${port}`, HOOKS_POLL_MS: '200' });
  const bench = await startBenchApp('hooks');
  const { app, root } = bench;
  try {
    const admin = await app.get(UsersService).create({
      username: 'bench-admin',
      email: 'bench-admin@example.test',
      password: 'x',
      role: 'administrator',
    });
    const { password } = await app.get(ApplicationPasswordsService).create(admin.id, 'bench');
    const headers = {
      Authorization: `Basic ${Buffer.from(`bench-admin:${password}`).toString('base64')}`,
      'Content-Type': 'application/json',
    };
    const addWebhooks = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const res = await fetch(`${root}/hooks/v1/webhooks`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook/${i}`, events: ['post.*'] }),
        });
        if (res.status !== 201) throw new Error(`webhook create failed: ${res.status} ${await res.text()}`);
      }
    };
    let n = 0;
    const create = (name: string) => ({
      name,
      request: () => ({
        path: '/core/v2/posts',
        init: {
          method: 'POST',
          headers,
          body: JSON.stringify({ title: `Bench post ${(n += 1)}`, status: 'publish' }),
        },
      }),
    });
    await measure(root, create('warm-up'), 50);
    printHeader();
    const lines = [await measure(root, create('create, 0 webhooks'))];
    await addWebhooks(1);
    lines.push(await measure(root, create('create, 1 webhook')));
    await addWebhooks(9);
    lines.push(await measure(root, create('create, 10 webhooks')));
    for (const line of lines) process.stdout.write(`${line}\n`);

    // Lag: let the backlog drain, keep one webhook, then paced writes.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    for (let id = 2; id <= 10; id++) {
      await fetch(`${root}/hooks/v1/webhooks/${id}`, { method: 'PATCH', headers, body: '{"active":false}' });
    }
    arrivals.clear();
    const written = new Map<string, number>();
    for (let i = 0; i < LAG_WRITES; i++) {
      const res = await fetch(`${root}/core/v2/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: `Lag post ${i}`, status: 'publish' }),
      });
      written.set(String(((await res.json()) as { id: number }).id), performance.now());
      await new Promise((resolve) => setTimeout(resolve, LAG_PACE_MS));
    }
    const deadline = performance.now() + 30_000;
    while ([...written.keys()].some((id) => !arrivals.has(id)) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const lags = [...written]
      .filter(([id]) => arrivals.has(id))
      .map(([id, at]) => arrivals.get(id)! - at)
      .sort((a, b) => a - b);
    process.stdout.write(
      `\ndelivery lag (1 webhook, HOOKS_POLL_MS=200, ${lags.length}/${written.size} delivered): ` +
        `p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms\n`,
    );
  } finally {
    await bench.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
