import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  getMetadataStorage,
  validateSync,
} from 'class-validator';
import { DateTime } from 'luxon';
import { EnvVar, envVarsOf } from './env-var.decorator';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  return value;
};

function isValidTimeZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}

/**
 * Every setting of the service, read once from the environment at start-up.
 * A wrong value stops the start with a message naming the variable.
 */
export class AppConfig {
  @EnvVar({ name: 'PORT', description: 'HTTP port to listen on.', defaultText: '3000' })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  port = 3000;

  @EnvVar({ name: 'HOST', description: 'Interface to listen on.', defaultText: '0.0.0.0' })
  @IsString()
  host = '0.0.0.0';

  @EnvVar({
    name: 'BASE_URL',
    description: 'Public URL of the site, used in every link the API hands out (no trailing slash).',
    defaultText: 'http://localhost:$PORT',
  })
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'must be an http(s) URL' })
  baseUrl?: string;

  @EnvVar({ name: 'REST_PREFIX', description: 'Path prefix of the REST API.', defaultText: 'wp-json' })
  @Matches(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, { message: 'must be a path segment like wp-json' })
  restPrefix = 'wp-json';

  @EnvVar({
    name: 'DATA_DIR',
    description:
      'Folder of everything the service writes: the SQLite database, uploads and language files (each movable by its own variable below).',
    defaultText: './data',
  })
  @MinLength(1)
  dataDir = './data';

  @EnvVar({
    name: 'DATABASE_URL',
    secret: true,
    description:
      'Database: `sqlite:<file>` (embedded; `sqlite::memory:` for a throwaway database) or `mysql://user:pass@host:port/db` (MySQL/MariaDB).',
    defaultText: 'sqlite:$DATA_DIR/site.sqlite',
  })
  @Matches(/^(sqlite:.+|mysql:\/\/.+|mariadb:\/\/.+)$/, {
    message: 'must be sqlite:<file> or mysql://user:password@host:port/database',
  })
  databaseUrl = 'sqlite:./data/site.sqlite';

  @EnvVar({
    name: 'DATABASE_PASSWORD',
    secret: true,
    description:
      'Password of the MySQL/MariaDB user, put into `DATABASE_URL` (any characters; e.g. from a Docker secret with `DATABASE_PASSWORD_FILE`).',
    defaultText: '(none)',
  })
  @IsOptional()
  @IsString()
  databasePassword?: string;

  @EnvVar({
    name: 'DATABASE_MIGRATIONS_RUN',
    description: 'Run pending migrations at start-up.',
    defaultText: 'true',
  })
  @Transform(toBool)
  @IsBoolean()
  migrationsRun = true;

  @EnvVar({
    name: 'DATABASE_QUERY_TIMEOUT_MS',
    description:
      'Longest wait for one database query (MySQL/MariaDB) or lock (SQLite) before the request is answered 503 `db_unavailable`.',
    defaultText: '5000',
  })
  @Transform(toInt)
  @IsInt()
  @Min(100)
  databaseQueryTimeoutMs = 5000;

  @EnvVar({
    name: 'DATABASE_POOL_SIZE',
    description:
      'Connections in the MySQL/MariaDB pool (each one holds its socket and read buffers); SQLite ignores it.',
    defaultText: '10',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  databasePoolSize = 10;

  @EnvVar({
    name: 'SITE_NAME',
    description: 'Site title (`name` in the site index).',
    defaultText: '3D Machine Control',
  })
  @IsString()
  siteName = '3D Machine Control';

  @EnvVar({
    name: 'SITE_DESCRIPTION',
    description: 'Tagline (`description` in the site index).',
    defaultText: '3D machine control for excavators',
  })
  @IsString()
  siteDescription = '3D machine control for excavators';

  @EnvVar({
    name: 'SITE_TIMEZONE',
    description: 'Site time zone, an IANA name; `gmt_offset` and `timezone_string` are derived from it.',
    defaultText: 'Europe/Oslo',
  })
  @IsString()
  siteTimezone = 'Europe/Oslo';

  @EnvVar({
    name: 'LOG_LEVEL',
    description: 'Log level: fatal, error, warn, info, debug, trace or silent.',
    defaultText: 'info',
  })
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  logLevel = 'info';

  @EnvVar({
    name: 'LOG_FORMAT',
    description:
      '`pretty` (one readable line per request), `json` (one JSON object per line, for log collectors) or `auto`: pretty when stdout is a terminal.',
    defaultText: 'auto',
  })
  @IsIn(['auto', 'json', 'pretty'])
  logFormat: 'auto' | 'json' | 'pretty' = 'auto';

  @EnvVar({ name: 'BODY_LIMIT', description: 'Largest accepted request body.', defaultText: '1mb' })
  @Matches(/^\d+(b|kb|mb)$/i, { message: 'must look like 512kb or 1mb' })
  bodyLimit = '1mb';

  @EnvVar({
    name: 'ADMIN_USER',
    description: 'Login of the administrator created on a fresh database.',
    defaultText: 'admin',
  })
  @MinLength(1)
  adminUser = 'admin';

  @EnvVar({
    name: 'ADMIN_PASSWORD',
    secret: true,
    description:
      'Login password stored for that administrator (random when unset). The REST API accepts application passwords only: the one printed at first start.',
  })
  @IsOptional()
  @MinLength(8)
  adminPassword?: string;

  @EnvVar({
    name: 'ADMIN_EMAIL',
    description: 'E-mail of that administrator.',
    defaultText: 'admin@example.com',
  })
  @IsString()
  adminEmail = 'admin@example.com';

  @EnvVar({
    name: 'AUTH_MAX_FAILURES',
    description: 'Failed HTTP Basic logins allowed per client address within the window before 429.',
    defaultText: '10',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  authMaxFailures = 10;

  @EnvVar({
    name: 'AUTH_FAILURE_WINDOW_SECONDS',
    description: 'Window (and lock-out time) for counting failed logins, in seconds.',
    defaultText: '300',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  authFailureWindowSeconds = 300;

  @EnvVar({
    name: 'TRUSTED_PROXIES',
    description:
      'Proxies whose `X-Forwarded-For` names the client (comma-separated addresses or CIDRs, or `loopback`); empty: the header is ignored.',
    defaultText: '(none)',
  })
  @IsString()
  trustedProxies = '';

  @EnvVar({
    name: 'QUERY_CACHE_ENTRIES',
    description:
      'Archive results (page IDs and totals) kept in memory, reused until the next write to their tables; 0 turns the cache off.',
    defaultText: '1000',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  queryCacheEntries = 1000;

  @EnvVar({
    name: 'RESPONSE_CACHE_ENTRIES',
    description:
      'Anonymous GET answers kept in memory until the next write to the database by any process; 0 turns the cache off.',
    defaultText: '1000',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  responseCacheEntries = 1000;

  @EnvVar({
    name: 'RESPONSE_CACHE_SECONDS',
    description:
      'Longest time a cached anonymous answer is served (answers that change with the clock alone); 0 turns it off.',
    defaultText: '30',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  responseCacheSeconds = 30;

  @EnvVar({
    name: 'AUTH_CACHE_SECONDS',
    description:
      'Seconds a verified application password is trusted until a user or password changes; 0 verifies every request.',
    defaultText: '60',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  authCacheSeconds = 60;

  @EnvVar({
    name: 'GEOLOC_RADIUS_KM',
    description: 'Radius of the calendar `geoloc_lat`/`geoloc_lng` event filter, in kilometres.',
    defaultText: '10',
  })
  @Transform(({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value))
  @Min(0.001)
  geolocRadiusKm = 10;

  @EnvVar({
    name: 'CALENDAR_CURRENCY_SYMBOL',
    description: 'Currency symbol shown with event costs that carry none (TEC default currency symbol).',
    defaultText: '$',
  })
  @IsString()
  calendarCurrencySymbol = '$';

  @EnvVar({
    name: 'CALENDAR_CURRENCY_POSITION',
    description: 'Where that symbol goes: `prefix` (`$10`) or `postfix` (`10$`).',
    defaultText: 'prefix',
  })
  @IsIn(['prefix', 'postfix'])
  calendarCurrencyPosition: 'prefix' | 'postfix' = 'prefix';

  @EnvVar({
    name: 'CALENDAR_CURRENCY_CODE',
    description: 'ISO 4217 code of that currency (`priceCurrency` of events in JSON-LD).',
    defaultText: 'USD',
  })
  @IsString()
  calendarCurrencyCode = 'USD';

  @EnvVar({
    name: 'SITE_PAGE_ON_FRONT',
    description: 'ID of the page shown on the front page (0: latest posts).',
    defaultText: '0',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  pageOnFront = 0;

  @EnvVar({
    name: 'SITE_PAGE_FOR_POSTS',
    description: 'ID of the page that lists posts (0: none).',
    defaultText: '0',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  pageForPosts = 0;

  @EnvVar({
    name: 'HTTP_ALLOWED_HOSTS',
    description:
      "Comma-separated `host:port` pairs that outgoing requests for user-given URLs (oEmbed proxy, URL details) may reach even on private or loopback addresses; the site's own host is always allowed.",
    defaultText: '(none)',
  })
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean)
      : value,
  )
  @IsString({ each: true })
  @Matches(/^[a-z0-9.\-[\]:]+:\d+$/, { each: true, message: 'each entry must be host:port' })
  httpAllowedHosts: string[] = [];

  @EnvVar({
    name: 'INSTALLER_SUBSCRIPTION_URL',
    description:
      'Where `installer/v1/push/fetch-subscription` refreshes the subscription data from (a JSON GET); unset: the push is acknowledged and nothing is fetched.',
    defaultText: '(none)',
  })
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  installerSubscriptionUrl?: string;

  @EnvVar({
    name: 'SOCIAL_API_URL',
    description:
      'Base URL of the Instagram-Graph-style API behind `bld/social` (e.g. `https://graph.instagram.com`); unset: those routes answer 503.',
    defaultText: '(none)',
  })
  @IsOptional()
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  socialApiUrl?: string;

  @EnvVar({
    name: 'SOCIAL_API_TOKEN',
    secret: true,
    description: 'Access token sent to `SOCIAL_API_URL`.',
    defaultText: '(none)',
  })
  @IsOptional()
  @IsString()
  socialApiToken?: string;

  @EnvVar({
    name: 'SOCIAL_CACHE_SECONDS',
    description: 'How long `bld/social` answers are kept (in the database, for every instance).',
    defaultText: '900',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  socialCacheSeconds = 900;

  @EnvVar({
    name: 'REDIRECTION_LOG_FLUSH_MS',
    description:
      'Redirect hits, redirect-log and 404-log rows are written in batches at most this many milliseconds after the request.',
    defaultText: '1000',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  redirectionLogFlushMs = 1000;

  @EnvVar({
    name: 'REDIRECTION_EXPIRY_CHECK_SECONDS',
    description:
      'How often each instance offers to run the daily redirect/404 log expiry (one instance runs it, claimed in the database).',
    defaultText: '3600',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  redirectionExpiryCheckSeconds = 3600;

  @EnvVar({
    name: 'SPAMFILTER_URL',
    description:
      'Base URL of the spam-filter service (Akismet protocol); `comment-check` etc. are appended to it.',
    defaultText: 'https://rest.akismet.com/1.1/',
  })
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'must be an http(s) URL' })
  spamFilterUrl = 'https://rest.akismet.com/1.1/';
  @EnvVar({
    name: 'SPAMFILTER_KEY',
    secret: true,
    description:
      'Spam-filter API key fixed by configuration (the API then answers 409 to changing or deleting it).',
    defaultText: '(none)',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  spamFilterKey?: string;
  @EnvVar({
    name: 'SPAMFILTER_TIMEOUT_MS',
    description: 'Longest wait for one call to the spam-filter service, in milliseconds.',
    defaultText: '5000',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  spamFilterTimeoutMs = 5000;
  @EnvVar({
    name: 'SPAMFILTER_RECHECK_SECONDS',
    description: 'How often the background job re-checks comments the service could not check (0: never).',
    defaultText: '60',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  spamFilterRecheckSeconds = 60;
  @EnvVar({
    name: 'HOOKS_POLL_MS',
    description:
      'How often the background sender looks for webhook events to deliver, in milliseconds; it keeps going while it finds work (0: never; the tests run it).',
    defaultText: '500',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  hooksPollMs = 500;
  @EnvVar({
    name: 'HOOKS_TIMEOUT_MS',
    description: 'Longest wait for a webhook target to answer one delivery, in milliseconds.',
    defaultText: '10000',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  hooksTimeoutMs = 10000;
  @EnvVar({
    name: 'SPAMFILTER_RETRY_SECONDS',
    description:
      'Delay before the first re-check after a failed call; doubled after each failure, at most 6 hours.',
    defaultText: '60',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  spamFilterRetrySeconds = 60;

  @EnvVar({
    name: 'SECURITY_CONSOLE_PUBLIC_KEY',
    description:
      "The security console's Ed25519 public key (64 hex characters) that signs `security/v1/authenticate-premium`; unset: premium sign-in is refused.",
  })
  @IsOptional()
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'must be 64 hex characters' })
  securityConsolePublicKey?: string;
  @EnvVar({
    name: 'SECURITY_FIREWALL_SYNC_MS',
    description:
      'How often (ms) each instance re-reads firewall blocks and options from the database and writes its request counters there (0: on every request).',
    defaultText: '1000',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  securityFirewallSyncMs = 1000;
  @EnvVar({
    name: 'SECURITY_SCAN_STALE_SECONDS',
    description:
      'A running scan whose instance has not reported for this long is marked interrupted (its instance stopped).',
    defaultText: '60',
  })
  @Transform(toInt)
  @IsInt()
  @Min(5)
  securityScanStaleSeconds = 60;
  @EnvVar({
    name: 'SECURITY_BUILD_MANIFEST',
    description:
      'Checksum manifest of the built files that the scan compares them with (`npm run build` writes `dist/build-manifest.json`, the default when running the build; unset when running from sources: the file check is skipped).',
  })
  @IsOptional()
  @IsString()
  securityBuildManifest?: string;

  @EnvVar({
    name: 'EA_SERVICE_URL',
    description: 'Base URL of the event import service (empty: no remote imports; the callbacks still work).',
    defaultText: '(none)',
  })
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'must be an http(s) URL' })
  eaServiceUrl?: string;
  @EnvVar({
    name: 'EA_SERVICE_KEY',
    secret: true,
    description: 'Licence key sent to the import service with every call.',
    defaultText: '(none)',
  })
  @IsOptional()
  @IsString()
  eaServiceKey?: string;
  @EnvVar({
    name: 'EA_TIMEOUT_MS',
    description: 'Time limit of one call to the import service, in milliseconds.',
    defaultText: '10000',
  })
  @Transform(toInt)
  @IsInt()
  @Min(100)
  eaTimeoutMs = 10000;
  @EnvVar({
    name: 'EA_BATCH_INTERVAL',
    description: 'Seconds between import batches the callback answers (clamped to 10-600).',
    defaultText: '10',
  })
  @Transform(toInt)
  @IsInt()
  eaBatchInterval = 10;
  @EnvVar({
    name: 'EA_JOB_SECONDS',
    description:
      'How often the import job asks the service to deliver queued and scheduled imports (0: never).',
    defaultText: '60',
  })
  @Transform(toInt)
  @IsInt()
  @Min(0)
  eaJobSeconds = 60;

  @EnvVar({
    name: 'UPLOADS_DIR',
    description:
      "Folder of the media library's files (`YYYY/MM/name.ext` below it), served at `/wp-content/uploads/`.",
    defaultText: '$DATA_DIR/uploads',
  })
  @IsString()
  @MinLength(1)
  uploadsDir = './data/uploads';

  @EnvVar({
    name: 'MEDIA_MAX_UPLOAD_BYTES',
    description: 'Largest file accepted by `core/v2/media` uploads, in bytes.',
    defaultText: '10485760',
  })
  @Transform(toInt)
  @IsInt()
  @Min(1)
  mediaMaxUploadBytes = 10485760;

  @EnvVar({
    name: 'ML_LANGUAGES_DIR',
    description:
      'Directory of gettext `.mo` files for `ml/st/v1/import_mo_strings` (`plugins/`, `themes/` and `other/` below it, files named `<domain>-<locale>.mo`); `pre_generate_mo_files` writes to its `ml/` folder.',
    defaultText: '$DATA_DIR/languages',
  })
  @IsString()
  @MinLength(1)
  mlLanguagesDir = './data/languages';
  @EnvVar({
    name: 'ML_ATE_URL',
    description:
      'Base URL of the remote Advanced Translation Editor (ATE); unset: ATE is off and its routes answer as WPML does without ATE.',
    defaultText: '(none)',
  })
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'must be an http(s) URL' })
  mlAteUrl?: string;
  @EnvVar({
    name: 'ML_AMS_URL',
    description:
      'Base URL of the remote translation management service (AMS); unset: `ml/tm/v1/ams/*` answer `ams_not_enabled`.',
    defaultText: '(none)',
  })
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'must be an http(s) URL' })
  mlAmsUrl?: string;
  @EnvVar({
    name: 'ML_AMS_SHARED_KEY',
    secret: true,
    description:
      'AMS/ATE shared (public) key of this site; unset: the key AMS hands out on `ams/register_manager` is used (kept in the database).',
    defaultText: '(none)',
  })
  @IsOptional()
  @IsString()
  mlAmsSharedKey?: string;
  @EnvVar({
    name: 'ML_AMS_SECRET_KEY',
    secret: true,
    description: 'AMS/ATE secret key that signs requests (with `ML_AMS_SHARED_KEY`).',
    defaultText: '(none)',
  })
  @IsOptional()
  @IsString()
  mlAmsSecretKey?: string;
  @EnvVar({
    name: 'ML_REMOTE_TIMEOUT_MS',
    description: 'Time limit of one call to ATE or AMS, in milliseconds.',
    defaultText: '10000',
  })
  @Transform(toInt)
  @IsInt()
  @Min(100)
  mlRemoteTimeoutMs = 10000;

  /** Public site URL without trailing slash. */
  get siteUrl(): string {
    return (this.baseUrl ?? `http://localhost:${this.port}`).replace(/\/+$/, '');
  }
}

/** Bad settings, one line each (`NAME="value": must be ...`), secrets never shown. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.map((problem) => `Invalid configuration: ${problem}`).join('\n'));
  }
}

/** Settings whose default lies below DATA_DIR when they are not set themselves. */
const BELOW_DATA_DIR: Array<{ name: string; property: keyof AppConfig; value: (dir: string) => string }> = [
  { name: 'DATABASE_URL', property: 'databaseUrl', value: (dir) => `sqlite:${dir}/site.sqlite` },
  { name: 'UPLOADS_DIR', property: 'uploadsDir', value: (dir) => `${dir}/uploads` },
  { name: 'ML_LANGUAGES_DIR', property: 'mlLanguagesDir', value: (dir) => `${dir}/languages` },
];

/**
 * Reads and validates the configuration from an environment map (`.env` and `NAME_FILE` already resolved:
 * see resolveEnvironment). Throws ConfigError naming every wrong variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const vars = envVarsOf(AppConfig.prototype);
  const plain: Record<string, string> = {};
  for (const v of vars) {
    const raw = env[v.name];
    if (raw !== undefined && raw !== '') plain[v.property] = raw;
  }
  const dataDir = (plain.dataDir ?? './data').replace(/(.)\/+$/, '$1');
  for (const derived of BELOW_DATA_DIR) plain[derived.property] ??= derived.value(dataDir);
  const config = plainToInstance(AppConfig, plain);
  const problems = validateSync(config, { forbidUnknownValues: false }).map((error) => {
    const v = vars.find((candidate) => candidate.property === error.property);
    const name = v?.name ?? error.property;
    return `${shownSetting(name, env[name] ?? plain[error.property], v?.secret)}: ${acceptedValues(error.property)}`;
  });
  if (!isValidTimeZone(config.siteTimezone)) {
    problems.push(
      `${shownSetting('SITE_TIMEZONE', config.siteTimezone)}: must be an IANA time zone name such as Europe/Oslo`,
    );
  }
  if (config.databasePassword !== undefined && problems.length === 0) {
    if (!/^(mysql|mariadb):\/\//.test(config.databaseUrl)) {
      problems.push('DATABASE_PASSWORD is set, but DATABASE_URL is not a mysql:// URL that could use it');
    } else {
      const url = new URL(config.databaseUrl);
      url.password = encodeURIComponent(config.databasePassword);
      config.databaseUrl = url.toString();
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** The text with the password of every URL in it masked: `mysql://site:***@db/site`. */
export function maskUrlPasswords(text: string): string {
  // up to the last @ of the word: a password may hold @ and / (badly encoded, or not at all)
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):\S*@/gi, '$1:***@');
}

/** `NAME="value"` for a message: a password inside a URL is masked, a secret variable's value left out. */
export function shownSetting(name: string, value: string | undefined, secret = false): string {
  if (value === undefined) return name;
  const masked = maskUrlPasswords(value);
  if (secret && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return `${name} (value not shown)`;
  return `${name}=${JSON.stringify(masked.length > 120 ? `${masked.slice(0, 117)}...` : masked)}`;
}

/** What a setting accepts, in words, from its validation rules (`must be a whole number from 0 to 65535`). */
function acceptedValues(property: string): string {
  const rules = getMetadataStorage()
    .getTargetValidationMetadatas(AppConfig, '', true, false)
    .filter((rule) => rule.propertyName === property);
  const rule = (name: string) => rules.find((candidate) => candidate.name === name);
  const custom = rule('matches');
  if (custom && typeof custom.message === 'string') return custom.message;
  const oneOf = rule('isIn');
  if (oneOf) return `must be one of ${(oneOf.constraints[0] as string[]).join(', ')}`;
  if (rule('isBoolean')) return 'must be true or false (also 1/0, yes/no, on/off)';
  const min = rule('min')?.constraints[0] as number | undefined;
  const max = rule('max')?.constraints[0] as number | undefined;
  const kind = rule('isInt') ? 'a whole number' : min !== undefined || max !== undefined ? 'a number' : '';
  const range =
    min !== undefined && max !== undefined
      ? `from ${min} to ${max}`
      : min !== undefined
        ? `of at least ${min}`
        : max !== undefined
          ? `of at most ${max}`
          : '';
  if (kind) return `must be ${[kind, range].filter(Boolean).join(' ')}`;
  const minLength = rule('minLength')?.constraints[0] as number | undefined;
  if (minLength !== undefined)
    return `must be at least ${minLength} character${minLength === 1 ? '' : 's'} long`;
  return 'must be text';
}
