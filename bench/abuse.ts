/**
 * The abuse scenarios of issue 27, each printed as a figure: one request or one visitor must not stall the site.
 * Bounded in time (every request has a time limit), loopback only.
 *
 *   npm run bench:abuse                                                    # SQLite
 *   BENCH_DATABASE_URL=mysql://root@127.0.0.1:3306/abuse npm run bench:abuse   # MariaDB (created and dropped)
 *   ABUSE_ONLY=regex,lockout npm run bench:abuse                           # some scenarios
 */
import { request as httpRequest, IncomingMessage, OutgoingHttpHeaders, Server } from 'node:http';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createConnection } from 'mysql2/promise';
import { ApplicationPasswordsService, UsersService } from '../src/platform/auth';
import { BenchApp, runBench, startBenchApp } from './harness';

const REQUEST_TIMEOUT_MS = 120_000;

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
  ms: number;
}

interface Context {
  bench: BenchApp;
  port: number;
  adminAuth: string;
  /** Sends one request to the app; the body as given (string or JSON). */
  call: (
    method: string,
    path: string,
    options?: { headers?: OutgoingHttpHeaders; body?: unknown },
  ) => Promise<Answer>;
}

function call(port: number) {
  return (
    method: string,
    path: string,
    options: { headers?: OutgoingHttpHeaders; body?: unknown } = {},
  ): Promise<Answer> => {
    const started = performance.now();
    const body =
      options.body === undefined
        ? undefined
        : typeof options.body === 'string' || Buffer.isBuffer(options.body)
          ? options.body
          : JSON.stringify(options.body);
    const headers: OutgoingHttpHeaders = { ...options.headers };
    if (
      body !== undefined &&
      !headers['content-type'] &&
      typeof options.body === 'object' &&
      !Buffer.isBuffer(body)
    )
      headers['content-type'] = 'application/json';
    return new Promise((resolve) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method, path, headers, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, headers: {}, body: '', ms: performance.now() - started }));
      if (body !== undefined) req.write(body);
      req.end();
    });
  };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const print = (line: string) => process.stdout.write(`${line}\n`);

/** `/health` sent once `path` has reached the server (so it queues behind it if that request blocks). */
async function healthDuring(context: Context, path: string, headers: OutgoingHttpHeaders = {}) {
  const server = context.bench.app.getHttpServer() as Server;
  let health: Promise<Answer> | undefined;
  const onRequest = (req: IncomingMessage) => {
    if (req.url === path && !health) health = context.call('GET', '/health');
  };
  server.prependListener('request', onRequest);
  try {
    const stuck = await context.call('GET', path, { headers });
    return { stuck, health: await (health ?? context.call('GET', '/health')) };
  } finally {
    server.removeListener('request', onRequest);
  }
}

/** Settings a scenario needs (set before its application starts). */
const scenarioEnv: Record<string, Record<string, string>> = {
  frozen: { DATABASE_QUERY_TIMEOUT_MS: '1000', DATABASE_POOL_SIZE: '2' },
};

