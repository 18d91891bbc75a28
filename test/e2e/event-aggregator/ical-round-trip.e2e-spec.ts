import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalImportService } from '../../../src/modules/cal/event-aggregator';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { seedCalendar } from '../calendar-views/views-helpers';

const FIELDS = ['title', 'start_date', 'end_date', 'utc_start_date', 'utc_end_date', 'all_day', 'timezone'];

async function listed(t: TestApp): Promise<Array<Record<string, unknown>>> {
  const res = await t
    .http()
    .get('/wp-json/cal/events/v1/events')
    .query({ start_date: '2030-01-01', end_date: '2031-01-01', per_page: 50 });
  return res.body.events.map((event: Record<string, any>) => ({
    ...Object.fromEntries(FIELDS.map((field) => [field, event[field]])),
    venue: event.venue?.venue ?? null,
    categories: event.categories.map((category: { name: string }) => category.name),
  }));
}

describe('iCal round trip: export, import into an empty site, same events', () => {
  let source: TestApp;
  let target: TestApp;
  let file: string;

  beforeAll(async () => {
    source = await createTestApp();
    await seedCalendar(source, await source.user('administrator'));
    target = await createTestApp();
    const feed = await source.http().get('/events/month/2030-03/?ical=1');
    file = join(mkdtempSync(join(tmpdir(), 'ical-')), 'march.ics');
    writeFileSync(file, feed.text);
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  it('imports the feed with the same titles, times, all-day flags, venues and categories', async () => {
    const admin = await target.user('administrator');
    const progress: Array<[number, number]> = [];
    const result = await target.app.get(LocalImportService).importIcal(file, {
      authorId: admin.id,
      language: 'en',
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.items).toBe(3);
    expect(result.failed).toBe(0);
    expect(result.record.status).toBe('success');
    expect(result.activity.cal_events.created).toHaveLength(3);
    expect(progress).toEqual([
      [0, 3],
      [3, 3],
    ]);
    const expected = (await listed(source)).filter((event) =>
      ['Excavator workshop', 'Evening session', 'Trade fair'].includes(String(event.title)),
    );
    expect(expected).toHaveLength(3);
    expect(await listed(target)).toEqual(expected);
  });

  it('re-runs without duplicates: unchanged events are skipped', async () => {
    const again = await target.app.get(LocalImportService).importIcal(file, { authorId: 0, language: 'en' });
    expect(again.activity.cal_events.created).toEqual([]);
    expect(again.activity.cal_events.skipped).toHaveLength(3);
    expect(await listed(target)).toHaveLength(3);
  });

  it('refuses a file that is not iCalendar', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'ical-')), 'bad.ics');
    writeFileSync(bad, 'not a calendar');
    await expect(
      target.app.get(LocalImportService).importIcal(bad, { authorId: 0, language: 'en' }),
    ).rejects.toThrow();
  });
});
