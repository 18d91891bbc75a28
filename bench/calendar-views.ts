/**
 * Calendar pages benchmark: `npm run bench:views`.
 *
 * Boots the real application on a temporary SQLite file and times the month view, the list view, the views
 * route and a single event page at 1,000 and at 100,000 events. The month shown (2030-06) and the list's
 * next page hold the same events at both sizes (40 in the month), so the figures compare the cost of the
 * other 99,000 events being stored, not of rendering more. Then imports an iCal feed of `BENCH_IMPORT_EVENTS`
 * (default 10,000) events into an empty language and reports the rate.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ical from 'ical-generator';
import type { DataSource } from 'typeorm';
import { CALENDAR_CACHE_GROUP } from '../src/modules/cal/shared';
import { LastChanged } from '../src/platform/database';
import { LocalImportService } from '../src/modules/cal/event-aggregator';
import {
  CHUNK,
  insertRows,
  measure,
  printHeader,
  rng,
  runBench,
  Scenario,
  send,
  startBenchApp,
  eventRow,
} from './harness';

const IMPORT_EVENTS = Number(process.env.BENCH_IMPORT_EVENTS ?? 10_000);
const MONTH = { year: 2030, month: 6 };
const IN_MONTH = 40;

function viewEventRow(id: number, startUtc: Date, hours: number, allDay = false): Record<string, unknown> {
  return eventRow(id, startUtc, new Date(startUtc.getTime() + hours * 3_600_000), {
    all_day: allDay ? 1 : 0,
  });
}

/**
 * Events `from`..`to`: the first `IN_MONTH` ids fall in the benchmark month (some multi-day), the rest in
 * 2010–2029 and 2031–2049 (never in the month, never in the list's next page after 2030-06-01).
 */
async function seed(dataSource: DataSource, from: number, to: number): Promise<void> {
  const random = rng(from);
  const monthStart = Date.UTC(MONTH.year, MONTH.month - 1, 1);
  for (let start = from; start <= to; start += CHUNK * 4) {
    const rows: Record<string, unknown>[] = [];
    for (let id = start; id <= Math.min(to, start + CHUNK * 4 - 1); id++) {
      if (id <= IN_MONTH) {
        const day = (id * 7) % 28;
        rows.push(
          viewEventRow(
            id,
            new Date(monthStart + day * 86_400_000 + 9 * 3_600_000),
            id % 10 === 0 ? 50 : 2,
            id % 13 === 0,
          ),
        );
        continue;
      }
      const before = random() < 0.5;
      const year = before ? 2010 + Math.floor(random() * 20) : 2031 + Math.floor(random() * 19);
      const startUtc = new Date(
        Date.UTC(
          year,
          Math.floor(random() * 12),
          1 + Math.floor(random() * 28),
          8 + Math.floor(random() * 10),
        ),
      );
      rows.push(viewEventRow(id, startUtc, 1 + Math.floor(random() * 4)));
    }
    await insertRows(dataSource, 'cal_events', rows);
  }
}

function feed(count: number): string {
  const calendar = ical({ name: 'bench' });
  const base = Date.UTC(2032, 0, 1, 9);
  for (let i = 0; i < count; i++) {
    const start = new Date(base + i * 3_600_000 * 5);
    calendar.createEvent({
      id: `bench-${i}@feed.test`,
      start,
      end: new Date(start.getTime() + 2 * 3_600_000),
      summary: `Imported ${i}`,
      description: `Feed event ${i}`,
      location: `Hall ${i % 50}, Street ${i % 50}, Oslo`,
      categories: [{ name: `Feed ${i % 10}` }],
    });
  }
  return calendar.toString();
}

async function main(): Promise<void> {
  const { app, dataSource, root, close } = await startBenchApp('calendar-views');
  const site = root.replace(/\/wp-json$/, '');
  const lastChanged = app.get(LastChanged);
  try {
    let seeded = 0;
    for (const size of [1_000, 100_000]) {
      const t0 = performance.now();
      await seed(dataSource, seeded + 1, size);
      seeded = size;
      await dataSource.query('ANALYZE');
      // Rows went in by SQL, past the entity subscribers: the views' longest-event bound is recomputed once.
      await dataSource.query('UPDATE cal_views_longest SET seconds = -1');
      await lastChanged.renew(CALENDAR_CACHE_GROUP);
      process.stdout.write(
        `\n== ${size.toLocaleString('en-US')} events (inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s) ==\n`,
      );
      const page = await (await send(`${site}/events/month/2030-06/`)).text();
      const nonce = /"_cal_view_rest_nonce_primary":"([0-9a-f]+)"/.exec(page)?.[1] ?? '';
      const shown = (page.match(/calendar-event-title-link/g) ?? []).length;
      const scenarios: Scenario[] = [
        { name: 'month view', request: () => ({ path: '/events/month/2030-06/' }) },
        { name: 'list view', request: () => ({ path: '/events/list/?tribe-bar-date=2030-06-01' }) },
        { name: 'day view', request: () => ({ path: '/events/2030-06-08/' }) },
        {
          name: 'views route (month)',
          request: () => ({
            path: `/wp-json/cal/views/v2/html?url=${encodeURIComponent('/events/month/2030-06/')}&_cal_view_rest_nonce_primary=${nonce}`,
          }),
        },
        { name: 'single event page', request: () => ({ path: '/event/event-7/' }) },
        { name: 'month iCal', request: () => ({ path: '/events/month/2030-06/?ical=1' }) },
      ];
      process.stdout.write(`(the month shows ${shown} event entries)\n`);
      for (const scenario of scenarios) await (await send(`${site}${scenario.request().path}`)).arrayBuffer();
      process.stdout.write('-- repeated requests\n');
      printHeader();
      for (const scenario of scenarios) process.stdout.write(`${await measure(site, scenario, 100)}\n`);
      process.stdout.write('-- after a write (calendar stamp renewed before every request)\n');
      printHeader();
      const renew = () => lastChanged.renew(CALENDAR_CACHE_GROUP);
      for (const scenario of scenarios.slice(0, 2)) {
        process.stdout.write(`${await measure(site, { ...scenario, prepare: renew }, 100)}\n`);
      }
    }

    if (IMPORT_EVENTS > 0) {
      const file = join(mkdtempSync(join(tmpdir(), 'ical-bench-')), 'feed.ics');
      writeFileSync(file, feed(IMPORT_EVENTS));
      const t0 = performance.now();
      const result = await app.get(LocalImportService).importIcal(file, { authorId: 1, language: 'no' });
      const seconds = (performance.now() - t0) / 1000;
      process.stdout.write(
        `\n== iCal import: ${result.items.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s = ` +
          `${(result.items / seconds).toFixed(0)} events/s (${result.activity.cal_events.created.length} created, ` +
          `${result.activity.cal_venue.created.length} venues, ${result.failed} failed) ==\n`,
      );
    }
  } finally {
    await close();
  }
}

runBench(main);