const scenarios: Record<string, (context: Context) => Promise<void>> = {
  /** Item 1: a catastrophic redirect source and user-agent condition. */
  async regex(context) {
    const create = (body: Record<string, unknown>) =>
      context.call('POST', '/wp-json/redirection/v1/redirect', {
        headers: { authorization: context.adminAuth },
        body: { match_type: 'url', action_type: 'url', group_id: 1, action_data: { url: '/x' }, ...body },
      });
    const saved = await create({ url: '^/(a+)+$', regex: true });
    print(`regex: source ^/(a+)+$ saved: ${saved.status}`);
    const idle = await context.call('GET', '/health');
    print(`regex: /health idle: ${ms(idle.ms)}`);
    for (const length of [30, 8000]) {
      const { stuck, health } = await healthDuring(context, `/${'a'.repeat(length)}!`);
      print(
        `regex: GET /${'a'.repeat(Math.min(length, 3))}…(${length} a)! ${stuck.status} in ${ms(stuck.ms)}; /health meanwhile ${health.status} in ${ms(health.ms)}`,
      );
    }
    await create({
      url: '/agent-check',
      match_type: 'agent',
      action_data: { regex: true, agent: '^(a+)+$', url_from: '/bots', url_notfrom: '/humans' },
    });
    const { stuck, health } = await healthDuring(context, '/agent-check', {
      'user-agent': `${'a'.repeat(30)}!`,
    });
    print(
      `regex: agent condition ^(a+)+$, 31-character agent: ${stuck.status} in ${ms(stuck.ms)}; /health meanwhile ${health.status} in ${ms(health.ms)}`,
    );
    const refused = await create({ url: '^/(a)\\1$', regex: true });
    print(`regex: backreference source refused: ${refused.status} ${refused.body}`);
  },

  /** Item 2: wrong passwords from one address (every client behind an undeclared proxy) lock logins only. */
  async lockout(context) {
    const wrong = `Basic ${Buffer.from('abuse-admin:wrong-password').toString('base64')}`;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 25; i++) {
      const answer = await context.call('GET', '/wp-json/core/v2/users/me', {
        headers: { authorization: wrong },
      });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    print(
      `lockout: 25 wrong passwords: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')}`,
    );
    const rows: Array<[string, string, OutgoingHttpHeaders]> = [
      ['/health', 'GET /health', {}],
      ['/wp-json/core/v2/posts', 'anonymous GET posts', {}],
      ['/', 'anonymous GET / (page)', {}],
      ['/wp-json/core/v2/users/me', 'valid login, same address', { authorization: context.adminAuth }],
    ];
    for (const [path, label, headers] of rows) {
      const answer = await context.call('GET', path, { headers });
      print(`lockout: then ${label}: ${answer.status} in ${ms(answer.ms)}`);
    }
  },

  /** Item 4: two parallel updates of different fields of one event, ten rounds. */
  async 'lost-update'(context) {
    const headers = { authorization: context.adminAuth };
    let lost = 0;
    const rounds = 10;
    for (let round = 0; round < rounds; round++) {
      const created = await context.call('POST', '/wp-json/cal/events/v1/events', {
        headers,
        body: {
          title: `Race ${round}`,
          start_date: '2031-03-10 10:00:00',
          end_date: '2031-03-10 12:00:00',
          timezone: 'Europe/Oslo',
        },
      });
      const id = (JSON.parse(created.body) as { id: number }).id;
      const path = `/wp-json/cal/events/v1/events/${id}`;
      await Promise.all([
        context.call('POST', path, { headers, body: { all_day: true } }),
        context.call('POST', path, { headers, body: { timezone: 'UTC' } }),
      ]);
      const event = JSON.parse((await context.call('GET', path, { headers })).body) as {
        all_day: boolean;
        timezone: string;
      };
      if (!(event.all_day === true && event.timezone === 'UTC')) lost++;
    }
    print(`lost-update: event {all_day} ‖ {timezone}: a field lost in ${lost} of ${rounds} rounds`);
  },

  /** Item 5: the inputs that were the last 500s. */
  async 'last-500s'(context) {
    const headers = { authorization: context.adminAuth };
    const rows: Array<[string, string, string, unknown]> = [
      ['GET events ?venue=Infinity', 'GET', '/wp-json/cal/events/v1/events?venue=Infinity', undefined],
      ['GET events ?organizer=1e400', 'GET', '/wp-json/cal/events/v1/events?organizer=1e400', undefined],
      [
        'GET categories, 60,000-char search',
        'GET',
        '/wp-json/core/v2/categories',
        { search: 'x'.repeat(60_000) },
      ],
      ['GET users, 60,000-char search', 'GET', '/wp-json/core/v2/users', { search: 'x'.repeat(60_000) }],
      [
        'POST ams/engines, 10,000-deep body',
        'POST',
        '/wp-json/ml/tm/v1/ams/engines',
        `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      ],
    ];
    for (const [label, method, path, body] of rows) {
      const answer = await context.call(method, path, {
        headers: { ...headers, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      const code = answer.body.startsWith('{') ? (JSON.parse(answer.body) as { code?: string }).code : '';
      print(`last-500s: ${label}: ${answer.status} ${code ?? ''}`);
    }
  },

  /** Item 3 (MySQL/MariaDB): 200 writes while the table is locked, 2 pool connections, 1 s timeout. */
  async frozen(context) {
    const url = process.env.BENCH_DATABASE_URL ?? '';
    if (!url.startsWith('mysql')) {
      print('frozen: MySQL/MariaDB only (set BENCH_DATABASE_URL)');
      return;
    }
    const blocker = await createConnection({ uri: url });
    const headers = { authorization: context.adminAuth };
    await context.call('GET', '/wp-json/core/v2/users/me', { headers });
    let answers: Answer[];
    try {
      await blocker.query('LOCK TABLES posts WRITE');
      answers = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          context.call('POST', '/wp-json/core/v2/posts', { headers, body: { title: `Frozen ${index}` } }),
        ),
      );
    } finally {
      await blocker.query('UNLOCK TABLES');
      await blocker.end();
    }
    const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const statuses = new Map<number, number>();
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    print(
      `frozen: 200 writes, table locked, timeout 1 s, pool 2: ${[...statuses].map(([s, c]) => `${s}×${c}`).join(' ')}; ` +
        `median ${ms(times[100])}, slowest ${ms(times[199])}, over 5 s: ${times.filter((t) => t > 5000).length}`,
    );
    const after = await context.call('POST', '/wp-json/core/v2/posts', { headers, body: { title: 'After' } });
    print(`frozen: after unlocking: ${after.status} in ${ms(after.ms)}`);
  },

  /** Item 7: client-controlled Host and paths. */
  async trust(context) {
    const headers = { authorization: context.adminAuth };
    await context.call('POST', '/wp-json/redirection/v1/setting', {
      headers,
      body: { preferred_domain: 'www' },
    });
    const foreign = await context.call('GET', '/page/', { headers: { host: 'evil.invalid' } });
    const own = await context.call('GET', '/page/', { headers: { host: '127.0.0.1' } });
    print(
      `trust: preferred_domain www, Host evil.invalid: ${foreign.status} ${foreign.headers.location ?? '(no Location)'}; own host: ${own.status} ${own.headers.location ?? '(no Location)'}`,
    );
    await context.call('POST', '/wp-json/redirection/v1/setting', {
      headers,
      body: { preferred_domain: '', relocate: 'https://elsewhere.example' },
    });
    const health = await context.call('GET', '/health');
    print(`trust: relocate set, GET /health: ${health.status} ${health.headers.location ?? '(no Location)'}`);
  },

  /** Item 6: pixel bombs (one over the limit, four just under it in parallel) and a body that stops arriving. */
  async memory(context) {
    const { deflateSync, crc32 } = await import('node:zlib');
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const png = (width: number, height: number) => {
      const header = Buffer.alloc(13);
      header.writeUInt32BE(width, 0);
      header.writeUInt32BE(height, 4);
      header.set([1, 0, 0, 0, 0], 8);
      const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
      return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', header),
        chunk('IDAT', deflateSync(raw, { level: 9 })),
        chunk('IEND', Buffer.alloc(0)),
      ]);
    };
    const upload = (data: Buffer, name: string) =>
      context.call('POST', '/wp-json/core/v2/media', {
        headers: {
          authorization: context.adminAuth,
          'content-type': 'image/png',
          'content-disposition': `attachment; filename="${name}"`,
        },
        body: data,
      });
    const mb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
    const bomb = png(10_000, 9_900);
    const refused = await upload(bomb, 'bomb.png');
    print(
      `memory: ${Math.round(bomb.length / 1024)} KB PNG declaring 99 MP: ${refused.status} in ${ms(refused.ms)}`,
    );
    const start = mb();
    let peak = start;
    const sampler = setInterval(() => (peak = Math.max(peak, mb())), 50);
    const started = performance.now();
    const four = await Promise.all([0, 1, 2, 3].map((i) => upload(png(7_000, 7_000), `big-${i}.png`)));
    clearInterval(sampler);
    print(
      `memory: four 49 MP PNGs in parallel: ${four.map((a) => a.status).join(' ')} in ${ms(performance.now() - started)}; RSS ${start} → peak ${peak} MB`,
    );
    const slow = await new Promise<{ status: string; ms: number }>((resolve) => {
      const begun = performance.now();
      const socket = connect(context.port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (data: string) => (received += data));
      socket.on('close', () => resolve({ status: received.split('\r\n')[0], ms: performance.now() - begun }));
      socket.write(
        `POST /wp-json/core/v2/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1073741824\r\n\r\n${'x'.repeat(1024)}`,
      );
    });
    print(`memory: body declared 1 GiB, 1 KB sent: "${slow.status}" after ${ms(slow.ms)}`);
  },
};

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const mysqlAdmin = async () => {
    const url = new URL(databaseUrl);
    return {
      name: url.pathname.slice(1),
      admin: await createConnection({ uri: `${url.protocol}//${url.username}@${url.host}/` }),
    };
  };
  const freshDatabase = async () => {
    if (!databaseUrl.startsWith('mysql')) return;
    const { name, admin } = await mysqlAdmin();
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
  };
  const only = (process.env.ABUSE_ONLY ?? '').split(',').filter(Boolean);
  print(`abuse scenarios on ${databaseUrl.startsWith('mysql') ? 'MariaDB/MySQL' : 'SQLite'}`);
  for (const [name, scenario] of Object.entries(scenarios)) {
    if (only.length && !only.includes(name)) continue;
    // A fresh application and database per scenario: a lock-out or a frozen pool must not colour the next one.
    await freshDatabase();
    const savedEnv = { ...process.env };
    Object.assign(process.env, scenarioEnv[name] ?? {});
    const bench = await startBenchApp(`abuse-${name}`);
    const users = bench.app.get(UsersService);
    const passwords = bench.app.get(ApplicationPasswordsService);
    const user = await users.create({
      username: `abuse-admin`,
      email: 'admin@abuse.test',
      password: 'x',
      role: 'administrator',
    });
    const { password } = await passwords.create(user.id, 'abuse');
    const port = (bench.app.getHttpServer() as Server).address() as { port: number };
    const context: Context = {
      bench,
      port: port.port,
      adminAuth: `Basic ${Buffer.from(`abuse-admin:${password}`).toString('base64')}`,
      call: call(port.port),
    };
    try {
      await scenario(context);
    } finally {
      await bench.close();
      process.env = savedEnv;
    }
  }
  if (databaseUrl.startsWith('mysql')) {
    const { name, admin } = await mysqlAdmin();
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.end();
  }
  process.exit(0);
}

runBench(main);
