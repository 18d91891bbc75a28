import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { PostEntity } from '../../../src/modules/core';
import { WebhookSenderJob } from '../../../src/modules/hooks';
import { SafeHttpClient } from '../../../src/platform/common/http';
import { AppConfig } from '../../../src/platform/config';
import { parseDatabaseUrl } from '../../../src/platform/database';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, any> };
}

/** A webhook receiver on 127.0.0.1: records every delivery and answers with `status`. */
async function startReceiver() {
  const state = { status: 200, received: [] as Received[] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      state.received.push({ headers: req.headers, body, json: JSON.parse(body) });
      res.writeHead(state.status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    state,
    port,
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** The Standard Webhooks verification, written from the specification (not the server's code). */
function verify(secret: string, received: Received): boolean {
  const id = received.headers['webhook-id'] as string;
  const timestamp = received.headers['webhook-timestamp'] as string;
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest('base64');
  const signatures = String(received.headers['webhook-signature'])
    .split(' ')
    .map((entry) => entry.split(','));
  return signatures.some(([version, signature]) => version === 'v1' && signature === expected);
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('hooks/v1 webhooks', () => {
  let t: TestApp;
  let admin: TestUser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sender: WebhookSenderJob;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ HTTP_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`, HOOKS_POLL_MS: '0' });
    admin = await t.user('administrator');
    sender = t.app.get(WebhookSenderJob);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.state.status = 200;
    receiver.state.received.length = 0;
  });

  const api = () => ({
    get: (path: string) => t.http().get(`/wp-json/hooks/v1${path}`).set('Authorization', admin.auth),
    post: (path: string, body: object = {}) =>
      t.http().post(`/wp-json/hooks/v1${path}`).set('Authorization', admin.auth).send(body),
  });
  const createWebhook = async (body: object) => {
    const res = await api().post('/webhooks', { url: receiver.url, ...body });
    expect(res.status).toBe(201);
    return res.body as { id: number; secret: string };
  };
  const deactivate = (id: number) =>
    t
      .http()
      .patch(`/wp-json/hooks/v1/webhooks/${id}`)
      .set('Authorization', admin.auth)
      .send({ active: false });
  const createPost = async (title: string, status = 'publish') => {
    const res = await t
      .http()
      .post('/wp-json/core/v2/posts')
      .set('Authorization', admin.auth)
      .send({ title, status });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const updatePost = async (id: number, title: string) => {
    const res = await t
      .http()
      .post(`/wp-json/core/v2/posts/${id}`)
      .set('Authorization', admin.auth)
      .send({ title });
    expect(res.status).toBe(200);
  };

  it('is for administrators only', async () => {
    const editor = await t.user('editor');
    expect((await t.http().get('/wp-json/hooks/v1/webhooks')).status).toBe(401);
    const asEditor = await t.http().get('/wp-json/hooks/v1/webhooks').set('Authorization', editor.auth);
    expect(asEditor.status).toBe(403);
    expect(asEditor.body.code).toBe('rest_forbidden');
    const create = await t
      .http()
      .post('/wp-json/hooks/v1/webhooks')
      .set('Authorization', editor.auth)
      .send({ url: receiver.url, events: ['*'] });
    expect(create.status).toBe(403);
    expect((await api().get('/webhooks')).status).toBe(200);
  });

  it('lists hooks/v1 in the site index after the spec namespaces', async () => {
    const index = await t.http().get('/wp-json/');
    const namespaces = index.body.namespaces as string[];
    expect(namespaces[namespaces.length - 1]).toBe('hooks/v1');
  });

  it('answers WordPress-shaped 400s for invalid input', async () => {
    const missing = await api().post('/webhooks', { events: ['*'] });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('rest_missing_callback_param');
    expect(missing.body.data.params).toEqual(['url']);

    const invalid = await api().post('/webhooks', { url: receiver.url, events: ['post.exploded'] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('rest_invalid_param');
    expect(Object.keys(invalid.body.data.params)).toEqual(['events']);

    const scheme = await api().post('/webhooks', { url: 'ftp://example.com/x', events: ['*'] });
    expect(scheme.status).toBe(400);
    expect(scheme.body.code).toBe('rest_invalid_param');
  });

  it('refuses targets the oEmbed proxy refuses (SSRF)', async () => {
    for (const url of ['http://10.0.0.5/hook', 'http://169.254.169.254/latest', 'http://127.0.0.1:1/hook']) {
      const res = await api().post('/webhooks', { url, events: ['*'] });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.details.url.code).toBe('hooks_url_refused');
    }
  });

  it('shows the secret once, then manages the webhook', async () => {
    const created = await createWebhook({ events: ['page.*'], languages: ['no'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = await api().get(`/webhooks/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('secret');
    expect(read.body).toMatchObject({
      url: receiver.url,
      events: ['page.*'],
      languages: ['no'],
      active: true,
    });

    const list = await api().get('/webhooks');
    expect(list.headers['x-wp-total']).toBeDefined();
    expect(list.body.some((hook: { id: number }) => hook.id === created.id)).toBe(true);

    const updated = await t
      .http()
      .put(`/wp-json/hooks/v1/webhooks/${created.id}`)
      .set('Authorization', admin.auth)
      .send({ events: ['page.updated'], languages: [] });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ events: ['page.updated'], languages: [] });

    const deleted = await t
      .http()
      .delete(`/wp-json/hooks/v1/webhooks/${created.id}`)
      .set('Authorization', admin.auth);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    expect((await api().get(`/webhooks/${created.id}`)).status).toBe(404);
  });

  it('delivers a change signed per Standard Webhooks, with the object as the REST API shows it', async () => {
    const hook = await createWebhook({ events: ['post.*'] });
    const id = await createPost('Signed news');
    const run = await sender.runOnce();
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const mine = receiver.state.received.filter((r) => r.json.data.id === id);
    expect(mine).toHaveLength(1);
    const [delivery] = mine;
    expect(verify(hook.secret, delivery!)).toBe(true);
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_\d+$/);
    expect(delivery!.headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(delivery!.json.type).toBe('post.created');
    expect(delivery!.json.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const view = await t.http().get(`/wp-json/core/v2/posts/${id}`);
    expect(delivery!.json.data.title).toEqual(view.body.title);
    expect(delivery!.json.data.link).toBe(view.body.link);
    expect(delivery!.json.data).not.toHaveProperty('content.raw');
    expect(verify('whsec_' + Buffer.from('wrong').toString('base64'), delivery!)).toBe(false);
    await deactivate(hook.id);
  });

  it('sends one object’s events in order, and a delete', async () => {
    const hook = await createWebhook({ events: ['post.*'] });
    const id = await createPost('First');
    await updatePost(id, 'Second');
    await updatePost(id, 'Third');
    const trash = await t
      .http()
      .delete(`/wp-json/core/v2/posts/${id}?force=true`)
      .set('Authorization', admin.auth);
    expect(trash.status).toBe(200);
    await sender.runOnce();
    const mine = receiver.state.received.filter((r) => r.json.data.id === id);
    expect(mine.map((r) => r.json.type)).toEqual([
      'post.created',
      'post.updated',
      'post.updated',
      'post.deleted',
    ]);
    expect(mine[3]!.json.data).toEqual({ id });
    await deactivate(hook.id);
  });

  it('sends terms, comments and their deletions (deletes are single statements)', async () => {
    const hook = await createWebhook({ events: ['term.*', 'comment.deleted'] });
    const tag = await t
      .http()
      .post('/wp-json/core/v2/tags')
      .set('Authorization', admin.auth)
      .send({ name: 'Hooked' });
    expect(tag.status).toBe(201);
    const postId = await createPost('Commented');
    const comment = await t
      .http()
      .post('/wp-json/core/v2/comments')
      .set('Authorization', admin.auth)
      .send({ post: postId, content: 'A comment' });
    expect(comment.status).toBe(201);
    await sender.runOnce();
    await t.http().delete(`/wp-json/core/v2/tags/${tag.body.id}?force=true`).set('Authorization', admin.auth);
    await t
      .http()
      .delete(`/wp-json/core/v2/comments/${comment.body.id}?force=true`)
      .set('Authorization', admin.auth);
    await sender.runOnce();
    // order holds per object, not across objects
    const sent = receiver.state.received.map((r) => `${r.json.type} ${r.json.data.id}`);
    expect(sent.filter((line) => line.startsWith('term.'))).toEqual([
      `term.created ${tag.body.id}`,
      `term.deleted ${tag.body.id}`,
    ]);
    expect(sent.filter((line) => line.startsWith('comment.'))).toEqual([
      `comment.deleted ${comment.body.id}`,
    ]);
    expect(receiver.state.received.find((r) => r.json.type === 'term.created')!.json.data.name).toBe(
      'Hooked',
    );
    await deactivate(hook.id);
  });

  it('sends calendar objects, and writes made through a batch', async () => {
    const hook = await createWebhook({ events: ['event.*', 'venue.created', 'post.created'] });
    const venue = await t
      .http()
      .post('/wp-json/cal/events/v1/venues')
      .set('Authorization', admin.auth)
      .send({ venue: 'Hook Hall' });
    expect(venue.status).toBe(201);
    const event = await t.http().post('/wp-json/cal/events/v1/events').set('Authorization', admin.auth).send({
      title: 'Hooked event',
      start_date: '2030-05-01 10:00:00',
      end_date: '2030-05-01 12:00:00',
      venue: venue.body.id,
    });
    expect(event.status).toBe(201);
    const batch = await t
      .http()
      .post('/wp-json/batch/v1')
      .set('Authorization', admin.auth)
      .send({
        requests: [
          { method: 'POST', path: '/core/v2/posts', body: { title: 'Batch one', status: 'publish' } },
          { method: 'POST', path: '/core/v2/posts', body: { title: 'Batch two', status: 'publish' } },
        ],
      });
    expect(batch.status).toBe(207);
    await sender.runOnce();
    const byType = (type: string) => receiver.state.received.filter((r) => r.json.type === type);
    expect(byType('venue.created').map((r) => r.json.data.venue)).toEqual(['Hook Hall']);
    const created = byType('event.created');
    expect(created).toHaveLength(1);
    expect(created[0]!.json.data).toMatchObject({ id: event.body.id, title: 'Hooked event' });
    expect(byType('post.created').map((r) => r.json.data.title.rendered)).toEqual(['Batch one', 'Batch two']);
    await deactivate(hook.id);
  });

  it('filters by event pattern and language', async () => {
    const pages = await createWebhook({ events: ['page.*'] });
    const norwegian = await createWebhook({ events: ['*'], languages: ['no'] });
    await createPost('Neither');
    await sender.runOnce();
    expect(receiver.state.received).toHaveLength(0);
    await deactivate(pages.id);
    await deactivate(norwegian.id);
  });

  it('retries with back-off after failures, holding later events of the object back', async () => {
    const hook = await createWebhook({ events: ['post.*'] });
    receiver.state.status = 500;
    const now = Date.now();
    const id = await createPost('Flaky');
    await sender.runOnce(new Date(now));
    expect(receiver.state.received).toHaveLength(1);

    let deliveries = await api().get(`/webhooks/${hook.id}/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.headers['x-wp-total']).toBe('1');
    expect(deliveries.body[0]).toMatchObject({ status: 'pending', attempts: 1, response_code: 500 });
    expect(deliveries.body[0].next_attempt_gmt).toEqual(expect.any(String));

    await updatePost(id, 'Flaky, edited');
    await sender.runOnce(new Date(now + 1000)); // not due yet: nothing sent, the update waits behind the first
    expect(receiver.state.received).toHaveLength(1);

    receiver.state.status = 503;
    await sender.runOnce(new Date(now + MINUTE)); // second attempt of the first event
    expect(receiver.state.received.map((r) => r.json.type)).toEqual(['post.created', 'post.created']);

    receiver.state.status = 204;
    await sender.runOnce(new Date(now + 10 * MINUTE));
    expect(receiver.state.received.map((r) => r.json.type)).toEqual([
      'post.created',
      'post.created',
      'post.created',
      'post.updated',
    ]);
    const ids = new Set(receiver.state.received.slice(0, 3).map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1); // retries keep the message id

    deliveries = await api().get(`/webhooks/${hook.id}/deliveries`);
    expect(deliveries.body.map((d: { status: string }) => d.status)).toEqual(['delivered', 'delivered']);
    expect(deliveries.body[1]).toMatchObject({ attempts: 3, response_code: 204, event: 'post.created' });
    expect((await api().get(`/webhooks/${hook.id}`)).body.failing_since_gmt).toBeNull();
    await deactivate(hook.id);
  });

  it('disables a webhook that failed for 3 days and says so', async () => {
    const hook = await createWebhook({ events: ['post.*'] });
    receiver.state.status = 500;
    const now = Date.now();
    await createPost('Doomed');
    await sender.runOnce(new Date(now));
    expect((await api().get(`/webhooks/${hook.id}`)).body.failing_since_gmt).toEqual(expect.any(String));
    await sender.runOnce(new Date(now + 3 * DAY + MINUTE));
    const read = await api().get(`/webhooks/${hook.id}`);
    expect(read.body.active).toBe(false);
    expect(read.body.disabled_reason).toMatch(/failed for 3 days.*HTTP 500/);
    const deliveries = await api().get(`/webhooks/${hook.id}/deliveries`);
    expect(deliveries.body[0]).toMatchObject({ status: 'failed', attempts: 2 });

    // nothing more goes to a disabled webhook
    const before = receiver.state.received.length;
    await createPost('After');
    await sender.runOnce(new Date(now + 4 * DAY));
    expect(receiver.state.received).toHaveLength(before);
  });

  it('gives up on a target that never answers after the configured time, and retries later', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const config = t.app.get(AppConfig);
    const http = t.app.get(SafeHttpClient);
    const timeout = config.hooksTimeoutMs;
    try {
      http.allowPrivateNetwork = true;
      config.hooksTimeoutMs = 200;
      const hook = await createWebhook({ events: ['post.*'], url: `http://127.0.0.1:${port}/silent` });
      await createPost('Unanswered');
      const run = await sender.runOnce();
      expect(run).toMatchObject({ sent: 0, failed: 1 });
      const deliveries = await api().get(`/webhooks/${hook.id}/deliveries`);
      expect(deliveries.body[0]).toMatchObject({ status: 'pending', attempts: 1, response_code: null });
      expect(deliveries.body[0].last_error).toBe('timeout');
      await deactivate(hook.id);
    } finally {
      http.allowPrivateNetwork = false;
      config.hooksTimeoutMs = timeout;
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('rotates the secret, signing with both for 24 hours', async () => {
    const hook = await createWebhook({ events: ['post.*'] });
    const rotated = await api().post(`/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    expect(rotated.body.previous_secret_expires_gmt).toEqual(expect.any(String));
    const now = Date.now();
    await createPost('Rotated');
    await sender.runOnce(new Date(now));
    const [first] = receiver.state.received;
    expect(verify(rotated.body.secret, first!)).toBe(true);
    expect(verify(hook.secret, first!)).toBe(true);

    await createPost('Later');
    await sender.runOnce(new Date(now + DAY + MINUTE));
    const second = receiver.state.received[1]!;
    expect(verify(rotated.body.secret, second)).toBe(true);
    expect(verify(hook.secret, second)).toBe(false);
    await deactivate(hook.id);
  });

  it('replays a delivery with the same message id', async () => {
    const hook = await createWebhook({ events: ['post.*'] });
    await createPost('Replayed');
    await sender.runOnce();
    const deliveries = await api().get(`/webhooks/${hook.id}/deliveries`);
    const replay = await api().post(`/webhooks/${hook.id}/deliveries/${deliveries.body[0].id}/replay`);
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ status: 'pending', attempts: 0, event: 'post.created' });
    await sender.runOnce();
    expect(receiver.state.received).toHaveLength(2);
    expect(receiver.state.received[1]!.headers['webhook-id']).toBe(
      receiver.state.received[0]!.headers['webhook-id'],
    );
    expect(receiver.state.received[1]!.body).toBe(receiver.state.received[0]!.body);
    expect((await api().post(`/webhooks/${hook.id}/deliveries/999999/replay`)).status).toBe(404);
    await deactivate(hook.id);
  });

  it('writes the event in the transaction of the change: a rolled-back write sends nothing', async () => {
    const hook = await createWebhook({ events: ['*'] });
    const posts = t.app.get(DataSource).getRepository(PostEntity);
    const template = await posts.findOneByOrFail({ id: await createPost('Template') });
    await sender.runOnce();
    receiver.state.received.length = 0;
    await expect(
      t.app.get(DataSource).transaction(async (manager) => {
        await manager.save(PostEntity, { ...template, title: 'Rolled back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await sender.runOnce();
    expect(receiver.state.received).toHaveLength(0);

    // the same write committed, outside any service (as a job or the CLI would write), is delivered
    await t.app
      .get(DataSource)
      .transaction((manager) => manager.save(PostEntity, { ...template, title: 'Kept' }));
    await sender.runOnce();
    expect(receiver.state.received.map((r) => [r.json.type, r.json.data.title.rendered])).toEqual([
      ['post.updated', 'Kept'],
    ]);
    await deactivate(hook.id);
  });
});

describe('hooks/v1 with two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let dir: string | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    const env = { HTTP_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`, HOOKS_POLL_MS: '0' };
    const configured = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'sqlite::memory:';
    let shared: string | undefined;
    if (parseDatabaseUrl(configured).dialect === 'sqlite') {
      dir = mkdtempSync(join(tmpdir(), 'hooks-'));
      shared = `sqlite:${join(dir, 'shared.sqlite')}`;
    }
    a = await createTestApp(shared ? { ...env, DATABASE_URL: shared } : env);
    b = await createTestApp({ ...env, DATABASE_URL: shared ?? a.app.get(AppConfig).databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers each event exactly once, in order per object', async () => {
    const admin = await a.user('administrator');
    const hook = await a
      .http()
      .post('/wp-json/hooks/v1/webhooks')
      .set('Authorization', admin.auth)
      .send({ url: receiver.url, events: ['post.*'] });
    expect(hook.status).toBe(201);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await (i % 2 ? b : a)
        .http()
        .post('/wp-json/core/v2/posts')
        .set('Authorization', admin.auth)
        .send({ title: `Post ${i}`, status: 'publish' });
      ids.push(res.body.id as number);
      await b
        .http()
        .post(`/wp-json/core/v2/posts/${res.body.id}`)
        .set('Authorization', admin.auth)
        .send({ title: `Post ${i}, edited` });
    }
    const senders = [a.app.get(WebhookSenderJob), b.app.get(WebhookSenderJob)];
    await Promise.all([...senders.map((s) => s.runOnce()), ...senders.map((s) => s.runOnce())]);
    await Promise.all(senders.map((s) => s.runOnce()));
    const messageIds = receiver.state.received.map((r) => r.headers['webhook-id']);
    expect(messageIds).toHaveLength(8);
    expect(new Set(messageIds).size).toBe(8);
    for (const id of ids) {
      const types = receiver.state.received.filter((r) => r.json.data.id === id).map((r) => r.json.type);
      expect(types).toEqual(['post.created', 'post.updated']);
    }
    expect(verify(hook.body.secret, receiver.state.received[0]!)).toBe(true);
  });
});
