import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../platform/config';
import { isMysql } from '../../platform/database';
import {
  CACHE_HEADERS,
  HealthCheckResult,
  median,
  pageCacheVerdict,
  result,
  sizeFormat,
  sqlServerVerdict,
} from './site-health.checks';

const LOOPBACK_TIMEOUT_MS = 10_000;

export interface DirectorySize {
  size: string;
  debug: string;
  raw: number;
}

/** The application's root folder: the nearest one above this file with a package.json. */
function applicationRoot(): string {
  let folder = __dirname;
  while (!existsSync(join(folder, 'package.json')) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}

async function folderSize(folder: string, skip: ReadonlySet<string>): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (skip.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += await folderSize(path, skip);
    else if (entry.isFile()) total += (await stat(path)).size;
  }
  return total;
}

function sized(bytes: number): DirectorySize {
  return { size: sizeFormat(bytes), debug: `${sizeFormat(bytes)} (${bytes} bytes)`, raw: bytes };
}

/** `core-site-health/v1`: the Site Health checks that mean something for this service. */
@Injectable()
export class SiteHealthService {
  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  httpsStatus(): HealthCheckResult {
    if (this.config.siteUrl.startsWith('https://')) {
      return result(
        'https_status',
        'Security',
        'good',
        'Your website is using an active HTTPS connection',
        '<p>The site address (<code>BASE_URL</code>) uses HTTPS.</p>',
      );
    }
    return result(
      'https_status',
      'Security',
      'recommended',
      'Your website does not use HTTPS',
      '<p>The site address (<code>BASE_URL</code>) is not set up to use HTTPS. Application passwords travel in every request: put TLS in front of the service and set <code>BASE_URL</code> to its https address.</p>',
    );
  }

  /** A request from the service to its own public address, as visitors and the service's jobs reach it. */
  async loopbackRequests(): Promise<HealthCheckResult> {
    const url = `${this.config.siteUrl}/${this.config.restPrefix}/`;
    const outcome = await this.fetchTimed(url);
    if (outcome.ok) {
      return result(
        'loopback_requests',
        'Performance',
        'good',
        'Your site can perform loopback requests',
        '<p>The service reached its own public address. Links it hands out and requests it makes to itself work.</p>',
      );
    }
    return result(
      'loopback_requests',
      'Performance',
      'recommended',
      'Your site could not complete a loopback request',
      `<p>The request to <code>${url}</code> failed: ${outcome.error}. Check that <code>BASE_URL</code> is the address clients use.</p>`,
    );
  }

  /**
   * The caller was authenticated by an application password in the Authorization header, so the header
   * reaches the service through whatever proxy is in front of it.
   */
  authorizationHeader(): HealthCheckResult {
    return result(
      'authorization_header',
      'Security',
      'good',
      'The Authorization header is working as expected',
      '<p>This request was authenticated with an application password sent in the Authorization header, so the header reaches the service.</p>',
    );
  }

  /** Three requests to the home page: caching headers and the median response time. */
  async pageCache(): Promise<HealthCheckResult> {
    const url = `${this.config.siteUrl}/`;
    const times: number[] = [];
    const headers = new Set<string>();
    for (let attempt = 0; attempt < 3; attempt++) {
      const outcome = await this.fetchTimed(url, true);
      if (!outcome.response) {
        return result(
          'page_cache',
          'Performance',
          'recommended',
          'Unable to detect the presence of page cache',
          `<p>Unable to detect page cache due to possible loopback request problem: ${outcome.error}.</p>`,
        );
      }
      times.push(outcome.ms);
      for (const name of CACHE_HEADERS) if (outcome.response.headers.has(name)) headers.add(name);
    }
    return pageCacheVerdict([...headers], median(times));
  }

  async sqlServer(): Promise<HealthCheckResult> {
    if (!isMysql(this.dataSource)) {
      const [row] = await this.dataSource.query('SELECT sqlite_version() AS version');
      return sqlServerVerdict('sqlite', String(row.version));
    }
    const [row] = await this.dataSource.query('SELECT VERSION() AS version');
    const version = String(row.version);
    return sqlServerVerdict(/mariadb/i.test(version) ? 'mariadb' : 'mysql', version);
  }

  /** Sizes of the application (without its dependencies and data) and of the database. */
  async directorySizes(): Promise<Record<string, number | DirectorySize>> {
    const application = await folderSize(
      applicationRoot(),
      new Set(['node_modules', 'data', '.git', 'coverage']),
    );
    const database = await this.databaseSize();
    return {
      raw: 0,
      wordpress_size: sized(application),
      database_size: sized(database),
      total_size: sized(application + database),
    };
  }

  private async databaseSize(): Promise<number> {
    if (isMysql(this.dataSource)) {
      const [row] = await this.dataSource.query(
        'SELECT COALESCE(SUM(data_length + index_length), 0) AS size FROM information_schema.tables WHERE table_schema = DATABASE()',
      );
      return Number(row.size);
    }
    const [pages] = await this.dataSource.query('PRAGMA page_count');
    const [pageSize] = await this.dataSource.query('PRAGMA page_size');
    return Number(pages.page_count) * Number(pageSize.page_size);
  }

  private async fetchTimed(
    url: string,
    keepResponse = false,
  ): Promise<{ ok: boolean; ms: number; response?: Response; error?: string }> {
    const started = performance.now();
    try {
      const response = await fetch(url, {
        redirect: 'manual',
        signal: AbortSignal.timeout(LOOPBACK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      const ok = response.status >= 200 && response.status < 300;
      return keepResponse || ok
        ? { ok, ms, response, error: ok ? undefined : `HTTP ${response.status}` }
        : { ok, ms, error: `HTTP ${response.status}` };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { ok: false, ms: performance.now() - started, error: cause ?? (error as Error).message };
    }
  }
}
