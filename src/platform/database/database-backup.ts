import { open, rename, rm } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { DataSource, QueryRunner } from 'typeorm';

export interface BackupProgress {
  (done: number, total: number): void;
}

export interface BackupResult {
  format: 'sqlite' | 'sql';
  /** Tables copied (MySQL/MariaDB) or database pages (SQLite). */
  units: number;
  rows?: number;
}

interface SqliteBackupConnection {
  backup(
    destination: string,
    options?: { progress?: (info: { totalPages: number; remainingPages: number }) => number },
  ): Promise<{ totalPages: number; remainingPages: number }>;
}

const ROWS_PER_INSERT = 100;

// eslint-disable-next-line no-control-regex -- the control characters MySQL's string literals escape
const MYSQL_SPECIAL = /[\0\n\r\b\t\x1a'"\\]/g;

const MYSQL_ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\n': '\\n',
  '\r': '\\r',
  '\b': '\\b',
  '\t': '\\t',
  '\x1a': '\\Z',
  "'": "\\'",
  '"': '\\"',
  '\\': '\\\\',
};

/** A value as a MySQL literal (default sql_mode: backslash escapes on). */
export function mysqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Buffer.isBuffer(value)) return value.length ? `X'${value.toString('hex')}'` : "''";
  // the pool reads DATETIME as UTC (timezone 'Z'): written back as the same UTC wall time
  if (value instanceof Date) return `'${value.toISOString().slice(0, 23).replace('T', ' ')}'`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(MYSQL_SPECIAL, (char) => MYSQL_ESCAPES[char])}'`;
}

const quoteName = (name: string): string => `\`${name.replace(/`/g, '``')}\``;

/**
 * A consistent copy of the live database (`npm run cli -- backup`): SQLite through better-sqlite3's online
 * backup (a database file), MySQL/MariaDB as a logical SQL dump of every table read in one consistent snapshot.
 * The file appears only when complete.
 */
@Injectable()
export class DatabaseBackup {
  constructor(private readonly dataSource: DataSource) {}

  async write(out: string, onProgress?: BackupProgress): Promise<BackupResult> {
    const partial = `${out}.partial`;
    await rm(partial, { force: true });
    try {
      const result =
        this.dataSource.driver.options.type === 'better-sqlite3'
          ? await this.sqlite(partial, onProgress)
          : await this.mysql(partial, onProgress);
      await rename(partial, out);
      return result;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  private async sqlite(file: string, onProgress?: BackupProgress): Promise<BackupResult> {
    const connection = (this.dataSource.driver as unknown as { databaseConnection: SqliteBackupConnection })
      .databaseConnection;
    const { totalPages } = await connection.backup(file, {
      progress: ({ totalPages: total, remainingPages }) => {
        onProgress?.(total - remainingPages, total);
        return 1000; // pages per step: writers get the database between steps
      },
    });
    onProgress?.(totalPages, totalPages);
    return { format: 'sqlite', units: totalPages };
  }

  private async mysql(file: string, onProgress?: BackupProgress): Promise<BackupResult> {
    const handle = await open(file, 'w');
    const write = async (text: string): Promise<void> => {
      await handle.write(text);
    };
    const runner = this.dataSource.createQueryRunner();
    let rows = 0;
    try {
      await runner.connect();
      await runner.query('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      await runner.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
      const tables = (
        (await runner.query(`SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'`)) as Array<
          Record<string, string>
        >
      ).map((row) => Object.values(row)[0]);
      await write('SET NAMES utf8mb4;\nSET FOREIGN_KEY_CHECKS = 0;\nSET UNIQUE_CHECKS = 0;\n');
      for (const [index, table] of tables.entries()) {
        rows += await this.dumpTable(runner, table, write);
        onProgress?.(index + 1, tables.length);
      }
      await write('SET UNIQUE_CHECKS = 1;\nSET FOREIGN_KEY_CHECKS = 1;\n');
      await runner.query('COMMIT');
      await handle.sync();
      return { format: 'sql', units: tables.length, rows };
    } finally {
      await handle.close();
      await runner.release();
    }
  }

  private async dumpTable(
    runner: QueryRunner,
    table: string,
    write: (text: string) => Promise<void>,
  ): Promise<number> {
    const [created] = (await runner.query(`SHOW CREATE TABLE ${quoteName(table)}`)) as Array<
      Record<string, string>
    >;
    await write(`\nDROP TABLE IF EXISTS ${quoteName(table)};\n${created['Create Table']};\n`);
    const rows = await runner.stream(`SELECT * FROM ${quoteName(table)}`);
    let count = 0;
    let batch: string[] = [];
    let columns = '';
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      await write(`INSERT INTO ${quoteName(table)} (${columns}) VALUES\n${batch.join(',\n')};\n`);
      batch = [];
    };
    for await (const row of rows as AsyncIterable<Record<string, unknown>>) {
      if (!columns) columns = Object.keys(row).map(quoteName).join(', ');
      batch.push(`(${Object.values(row).map(mysqlLiteral).join(', ')})`);
      count += 1;
      if (batch.length === ROWS_PER_INSERT) await flush();
    }
    await flush();
    return count;
  }
}
