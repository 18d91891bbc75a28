import { DataSource } from 'typeorm';
import { ImportRecordEntity, ImportRecordsRepository } from '../../../src/modules/cal/event-aggregator';
import type { TestApp } from '../../helpers/test-app';

export const EA = '/wp-json/cal/event-aggregator/v1';

/** A record as TEC's test factory makes it: pending, with a stored hash. */
export async function createRecord(
  t: TestApp,
  overrides: Partial<ImportRecordEntity> = {},
): Promise<ImportRecordEntity> {
  const now = '2026-01-01 00:00:00';
  const record = Object.assign(new ImportRecordEntity(), {
    importId: `imp${Math.random().toString(36).slice(2, 10)}`,
    origin: 'ical',
    type: 'manual',
    status: 'pending',
    nextBatchHash: '2389',
    percentageComplete: 0,
    totalEvents: 0,
    postStatus: '',
    source: 'https://feed.test/calendar.ics',
    activity: null,
    authorId: 1,
    parentId: 0,
    language: 'en',
    frequencySeconds: 0,
    nextRunAt: null,
    deliveredAt: null,
    attempts: 0,
    claimedBy: null,
    claimedUntil: null,
    createdAt: now,
    modifiedAt: now,
    ...overrides,
  });
  return t.app.get(ImportRecordsRepository).save(record);
}

export async function reload(t: TestApp, id: number): Promise<ImportRecordEntity> {
  const record = await t.app.get(ImportRecordsRepository).findById(id);
  if (!record) throw new Error(`record ${id} is gone`);
  return record;
}

export async function errorsOf(t: TestApp, id: number): Promise<Array<{ code: string; message: string }>> {
  return t.app
    .get(DataSource)
    .query('SELECT code, message FROM ea_import_errors WHERE record_id = ? ORDER BY id', [id]);
}

/** An event item as the import service sends it (TEC's `BatchDataMaker`). */
export function item(uid: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    uid,
    title: `Imported ${uid}`,
    description: `<p>About ${uid}</p>`,
    start_date: '2030-06-10',
    start_hour: '9',
    start_minute: '30',
    start_meridian: 'am',
    end_date: '2030-06-10',
    end_hour: '11',
    end_minute: '00',
    end_meridian: 'am',
    timezone: 'Europe/Oslo',
    url: `https://origin.test/${uid}`,
    categories: ['Imported'],
    tags: 'digging, machines',
    venue: { venue: 'Import Hall', address: 'Kaigata 2', city: 'Bergen', country: 'Norway' },
    organizer: [{ organizer: 'Origin Org', email: 'org@origin.test' }],
    ...overrides,
  };
}

export function batchBody(hash: string, events: unknown[], overrides: Record<string, unknown> = {}) {
  return {
    batch_hash: hash,
    events,
    status: { data: { total: 89, done: 20 }, batch: { per_batch: events.length, total: 9, done: 2 } },
    percentage_complete: 18,
    interval: 10,
    ...overrides,
  };
}
