/**
 * Calendar read benchmark: `npm run bench:calendar`.
 *
 * Boots the real AppModule on a temporary SQLite file, bulk-inserts events (with venues, organizers,
 * categories and tags) straight into the tables, then times sequential HTTP requests against the
 * events archive and single-event routes at 1,000 and at 100,000 events.
 */
import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { LastChanged, SITE_CACHE_GROUP } from '../src/platform/database';
import { CALENDAR_CACHE_GROUP } from '../src/modules/cal/shared';
import { SearchObjectType } from '../src/platform/search';
import {
  CHUNK,
  indexForSearch,
  insertRows,
  measure,
  printHeader,
  rng,
  runBench,
  Scenario,
  send,
  sqlDate,
  startBenchApp,
  termRows,
  WORDS,
  eventRow,
} from './harness';

const VENUES = 200;
const ORGANIZERS = 100;
const CATEGORIES = 20;
const TAGS = 30;

async function seedLinked(dataSource: DataSource): Promise<void> {
  const now = sqlDate(new Date());
  const post = (i: number, prefix: string) => ({
    author_id: 1,
    status: 'publish',
    slug: `${prefix}-${i}`,
    title: `${prefix} ${i}`,
    description: '',
    password: '',
    date: now,
    date_gmt: now,
    modified: now,
    modified_gmt: now,
    language: 'en',
  });
  const random = rng(7);
  await insertRows(
    dataSource,
    'cal_venues',
    Array.from({ length: VENUES }, (_, i) => ({
      ...post(i + 1, 'venue'),
      city: 'Oslo',
      geo_lat: 59 + random() * 2,
      geo_lng: 10 + random() * 2,
    })),
  );
  await insertRows(
    dataSource,
    'cal_organizers',
    Array.from({ length: ORGANIZERS }, (_, i) => post(i + 1, 'organizer')),
  );
  await insertRows(
    dataSource,
    'cal_terms',
    termRows({ categories: CATEGORIES, tags: TAGS, tagTaxonomy: 'tag' }),
  );
}

/** Events `from`..`to` (1-based ids), starting between 30 days ago and 2 years ahead. */
async function seedEvents(dataSource: DataSource, from: number, to: number): Promise<void> {
  const random = rng(from);
  const nowMs = Date.now();
  for (let start = from; start <= to; start += CHUNK * 4) {
    const end = Math.min(to, start + CHUNK * 4 - 1);
    const events: Record<string, unknown>[] = [];
    const organizers: Record<string, unknown>[] = [];
    const terms: Record<string, unknown>[] = [];
    for (let id = start; id <= end; id++) {
      const startMs = nowMs + (random() * 760 - 30) * 86_400_000;
      const startUtc = new Date(Math.floor(startMs / 60_000) * 60_000);
      const endUtc = new Date(startUtc.getTime() + (1 + Math.floor(random() * 4)) * 3_600_000);
      const word = WORDS[Math.floor(random() * WORDS.length)];
      events.push(
        eventRow(id, startUtc, endUtc, {
          status: random() < 0.95 ? 'publish' : 'draft',
          title: `Event ${id} ${word}`,
          description: `Description of event ${id}: a ${word} near the fjord.`,
          hide_from_listings: random() < 0.01 ? 1 : 0,
          featured: random() < 0.1 ? 1 : 0,
          cost: random() < 0.5 ? `${Math.floor(random() * 500)} NOK` : '',
          venue_id: 1 + Math.floor(random() * VENUES),
        }),
      );
      const firstOrganizer = 1 + Math.floor(random() * ORGANIZERS);
      organizers.push({ event_id: id, organizer_id: firstOrganizer, position: 0 });
      if (random() < 0.3) {
        organizers.push({ event_id: id, organizer_id: (firstOrganizer % ORGANIZERS) + 1, position: 1 });
      }
      terms.push({ event_id: id, term_id: 1 + Math.floor(random() * CATEGORIES) });
      terms.push({ event_id: id, term_id: CATEGORIES + 1 + Math.floor(random() * TAGS) });
    }
    await dataSource.transaction(async (manager) => {
      const ds = manager as unknown as DataSource;
      await insertRows(ds, 'cal_events', events);
      await insertRows(ds, 'cal_event_organizers', organizers);
      await insertRows(ds, 'cal_event_terms', terms);
      await indexForSearch(manager, SearchObjectType.event, events, 'description');
    });
  }
  // Rows were inserted directly, so refresh the stored term counts as the events service does on writes.
  await dataSource.query(
    "UPDATE cal_terms SET count = (SELECT COUNT(*) FROM cal_event_terms cet INNER JOIN cal_events e ON e.id = cet.event_id WHERE cet.term_id = cal_terms.id AND e.status = 'publish')",
  );
}

async function main(): Promise<void> {
  const { app, dataSource, root, close } = await startBenchApp('calendar');
  const random = rng(42);
  const lastChanged = app.get(LastChanged);
  const events = '/cal/events/v1/events';
  try {
    const seedStart = performance.now();
    await seedLinked(dataSource);
    let seeded = 0;
    for (const size of [1_000, 100_000]) {
      const t0 = performance.now();
      await seedEvents(dataSource, seeded + 1, size);
      seeded = size;
      await dataSource.query('ANALYZE');
      // Rows went in by SQL, past the entity subscribers: retire cached archive pages as a write would.
      await lastChanged.renew(CALENDAR_CACHE_GROUP);
      await lastChanged.renew(SITE_CACHE_GROUP);
      process.stdout.write(
        `\n== ${size.toLocaleString('en-US')} events (inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s) ==\n`,
      );
      const published = (
        (await dataSource.query("SELECT id FROM cal_events WHERE status = 'publish'")) as Array<{
          id: number;
        }>
      ).map((row) => Number(row.id));
      const inWeeks = (weeks: number) => sqlDate(new Date(Date.now() + weeks * 7 * 86_400_000)).slice(0, 10);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
      const scenarios: Scenario[] = [
        { name: 'archive default', request: () => ({ path: events }) },
        {
          name: 'date window (30 d)',
          request: () => ({ path: `${events}?start_date=${inWeeks(8)}&end_date=${inWeeks(12)}` }),
        },
        {
          name: 'category filter',
          request: () => ({ path: `${events}?categories=category-${1 + Math.floor(random() * CATEGORIES)}` }),
        },
        { name: 'search', request: () => ({ path: `${events}?search=${pick(WORDS)}` }) },
        { name: 'single event', request: () => ({ path: `${events}/${pick(published)}` }) },
      ];
      // Warm-up (statement caches, JIT).
      for (const scenario of scenarios)
        await send(`${root}${scenario.request().path}`).then((r) => r.arrayBuffer());
      process.stdout.write(
        '-- repeated requests (answers served from the response and query caches until a write)\n',
      );
      printHeader();
      for (const scenario of scenarios) process.stdout.write(`${await measure(root, scenario)}\n`);
      process.stdout.write(
        '-- uncached: the site and calendar stamps are renewed before every request (as after a write)\n',
      );
      printHeader();
      // Both stamps, as a write renews them: the response cache keys on the site stamp, the query cache on
      // the calendar's.
      const renew = async () => {
        await lastChanged.renew(CALENDAR_CACHE_GROUP);
        await lastChanged.renew(SITE_CACHE_GROUP);
      };
      for (const scenario of scenarios.slice(0, 4)) {
        process.stdout.write(`${await measure(root, { ...scenario, prepare: renew })}\n`);
      }
    }
    process.stdout.write(`\nTotal ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);
  } finally {
    await close();
  }
}

runBench(main);
