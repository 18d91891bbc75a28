import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../../src/platform/database';
import { MIGRATIONS } from '../../../src/platform/database/migrations';
import { ListingCounts1766300000000 } from '../../../src/platform/database/migrations/1766300000000-listing-counts';
import { createTestDatabase } from '../../helpers/test-database';

/** Rows stored before the maintained counts existed are counted by their migration; triggers keep them. */
describe('listing counts migration', () => {
  it('back-fills the counts of existing events and posts, keeps them on writes, and can be reverted', async () => {
    const database = await createTestDatabase();
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(ListingCounts1766300000000));
    const open = async (migrations: typeof MIGRATIONS) => {
      const dataSource = new DataSource({
        ...buildDataSourceOptions({ databaseUrl: database.url, migrationsRun: false }),
        migrations,
      });
      await dataSource.initialize();
      await dataSource.runMigrations();
      return dataSource;
    };
    let dataSource = await open(before);
    const stamp = '2026-01-01 00:00:00';
    const event = (id: number, start: string, end: string, status = 'publish', hidden = 0) =>
      dataSource.query(
        `INSERT INTO cal_events (id, slug, title, description, status, hide_from_listings, date, date_gmt, modified,
           modified_gmt, start_date, end_date, start_date_utc, end_date_utc)
         VALUES (?, ?, 'An event', '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, `event-${id}`, status, hidden, stamp, stamp, stamp, stamp, start, end, start, end],
      );
    await event(1, '2030-01-01 10:00:00', '2030-01-01 12:00:00');
    await event(2, '2030-01-01 18:00:00', '2030-01-03 12:00:00');
    await event(3, '2030-01-01 09:00:00', '2030-01-01 10:00:00', 'draft');
    await event(4, '2030-01-01 09:00:00', '2030-01-01 10:00:00', 'publish', 1);
    await dataSource.query(
      'INSERT INTO cal_event_terms (event_id, term_id) VALUES (1, 50), (2, 50), (4, 50)',
    );
    const post = (id: number, status: string, password = '') =>
      dataSource.query(
        `INSERT INTO posts (id, type, status, slug, title, content, excerpt, password, date, date_gmt, modified,
           modified_gmt) VALUES (?, 'post', ?, ?, 'A post', '', '', ?, ?, ?, ?, ?)`,
        [id, status, `post-${id}`, password, stamp, stamp, stamp, stamp],
      );
    await post(11, 'publish');
    await post(12, 'publish', 'secret');
    await post(13, 'draft');
    await dataSource.query(
      "INSERT INTO terms (id, taxonomy, name, slug, description) VALUES (60, 'category', 'C', 'c', '')",
    );
    await dataSource.query('INSERT INTO post_terms (post_id, term_id) VALUES (11, 60), (12, 60), (13, 60)');
    await dataSource.query("INSERT INTO search_words (id, word, is_number) VALUES (70, 'grader', 0)");
    await dataSource.query(
      "INSERT INTO search_postings (object_type, word_id, object_id, field_mask) VALUES ('post', 70, 11, 1), ('post', 70, 12, 1), ('event', 70, 2, 1)",
    );

    if (database.url.startsWith('sqlite')) {
      const [counts, ...rest] = MIGRATIONS.slice(before.length);
      dataSource.migrations.push(new counts(), ...rest.map((migration) => new migration()));
      await dataSource.runMigrations();
    } else {
      await dataSource.destroy();
      dataSource = await open(MIGRATIONS);
    }

    // Counts as numbers (MariaDB answers SUM as a decimal string, and integers in counters are numbers there).
    const rows = async (sql: string) =>
      ((await dataSource.query(sql)) as Array<Record<string, unknown>>).map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            typeof value === 'string' && !/_id$|^n$/.test(key) ? value : Number(value),
          ]),
        ),
      );
    const eventCounts = () =>
      rows(
        'SELECT language, status, start_day, end_day, n FROM cal_event_counts WHERE n <> 0 ORDER BY status, start_day, end_day',
      );
    expect(await eventCounts()).toEqual([
      { language: 'en', status: 'draft', start_day: '2030-01-01', end_day: '2030-01-01', n: 1 },
      { language: 'en', status: 'publish', start_day: '2030-01-01', end_day: '2030-01-01', n: 1 },
      { language: 'en', status: 'publish', start_day: '2030-01-01', end_day: '2030-01-03', n: 1 },
    ]);
    expect(
      await rows('SELECT term_id, status, n FROM cal_event_term_counts WHERE n <> 0 ORDER BY end_day'),
    ).toEqual([
      { term_id: 50, status: 'publish', n: 1 },
      { term_id: 50, status: 'publish', n: 1 },
    ]);
    expect(await rows('SELECT word_id, end_day, n FROM cal_event_word_counts WHERE n <> 0')).toEqual([
      { word_id: 70, end_day: '2030-01-03', n: 1 },
    ]);
    expect(
      await rows("SELECT status, n FROM post_counts WHERE type = 'post' AND n <> 0 ORDER BY status"),
    ).toEqual([
      { status: 'draft', n: 1 },
      { status: 'publish', n: 2 },
    ]);
    expect(
      await rows('SELECT term_id, status, n FROM post_term_counts WHERE n <> 0 ORDER BY status'),
    ).toEqual([
      { term_id: 60, status: 'draft', n: 1 },
      { term_id: 60, status: 'publish', n: 2 },
    ]);
    expect(
      await rows('SELECT word_id, protected, n FROM post_word_counts WHERE n <> 0 ORDER BY protected'),
    ).toEqual([
      { word_id: 70, protected: 0, n: 1 },
      { word_id: 70, protected: 1, n: 1 },
    ]);

    // Kept by the triggers from here on: a hidden event shown, a draft published, a post deleted.
    await dataSource.query('UPDATE cal_events SET hide_from_listings = 0 WHERE id = 4');
    await dataSource.query("UPDATE cal_events SET status = 'publish' WHERE id = 3");
    await dataSource.query('DELETE FROM posts WHERE id = 12');
    expect(await eventCounts()).toEqual([
      { language: 'en', status: 'publish', start_day: '2030-01-01', end_day: '2030-01-01', n: 3 },
      { language: 'en', status: 'publish', start_day: '2030-01-01', end_day: '2030-01-03', n: 1 },
    ]);
    expect(await rows('SELECT SUM(n) AS n FROM cal_event_term_counts WHERE term_id = 50')).toEqual([
      { n: 3 },
    ]);
    expect(
      await rows('SELECT status, SUM(n) AS n FROM post_term_counts GROUP BY status ORDER BY status'),
    ).toEqual([
      { status: 'draft', n: 1 },
      { status: 'publish', n: 1 },
    ]);
    expect(await rows('SELECT SUM(n) AS n FROM post_word_counts')).toEqual([{ n: 1 }]);

    const runner = dataSource.createQueryRunner();
    while (await runner.hasTable('cal_event_counts')) await dataSource.undoLastMigration();
    await runner.release();
    // No trigger is left behind to write to the dropped tables.
    await event(5, '2030-02-01 10:00:00', '2030-02-01 11:00:00');
    await dataSource.query('INSERT INTO cal_event_terms (event_id, term_id) VALUES (5, 50)');
    await dataSource.query('DELETE FROM posts WHERE id = 11');
    await dataSource.destroy();
    await database.drop();
  });
});
