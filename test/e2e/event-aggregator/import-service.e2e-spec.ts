import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { ImportQueueService, ImportRecordsRepository } from '../../../src/modules/cal/event-aggregator';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { batchBody, EA, errorsOf, item, reload } from './aggregator-helpers';

interface Call {
  path: string;
  body: Record<string, any>;
}

/** A fake import service on 127.0.0.1: creates imports and records delivery requests. */
class FakeImportService {
  readonly calls: Call[] = [];
  mode: 'ok' | 'error' | 'hang' = 'ok';
  private server: Server;
  private counter = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v1`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, any>) : {};
      this.calls.push({ path: req.url ?? '', body });
      if (this.mode === 'hang') return;
      if (this.mode === 'error') {
        res.writeHead(503).end('{"status":"error"}');
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'POST' && req.url === '/api/v1/import') {
        this.counter += 1;
        res.end(JSON.stringify({ status: 'success', data: { import_id: `fake${this.counter}` } }));
        return;
      }
      if (req.method === 'POST' && /^\/api\/v1\/import\/\w+\/deliver\/$/.test(req.url ?? '')) {
        res.end(JSON.stringify({ status: 'success', message_code: 'queued' }));
        return;
      }
      res.writeHead(404).end('{}');
    });
  }
}

describe('imports through the import service', () => {
  const service = new FakeImportService();
  let t: TestApp;
  let admin: TestUser;
  let queue: ImportQueueService;

  beforeAll(async () => {
    const url = await service.start();
    t = await createTestApp({
      EA_SERVICE_URL: url,
      EA_SERVICE_KEY: 'licence-1',
      EA_JOB_SECONDS: '0',
      EA_TIMEOUT_MS: '500',
    });
    admin = await t.user('administrator');
    queue = t.app.get(ImportQueueService);
  });
  afterAll(async () => {
    await t.close();
    await service.stop();
  });

  beforeEach(() => {
    service.calls.length = 0;
    service.mode = 'ok';
  });

  it('queues an import, has the service deliver it once, then takes its batches', async () => {
    const record = await queue.queue({
      origin: 'ical',
      source: 'https://feed.test/a.ics',
      authorId: admin.id,
      language: 'en',
    });
    expect(record).toMatchObject({ importId: 'fake1', status: 'pending', origin: 'ical', deliveredAt: null });
    expect(record.nextBatchHash).toMatch(/^[0-9a-f]{32}$/);
    expect(service.calls[0]).toEqual({
      path: '/api/v1/import',
      body: { origin: 'ical', source: 'https://feed.test/a.ics', type: 'manual', key: 'licence-1' },
    });

    // Two job runs at once (as two instances would): the record is claimed by one of them.
    const runs = await Promise.all([queue.runDue(), queue.runDue()]);
    expect(runs.map((run) => run.delivered).sort()).toEqual([0, 1]);
    const deliveries = service.calls.filter((call) => call.path.endsWith('/deliver/'));
    expect(deliveries).toEqual([
      {
        path: '/api/v1/import/fake1/deliver/',
        body: {
          batch_size: 10,
          batch_interval: 10,
          tec_version: '6.0.8',
          next_import_hash: record.nextBatchHash,
          api: 'http://example.test/wp-json/cal/event-aggregator/v1',
          key: 'licence-1',
        },
      },
    ]);
    expect((await reload(t, record.id)).deliveredAt).not.toBeNull();
    expect((await queue.runDue()).delivered).toBe(0);

    // The service pushes the only batch with the hash it was given.
    const res = await t
      .http()
      .post(`${EA}/import/fake1/batch`)
      .send(
        batchBody(record.nextBatchHash!, [item('feed-1'), item('feed-2')], {
          status: { data: { total: 2, done: 0 }, batch: { total: 1, done: 0 } },
          percentage_complete: 100,
        }),
      );
    expect(res.status).toBe(200);
    const done = await reload(t, record.id);
    expect(done.status).toBe('success');
    const events = await Promise.all(
      res.body.activity.cal_events.created.map((id: number) =>
        t.http().get(`/wp-json/cal/events/v1/events/${id}`),
      ),
    );
    expect(events.map((event) => event.body.author)).toEqual([String(admin.id), String(admin.id)]);
  });

  it('retries a failing service and marks the import failed after three attempts', async () => {
    const record = await queue.queue({
      origin: 'ics',
      source: 'upload.ics',
      authorId: admin.id,
      language: 'en',
    });
    service.mode = 'error';
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await queue.runDue()).failed).toBe(1);
    }
    const failed = await reload(t, record.id);
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(3);
    expect(failed.nextBatchHash).toBeNull();
    const errors = await errorsOf(t, record.id);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toEqual({ code: 'ea-deliver-failed', message: 'import service answered 503' });
    expect((await queue.runDue()).failed).toBe(0);
  });

  it('gives up on a service that does not answer within the time limit', async () => {
    const record = await queue.queue({
      origin: 'url',
      source: 'https://x.test/',
      authorId: admin.id,
      language: 'en',
    });
    service.mode = 'hang';
    expect((await queue.runDue()).failed).toBe(1);
    const errors = await errorsOf(t, record.id);
    expect(errors[0].message).toMatch(/^import service unreachable/);
    expect((await reload(t, record.id)).status).toBe('pending');
  });

  it('starts scheduled imports when due, once per period', async () => {
    const schedule = await queue.queue({
      origin: 'gcal',
      source: 'https://calendar.test/feed',
      authorId: admin.id,
      language: 'no',
      frequencySeconds: 3600,
    });
    expect(schedule).toMatchObject({ status: 'schedule', importId: '' });
    const run = await queue.runDue();
    expect(run.scheduled).toBe(1);
    expect((await queue.runDue()).scheduled).toBe(0);
    const records = await t.app.get(ImportRecordsRepository).list(20);
    const child = records.find((record) => record.parentId === schedule.id);
    expect(child).toMatchObject({ status: 'pending', origin: 'gcal', language: 'no', type: 'manual' });
    expect((await reload(t, schedule.id)).nextRunAt! > (await reload(t, schedule.id)).createdAt).toBe(true);
    // The child is delivered on a later run, with the Norwegian API root.
    await queue.runDue();
    const delivery = service.calls.find((call) => call.path === `/api/v1/import/${child!.importId}/deliver/`);
    expect(delivery?.body.api).toBe('http://example.test/no/wp-json/cal/event-aggregator/v1');
  });

  it('refuses unknown origins', async () => {
    await expect(queue.queue({ origin: 'fax', source: 'x', authorId: 1, language: 'en' })).rejects.toThrow(
      /origin/,
    );
  });
});
