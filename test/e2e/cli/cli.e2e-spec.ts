import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { CliOutput } from '../../../src/cli/cli-output';
import { runCli } from '../../../src/cli/run-cli';
import { parseDatabaseUrl } from '../../../src/platform/database';
import { createTestDatabase } from '../../helpers/test-database';

const CSV = `Event Name,Event Description,Event Start Date,Event Start Time,Event End Date,Event End Time,All Day Event
Grading course,Learn grading,2030-09-01,9:00 am,2030-09-01,3:30 pm,FALSE
Open day,Visit us,2030-09-05,,2030-09-06,,TRUE
`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI in-process on one database (a file on SQLite, so that every command sees the previous ones' work). */
describe('command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-'));
  let url: string;
  let drop: () => Promise<void>;
  const saved = { ...process.env };

  const cli = async (...argv: string[]): Promise<Run> => {
    let stdout = '';
    let stderr = '';
    const output = new CliOutput(
      { write: (text: string) => (stdout += text) },
      { write: (text: string) => (stderr += text) },
    );
    const code = await runCli(argv, output);
    return { code, stdout, stderr };
  };

  const query = async <T = Record<string, unknown>>(sql: string, databaseUrl = url): Promise<T[]> => {
    const parsed = parseDatabaseUrl(databaseUrl);
    if (parsed.dialect === 'sqlite') {
      const db = new Database(parsed.location, { readonly: true });
      try {
        return db.prepare(sql).all() as T[];
      } finally {
        db.close();
      }
    }
    const connection = await createConnection({ uri: parsed.location });
    try {
      return (await connection.query(sql))[0] as T[];
    } finally {
      await connection.end();
    }
  };

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    url = database.url === 'sqlite::memory:' ? `sqlite:${join(dir, 'site.sqlite')}` : database.url;
    Object.assign(process.env, {
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      BASE_URL: 'http://example.test',
      SITE_TIMEZONE: 'Europe/Oslo',
      ADMIN_PASSWORD: 'admin-password-for-tests',
    });
    writeFileSync(join(dir, 'events.csv'), CSV);
  });

  afterAll(async () => {
    process.env = saved;
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('help and usage errors (exit 2), without opening the database', () => {
    const untouched = `sqlite:${join(dir, 'never', 'created.sqlite')}`;
    beforeEach(() => {
      process.env.DATABASE_URL = untouched;
    });
    afterEach(() => {
      process.env.DATABASE_URL = url;
      expect(existsSync(join(dir, 'never'))).toBe(false);
    });

    it('help lists every command and exits 0', async () => {
      const run = await cli('help');
      expect(run.code).toBe(0);
      for (const name of [
        'migrate',
        'backup',
        'search:reindex',
        'user:create',
        'user:list',
        'user:delete',
        'app-password:create',
        'app-password:revoke',
        'security:scan',
        'security:unblock',
        'comments:settings',
        'spamfilter:recheck',
        'import:ical',
        'import:csv',
        'ea:queue',
        'ea:run',
        'ea:records',
        'string:translate',
      ]) {
        expect(run.stdout).toContain(`  ${name} `);
      }
    });

    it('no command prints the list and exits 2', async () => {
      const run = await cli();
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('user:create');
    });

    it('every command has --help', async () => {
      const run = await cli('app-password:revoke', '--help');
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toContain('--uuid <uuid>');
      expect((await cli('help', 'user:delete')).stdout).toContain('--reassign <login>');
    });

    it.each([
      [['nope'], "unknown command 'nope'"],
      [['user:list', '--bogus'], "unknown option '--bogus'"],
      [['user:create', '--login', 'x'], "required option '--email <email>' not specified"],
      [['import:csv'], "missing required argument 'source'"],
      [
        ['user:create', '--login', 'x', '--email', 'x@example.test', '--role', 'king'],
        '--role must be one of',
      ],
      [
        ['ea:queue', '--origin', 'ics', '--source', 'x', '--every', 'often'],
        '--every must be a whole number',
      ],
      [['app-password:revoke', '--user', 'admin'], 'needs either --name or --uuid'],
      [['comments:settings', '--set', 'colour=blue'], 'Unknown setting colour'],
    ])('%j is a usage error', async (argv, message) => {
      const run = await cli(...argv);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stdout).toBe('');
    });
  });

  it('migrate, then user:create and user:list', async () => {
    expect(await cli('migrate')).toMatchObject({ code: 0, stdout: 'Migrations applied: 0\n' });
    const created = await cli(
      'user:create',
      '--login',
      'bob',
      '--email',
      'bob@example.test',
      '--role',
      'editor',
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Created user #\d+ bob \(editor\), password: \S{20}\n$/);
    const listed = await cli('user:list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/\tbob\tbob@example\.test\teditor\n/);
  });

  it('input the users route would refuse is a usage error; a taken login is a failure', async () => {
    const invalid = await cli('user:create', '--login', 'eve', '--email', 'not-an-address');
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('Invalid parameter(s): email');
    const taken = await cli('user:create', '--login', 'bob', '--email', 'other@example.test');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/username/i);
  });

  it('app-password:revoke removes the password named by --name or --uuid', async () => {
    const passwords = () =>
      query<{ name: string }>(
        `SELECT p.name FROM application_passwords p JOIN users u ON u.id = p.user_id WHERE u.login = 'bob' ORDER BY p.name`,
      );
    expect((await cli('app-password:create', '--user', 'bob', '--name', 'deploy')).code).toBe(0);
    const ci = await cli('app-password:create', '--user', 'bob', '--name', 'ci');
    const uuid = /\(([0-9a-f-]{36})\)/.exec(ci.stdout)?.[1] ?? '';
    expect((await passwords()).map((row) => row.name)).toEqual(['ci', 'deploy']);

    expect((await cli('app-password:revoke', '--user', 'bob', '--uuid', uuid)).code).toBe(0);
    expect((await passwords()).map((row) => row.name)).toEqual(['deploy']);
    const byName = await cli('app-password:revoke', '--user', 'bob', '--name', 'deploy');
    expect(byName).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Revoked application password deploy'),
    });
    expect(await passwords()).toEqual([]);

    const again = await cli('app-password:revoke', '--user', 'bob', '--name', 'deploy');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('bob has no application password deploy');
    expect((await cli('app-password:revoke', '--user', 'nobody', '--name', 'x')).code).toBe(1);
  });

  it('import:csv writes the events as --user; a missing file is a failure', async () => {
    const run = await cli('import:csv', join(dir, 'events.csv'), '--user', 'bob');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/: 2 events, 2 created, 0 updated, 0 unchanged, 0 failed\n$/);
    expect(run.stderr).toBe(''); // no progress bar off a terminal
    const missing = await cli('import:ical', join(dir, 'missing.ics'));
    expect(missing.code).toBe(1);
  });

  it('search:reindex indexes the events', async () => {
    expect(await cli('search:reindex')).toMatchObject({
      code: 0,
      stdout: 'Search index rebuilt: 2 objects\n',
    });
  });

  it('user:delete --reassign gives the content to another user; without it the content goes too', async () => {
    const authors = () =>
      query<{ login: string | null; n: number | string }>(
        `SELECT u.login, COUNT(*) AS n FROM cal_events e LEFT JOIN users u ON u.id = e.author_id GROUP BY u.login`,
      );
    expect((await authors()).map((row) => [row.login, Number(row.n)])).toEqual([['bob', 2]]);

    expect((await cli('user:delete', '--user', 'bob', '--reassign', 'bob')).code).toBe(1);
    const reassigned = await cli('user:delete', '--user', 'bob', '--reassign', 'admin');
    expect(reassigned.code).toBe(0);
    expect(reassigned.stdout).toMatch(/^Deleted user #\d+ bob; content reassigned to #\d+ admin\n$/);
    expect((await authors()).map((row) => [row.login, Number(row.n)])).toEqual([['admin', 2]]);
    expect(await query(`SELECT id FROM users WHERE login = 'bob'`)).toEqual([]);

    await cli('user:create', '--login', 'carol', '--email', 'carol@example.test', '--role', 'author');
    writeFileSync(
      join(dir, 'carol.csv'),
      CSV.replace(/Grading course/, 'Carol course').replace(/Open day/, 'Carol day'),
    );
    expect((await cli('import:csv', join(dir, 'carol.csv'), '--user', 'carol')).code).toBe(0);
    expect((await cli('user:delete', '--user', 'carol')).code).toBe(0);
    expect((await authors()).map((row) => [row.login, Number(row.n)])).toEqual([['admin', 2]]);
    expect((await cli('user:delete', '--user', 'carol')).code).toBe(1);
  });

  it('the job and settings commands run without network when nothing is due', async () => {
    expect(await cli('ea:run')).toMatchObject({ code: 0, stdout: 'Delivered 0, failed 0, scheduled 0\n' });
    const queued = await cli(
      'ea:queue',
      '--origin',
      'ical',
      '--source',
      'https://example.test/feed.ics',
      '--every',
      '86400',
    );
    expect(queued.code).toBe(0);
    expect(queued.stdout).toMatch(/^Queued import #\d+ \(schedule\)/);
    const records = await cli('ea:records');
    expect(records.code).toBe(0);
    expect(records.stdout).toMatch(/\tical\tschedule\t.*\thttps:\/\/example\.test\/feed\.ics\t/);
    expect((await cli('ea:queue', '--origin', 'gopher', '--source', 'x', '--every', '60')).code).toBe(1);
    expect(await cli('spamfilter:recheck')).toMatchObject({
      code: 0,
      stdout: 'Claimed 0, done 0, failed 0\n',
    });
    const scan = await cli('security:scan');
    expect(scan).toMatchObject({ code: 0, stderr: '' });
    expect(scan.stdout).toMatch(/^Scan completed: \d+ problem\(s\) found\.\n$/);
    expect(await cli('security:unblock', '--ip', '192.0.2.7')).toMatchObject({
      code: 0,
      stdout: 'Lifted 0 automatic block(s) of 192.0.2.7\n',
    });
    const settings = await cli('comments:settings', '--set', 'maxLinks=3', '--set', 'moderation=true');
    expect(settings.code).toBe(0);
    expect(JSON.parse(settings.stdout)).toMatchObject({ maxLinks: 3, moderation: true });
    expect(JSON.parse((await cli('comments:settings')).stdout)).toMatchObject({ maxLinks: 3 });
  });

  it('string:translate of an unknown string is a failure', async () => {
    const run = await cli('string:translate', '--domain', 'WP', '--name', 'No such string', '--value', 'x');
    expect(run).toMatchObject({ code: 1, stderr: 'No such string.\n' });
  });

  it('backup writes a copy that holds the data', async () => {
    const out = join(dir, 'backup.out');
    const run = await cli('backup', '--out', out);
    expect(run.code).toBe(0);
    expect(existsSync(`${out}.partial`)).toBe(false);
    const copy = await restore(out);
    try {
      const users = await query<{ login: string }>('SELECT login FROM users ORDER BY login', copy.url);
      expect(users.map((row) => row.login)).toEqual(['admin']);
      const events = await query<{ title: string }>('SELECT title FROM cal_events ORDER BY title', copy.url);
      expect(events.map((row) => row.title)).toEqual(['Grading course', 'Open day']);
    } finally {
      await copy.drop();
    }
  });

  it('backup to a place it cannot write is a failure', async () => {
    const run = await cli('backup', '--out', join(dir, 'no', 'such', 'dir', 'backup'));
    expect(run.code).toBe(1);
  });

  /** The backup as a database of its own: the SQLite file itself, or the SQL dump loaded into a new database. */
  async function restore(file: string): Promise<{ url: string; drop: () => Promise<void> }> {
    const parsed = parseDatabaseUrl(url);
    if (parsed.dialect === 'sqlite') {
      expect(readFileSync(file).subarray(0, 15).toString()).toBe('SQLite format 3');
      return { url: `sqlite:${file}`, drop: async () => undefined };
    }
    expect(readFileSync(file, 'utf8')).toMatch(/^SET NAMES utf8mb4;/);
    const target = await createTestDatabase();
    const connection = await createConnection({
      uri: parseDatabaseUrl(target.url).location,
      multipleStatements: true,
    });
    try {
      await connection.query(readFileSync(file, 'utf8'));
    } finally {
      await connection.end();
    }
    return target;
  }
});
