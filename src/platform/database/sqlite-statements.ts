import { DataSource, QueryFailedError } from 'typeorm';

interface Statement {
  all(...parameters: unknown[]): unknown[];
  raw(toggle: boolean): Statement;
}

interface SqliteConnection {
  prepare(sql: string): Statement;
}

/** The most statements kept per data source and row form; past it, reads go through TypeORM's query. */
const MAX_STATEMENTS = 200;

/**
 * Statements of hot reads prepared once on better-sqlite3, on TypeORM's own connection (the one connection every
 * query of the process uses, so they see what the others see), run without TypeORM's query runner, whose
 * per-query machinery costs more than a small indexed read. Outside transactions only: a caller holding a
 * transaction's manager queries through it.
 */
export class SqliteStatements {
  private readonly objects = new Map<string, Statement>();
  private readonly arrays = new Map<string, Statement>();
  private connection?: SqliteConnection;

  constructor(private readonly dataSource: DataSource) {}

  /**
   * The rows of `sql` as objects, or with `asArrays` as arrays of values in column order (better-sqlite3 builds
   * those several times faster for wide rows). Null when the driver is not better-sqlite3 or no statement slot is
   * left: the caller then asks TypeORM.
   */
  all(sql: string, parameters: readonly unknown[], asArrays = false): unknown[] | null {
    if (this.dataSource.driver.options.type !== 'better-sqlite3') return null;
    const connection = (this.dataSource.driver as unknown as { databaseConnection?: SqliteConnection })
      .databaseConnection;
    if (!connection) return null;
    if (connection !== this.connection) {
      // The data source was destroyed and initialised again: statements of the old connection are closed.
      this.objects.clear();
      this.arrays.clear();
      this.connection = connection;
    }
    const statements = asArrays ? this.arrays : this.objects;
    let statement = statements.get(sql);
    if (!statement && statements.size >= MAX_STATEMENTS) return null;
    // better-sqlite3 binds no booleans; TypeORM's query passes them as 1 and 0.
    const values = parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value));
    try {
      if (!statement) {
        statement = connection.prepare(sql);
        if (asArrays) statement.raw(true);
        statements.set(sql, statement);
      }
      return statement.all(...values);
    } catch (error) {
      // As TypeORM reports a failed query.
      throw new QueryFailedError(sql, values, error as Error);
    }
  }
}

const SHARED = new WeakMap<DataSource, SqliteStatements>();

export function sqliteStatements(dataSource: DataSource): SqliteStatements {
  let statements = SHARED.get(dataSource);
  if (!statements) {
    statements = new SqliteStatements(dataSource);
    SHARED.set(dataSource, statements);
  }
  return statements;
}

/**
 * `dataSource.query(sql, parameters)` for a read outside any transaction that runs on every request of a hot
 * route: a prepared statement on better-sqlite3 ({@link SqliteStatements}), TypeORM's query elsewhere.
 */
export async function hotRead<T>(
  dataSource: DataSource,
  sql: string,
  parameters: readonly unknown[],
): Promise<T[]> {
  const rows = sqliteStatements(dataSource).all(sql, parameters);
  return rows ? (rows as T[]) : dataSource.query(sql, [...parameters]);
}
