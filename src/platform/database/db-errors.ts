/**
 * What a database error means for the caller, on SQLite (better-sqlite3) and MySQL/MariaDB (mysql2).
 * TypeORM wraps driver errors in QueryFailedError; the driver's own fields are on `driverError`.
 */

interface DriverErrorFields {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
  driverError?: unknown;
  fatal?: unknown;
}

function fieldsOf(error: unknown): DriverErrorFields {
  if (typeof error !== 'object' || error === null) return {};
  const outer = error as DriverErrorFields;
  const inner =
    typeof outer.driverError === 'object' && outer.driverError !== null
      ? (outer.driverError as DriverErrorFields)
      : {};
  return {
    code: inner.code ?? outer.code,
    errno: inner.errno ?? outer.errno,
    message: inner.message ?? outer.message,
    fatal: inner.fatal ?? outer.fatal,
  };
}

const MYSQL_DEADLOCK = 1213;
const MYSQL_LOCK_WAIT_TIMEOUT = 1205;
const MYSQL_DUPLICATE_ENTRY = 1062;
const RETRYABLE_SQLITE = new Set([
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_RECOVERY',
  'SQLITE_LOCKED',
]);

/** A deadlock, a lock-wait timeout or a busy SQLite database: running the transaction again may succeed. */
export function isRetryableTransactionError(error: unknown): boolean {
  const { code, errno } = fieldsOf(error);
  if (errno === MYSQL_DEADLOCK || errno === MYSQL_LOCK_WAIT_TIMEOUT) return true;
  if (code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT') return true;
  return typeof code === 'string' && RETRYABLE_SQLITE.has(code);
}

/** A unique index refused the row. */
export interface UniqueViolation {
  /** Index name (MySQL/MariaDB), else undefined. */
  index?: string;
  /** Column names (SQLite), else empty. */
  columns: string[];
}

/** The unique index an INSERT/UPDATE collided with, or null when the error is something else. */
export function uniqueViolationOf(error: unknown): UniqueViolation | null {
  const { code, errno, message } = fieldsOf(error);
  const text = typeof message === 'string' ? message : '';
  if (errno === MYSQL_DUPLICATE_ENTRY || code === 'ER_DUP_ENTRY') {
    // MariaDB: "for key 'uq_posts_slug'"; MySQL 8: "for key 'posts.uq_posts_slug'".
    const key = /for key '(?:[^'.]*\.)?([^']+)'/.exec(text)?.[1];
    return { index: key, columns: [] };
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const list = /UNIQUE constraint failed: (.*)$/.exec(text)?.[1] ?? '';
    return { columns: list.split(',').map((part) => part.trim().replace(/^[^.]*\./, '')) };
  }
  return null;
}

/**
 * Whether `error` is a collision with the unique index `index` (MySQL names it) whose last column is
 * `column` (SQLite names the columns).
 */
export function violatesUnique(error: unknown, index: string, column: string): boolean {
  const violation = uniqueViolationOf(error);
  if (!violation) return false;
  if (violation.index !== undefined) return violation.index === index;
  return violation.columns.includes(column);
}

/** Thrown when the database did not answer within the query timeout, or kept refusing a transaction. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_QUERY_INTERRUPTED',
  'ER_STATEMENT_TIMEOUT',
  'ER_QUERY_TIMEOUT',
  'POOL_CLOSED',
  'POOL_ACQUIRE_TIMEOUT',
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_LOCKED',
]);

/**
 * The database is down, frozen past the query timeout, or too busy: the request may succeed later,
 * so it is a 503 rather than a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, errno, fatal, message } = fieldsOf(error);
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (errno === MYSQL_DEADLOCK || errno === MYSQL_LOCK_WAIT_TIMEOUT) return true;
  // mysql2: "Query inactivity timeout", "Can't add new command when connection is in closed state", pool errors.
  if (fatal === true) return true;
  return (
    typeof message === 'string' &&
    /closed state|Pool is closed|inactivity timeout|Connection lost/i.test(message)
  );
}
