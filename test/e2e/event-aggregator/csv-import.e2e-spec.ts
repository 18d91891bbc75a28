import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalImportService } from '../../../src/modules/cal/event-aggregator';
import { createTestApp, TestApp } from '../../helpers/test-app';

const CSV = `Event Name,Event Description,Event Start Date,Event Start Time,Event End Date,Event End Time,All Day Event,Event Venue Name,Event Organizer Name,Event Cost,Event Category,Event Tags,Event Website,Hide from Event Listings
Grading course,"Learn grading, with GNSS",2030-09-01,9:00 am,2030-09-01,3:30 pm,FALSE,Training Yard,"Ola Nordmann, Kari Nordmann",500,"Courses, Machines",gnss,https://example.test/grading,FALSE
Open day,Visit us,2030-09-05,,2030-09-06,,TRUE,Training Yard,,,Events,,,FALSE
`;

describe('import:csv (TEC CSV columns)', () => {
  let t: TestApp;
  let file: string;

  beforeAll(async () => {
    t = await createTestApp();
    file = join(mkdtempSync(join(tmpdir(), 'csv-')), 'events.csv');
    writeFileSync(file, CSV);
  });
  afterAll(() => t.close());

  it('creates the events with their times, venue, organizers and terms', async () => {
    const admin = await t.user('administrator');
    const result = await t.app
      .get(LocalImportService)
      .importCsv(file, { authorId: admin.id, language: 'en' });
    expect(result.items).toBe(2);
    expect(result.failed).toBe(0);
    expect(result.record).toMatchObject({ origin: 'csv', status: 'success', percentageComplete: 100 });
    const [grading, open] = result.activity.cal_events.created;
    const first = (await t.http().get(`/wp-json/cal/events/v1/events/${grading}`)).body;
    expect(first).toMatchObject({
      title: 'Grading course',
      start_date: '2030-09-01 09:00:00',
      end_date: '2030-09-01 15:30:00',
      all_day: false,
      cost: '$500',
      website: 'https://example.test/grading',
      venue: { venue: 'Training Yard' },
    });
    expect(first.organizer.map((o: { organizer: string }) => o.organizer)).toEqual([
      'Ola Nordmann',
      'Kari Nordmann',
    ]);
    expect(first.categories.map((c: { name: string }) => c.name)).toEqual(['Courses', 'Machines']);
    const second = (await t.http().get(`/wp-json/cal/events/v1/events/${open}`)).body;
    expect(second).toMatchObject({
      all_day: true,
      start_date: '2030-09-05 00:00:00',
      end_date: '2030-09-06 23:59:59',
    });
    expect(second.venue.id).toBe(first.venue.id);
  });

  it('updates instead of duplicating on a second run', async () => {
    writeFileSync(file, CSV.replace('Learn grading, with GNSS', 'Learn grading with GNSS, now with lunch'));
    const again = await t.app.get(LocalImportService).importCsv(file, { authorId: 0, language: 'en' });
    expect(again.activity.cal_events.created).toEqual([]);
    expect(again.activity.cal_events.updated).toHaveLength(1);
    expect(again.activity.cal_events.skipped).toHaveLength(1);
  });

  it('logs rows it cannot import and marks an import of only bad rows failed', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'csv-')), 'bad.csv');
    writeFileSync(bad, 'Event Name,Event Start Date\nBroken,someday\n');
    const result = await t.app.get(LocalImportService).importCsv(bad, { authorId: 0, language: 'en' });
    expect(result.failed).toBe(1);
    expect(result.record.status).toBe('failed');
  });
});
