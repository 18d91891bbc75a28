import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig, ConfigError, loadConfig } from './app-config';
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
    ['ADMIN_PASSWORD', 'short'],
  ])('%s=%s stops with a message naming the variable', (name, value) => {
    const message = failureOf({ [name]: value });
    expect(message).toContain('Invalid configuration');
    expect(message).toContain(`${name}="${value}"`);
  });

  it('reports every wrong variable at once', () => {
    const message = failureOf({ PORT: 'abc', LOG_LEVEL: 'loud', SITE_TIMEZONE: 'Mars/Base' });
    expect(message).toContain('PORT="abc"');
    expect(message).toContain('LOG_LEVEL="loud"');
    expect(message).toContain('SITE_TIMEZONE="Mars/Base"');
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

  const readme = join(__dirname, '..', '..', 'README.md');
  it('README lists every configuration variable', () => {
    const text = readFileSync(readme, 'utf8');
    const missing = envVarsOf(AppConfig.prototype)
      .map((v) => v.name)
      .filter((name) => !new RegExp(`\\|\\s*\`?${name}\`?\\s*\\|`).test(text));
    expect(missing).toEqual([]);
  });
});
