import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { AppConfig, ConfigError, loadConfig } from './app-config';
import { CONFIGURATION_DOC, configurationMarkdown } from './configuration-doc';
import { envVarsOf } from './env-var.decorator';

const failureOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
};

describe('loadConfig', () => {
  it('uses the defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toBeInstanceOf(AppConfig);
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.restPrefix).toBe('wp-json');
    expect(config.databaseUrl).toBe('sqlite:./data/site.sqlite');
    expect(config.migrationsRun).toBe(true);
    expect(config.siteName).toBe('3D Machine Control');
    expect(config.siteTimezone).toBe('Europe/Oslo');
    expect(config.logLevel).toBe('info');
    expect(config.bodyLimit).toBe('1mb');
    expect(config.adminUser).toBe('admin');
    expect(config.adminPassword).toBeUndefined();
    expect(config.authMaxFailures).toBe(10);
    expect(config.authFailureWindowSeconds).toBe(300);
    expect(config.geolocRadiusKm).toBe(10);
    expect(config.pageOnFront).toBe(0);
    expect(config.pageForPosts).toBe(0);
    expect(config.siteUrl).toBe('http://localhost:3000');
  });

  it('reads the allowed outgoing hosts as a list and refuses entries without a port', () => {
    expect(
      loadConfig({ HTTP_ALLOWED_HOSTS: '127.0.0.1:9000, Intranet.local:8080' }).httpAllowedHosts,
    ).toEqual(['127.0.0.1:9000', 'intranet.local:8080']);
    expect(loadConfig({}).httpAllowedHosts).toEqual([]);
    expect(failureOf({ HTTP_ALLOWED_HOSTS: 'intranet.local' })).toContain('HTTP_ALLOWED_HOSTS');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' }).port).toBe(3000);
  });

  it('reads and converts values', () => {
    const config = loadConfig({
      PORT: '8080',
      BASE_URL: 'https://www.example.org/',
      DATABASE_URL: 'mysql://u:p@db:3306/site',
      DATABASE_MIGRATIONS_RUN: 'false',
      AUTH_MAX_FAILURES: '3',
      GEOLOC_RADIUS_KM: '2.5',
      SITE_TIMEZONE: 'America/New_York',
      LOG_LEVEL: 'debug',
    });
    expect(config.port).toBe(8080);
    expect(config.siteUrl).toBe('https://www.example.org');
    expect(config.databaseUrl).toBe('mysql://u:p@db:3306/site');
    expect(config.migrationsRun).toBe(false);
    expect(config.authMaxFailures).toBe(3);
    expect(config.geolocRadiusKm).toBe(2.5);
    expect(config.siteTimezone).toBe('America/New_York');
    expect(config.logLevel).toBe('debug');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'ftp://x'],
    ['SITE_TIMEZONE', 'Mars/Base'],
    ['LOG_LEVEL', 'loud'],
    ['AUTH_MAX_FAILURES', '0'],
    ['BASE_URL', 'example.org'],
    ['DATABASE_MIGRATIONS_RUN', 'maybe'],
    ['BODY_LIMIT', 'huge'],
    ['LOG_FORMAT', 'xml'],
  ])('%s=%s stops with a message naming the variable', (name, value) => {
    const message = failureOf({ [name]: value });
    expect(message).toContain('Invalid configuration');
    expect(message).toContain(`${name}="${value}"`);
  });

  it.each([
    ['PORT', 'abc', 'must be a whole number from 0 to 65535'],
    ['AUTH_MAX_FAILURES', '0', 'must be a whole number of at least 1'],
    ['GEOLOC_RADIUS_KM', 'far', 'must be a number of at least 0.001'],
    ['LOG_LEVEL', 'loud', 'must be one of fatal, error, warn, info, debug, trace, silent'],
    ['DATABASE_MIGRATIONS_RUN', 'maybe', 'must be true or false'],
    ['BASE_URL', 'example.org', 'must be an http(s) URL'],
    ['SITE_TIMEZONE', 'Mars/Base', 'must be an IANA time zone name'],
  ])('%s=%s is one line saying what is accepted', (name, value, accepted) => {
    const message = failureOf({ [name]: value });
    expect(message.split('\n')).toEqual([expect.stringContaining(accepted)]);
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name}="`));
  });

  it('never shows a secret: a password in a URL is masked, other secret values are left out', () => {
    const url = failureOf({ DATABASE_URL: 'postgres://user:s3cr3t@db.example/site' });
    expect(url).toBe(
      'Invalid configuration: DATABASE_URL="postgres://user:***@db.example/site": must be sqlite:<file> or mysql://user:password@host:port/database',
    );
    const odd = failureOf({ DATABASE_URL: 'postgres://user:p@ss/w0rd@db.example/site' });
    expect(odd).not.toMatch(/p@ss|w0rd/);
    const password = failureOf({ ADMIN_PASSWORD: 'short' });
    expect(password).toBe(
      'Invalid configuration: ADMIN_PASSWORD (value not shown): must be at least 8 characters long',
    );
    expect(failureOf({ PORT: 'x', SPAMFILTER_KEY: 'k', SOCIAL_API_URL: 'https://a:tok@x y' })).not.toMatch(
      /tok/,
    );
  });

  it('puts the database, uploads and languages below DATA_DIR unless they are set themselves', () => {
    const config = loadConfig({ DATA_DIR: '/data/' });
    expect(config.databaseUrl).toBe('sqlite:/data/site.sqlite');
    expect(config.uploadsDir).toBe('/data/uploads');
    expect(config.mlLanguagesDir).toBe('/data/languages');
    const own = loadConfig({ DATA_DIR: '/data', UPLOADS_DIR: '/srv/media', DATABASE_URL: 'sqlite::memory:' });
    expect(own.databaseUrl).toBe('sqlite::memory:');
    expect(own.uploadsDir).toBe('/srv/media');
    expect(own.mlLanguagesDir).toBe('/data/languages');
  });

  it('puts DATABASE_PASSWORD into the MySQL URL, encoded, and refuses it without one', () => {
    const config = loadConfig({ DATABASE_URL: 'mysql://site@db:3306/site', DATABASE_PASSWORD: 'p@ss/w:rd' });
    expect(config.databaseUrl).toBe('mysql://site:p%40ss%2Fw%3Ard@db:3306/site');
    expect(new URL(config.databaseUrl).password).toBe(encodeURIComponent('p@ss/w:rd'));
    expect(failureOf({ DATABASE_PASSWORD: 'p@ss/w:rd' })).toBe(
      'Invalid configuration: DATABASE_PASSWORD is set, but DATABASE_URL is not a mysql:// URL that could use it',
    );
  });

  it('reads LOG_FORMAT', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('reports every wrong variable at once', () => {
    const message = failureOf({ PORT: 'abc', LOG_LEVEL: 'loud', SITE_TIMEZONE: 'Mars/Base' });
    expect(message.split('\n')).toEqual([
      expect.stringMatching(/^Invalid configuration: PORT="abc": /),
      expect.stringMatching(/^Invalid configuration: LOG_LEVEL="loud": /),
      expect.stringMatching(/^Invalid configuration: SITE_TIMEZONE="Mars\/Base": /),
    ]);
  });

  it('every setting is declared with a variable name and description', () => {
    const vars = envVarsOf(AppConfig.prototype);
    expect(vars.length).toBeGreaterThanOrEqual(18);
    const names = vars.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const v of vars) {
      expect(v.name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(v.description.length).toBeGreaterThan(5);
    }
  });

  it('docs/configuration.md is the page generated from these declarations (npm run docs:config)', () => {
    const file = join(__dirname, '..', '..', '..', CONFIGURATION_DOC);
    // Prettier's API needs ES modules, which this test runner does not load: its command line formats the page
    const prettier = join(dirname(require.resolve('prettier/package.json')), 'bin', 'prettier.cjs');
    const expected = execFileSync(process.execPath, [prettier, '--stdin-filepath', file], {
      input: configurationMarkdown(),
      encoding: 'utf8',
    });
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });
});
