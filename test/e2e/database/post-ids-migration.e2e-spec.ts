import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../../src/platform/database';
import { MIGRATIONS } from '../../../src/platform/database/migrations';
import { PostIds1765100000000 } from '../../../src/platform/database/migrations/1765100000000-post-ids';
import { createTestDatabase } from '../../helpers/test-database';

/** Data stored with one ID sequence per table is moved into the shared ID space, references included. */
describe('post_ids migration', () => {
  it('keeps non-colliding IDs, renumbers the others and every reference to them', async () => {
    const database = await createTestDatabase();
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(PostIds1765100000000));
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
    const q = (sql: string, params: unknown[] = []) => dataSource.query(sql, params);
    const post = (id: number, type: string, parent = 0, featured = 0) =>
      q(
        `INSERT INTO posts (id, type, status, slug, title, content, excerpt, date, date_gmt, modified, modified_gmt,
           parent_id, featured_media)
         VALUES (?, ?, 'publish', ?, 'T', 'Body', '', ?, ?, ?, ?, ?, ?)`,
        [id, type, `slug-${id}`, stamp, stamp, stamp, stamp, parent, featured],
      );
    await post(1, 'post', 0, 2);
    await post(2, 'page');
    await post(3, 'revision', 1);
    await q('INSERT INTO post_terms (post_id, term_id) VALUES (1, 1)');
    // media 2 collides with page 2; media 9 is free.
    for (const id of [2, 9]) {
      await q(
        `INSERT INTO media (id, author_id, url, title, alt, mime_type, date, date_gmt, language)
         VALUES (?, 0, ?, '', '', 'image/jpeg', ?, ?, 'en')`,
        [id, `https://cdn.example.test/${id}.jpg`, stamp, stamp],
      );
    }
    // venue 1 collides with post 1; organizer 5 is free; organizer 4 collides with event 4.
    await q(
      `INSERT INTO cal_venues (id, slug, title, date, date_gmt, modified, modified_gmt, image_id)
       VALUES (1, 'hall', 'Hall', ?, ?, ?, ?, 2)`,
      [stamp, stamp, stamp, stamp],
    );
    for (const id of [4, 5]) {
      await q(
        `INSERT INTO cal_organizers (id, slug, title, date, date_gmt, modified, modified_gmt)
         VALUES (?, ?, 'Org', ?, ?, ?, ?)`,
        [id, `org-${id}`, stamp, stamp, stamp, stamp],
      );
    }
    // events 3 (collides with the revision) and 4 (free).
    for (const id of [3, 4]) {
      await q(
        `INSERT INTO cal_events (id, slug, title, description, date, date_gmt, modified, modified_gmt,
           start_date, end_date, start_date_utc, end_date_utc, venue_id, image_id, post_parent)
         VALUES (?, ?, 'Event', '', ?, ?, ?, ?, ?, ?, ?, ?, 1, 9, ?)`,
        [id, `event-${id}`, stamp, stamp, stamp, stamp, stamp, stamp, stamp, stamp, id === 4 ? 3 : 0],
      );
      await q('INSERT INTO cal_event_organizers (event_id, organizer_id, position) VALUES (?, 4, 0)', [id]);
      await q('INSERT INTO cal_event_terms (event_id, term_id) VALUES (?, 1)', [id]);
    }
    await q(
      "INSERT INTO search_postings (object_type, word_id, object_id, field_mask) VALUES ('event', 1, 3, 1)",
    );
    await q(
      "INSERT INTO search_postings (object_type, word_id, object_id, field_mask) VALUES ('post', 1, 3, 1)",
    );

    if (database.url.startsWith('sqlite')) {
      const rest = MIGRATIONS.slice(before.length);
      dataSource.migrations.push(...rest.map((migration) => new migration()));
      await dataSource.runMigrations();
    } else {
      await dataSource.destroy();
      dataSource = await open(MIGRATIONS);
    }

    const rows = async (sql: string) =>
      ((await q(sql)) as Array<Record<string, unknown>>).map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])),
      );
    const types = (await q('SELECT id, type FROM post_ids ORDER BY id')) as Array<{
      id: number;
      type: string;
    }>;
    // Free IDs are kept (posts 1-3, event 4, organizer 5, media 9); above them event 3 → 10,
    // venue 1 → 11, organizer 4 → 12, media 2 → 13.
    expect(types.map((row) => [Number(row.id), row.type])).toEqual([
      [1, 'post'],
      [2, 'page'],
      [3, 'revision'],
      [4, 'cal_events'],
      [5, 'cal_organizer'],
      [9, 'attachment'],
      [10, 'cal_events'],
      [11, 'cal_venue'],
      [12, 'cal_organizer'],
      [13, 'attachment'],
    ]);
    expect(await rows('SELECT id, venue_id, image_id, post_parent FROM cal_events ORDER BY id')).toEqual([
      { id: 4, venue_id: 11, image_id: 9, post_parent: 10 },
      { id: 10, venue_id: 11, image_id: 9, post_parent: 0 },
    ]);
    expect(await rows('SELECT event_id, organizer_id FROM cal_event_organizers ORDER BY event_id')).toEqual([
      { event_id: 4, organizer_id: 12 },
      { event_id: 10, organizer_id: 12 },
    ]);
    expect(await rows('SELECT event_id FROM cal_event_terms ORDER BY event_id')).toEqual([
      { event_id: 4 },
      { event_id: 10 },
    ]);
    expect(await rows('SELECT id, image_id FROM cal_venues')).toEqual([{ id: 11, image_id: 13 }]);
    expect(await rows('SELECT id FROM cal_organizers ORDER BY id')).toEqual([{ id: 5 }, { id: 12 }]);
    expect(await rows('SELECT id FROM media ORDER BY id')).toEqual([{ id: 9 }, { id: 13 }]);
    expect(await rows('SELECT id, parent_id, featured_media FROM posts ORDER BY id')).toEqual([
      { id: 1, parent_id: 0, featured_media: 13 },
      { id: 2, parent_id: 0, featured_media: 0 },
      { id: 3, parent_id: 1, featured_media: 0 },
    ]);
    expect(
      await rows("SELECT object_id FROM search_postings WHERE object_type = 'event' AND word_id = 1"),
    ).toEqual([{ object_id: 10 }]);
    expect(
      await rows("SELECT object_id FROM search_postings WHERE object_type = 'post' AND word_id = 1"),
    ).toEqual([{ object_id: 3 }]);

    // New objects continue above every ID.
    await q("INSERT INTO post_ids (type) VALUES ('post')");
    const [{ id: next }] = (await q('SELECT MAX(id) AS id FROM post_ids')) as Array<{ id: number }>;
    expect(Number(next)).toBe(14);

    const runner = dataSource.createQueryRunner();
    while (await runner.hasTable('post_ids')) await dataSource.undoLastMigration();
    await runner.release();
    expect(await rows('SELECT id FROM cal_events ORDER BY id')).toEqual([{ id: 4 }, { id: 10 }]);
    await dataSource.destroy();
    await database.drop();
  });
});
