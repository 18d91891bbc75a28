import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../platform/config';

/** A row of either log, in column order. */
export interface LogRow {
  created: string;
  url: string;
  domain: string | null;
  agent: string | null;
  referrer: string | null;
  httpCode: number;
  requestMethod: string | null;
  requestData: string | null;
  ip: string | null;
}

export interface RedirectLogRow extends LogRow {
  sentTo: string | null;
  redirectBy: string;
  redirectionId: number | null;
}

const COMMON = [
  'created',
  'url',
  'domain',
  'agent',
  'referrer',
  'http_code',
  'request_method',
  'request_data',
  'ip',
];
const CHUNK = 200;

function commonValues(row: LogRow): unknown[] {
  return [
    row.created,
    row.url,
    row.domain,
    row.agent,
    row.referrer,
    row.httpCode,
    row.requestMethod,
    row.requestData,
    row.ip,
  ];
}

/**
 * Writes hit counters, redirect-log and 404-log rows off the request path: the engine queues them and they are
 * stored in multi-row inserts (and one counter update per redirect) shortly after, so a redirect never
 * waits for its log. Nothing is dropped: a failed write is queued again, pending rows are written before
 * the application shuts down, and the REST lists write this instance's pending rows before reading.
 */
@Injectable()
export class RedirectionLogWriter implements BeforeApplicationShutdown {
  private readonly logger = new Logger('RedirectionLogWriter');
  private redirectLogs: RedirectLogRow[] = [];
  private notFoundLogs: LogRow[] = [];
  private hits = new Map<number, { count: number; last: string }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  hit(redirectId: number, at: string): void {
    const current = this.hits.get(redirectId);
    this.hits.set(redirectId, { count: (current?.count ?? 0) + 1, last: at });
    this.schedule();
  }

  logRedirect(row: RedirectLogRow): void {
    this.redirectLogs.push(row);
    this.schedule();
  }

  logNotFound(row: LogRow): void {
    this.notFoundLogs.push(row);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().catch(() => undefined);
    }, this.config.redirectionLogFlushMs);
    this.timer.unref();
  }

  /** Writes everything queued so far (waits for a flush already running, then writes what came since). */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.writeQueued());
    this.flushing = next.catch(() => undefined);
    return next;
  }

  private async writeQueued(): Promise<void> {
    const logs = this.redirectLogs;
    const notFound = this.notFoundLogs;
    const hits = this.hits;
    this.redirectLogs = [];
    this.notFoundLogs = [];
    this.hits = new Map();
    if (logs.length === 0 && notFound.length === 0 && hits.size === 0) return;
    try {
      await this.dataSource.transaction(async (manager) => {
        // Raw statements: counters and logs must not renew the engine's last-changed stamp. One UPDATE per chunk
        // of redirects (CASE by id), not one per redirect.
        const counted = [...hits];
        for (let i = 0; i < counted.length; i += CHUNK) {
          const chunk = counted.slice(i, i + CHUNK);
          const cases = chunk.map(() => 'WHEN ? THEN ?').join(' ');
          await manager.query(
            `UPDATE redirection_items SET last_count = last_count + CASE id ${cases} ELSE 0 END, ` +
              `last_access = CASE id ${cases} ELSE last_access END WHERE id IN (${chunk.map(() => '?').join(', ')})`,
            [
              ...chunk.flatMap(([id, hit]) => [id, hit.count]),
              ...chunk.flatMap(([id, hit]) => [id, hit.last]),
              ...chunk.map(([id]) => id),
            ],
          );
        }
        for (let i = 0; i < logs.length; i += CHUNK) {
          const chunk = logs.slice(i, i + CHUNK);
          const columns = [...COMMON, 'sent_to', 'redirect_by', 'redirection_id'];
          await manager.query(
            `INSERT INTO redirection_logs (${columns.join(', ')}) VALUES ${chunk
              .map(() => `(${columns.map(() => '?').join(', ')})`)
              .join(', ')}`,
            chunk.flatMap((row) => [...commonValues(row), row.sentTo, row.redirectBy, row.redirectionId]),
          );
        }
        for (let i = 0; i < notFound.length; i += CHUNK) {
          const chunk = notFound.slice(i, i + CHUNK);
          await manager.query(
            `INSERT INTO redirection_404 (${COMMON.join(', ')}) VALUES ${chunk
              .map(() => `(${COMMON.map(() => '?').join(', ')})`)
              .join(', ')}`,
            chunk.flatMap(commonValues),
          );
        }
      });
    } catch (error) {
      // Keep the rows for the next attempt (in front of what arrived meanwhile).
      this.redirectLogs = [...logs, ...this.redirectLogs];
      this.notFoundLogs = [...notFound, ...this.notFoundLogs];
      for (const [id, hit] of hits) {
        const current = this.hits.get(id);
        this.hits.set(id, { count: hit.count + (current?.count ?? 0), last: current?.last ?? hit.last });
      }
      this.logger.error({ err: error }, 'Writing redirect logs failed; will retry');
      this.schedule();
      throw error;
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush().catch(() => undefined);
  }
}
