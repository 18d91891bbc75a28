import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { parseDatabaseUrl } from './database-url';
import { MIGRATIONS } from './migrations';
import { SilentTypeOrmLogger } from './query-timeout';
import { SnakeNamingStrategy } from './snake-naming.strategy';

export interface DataSourceSettings {
  databaseUrl: string;
  migrationsRun: boolean;
  /** Longest wait for a query (MySQL/MariaDB) or a lock (SQLite busy timeout), in ms. Default 5000. */
  queryTimeoutMs?: number;
  /** Connections in the MySQL/MariaDB pool. Default 10. */
  poolSize?: number;
  /** Entity classes or globs; the app uses autoLoadEntities instead. */
  entities?: DataSourceOptions['entities'];
  logging?: boolean;
}

/** One builder for the app, the TypeORM CLI (ormconfig.ts) and the tests. Never synchronizes. */
export function buildDataSourceOptions(settings: DataSourceSettings): DataSourceOptions {
  const parsed = parseDatabaseUrl(settings.databaseUrl);
  const timeoutMs = settings.queryTimeoutMs ?? 5000;
  const common = {
    namingStrategy: new SnakeNamingStrategy(),
    migrations: MIGRATIONS,
    migrationsRun: settings.migrationsRun,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    logging: settings.logging ?? false,
    ...(settings.logging ? {} : { logger: new SilentTypeOrmLogger() }),
    entities: settings.entities ?? [],
  };
  if (parsed.dialect === 'sqlite') {
    if (parsed.location !== ':memory:') mkdirSync(dirname(parsed.location), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: parsed.location,
      prepareDatabase: (db: { pragma: (sql: string) => unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('foreign_keys = ON');
        db.pragma(`busy_timeout = ${Math.round(timeoutMs)}`);
      },
    };
  }
  return {
    ...common,
    type: 'mysql',
    url: parsed.location,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    supportBigNumbers: true,
    // A frozen or unreachable server fails the query after the timeout (mysql2 then drops that connection and
    // the pool opens a new one): the request is answered 503 and the service recovers by itself.
    maxQueryExecutionTime: timeoutMs,
    enableQueryTimeout: false, // switched on after start-up by QueryTimeout (migrations may take longer)
    connectTimeout: timeoutMs,
    extra: { connectionLimit: settings.poolSize ?? 10 },
  };
}
