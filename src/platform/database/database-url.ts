export type DatabaseDialect = 'sqlite' | 'mysql';

export interface ParsedDatabaseUrl {
  dialect: DatabaseDialect;
  /** File path (or `:memory:`) for SQLite; the full URL for MySQL. */
  location: string;
}

export function parseDatabaseUrl(url: string): ParsedDatabaseUrl {
  if (url.startsWith('sqlite:')) return { dialect: 'sqlite', location: url.slice('sqlite:'.length) };
  if (url.startsWith('mysql://')) return { dialect: 'mysql', location: url };
  if (url.startsWith('mariadb://'))
    return { dialect: 'mysql', location: `mysql://${url.slice('mariadb://'.length)}` };
  // the scheme only: the rest of a URL may hold a password
  throw new Error(`DATABASE_URL must start with sqlite: or mysql:// (got ${/^[^:]*:?/.exec(url)?.[0]}...)`);
}

/** Dialect of the configured database; entity column helpers need it when decorators are evaluated. */
export function currentDialect(): DatabaseDialect {
  return parseDatabaseUrl(process.env.DATABASE_URL || 'sqlite:./data/site.sqlite').dialect;
}
