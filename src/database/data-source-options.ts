import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { parseDatabaseUrl } from './database-url';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './snake-naming.strategy';

export interface DataSourceSettings {
  databaseUrl: string;
  migrationsRun: boolean;
  /** Entity classes or globs; the app uses autoLoadEntities instead. */
  entities?: DataSourceOptions['entities'];
  logging?: boolean;
}

/** One builder for the app, the TypeORM CLI (ormconfig.ts) and the tests. Never synchronizes. */
export function buildDataSourceOptions(settings: DataSourceSettings): DataSourceOptions {
  const parsed = parseDatabaseUrl(settings.databaseUrl);
  const common = {
    namingStrategy: new SnakeNamingStrategy(),
    migrations: MIGRATIONS,
    migrationsRun: settings.migrationsRun,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    logging: settings.logging ?? false,
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
        db.pragma('busy_timeout = 5000');
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
    extra: { connectionLimit: 10 },
  };
}
