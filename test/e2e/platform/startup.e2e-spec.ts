import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../helpers/free-port';

// The built entry points as an operator runs them, in child processes (a fresh temporary folder as the working
// directory, an environment of their own: nothing of the suite's).
const repo = join(__dirname, '..', '..', '..');
const MAIN = join(repo, 'dist', 'src', 'main.js');
const CLI = join(repo, 'dist', 'src', 'cli.js');

let dir: string;
const baseEnv = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir });

beforeAll(() => {
  execFileSync(process.execPath, [join(repo, 'scripts', 'build-if-stale.mjs')], { stdio: 'inherit' });
}, 600_000);
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'startup-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (entry: string, env: NodeJS.ProcessEnv, args: string[] = []) =>
  spawnSync(process.execPath, [entry, ...args], {
    cwd: dir,
    env: { ...baseEnv(), ...env },
    encoding: 'utf8',
  });

describe('a bad setting', () => {
  it.each([
    ['server', MAIN, []],
    ['CLI', CLI, ['user:list']],
  ])(
    'stops the %s with one line naming it and what is accepted, no secret, no stack',
    (_name, entry, args) => {
      const result = run(entry, { DATABASE_URL: 'postgres://user:secret@host/db' }, args);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        'Invalid configuration: DATABASE_URL="postgres://user:***@host/db": must be sqlite:<file> or mysql://user:password@host:port/database\n',
      );
    },
  );

  it('is found in the .env file of the working directory and in NAME_FILE secrets', () => {
    writeFileSync(join(dir, '.env'), `PORT=abc\nADMIN_PASSWORD_FILE=${join(dir, 'missing')}\n`);
    const result = run(MAIN, {});
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      `Invalid configuration: ADMIN_PASSWORD_FILE=${JSON.stringify(join(dir, 'missing'))}: cannot read the file (ENOENT)`,
      'Invalid configuration: PORT="abc": must be a whole number from 0 to 65535',
      '',
    ]);
  });

  it('the CLI prints its help without a database', () => {
    const result = run(CLI, { DATABASE_URL: 'mysql://nobody@127.0.0.1:1/none' }, ['help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: npm run cli -- [options] [command]');
    expect(result.stdout).toContain('user:create');
  });
});

/** A server child process and everything it has printed so far. */
interface Server {
  child: ChildProcess;
  stdout: () => string;
  stopped: Promise<number | null>;
}

function startServer(env: NodeJS.ProcessEnv): Server {
  const child = spawn(process.execPath, [MAIN], { cwd: dir, env: { ...baseEnv(), ...env } });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.resume();
  const stopped = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, stdout: () => stdout, stopped };
}

/** Resolves when the server has printed `text`; rejects if it exits first. */
function printed(server: Server, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!server.stdout().includes(text)) return;
      server.child.stdout?.off('data', check);
      resolve();
    };
    server.child.stdout?.on('data', check);
    void server.stopped.then(() => reject(new Error(`exited before printing ${text}:\n${server.stdout()}`)));
    check();
  });
}

async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  await server.stopped;
}

describe('first start', () => {
  it('prints the administrator credentials once, at the end of start-up, and they work', async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: join(dir, 'data'),
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      LOG_FORMAT: 'json',
    };
    const first = startServer(env);
    try {
      await printed(first, 'app-password:create.\n====');
    } finally {
      await stop(first);
    }
    const lines = first.stdout().split('\n');
    const listening = lines.indexOf(`Listening on http://127.0.0.1:${port}/wp-json/`);
    const started = lines.findIndex((line) => line.includes('Nest application successfully started'));
    expect(started).toBeGreaterThanOrEqual(0);
    expect(listening).toBeGreaterThan(started);
    const block = lines.slice(listening + 1).join('\n');
    expect(block).toMatch(/login: +admin\n/);
    expect(block).not.toMatch(/login password/i);
    const curl = /curl -u '([^']+)' (\S+)/.exec(block);
    expect(curl?.[2]).toBe(`http://127.0.0.1:${port}/wp-json/core/v2/users/me`);
    // no JSON line carries a secret
    const applicationPassword = /application password: (.+)/.exec(block)?.[1] ?? '';
    expect(applicationPassword).toMatch(/^(\w{4} ){5}\w{4}$/);
    expect(lines.filter((line) => line.startsWith('{') && line.includes(applicationPassword))).toEqual([]);

    const second = startServer(env);
    try {
      await printed(second, 'Listening on');
      const res = await fetch(curl?.[2] ?? '', {
        headers: { authorization: `Basic ${Buffer.from(curl?.[1] ?? '').toString('base64')}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { slug: string }).slug).toBe('admin');
    } finally {
      await stop(second);
    }
    expect(second.stdout()).not.toContain('First start');
  }, 120_000);
});
