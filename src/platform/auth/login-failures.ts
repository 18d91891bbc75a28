import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config';
import { hotRead, isMysql } from '../database';

const TABLE = 'auth_failures';
/** LastChanged's table of stamps (src/database/last-changed.ts), read here together with the client's failures. */
const STAMPS_TABLE = 'last_changed';

/** The login state of one client as one read gives it. */
export interface LoginState {
  /** Seconds until the client's lock-out ends; 0 when it is not locked out. */
  lockedFor: number;
  /** The stamp of the group asked for; undefined when not asked for or when the group has no row. */
  stamp?: string;
}

type Row = { failures: number | null; window_start: number | string | null; stamp?: string | null };

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
    return (await this.state(client)).lockedFor;
  }

  /**
   * The client's lock-out and, when `stampGroup` is given, that last_changed group's stamp, in one read: an
   * authenticated request whose credential is already verified under the stamp needs nothing else.
   */
  async state(client: string, stampGroup?: string): Promise<LoginState> {
    const failures = `SELECT failures, window_start FROM ${TABLE} WHERE client = ?`;
    const row =
      stampGroup === undefined
        ? await this.readRow(failures, [client])
        : await this.readRow(
            `SELECT (SELECT version FROM ${STAMPS_TABLE} WHERE name = ?) AS stamp, ` +
              `(SELECT failures FROM ${TABLE} WHERE client = ?) AS failures, ` +
              `(SELECT window_start FROM ${TABLE} WHERE client = ?) AS window_start`,
            [stampGroup, client, client],
          );
    const lockedFor =
      row && row.failures !== null ? this.remaining(Number(row.failures), Number(row.window_start)) : 0;
    const stamp = row?.stamp === null || row?.stamp === undefined ? undefined : String(row.stamp);
    return { lockedFor, stamp };
  }

  /** The first row of a read: a prepared statement on better-sqlite3 (TypeORM's own connection), else a query. */
  private async readRow(sql: string, params: unknown[]): Promise<Row | undefined> {
    return (await hotRead<Row>(this.dataSource, sql, params))[0];
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
