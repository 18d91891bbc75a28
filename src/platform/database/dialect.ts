import { DataSource, EntityManager } from 'typeorm';

/** Whether this connection talks to MySQL/MariaDB (else SQLite). */
export function isMysql(connection: DataSource | EntityManager): boolean {
  const dataSource = connection instanceof DataSource ? connection : connection.dataSource;
  const type = dataSource.driver.options.type;
  return type === 'mysql' || type === 'mariadb';
}

/** `INSERT` that skips rows whose unique key exists already, in this connection's dialect. */
export function insertIgnore(connection: DataSource | EntityManager): string {
  return isMysql(connection) ? 'INSERT IGNORE INTO' : 'INSERT OR IGNORE INTO';
}
