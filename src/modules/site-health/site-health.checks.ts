/** WordPress's Site Health result shape. */
export interface HealthCheckResult {
  label: string;
  status: 'good' | 'recommended' | 'critical';
  badge: { label: 'Security' | 'Performance'; color: 'blue' | 'orange' | 'red' };
  description: string;
  actions: string;
  test: string;
}

export const SLOW_RESPONSE_MS = 600;

/** Response headers that show a page cache or HTTP caching in front of the site (as WordPress looks for them). */
export const CACHE_HEADERS = [
  'cache-control',
  'expires',
  'age',
  'last-modified',
  'etag',
  'x-cache-enabled',
  'x-cache-disabled',
  'x-srcache-store-status',
  'x-srcache-fetch-status',
] as const;

export function result(
  test: string,
  badge: HealthCheckResult['badge']['label'],
  status: HealthCheckResult['status'],
  label: string,
  description: string,
): HealthCheckResult {
  return { label, status, badge: { label: badge, color: 'blue' }, description, actions: '', test };
}

/** WordPress's `size_format` with two decimals: 1024-based units. */
export function sizeFormat(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * WordPress's page cache verdict: good with caching and a fast response, critical with neither, recommended
 * in between.
 */
export function pageCacheVerdict(cacheHeaders: string[], medianMs: number): HealthCheckResult {
  const fast = medianMs < SLOW_RESPONSE_MS;
  const cached = cacheHeaders.length > 0;
  const lines = [
    fast
      ? `Median server response time was ${Math.round(medianMs)} milliseconds. This is less than the recommended ${SLOW_RESPONSE_MS} milliseconds threshold.`
      : `Median server response time was ${Math.round(medianMs)} milliseconds. It should be less than the recommended ${SLOW_RESPONSE_MS} milliseconds threshold.`,
    cached
      ? `Client caching response headers were detected: ${cacheHeaders.map((h) => `<code>${h}</code>`).join(', ')}.`
      : 'No client caching response headers were detected.',
  ];
  const description =
    '<p>A page cache in front of the site, or HTTP caching headers, make pages load faster and spare the server.</p>' +
    `<p>Three requests to the home page were made and their caching headers checked:</p><ul>${lines
      .map((line) => `<li>${line}</li>`)
      .join('')}</ul>`;
  if (cached && fast) {
    return result(
      'page_cache',
      'Performance',
      'good',
      'Page cache is detected and the server response time is good',
      description,
    );
  }
  if (!cached && !fast) {
    return result(
      'page_cache',
      'Performance',
      'critical',
      'Page cache is not detected and the server response time is slow',
      description,
    );
  }
  return result(
    'page_cache',
    'Performance',
    'recommended',
    cached
      ? 'Page cache is detected but the server response time is still slow'
      : 'Page cache is not detected but the server response time is OK',
    description,
  );
}

/** Oldest database server versions the site recommends (older ones work but are past their support). */
const RECOMMENDED = { mysql: [8, 0], mariadb: [10, 6], sqlite: [3, 35] } as const;

export function sqlServerVerdict(engine: keyof typeof RECOMMENDED, version: string): HealthCheckResult {
  const [major = 0, minor = 0] = version.split(/[.-]/).map(Number);
  const [wantMajor, wantMinor] = RECOMMENDED[engine];
  const current = major > wantMajor || (major === wantMajor && minor >= wantMinor);
  const name = engine === 'mariadb' ? 'MariaDB' : engine === 'mysql' ? 'MySQL' : 'SQLite';
  const description = current
    ? `<p>The site runs on ${name} ${version}.</p>`
    : `<p>The site runs on ${name} ${version}; ${wantMajor}.${wantMinor} or newer is recommended.</p>`;
  const extra =
    engine === 'sqlite'
      ? '<p>SQLite is the embedded database for one instance; run several instances on MySQL or MariaDB.</p>'
      : '';
  return result(
    'sql_server',
    'Performance',
    current ? 'good' : 'recommended',
    current ? 'SQL server is up to date' : 'Outdated SQL server',
    description + extra,
  );
}
