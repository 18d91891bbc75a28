import { ColumnOptions } from 'typeorm';
import { currentDialect } from './database-url';

/**
 * Column helpers that hide the few differences between SQLite and MySQL.
 *
 * Date-times are stored as `YYYY-MM-DD HH:MM:SS` strings (WordPress's own format) rather than native
 * DATETIME: both drivers then read and write exactly the same value, with no driver time-zone
 * conversion, and the strings sort chronologically so range queries use the index.
 */
export function dateTimeColumn(options: ColumnOptions = {}): ColumnOptions {
  return { type: 'varchar', length: 19, ...options };
}

/** Text that may exceed 64 KB (post content): LONGTEXT on MySQL, TEXT on SQLite. */
export function longTextColumn(options: ColumnOptions = {}): ColumnOptions {
  return { type: currentDialect() === 'mysql' ? 'longtext' : 'text', ...options };
}

export const LONG_TEXT_TYPE = (dialect: string): string => (dialect === 'mysql' ? 'longtext' : 'text');
