import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from './app-config';
import { prepareEnvironment, resolveEnvironment } from './environment';

describe('resolveEnvironment', () => {
  let dir: string;
  const file = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'env-spec-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('adds the .env variables the process does not set', () => {
    const envFile = file('.env', '# local\nPORT=8080\nLOG_LEVEL="debug"\nSITE_NAME=From file\n');
    const { env, problems } = resolveEnvironment({ LOG_LEVEL: 'warn' }, envFile);
    expect(problems).toEqual([]);
    expect(env).toMatchObject({ PORT: '8080', LOG_LEVEL: 'warn', SITE_NAME: 'From file' });
  });

  it('is fine without a .env file', () => {
    expect(resolveEnvironment({ PORT: '1' }, join(dir, 'absent.env'))).toEqual({
      env: { PORT: '1' },
      problems: [],
    });
    expect(resolveEnvironment({ PORT: '1' }, null)).toEqual({ env: { PORT: '1' }, problems: [] });
  });

  it('reads a secret from NAME_FILE, without its final line break', () => {
    const secret = file('password', 'from-a-docker-secret\n');
    const { env, problems } = resolveEnvironment({ ADMIN_PASSWORD_FILE: secret }, null);
    expect(problems).toEqual([]);
    expect(env.ADMIN_PASSWORD).toBe('from-a-docker-secret');
  });

  it('reads NAME_FILE given in the .env file too, and the process wins over the file as a pair', () => {
    const secret = file('token', 'tok-1');
    const envFile = file('.env', `SOCIAL_API_TOKEN_FILE=${secret}\nADMIN_PASSWORD=from-dot-env\n`);
    const own = file('own', 'from-the-process');
    const { env, problems } = resolveEnvironment({ ADMIN_PASSWORD_FILE: own }, envFile);
    expect(problems).toEqual([]);
    expect(env.SOCIAL_API_TOKEN).toBe('tok-1');
    expect(env.ADMIN_PASSWORD).toBe('from-the-process');
  });

  it('offers NAME_FILE for every secret variable and for no other', () => {
    const secret = file('value', '12345678-secret');
    const env: Record<string, string> = {};
    for (const name of ['DATABASE_PASSWORD', 'ADMIN_PASSWORD', 'SPAMFILTER_KEY', 'EA_SERVICE_KEY', 'PORT'])
      env[`${name}_FILE`] = secret;
    const resolved = resolveEnvironment(env, null).env;
    expect(resolved.DATABASE_PASSWORD).toBe('12345678-secret');
    expect(resolved.ADMIN_PASSWORD).toBe('12345678-secret');
    expect(resolved.SPAMFILTER_KEY).toBe('12345678-secret');
    expect(resolved.EA_SERVICE_KEY).toBe('12345678-secret');
    expect(resolved.PORT).toBeUndefined();
  });

  it('names the problem in one line without the secret: missing or empty file, both forms set', () => {
    const empty = file('empty', '\n');
    const { problems } = resolveEnvironment(
      {
        ADMIN_PASSWORD_FILE: join(dir, 'missing'),
        SPAMFILTER_KEY_FILE: empty,
        EA_SERVICE_KEY: 'k-secret',
        EA_SERVICE_KEY_FILE: empty,
      },
      null,
    );
    expect(problems).toEqual([
      `ADMIN_PASSWORD_FILE=${JSON.stringify(join(dir, 'missing'))}: cannot read the file (ENOENT)`,
      `SPAMFILTER_KEY_FILE=${JSON.stringify(empty)}: the file is empty`,
      'EA_SERVICE_KEY and EA_SERVICE_KEY_FILE are both set: keep one of them',
    ]);
  });
});

describe('prepareEnvironment', () => {
  it('writes the resolved variables into the environment it was given and returns the configuration', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-spec-'));
    try {
      const secret = join(dir, 'db');
      writeFileSync(secret, 'mysql://site:pw@db:3306/site\n');
      const env: NodeJS.ProcessEnv = { DATABASE_URL_FILE: secret };
      const config = prepareEnvironment(env, null);
      expect(config.databaseUrl).toBe('mysql://site:pw@db:3306/site');
      expect(env.DATABASE_URL).toBe('mysql://site:pw@db:3306/site');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports file problems and bad values together, leaving the environment as it was', () => {
    const env: NodeJS.ProcessEnv = { PORT: 'abc', ADMIN_PASSWORD_FILE: '/nonexistent/secret' };
    let caught: unknown;
    try {
      prepareEnvironment(env, null);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'ADMIN_PASSWORD_FILE="/nonexistent/secret": cannot read the file (ENOENT)',
      'PORT="abc": must be a whole number from 0 to 65535',
    ]);
    expect(env).toEqual({ PORT: 'abc', ADMIN_PASSWORD_FILE: '/nonexistent/secret' });
  });
});
