/**
 * `npm run bench:http`: the HTTP load benchmark of issue 12. Starts the built service (dist/src/main.js) twice on
 * one fresh SQLite file, once with every cache off (the cost of the first request after a write) and once as
 * configured, seeds 26 published posts and 26 events through the API, then runs autocannon (16 connections)
 * against each request of the table, plus a bare node:http server sending the post list's bytes, for a few
 * rounds. Prints req/s, p50/p99 latency and the ratio to the bare server (median round), then each server's
 * resident memory after every round.
 *
 * BENCH_LOADER (`wrk`, the default, with `wrk -t2` as the issue measured when wrk is installed, else autocannon;
 * `autocannon` forces autocannon), BENCH_DURATION (seconds per measurement, default 1), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (16),
 * BENCH_NODE_FLAGS (the service's node flags; default those of `npm start`, `none` for none),
 * BENCH_ONLY (run only the requests whose name contains this text),
 * LOG_LEVEL (default info, the production default; the log is read and dropped), DATABASE_URL (default a fresh
 * SQLite file; with a mysql:// URL a fresh database is created next to the one named, and dropped afterwards).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createConnection } from 'mysql2/promise';

const DURATION = Number(process.env.BENCH_DURATION ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'info';
const ADMIN_PASSWORD = 'bench-admin-password';
const BOOT_TIMEOUT_MS = 20_000;
/** `wrk` (default, when installed) or `autocannon`. */
const LOADER = process.env.BENCH_LOADER ?? 'wrk';

interface Service {
  name: string;
  child: ChildProcess;
  base: string;
}

interface Row {
  name: string;
  path: string;
  auth?: boolean;
  /** Sends the ETag of the first answer back as If-None-Match (expects 304). */
  conditional?: boolean;
  /** A post is updated every WRITE_INTERVAL_MS while the load runs (content writes, no setting changed). */
  whileWriting?: boolean;
}

const WRITE_INTERVAL_MS = 10;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Server CPU time (user + system) per answered request, in ms: steadier than req/s on a busy machine. */
  cpuMs: number;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU seconds a process has used so far (Linux /proc). */
function cpuSeconds(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** The heap flags of `npm start`, read from package.json; BENCH_NODE_FLAGS replaces them (`none`: no flags). */
const NODE_FLAGS: string[] =
  process.env.BENCH_NODE_FLAGS !== undefined
    ? process.env.BENCH_NODE_FLAGS.split(' ').filter((flag) => flag && flag !== 'none')
    : ((
        JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
          scripts: Record<string, string>;
        }
      ).scripts.start.match(/--max-[a-z-]+=\d+/g) ?? []);

const CACHES_OFF = { RESPONSE_CACHE_ENTRIES: '0', QUERY_CACHE_ENTRIES: '0', AUTH_CACHE_SECONDS: '0' };

