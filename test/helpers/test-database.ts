import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { parseDatabaseUrl } from '../../src/platform/database';

/**
 * A fresh, empty database for one suite: in-memory SQLite by default; on MySQL/MariaDB (DATABASE_URL=mysql://...)
 * a new database next to the configured one, dropped afterwards.
 */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const configured = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'sqlite::memory:';
  process.env.TEST_DATABASE_URL = configured;
  const parsed = parseDatabaseUrl(configured);
  if (parsed.dialect === 'sqlite') return { url: 'sqlite::memory:', drop: async () => undefined };

  const server = new URL(parsed.location);
  const name = `t_${server.pathname.replace(/^\//, '') || 'test'}_${randomBytes(4).toString('hex')}`;
  const admin = await createConnection({
    uri: `${server.protocol}//${server.username ? `${server.username}${server.password ? `:${server.password}` : ''}@` : ''}${server.host}/`,
  });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(parsed.location);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const connection = await createConnection({
        uri: `${server.protocol}//${server.username ? `${server.username}${server.password ? `:${server.password}` : ''}@` : ''}${server.host}/`,
      });
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}
