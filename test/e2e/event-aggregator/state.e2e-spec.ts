import { createTestApp, TestApp } from '../../helpers/test-app';
import { createRecord, EA, errorsOf, reload } from './aggregator-helpers';

const BODY = {
  batch_hash: '2389',
  status: 'success',
  message: 'Some message',
  message_slug: 'message-slug',
  percentage_complete: 50,
};

describe('POST cal/event-aggregator/v1/import/{id}/state (TEC ForcedImportStatusCest)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (importId: string, body: object) => t.http().post(`${EA}/import/${importId}/state`).send(body);

  it.each(['success', 'failed', 'pending'] as const)('forces the record to %s', async (status) => {
    const record = await createRecord(t);
    const res = await post(record.importId, { ...BODY, status });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success' });
    const stored = await reload(t, record.id);
    expect(stored.status).toBe(status);
    expect(stored.percentageComplete).toBe(50);
    expect(stored.nextBatchHash).toBe(status === 'pending' ? '2389' : null);
    const errors = await errorsOf(t, record.id);
    expect(errors).toEqual(status === 'failed' ? [{ code: 'message-slug', message: 'Some message' }] : []);
  });

  it.each(['draft', 'schedule', 'not-even-a-status'])(
    'rejects the non-forceable status %s',
    async (status) => {
      const record = await createRecord(t);
      const res = await post(record.importId, { ...BODY, status });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.params).toHaveProperty('status');
      expect((await reload(t, record.id)).status).toBe('pending');
    },
  );

  it('rejects a failure report when no next hash is present: status unchanged, nothing logged', async () => {
    const record = await createRecord(t, { nextBatchHash: null });
    const res = await post(record.importId, { ...BODY, status: 'failed' });
    expect(res.status).toBe(400);
    expect(res.body.data.params).toEqual({ batch_hash: 'Invalid parameter.' });
    expect((await reload(t, record.id)).status).toBe('pending');
    expect(await errorsOf(t, record.id)).toEqual([]);
  });

  it('rejects a failure report with an unexpected hash', async () => {
    const record = await createRecord(t);
    const res = await post(record.importId, { ...BODY, batch_hash: '2390', status: 'failed' });
    expect(res.status).toBe(400);
    expect((await reload(t, record.id)).status).toBe('pending');
    expect(await errorsOf(t, record.id)).toEqual([]);
  });

  it('rejects records that are not pending and unknown imports', async () => {
    const done = await createRecord(t, { status: 'success' });
    expect((await post(done.importId, BODY)).status).toBe(400);
    const unknown = await post('doesnotexist', BODY);
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.data.params)).toEqual(['import_id', 'batch_hash']);
  });

  it('requires every argument', async () => {
    const record = await createRecord(t);
    const res = await post(record.importId, {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_missing_callback_param');
    expect(res.body.data.params).toEqual([
      'batch_hash',
      'percentage_complete',
      'status',
      'message',
      'message_slug',
    ]);
    const bad = await post(record.importId, { ...BODY, percentage_complete: 150 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.params).toHaveProperty('percentage_complete');
  });

  it('takes only POST and is listed in the namespace index', async () => {
    const record = await createRecord(t);
    expect((await t.http().get(`${EA}/import/${record.importId}/state`)).status).toBe(404);
    const index = await t.http().get(EA);
    expect(index.status).toBe(200);
    expect(Object.keys(index.body.routes)).toEqual(
      expect.arrayContaining([
        '/cal/event-aggregator/v1/import/(?P<import_id>\\w+)/batch',
        '/cal/event-aggregator/v1/import/(?P<import_id>\\w+)/state',
      ]),
    );
  });
});