function startService(name: string, port: number, env: Record<string, string>): Promise<Service> {
  // With the heap flags of `npm start` (package.json), so the memory figures are those of the service as deployed.
  const child = spawn(process.execPath, [...NODE_FLAGS, join(__dirname, '..', 'src', 'main.js')], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name}: no start within ${BOOT_TIMEOUT_MS} ms`)),
      BOOT_TIMEOUT_MS,
    );
    let buffered = '';
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString('utf8');
      if (!buffered.includes('Listening on')) return;
      clearTimeout(timer);
      // From here on the log is read and dropped, as a log shipper would take it.
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve({ name, child, base: `http://127.0.0.1:${port}` });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${buffered}`)));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function api(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; auth?: string } = {},
): Promise<{ status: number; headers: Headers; body: any; bytes: Buffer }> {
  const response = await fetch(`${base}/wp-json${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.auth ? { Authorization: init.auth } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status >= 400) throw new Error(`${path}: HTTP ${response.status} ${bytes.toString('utf8')}`);
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.parse(bytes.toString('utf8')),
    bytes,
  };
}

const PARAGRAPH =
  'The excavator\'s "3D machine control" keeps the bucket on grade -- no stakes, no string lines... ' +
  'Operators see the design model in the cab & the GNSS receivers on the house give the position to 2 cm.';

async function seed(base: string, auth: string): Promise<{ postId: number; eventId: number }> {
  let postId = 0;
  let eventId = 0;
  const zones = ['Europe/Oslo', 'America/New_York', 'UTC', 'Asia/Tokyo'];
  for (let i = 1; i <= 26; i++) {
    const post = await api(base, '/core/v2/posts', {
      method: 'POST',
      auth,
      body: {
        title: `Machine control "${i}" -- from survey to grade`,
        content: `<!-- wp:paragraph --><p>${PARAGRAPH}</p><!-- /wp:paragraph -->\n\n${PARAGRAPH}\n\n${PARAGRAPH}`,
        status: 'publish',
      },
    });
    postId = post.body.id;
    // Inside the archive's default window (yesterday to two years ahead).
    const day = new Date(Date.now() + i * 5 * 86_400_000).toISOString().slice(0, 10);
    const event = await api(base, '/cal/events/v1/events', {
      method: 'POST',
      auth,
      body: {
        title: `Demo day ${i}: excavator "3D" training`,
        description: `<p>${PARAGRAPH}</p>\n\n${PARAGRAPH}`,
        excerpt: 'Hands-on -- bring your boots.',
        start_date: `${day} 09:00:00`,
        end_date: `${day} 15:30:00`,
        timezone: zones[i % zones.length],
        status: 'publish',
      },
    });
    eventId = event.body.id;
  }
  return { postId, eventId };
}

/** wrk's path when it is installed (the issue's load generator: lighter on the shared cores than autocannon). */
const WRK = LOADER === 'wrk' ? findWrk() : undefined;

function findWrk(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = join(dir, 'wrk');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

async function load(url: string, headers: Record<string, string>, pid: number | undefined): Promise<Figures> {
  const cpuBefore = cpuSeconds(pid);
  const measured = WRK
    ? await loadWithWrk(WRK, url, headers)
    : await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }).then((result) => ({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        total: result.requests.total,
      }));
  const cpu = cpuSeconds(pid) - cpuBefore;
  const { total, ...figures } = measured;
  return { ...figures, cpuMs: total > 0 ? (cpu * 1000) / total : 0 };
}

/** `wrk -t2 -c16 --latency`, as the issue measured; its text report read back (3xx count as answered). */
function loadWithWrk(
  wrk: string,
  url: string,
  headers: Record<string, string>,
): Promise<Omit<Figures, 'cpuMs'> & { total: number }> {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const child = spawn(wrk, [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => {
      const ms = (label: string): number => {
        const found = new RegExp(`${label}\\s+([\\d.]+)(us|ms|s)`).exec(text);
        if (!found) return 0;
        const scale = found[2] === 'us' ? 0.001 : found[2] === 's' ? 1000 : 1;
        return Math.round(Number(found[1]) * scale * 100) / 100;
      };
      resolve({
        rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0),
        p50: ms('50%'),
        p99: ms('99%'),
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0),
        total: Number(/(\d+) requests in/.exec(text)?.[1] ?? 0),
      });
    });
  });
}

/** Updates a post's title every WRITE_INTERVAL_MS until stopped (one write at a time). */
function keepWriting(base: string, auth: string, postId: number): { stop: () => Promise<void> } {
  let running = true;
  let written = 0;
  const loop = (async () => {
    while (running) {
      written++;
      await api(base, `/core/v2/posts/${postId}`, {
        method: 'POST',
        auth,
        body: { title: `Machine control, revision ${written}` },
      });
      await new Promise((resolve) => setTimeout(resolve, WRITE_INTERVAL_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** A bare node:http server in its own process, answering every request with the post list's bytes and headers. */
async function startBare(
  dir: string,
  bytes: Buffer,
  headers: Headers,
): Promise<{ child: ChildProcess; url: string }> {
  const copied: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) copied[name] = value;
  });
  copied['content-length'] = String(bytes.length);
  writeFileSync(join(dir, 'bare.body'), bytes);
  writeFileSync(join(dir, 'bare.headers'), JSON.stringify(copied));
  const port = await freePort();
  const script = `
    const { readFileSync } = require('node:fs');
    const body = readFileSync(process.argv[1] + '/bare.body');
    const headers = JSON.parse(readFileSync(process.argv[1] + '/bare.headers', 'utf8'));
    require('node:http').createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('Listening on\\n'));`;
  const child = spawn(process.execPath, ['-e', script, dir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return { child, url: `http://127.0.0.1:${port}/` };
}

