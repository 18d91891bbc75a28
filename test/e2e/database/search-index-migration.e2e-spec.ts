import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../../src/platform/database';
import { MIGRATIONS } from '../../../src/platform/database/migrations';
import { SearchIndex1764100000000 } from '../../../src/platform/database/migrations/1764100000000-search-index';
import { createTestDatabase } from '../../helpers/test-database';

/** Events, posts and pages stored before the search index existed are indexed by its migration. */
describe('search index migration', () => {
  it('back-fills the words of existing events, posts and pages, and can be reverted', async () => {
    const database = await createTestDatabase();
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(SearchIndex1764100000000));
    const open = async (migrations: typeof MIGRATIONS) => {
      const dataSource = new DataSource({
        ...buildDataSourceOptions({ databaseUrl: database.url, migrationsRun: false }),
        migrations,
      });
      await dataSource.initialize();
      await dataSource.runMigrations();
      return dataSource;
    };
    // In-memory SQLite lives as long as its connection: keep one DataSource for both steps there.
    let dataSource = await open(before);
    const stamp = '2026-01-01 00:00:00';
    const dates = [stamp, stamp, stamp, stamp];
    await dataSource.query(
      `INSERT INTO cal_events (id, slug, title, description, excerpt, date, date_gmt, modified, modified_gmt,
         start_date, end_date, start_date_utc, end_date_utc)
       VALUES (7, 'old-event', 'Legacy excavator day', '<p>Grade <b>control</b></p>', NULL, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [...dates, ...dates],
    );
    const post = (id: number, type: string, title: string) =>
      dataSource.query(
        `INSERT INTO posts (id, type, status, slug, title, content, excerpt, date, date_gmt, modified, modified_gmt)
         VALUES (?, ?, 'publish', ?, ?, 'Body text', '', ?, ?, ?, ?)`,
        [id, type, `slug-${id}`, title, ...dates],
      );
    await post(11, 'post', 'Legacy post');
    await post(12, 'page', 'Legacy page');
    await post(13, 'revision', 'Legacy revision');

    if (database.url.startsWith('sqlite')) {
      const [searchIndex, ...rest] = MIGRATIONS.slice(before.length);
      dataSource.migrations.push(new searchIndex(), ...rest.map((migration) => new migration()));
      await dataSource.runMigrations();
    } else {
      await dataSource.destroy();
      dataSource = await open(MIGRATIONS);
    }

    const words = async (type: string, id: number) =>
      (
        (await dataSource.query(
          `SELECT w.word FROM search_postings p JOIN search_words w ON w.id = p.word_id
           WHERE p.object_type = ? AND p.object_id = ? ORDER BY w.word`,
          [type, id],
        )) as Array<{ word: string }>
      ).map((row) => row.word);
    expect(await words('event', 7)).toEqual(['control', 'day', 'excavator', 'grade', 'legacy']);
    expect(await words('post', 11)).toEqual(['body', 'legacy', 'post', 'text']);
    expect(await words('post', 12)).toEqual(['body', 'legacy', 'page', 'text']);
    expect(await words('post', 13)).toEqual([]);

    const runner = dataSource.createQueryRunner();
    while (await runner.hasTable('search_postings')) await dataSource.undoLastMigration();
    await runner.release();
    const [events] = (await dataSource.query('SELECT COUNT(*) AS n FROM cal_events')) as Array<{ n: number }>;
    expect(Number(events.n)).toBe(1);
    await dataSource.destroy();
    await database.drop();
  });
});
