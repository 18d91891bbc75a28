import { QueryFailedError } from 'typeorm';
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  isRetryableTransactionError,
  uniqueViolationOf,
  violatesUnique,
} from './db-errors';

const driverError = (fields: Record<string, unknown>) =>
  new QueryFailedError('INSERT …', [], Object.assign(new Error(String(fields.message ?? 'x')), fields));

describe('database errors', () => {
  it('retries MySQL deadlocks and lock-wait timeouts and a busy SQLite, nothing else', () => {
    expect(isRetryableTransactionError(driverError({ errno: 1213, code: 'ER_LOCK_DEADLOCK' }))).toBe(true);
    expect(isRetryableTransactionError(driverError({ errno: 1205, code: 'ER_LOCK_WAIT_TIMEOUT' }))).toBe(
      true,
    );
    expect(isRetryableTransactionError(driverError({ code: 'SQLITE_BUSY' }))).toBe(true);
    expect(isRetryableTransactionError(driverError({ errno: 1062, code: 'ER_DUP_ENTRY' }))).toBe(false);
    expect(isRetryableTransactionError(new Error('boom'))).toBe(false);
  });

  it('names the unique index (MariaDB, MySQL 8) or its columns (SQLite)', () => {
    const mariadb = driverError({ errno: 1062, message: "Duplicate entry 'a' for key 'uq_posts_type_slug'" });
    const mysql8 = driverError({
      errno: 1062,
      message: "Duplicate entry 'a' for key 'posts.uq_posts_type_slug'",
    });
    const sqlite = driverError({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
      message: 'UNIQUE constraint failed: posts.type, posts.language, posts.parent_id, posts.unique_slug',
    });
    expect(uniqueViolationOf(mariadb)).toEqual({ index: 'uq_posts_type_slug', columns: [] });
    expect(uniqueViolationOf(mysql8)).toEqual({ index: 'uq_posts_type_slug', columns: [] });
    expect(uniqueViolationOf(sqlite)?.columns).toEqual(['type', 'language', 'parent_id', 'unique_slug']);
    expect(violatesUnique(mariadb, 'uq_posts_type_slug', 'unique_slug')).toBe(true);
    expect(violatesUnique(mariadb, 'uq_users_login', 'login')).toBe(false);
    expect(violatesUnique(sqlite, 'uq_posts_type_slug', 'unique_slug')).toBe(true);
    expect(violatesUnique(sqlite, 'uq_users_login', 'login')).toBe(false);
    expect(uniqueViolationOf(new Error('other'))).toBeNull();
  });

  it('treats an unreachable, timed-out or exhausted database as unavailable (503), not a bug (500)', () => {
    expect(isDatabaseUnavailable(driverError({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(driverError({ code: 'PROTOCOL_SEQUENCE_TIMEOUT' }))).toBe(true);
    expect(
      isDatabaseUnavailable(
        driverError({ message: "Can't add new command when connection is in closed state" }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError('gave up'))).toBe(true);
    expect(isDatabaseUnavailable(driverError({ errno: 1406, code: 'ER_DATA_TOO_LONG' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('bug'))).toBe(false);
  });
});