/** The round with the median req/s, with the median CPU per request of all rounds. */
function median(values: Figures[]): Figures {
  const middle = <T>(list: T[], by: (item: T) => number): T =>
    [...list].sort((a, b) => by(a) - by(b))[Math.floor(list.length / 2)];
  return {
    ...middle(values, (figures) => figures.rps),
    cpuMs: middle(values, (figures) => figures.cpuMs).cpuMs,
  };
}

/** A fresh MySQL/MariaDB database beside the one `url` names; returns its URL and how to drop it. */
async function freshMysqlDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = new URL(url);
  const name = `bench_http_${process.pid}`;
  const admin = new URL(url);
  admin.pathname = '/';
  const run = async (sql: string) => {
    const connection = await createConnection({ uri: admin.toString() });
    await connection.query(sql);
    await connection.end();
  };
  await run(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  server.pathname = `/${name}`;
  return { url: server.toString(), drop: () => run(`DROP DATABASE IF EXISTS \`${name}\``) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'http-bench-'));
  const mysql = process.env.DATABASE_URL?.startsWith('mysql:')
    ? await freshMysqlDatabase(process.env.DATABASE_URL)
    : undefined;
  const databaseUrl = mysql?.url ?? `sqlite:${join(dir, 'bench.sqlite')}`;
  const common = { DATABASE_URL: databaseUrl, LOG_LEVEL, ADMIN_PASSWORD, SITE_TIMEZONE: 'Europe/Oslo' };
  const services: Service[] = [];
  let bare: { child: ChildProcess; url: string } | undefined;
  try {
    // The first start migrates and creates the administrator, printing its application password.
    const bootstrapPort = await freePort();
    const first = spawn(process.execPath, [join(__dirname, '..', 'src', 'main.js')], {
      env: { ...process.env, ...common, LOG_LEVEL: 'info', PORT: String(bootstrapPort), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const appPassword = await new Promise<string>((resolve, reject) => {
      let text = '';
      first.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const found = /application password: ([a-zA-Z0-9]{4}(?: [a-zA-Z0-9]{4}){5})/.exec(text);
        if (found && text.includes('Listening on')) resolve(found[1]);
      });
      first.once('exit', (code) => reject(new Error(`bootstrap exited with ${code}: ${text}`)));
    });
    first.kill('SIGTERM');
    await new Promise((resolve) => first.once('exit', resolve));
    const auth = `Basic ${Buffer.from(`admin:${appPassword}`).toString('base64')}`;

    const uncached = await startService('uncached', await freePort(), { ...common, ...CACHES_OFF });
    services.push(uncached);
    const cached = await startService('cached', await freePort(), common);
    services.push(cached);

    const { postId, eventId } = await seed(cached.base, auth);
    const list = await api(cached.base, '/core/v2/posts');
    const events = await api(cached.base, '/cal/events/v1/events');
    if (list.body.length !== 10 || events.body.events.length !== 10) {
      throw new Error(
        `seeding failed: ${list.body.length} posts, ${events.body.events.length} events listed`,
      );
    }
    bare = await startBare(dir, list.bytes, list.headers);

    const allRows: Row[] = [
      { name: 'core/v2/posts (10)', path: '/core/v2/posts' },
      { name: 'core/v2/posts/{id}', path: `/core/v2/posts/${postId}` },
      { name: '/ (site index)', path: '/' },
      { name: 'cal/events/v1/events (10)', path: '/cal/events/v1/events' },
      { name: 'cal/events/v1/events/{id}', path: `/cal/events/v1/events/${eventId}` },
      { name: 'core/v2/posts?_embed', path: '/core/v2/posts?_embed' },
      { name: 'core/v2/users/me (app pw)', path: '/core/v2/users/me', auth: true },
      { name: 'posts, If-None-Match', path: '/core/v2/posts', conditional: true },
      { name: '/ (site index), posts written meanwhile', path: '/', whileWriting: true },
    ];
    const only = process.env.BENCH_ONLY;
    const rows = only ? allRows.filter((row) => row.name.includes(only)) : allRows;
    const sizes = new Map<string, number>();
    for (const row of rows) {
      const answer = await api(cached.base, row.path, { auth: row.auth ? auth : undefined });
      sizes.set(row.name, answer.bytes.length);
    }
    const results = new Map<string, Figures[]>();
    const record = (key: string, figures: Figures): void => {
      results.set(key, [...(results.get(key) ?? []), figures]);
    };
    const memory: string[] = [];
    const started = Date.now();
    for (let round = 1; round <= ROUNDS; round++) {
      record('bare', await load(bare.url, {}, bare.child.pid));
      for (const row of rows) {
        const headers: Record<string, string> = row.auth ? { authorization: auth } : {};
        for (const service of [uncached, cached]) {
          const url = `${service.base}/wp-json${row.path}`;
          if (row.conditional) {
            const etag = (await fetch(url)).headers.get('etag');
            if (!etag) continue;
            headers['if-none-match'] = etag;
          }
          const writer = row.whileWriting ? keepWriting(service.base, auth, postId) : undefined;
          try {
            record(`${row.name}|${service.name}`, await load(url, headers, service.child.pid));
          } finally {
            await writer?.stop();
          }
        }
      }
      memory.push(
        `round ${round}: ${services.map((service) => `${service.name} ${rssMb(service.child.pid)} MB`).join(', ')}`,
      );
    }
    const bareFigures = median(results.get('bare') ?? []);
    const cell = (figures: Figures | undefined): string =>
      figures
        ? `${Math.round(figures.rps).toLocaleString('en-US')} req/s, p50 ${figures.p50} / p99 ${figures.p99} ms, ${(figures.rps / bareFigures.rps).toFixed(3)}×, cpu ${figures.cpuMs.toFixed(2)} ms${figures.non2xx ? ` (${figures.non2xx} non-2xx)` : ''}`
        : 'n/a';
    process.stdout.write(
      `${WRK ? 'wrk -t2' : 'autocannon'}, ${CONNECTIONS} connections, ${DURATION} s per measurement, median of ${ROUNDS} rounds; LOG_LEVEL=${LOG_LEVEL}; ${databaseUrl.split(':')[0]}\n\n`,
    );
    process.stdout.write('| request | bytes | uncached (caches off) | cached |\n| --- | --- | --- | --- |\n');
    for (const row of rows) {
      const pick = (service: string) => {
        const values = results.get(`${row.name}|${service}`);
        return values ? median(values) : undefined;
      };
      process.stdout.write(
        `| \`${row.name}\` | ${sizes.get(row.name) ?? ''} | ${cell(pick('uncached'))} | ${cell(pick('cached'))} |\n`,
      );
    }
    process.stdout.write(
      `| bare node:http, post-list bytes | ${list.bytes.length} | ${cell(bareFigures)} | |\n\n`,
    );
    process.stdout.write(`Resident memory after each round:\n${memory.join('\n')}\n`);
    process.stdout.write(`Load time ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    bare?.child.kill('SIGTERM');
    for (const service of services) service.child.kill('SIGTERM');
    await Promise.all(
      services.map((service) =>
        service.child.exitCode === null
          ? new Promise((resolve) => service.child.once('exit', resolve))
          : null,
      ),
    );
    rmSync(dir, { recursive: true, force: true });
    await mysql?.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
