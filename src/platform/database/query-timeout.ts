import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, Logger } from 'typeorm';
import { isMysql } from './dialect';

interface CoreConnection {
  query: (...args: unknown[]) => unknown;
  destroy: () => void;
}

type GetConnectionCallback = (error: unknown, connection?: { release: () => void }) => void;

interface MysqlPool {
  on: (event: 'connection', listener: (connection: CoreConnection) => void) => void;
  _allConnections?: { toArray?: () => CoreConnection[] } | CoreConnection[];
  getConnection: (callback: GetConnectionCallback) => void;
}

const TIMED_OUT = 'PROTOCOL_SEQUENCE_TIMEOUT';
/** The error of a request that waited the whole query timeout for a pool connection (a 503, see db-errors). */
export const POOL_WAIT_TIMED_OUT = 'POOL_ACQUIRE_TIMEOUT';

/**
 * The MySQL/MariaDB query timeout (`DATABASE_QUERY_TIMEOUT_MS`), switched on once the service has started (so
 * long migrations are not cut short). mysql2 reports a timed-out query but keeps the connection busy with it,
 * and the transaction's ROLLBACK would queue behind it; such a connection is destroyed instead, so the request
 * fails at once (503) and the pool opens a fresh connection for the next one: the service recovers by itself.
 */
@Injectable()
export class QueryTimeout implements OnApplicationBootstrap {
  constructor(private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    if (!isMysql(this.dataSource)) return;
    const driver = this.dataSource.driver as unknown as {
      options: { enableQueryTimeout?: boolean; maxQueryExecutionTime?: number };
      pool?: MysqlPool;
    };
    if (!driver.options.maxQueryExecutionTime || !driver.pool) return;
    const pool = driver.pool;
    const existing = pool._allConnections;
    const open = Array.isArray(existing) ? existing : (existing?.toArray?.() ?? []);
    for (const connection of open) guard(connection);
    pool.on('connection', guard);
    boundPoolWait(pool, driver.options.maxQueryExecutionTime);
    // Read by TypeORM at every query.
    driver.options.enableQueryTimeout = true;
  }
}

const bounded = new WeakSet<GetConnectionCallback>();

/**
 * mysql2's pool queues a request for a connection without a time limit: with the database frozen, 500 requests
 * waited behind the 10 connections' timeouts, 28.7 s for the last. A wait longer than `ms` now fails with
 * POOL_ACQUIRE_TIMEOUT (a 503); the connection that comes later for it goes straight back to the pool.
 */
function boundPoolWait(pool: MysqlPool, ms: number): void {
  const getConnection = pool.getConnection.bind(pool);
  pool.getConnection = (callback) => {
    // mysql2 hands a queued callback back to getConnection itself when it opens a connection for it.
    if (bounded.has(callback)) return getConnection(callback);
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      const error = new Error(`No database connection within ${ms} ms`) as Error & { code: string };
      error.code = POOL_WAIT_TIMED_OUT;
      callback(error);
    }, ms);
    timer.unref();
    const wrapped: GetConnectionCallback = (error, connection) => {
      if (settled) {
        connection?.release();
        return;
      }
      settled = true;
      clearTimeout(timer);
      callback(error, connection);
    };
    bounded.add(wrapped);
    return getConnection(wrapped);
  };
}

function guard(connection: CoreConnection): void {
  const query = connection.query.bind(connection);
  connection.query = (...args: unknown[]) => {
    const index = args.findIndex((arg) => typeof arg === 'function');
    if (index >= 0) {
      const callback = args[index] as (error: unknown, ...rest: unknown[]) => void;
      args[index] = (error: unknown, ...rest: unknown[]) => {
        if ((error as { code?: unknown } | null)?.code === TIMED_OUT) connection.destroy();
        callback(error, ...rest);
      };
    }
    return query(...args);
  };
}

/** TypeORM's logger without output (its default prints slow queries to the console whatever `logging` says). */
export class SilentTypeOrmLogger implements Logger {
  logQuery(): void {}
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}
