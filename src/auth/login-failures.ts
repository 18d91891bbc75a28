import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config';
import { isMysql } from '../database';

const TABLE = 'auth_failures';

/**
 * Failed logins per client address, counted in the database (table `auth_failures`) with one atomic upsert,
 * so parallel requests and every instance of the service share one count. The window starts with the first
 * failure; `AUTH_MAX_FAILURES` failures are allowed in it, and the client is locked out until it ends.
 */
@Injectable()
export class LoginFailures {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Seconds until the client's lock-out ends; 0 when it is not locked out. */
  async lockedOutFor(client: string): Promise<number> {
    const rows: Array<{ failures: number; window_start: number | string }> = await this.dataSource.query(
      `SELECT failures, window_start FROM ${TABLE} WHERE client = ?`,
      [client],
    );
    if (rows.length === 0) return 0;
    return this.remaining(Number(rows[0].failures), Number(rows[0].window_start));
  }

  /**
   * Counts one failure; answers the seconds of lock-out when this failure was past the allowed number (0
   * otherwise). The count read back is at least this failure's own, so however many requests fail at once,
   * no more than the allowed number are answered as mere failures.
   */
  async record(client: string): Promise<number> {
    const now = nowSeconds();
    const expired = now - this.config.authFailureWindowSeconds;
    const params = [client, now, expired, expired];
    let failures: number;
    if (isMysql(this.dataSource)) {
      // LAST_INSERT_ID(expr) hands this statement's own new count back in insertId (0 for a fresh row).
      const result = (await this.dataSource.query(
        `INSERT INTO ${TABLE} (client, failures, window_start) VALUES (?, 1, ?) ON DUPLICATE KEY UPDATE ` +
          'failures = LAST_INSERT_ID(IF(window_start <= ?, 1, failures + 1)), ' +
          'window_start = IF(window_start <= ?, VALUES(window_start), window_start)',
        params,
      )) as { insertId?: number };
      failures = Number(result.insertId) || 1;
    } else {
      const rows = (await this.dataSource.query(
        `INSERT INTO ${TABLE} (client, failures, window_start) VALUES (?, 1, ?) ON CONFLICT(client) DO UPDATE SET ` +
          'failures = CASE WHEN window_start <= ? THEN 1 ELSE failures + 1 END, ' +
          'window_start = CASE WHEN window_start <= ? THEN excluded.window_start ELSE window_start END ' +
          'RETURNING failures',
        params,
      )) as Array<{ failures: number }>;
      failures = Number(rows[0]?.failures ?? 1);
    }
    if (failures <= this.config.authMaxFailures) return 0;
    return (await this.lockedOutFor(client)) || this.config.authFailureWindowSeconds;
  }

  private remaining(failures: number, windowStart: number): number {
    if (failures < this.config.authMaxFailures) return 0;
    return Math.max(0, windowStart + this.config.authFailureWindowSeconds - nowSeconds());
  }
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
