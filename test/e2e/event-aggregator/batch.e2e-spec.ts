import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { batchBody, createRecord, EA, errorsOf, item, reload } from './aggregator-helpers';

describe('POST cal/event-aggregator/v1/import/{id}/batch', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (importId: string, body: object) => t.http().post(`${EA}/import/${importId}/batch`).send(body);

  describe('validation (TEC ValidationCest)', () => {
    it('rejects an import ID that is not an existing one (both import_id and batch_hash fail)', async () => {
      const res = await post('nosuchimport', batchBody('2389', []));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): import_id, batch_hash',
        data: {
          status: 400,
          params: { import_id: 'Invalid parameter.', batch_hash: 'Invalid parameter.' },
          details: expect.any(Object),
        },
      });
    });

    it.each(['success', 'failed', 'schedule', 'draft'] as const)(
      'rejects a %s record (not one needing data)',
      async (status) => {
        const record = await createRecord(t, { status });
        const res = await post(record.importId, batchBody('2389', [item('a')]));
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.data.params)).toEqual(['import_id', 'batch_hash']);
        expect((await reload(t, record.id)).status).toBe(status);
      },
    );

    it('fails closed when the record has no batch hash', async () => {
      const record = await createRecord(t, { nextBatchHash: null });
      const res = await post(record.importId, batchBody('2389', [item('a')]));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data.params)).toEqual(['batch_hash']);
      const empty = await post(record.importId, batchBody('', [item('a')]));
      expect(empty.status).toBe(400);
    });

    it('rejects an unexpected batch hash and creates nothing', async () => {
      const record = await createRecord(t);
      const res = await post(record.importId, batchBody('2390', [item('wrong-hash')]));
      expect(res.status).toBe(400);
      expect(res.body.data.params).toEqual({ batch_hash: 'Invalid parameter.' });
      const events = await t.http().get('/wp-json/cal/events/v1/events').query({ search: 'wrong-hash' });
      expect(events.body.total).toBe(0);
      expect((await reload(t, record.id)).nextBatchHash).toBe('2389');
    });

    it('requires batch_hash, status and percentage_complete', async () => {
      const record = await createRecord(t);
      const res = await post(record.importId, { events: [] });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_missing_callback_param');
      expect(res.body.data.params).toEqual(['batch_hash', 'percentage_complete', 'status']);
    });

    it('checks the status information and the percentage', async () => {
      const record = await createRecord(t);
      for (const status of [
        { data: { total: 10, done: 11 }, batch: { total: 2, done: 1 } },
        { data: { total: 10, done: 1 }, batch: { total: 2, done: 3 } },
        { data: { total: 'x', done: 1 }, batch: { total: 2, done: 1 } },
        { data: { total: 10, done: 1 } },
        'nope',
      ]) {
        const res = await post(record.importId, batchBody('2389', [], { status }));
        expect(res.status).toBe(400);
        expect(res.body.data.params).toHaveProperty('status');
      }
      for (const percentage_complete of [101, -1, 'lots']) {
        const res = await post(record.importId, batchBody('2389', [], { percentage_complete }));
        expect(res.status).toBe(400);
        expect(res.body.data.params).toHaveProperty('percentage_complete');
      }
      expect((await reload(t, record.id)).nextBatchHash).toBe('2389');
    });
  });

  describe('processing (TEC ProcessingCest)', () => {
    it('processes the first batch: creates the events, rotates the hash, stays pending', async () => {
      const record = await createRecord(t);
      const res = await post(record.importId, batchBody('2389', [item('one'), item('two'), item('three')]));
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.interval).toBe(10);
      expect(res.body.next_batch_hash).toMatch(/^[0-9a-f]{32}$/);
      expect(res.body.next_batch_hash).not.toBe('2389');
      const created = res.body.activity.cal_events.created;
      expect(created).toHaveLength(3);
      expect(res.body.activity.cal_venue.created).toHaveLength(1);
      // The same venue for the next two items: found, not created again (lists hold each ID once).
      expect(res.body.activity.cal_venue.skipped).toEqual(res.body.activity.cal_venue.created);
      expect(res.body.activity.cal_organizer.created).toHaveLength(1);
      expect(res.body.activity.cal_events_cat.created).toHaveLength(1);
      expect(res.body.activity.post_tag.created).toHaveLength(2);

      const stored = await reload(t, record.id);
      expect(stored.status).toBe('pending');
      expect(stored.nextBatchHash).toBe(res.body.next_batch_hash);
      expect(stored.percentageComplete).toBe(18);
      expect(stored.totalEvents).toBe(89);
      expect(stored.postStatus).toBe('publish');
      expect(JSON.parse(stored.activity ?? '{}').cal_events.created).toEqual(created);

      const event = await t.http().get(`/wp-json/cal/events/v1/events/${created[0]}`);
      expect(event.status).toBe(200);
      expect(event.body).toMatchObject({
        title: 'Imported one',
        status: 'publish',
        start_date: '2030-06-10 09:30:00',
        end_date: '2030-06-10 11:00:00',
        timezone: 'Europe/Oslo',
        website: 'https://origin.test/one',
        venue: { venue: 'Import Hall', city: 'Bergen' },
        organizer: [{ organizer: 'Origin Org', email: 'org@origin.test' }],
        categories: [{ name: 'Imported' }],
      });
      expect(event.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['digging', 'machines']);

      // The old hash is spent: replaying the batch is rejected and creates nothing more.
      const replay = await post(record.importId, batchBody('2389', [item('four')]));
      expect(replay.status).toBe(400);
    });

    it('processes later batches: updates by uid, skips unchanged items, reports cumulative activity', async () => {
      const record = await createRecord(t, { importId: 'cumulative1' });
      const first = await post('cumulative1', batchBody('2389', [item('c1'), item('c2')]));
      const [c1, c2] = first.body.activity.cal_events.created;
      const second = await post(
        'cumulative1',
        batchBody(first.body.next_batch_hash, [item('c1', { title: 'Renamed c1' }), item('c2'), item('c3')], {
          percentage_complete: 60,
        }),
      );
      expect(second.status).toBe(200);
      expect(second.body.activity.cal_events.updated).toEqual([c1]);
      expect(second.body.activity.cal_events.skipped).toEqual([c2]);
      expect(second.body.activity.cal_events.created).toHaveLength(3);
      expect(second.body.activity.cal_events.created.slice(0, 2)).toEqual([c1, c2]);
      expect((await t.http().get(`/wp-json/cal/events/v1/events/${c1}`)).body.title).toBe('Renamed c1');
      expect((await reload(t, record.id)).percentageComplete).toBe(60);
      const rows = await t.app
        .get(DataSource)
        .query(
          "SELECT title FROM cal_events WHERE title IN ('Imported c1', 'Renamed c1', 'Imported c2', 'Imported c3') ORDER BY id",
        );
      expect(rows.map((row: { title: string }) => row.title)).toEqual([
        'Renamed c1',
        'Imported c2',
        'Imported c3',
      ]);
    });

    it('processes the last batch: record success, hash deleted, no next_batch_hash', async () => {
      const record = await createRecord(t, { importId: 'lastbatch1' });
      const res = await post(
        'lastbatch1',
        batchBody('2389', [item('l1'), item('l2'), item('l3')], {
          status: { data: { total: 9, done: 6 }, batch: { per_batch: 3, total: 3, done: 2 } },
          percentage_complete: 100,
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('next_batch_hash');
      expect(res.body.interval).toBe(10);
      expect(res.body.activity.cal_events.created).toHaveLength(3);
      const stored = await reload(t, record.id);
      expect(stored.status).toBe('success');
      expect(stored.nextBatchHash).toBeNull();
      expect(stored.percentageComplete).toBe(100);
      expect(stored.totalEvents).toBe(9);
    });

    it('keeps the record pending on a failed last batch and logs the failures', async () => {
      const record = await createRecord(t, { importId: 'badlast1', postStatus: 'draft' });
      const res = await post(
        'badlast1',
        batchBody('2389', [item('bad', { start_date: 'not a date', end_date: 'never' })], {
          status: { data: { total: 1, done: 0 }, batch: { total: 1, done: 0 } },
          percentage_complete: 100,
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body.next_batch_hash).toMatch(/^[0-9a-f]{32}$/);
      const stored = await reload(t, record.id);
      expect(stored.status).toBe('pending');
      expect(stored.percentageComplete).toBe(0);
      expect((await errorsOf(t, record.id))[0].code).toBe('rest_invalid_param');
    });

    it('creates events with the record status and in its language', async () => {
      await createRecord(t, { importId: 'drafts1', postStatus: 'draft', language: 'no' });
      const res = await post('drafts1', batchBody('2389', [item('norsk')]));
      const [id] = res.body.activity.cal_events.created;
      const admin = await t.user('administrator');
      const event = await t
        .http()
        .get(`/wp-json/cal/events/v1/events/${id}`)
        .query({ ml_language: 'no' })
        .set('Authorization', admin.auth);
      expect(event.body.status).toBe('draft');
      expect((await t.http().get(`/wp-json/cal/events/v1/events/${id}`)).status).toBe(404);
    });
  });
});
