import { DataSource } from 'typeorm';
import { SpamRecheckJob } from '../../../src/modules/spamfilter';
import { commentsFixture, CommentsFixture } from '../comments/comments-fixture';
import { FakeSpamService, VALID_KEY } from '../../helpers/fake-spam-service';
import { contentFixture } from '../content/content-fixtures';

const NS = '/wp-json/spamfilter/v1';

describe('spam filter: every new comment is checked; moderation reports; the re-check queue', () => {
  let f: CommentsFixture;
  let job: SpamRecheckJob;
  let post: any;
  beforeAll(async () => {
    f = await commentsFixture({ SPAMFILTER_TIMEOUT_MS: '300', SPAMFILTER_RETRY_SECONDS: '0' });
    job = f.t.app.get(SpamRecheckJob);
    post = await f.create('posts', { title: 'Checked post', status: 'publish' }, f.users.author);
  });
  afterAll(() => f.close());
  beforeEach(async () => {
    f.spamService.override = null;
    await f.comments.updateSettings({ floodSeconds: 0, previouslyApproved: false });
    await f.db.query('DELETE FROM spamfilter_queue');
  });

  const events = async (commentId: number) =>
    (
      await f.db.query('SELECT event, detail FROM spamfilter_events WHERE comment_id = ? ORDER BY id', [
        commentId,
      ])
    ).map((row: any) => row.event);
  const queue = () => f.db.query('SELECT * FROM spamfilter_queue ORDER BY comment_id, kind');
  const asGuest = (content: string, extra: object = {}) =>
    f.post(
      '/comments',
      { post: post.id, content, author_name: 'Guest', author_email: 'guest@example.com', ...extra },
      f.users.administrator,
    );

  it('a key fixed by configuration cannot be changed or deleted (409 hardcoded_key)', async () => {
    const admin = f.users.administrator;
    const change = await f.t
      .http()
      .post(`${NS}/key`)
      .set('Authorization', admin.auth)
      .send({ key: VALID_KEY });
    expect(change.status).toBe(409);
    expect(change.body).toEqual({
      code: 'hardcoded_key',
      message: "This site's API key is hardcoded and cannot be changed via the API.",
      data: { status: 409 },
    });
    const del = await f.t.http().delete(`${NS}/key`).set('Authorization', admin.auth);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe("This site's API key is hardcoded and cannot be deleted via the API.");
    expect((await f.t.http().get(`${NS}/key`).set('Authorization', admin.auth)).body).toBe(VALID_KEY);
  });

  it('the service is asked with the comment’s fields; ham keeps WordPress’s decision', async () => {
    const res = await f
      .post('/comments', { post: post.id, content: 'Honest words.' }, f.users.subscriber)
      .set('User-Agent', 'ReaderAgent/3.1')
      .set('Referer', 'http://example.test/somewhere');
    expect(res.body.status).toBe('approved');
    const call = f.spamService.callsTo('comment-check').at(-1)!;
    expect(call.params).toMatchObject({
      api_key: VALID_KEY,
      blog: 'http://example.test',
      comment_type: 'comment',
      comment_author: res.body.author_name,
      comment_author_email: `${f.users.subscriber.login}@example.test`,
      comment_content: 'Honest words.',
      user_agent: 'ReaderAgent/3.1',
      referrer: 'http://example.test/somewhere',
      permalink: post.link,
      user_role: 'subscriber',
    });
    expect(call.params.user_ip).toBeTruthy();
    expect(call.params.comment_date_gmt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(await events(res.body.id)).toEqual(['check-ham']);
  });

  it('spam goes to spam (even a moderator’s)', async () => {
    const res = await f.post(
      '/comments',
      { post: post.id, content: 'buy now spam-marker' },
      f.users.subscriber,
    );
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('spam');
    expect(await events(res.body.id)).toEqual(['check-spam']);
    expect((await asGuest('admin writes spam-marker')).body.status).toBe('spam');
  });

  it('strictness and the discard tip: refused (400), not stored, counted; without strictness stored as spam', async () => {
    const before = Number((await f.db.query('SELECT COUNT(*) AS n FROM comments'))[0].n);
    const res = await f.post(
      '/comments',
      { post: post.id, content: 'discard-marker now' },
      f.users.subscriber,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'spamfilter_rest_comment_discarded',
      message: 'Comment discarded.',
      data: { status: 400 },
    });
    expect(Number((await f.db.query('SELECT COUNT(*) AS n FROM comments'))[0].n)).toBe(before);
    const local = await f.t
      .http()
      .get(`${NS}/stats?local=1`)
      .set('Authorization', f.users.administrator.auth);
    expect(local.body.all.discarded).toBeGreaterThanOrEqual(1);
    await f.t
      .http()
      .post(`${NS}/settings`)
      .set('Authorization', f.users.administrator.auth)
      .send({ spamfilter_strictness: false });
    const kept = await f.post(
      '/comments',
      { post: post.id, content: 'discard-marker again' },
      f.users.subscriber,
    );
    expect([kept.status, kept.body.status]).toEqual([201, 'spam']);
    await f.t
      .http()
      .post(`${NS}/settings`)
      .set('Authorization', f.users.administrator.auth)
      .send({ spamfilter_strictness: true });
  });

  it('alert headers on a check are stored', async () => {
    f.spamService.override = (call) =>
      call.method === 'comment-check'
        ? {
            body: 'false',
            headers: { 'X-akismet-alert-code': '10003', 'X-akismet-alert-msg': 'Usage limit reached' },
          }
        : undefined;
    await f.post('/comments', { post: post.id, content: 'With an alert.' }, f.users.subscriber);
    const alert = await f.t.http().get(`${NS}/alert?key=${VALID_KEY}`);
    expect(alert.body).toEqual({ code: '10003', message: 'Usage limit reached' });
    f.spamService.override = null;
    await f.post('/comments', { post: post.id, content: 'Alert gone.' }, f.users.subscriber);
    expect((await f.t.http().get(`${NS}/alert?key=${VALID_KEY}`)).body).toEqual({
      code: false,
      message: false,
    });
  });

  it.each([
    ['a 500', { status: 500, body: 'boom' }],
    ['a dropped connection', { drop: true }],
    ['a timeout', { delayMs: 2000, body: 'false' }],
    ['an error header', { body: 'invalid', headers: { 'X-akismet-error': 'suspended key' } }],
    ['an unexpected answer', { body: 'maybe' }],
  ])('%s: the comment is held and queued, nothing is lost', async (_, answer) => {
    f.spamService.override = (call) => (call.method === 'comment-check' ? answer : undefined);
    const res = await f.post(
      '/comments',
      { post: post.id, content: `Offline ${Math.random()}` },
      f.users.subscriber,
    );
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('hold');
    expect(await events(res.body.id)).toEqual(['check-error']);
    expect(await queue()).toEqual([
      expect.objectContaining({
        comment_id: res.body.id,
        kind: 'comment-check',
        attempts: 0,
        claim_token: null,
      }),
    ]);
  });

  it('offline, a moderator’s comment stays approved but is queued for its check', async () => {
    f.spamService.override = () => ({ status: 503 });
    const res = await f.post(
      '/comments',
      { post: post.id, content: 'Editor while offline.' },
      f.users.editor,
    );
    expect(res.body.status).toBe('approved');
    expect((await queue()).map((row: any) => row.comment_id)).toEqual([res.body.id]);
  });

  it('service down → held → service up → checked: ham approved by the rules, spam to spam; failures back off', async () => {
    f.spamService.override = () => ({ status: 503 });
    const ham = await f.post('/comments', { post: post.id, content: 'Patient reader.' }, f.users.subscriber);
    const spam = await f.post(
      '/comments',
      { post: post.id, content: 'later spam-marker' },
      f.users.subscriber,
    );
    expect([ham.body.status, spam.body.status]).toEqual(['hold', 'hold']);

    // still down: attempts counted, next attempt set, claim released
    const failed = await job.runOnce();
    expect(failed).toEqual({ claimed: 2, done: 0, failed: 2 });
    const rows = await queue();
    expect(rows.map((row: any) => [row.attempts, row.claim_token, row.last_error])).toEqual([
      [1, null, 'HTTP 503'],
      [1, null, 'HTTP 503'],
    ]);

    f.spamService.override = null;
    const checksBefore = f.spamService.callsTo('comment-check').length;
    const done = await job.runOnce();
    expect(done).toEqual({ claimed: 2, done: 2, failed: 0 });
    expect(f.spamService.callsTo('comment-check').length - checksBefore).toBe(2);
    expect((await f.get(`/comments/${ham.body.id}`, f.users.administrator)).body.status).toBe('approved');
    expect((await f.get(`/comments/${spam.body.id}`, f.users.administrator)).body.status).toBe('spam');
    expect(await queue()).toEqual([]);
    expect(await events(ham.body.id)).toEqual(['check-error', 'recheck-error', 'recheck-ham']);
    expect(await events(spam.body.id)).toEqual(['check-error', 'recheck-error', 'recheck-spam']);
    expect(await job.runOnce()).toEqual({ claimed: 0, done: 0, failed: 0 });
  });

  it('anonymous readers see a comment the job approved (cached answers are renewed by the job’s writes)', async () => {
    const other = await f.create('posts', { title: 'Cached list', status: 'publish' }, f.users.author);
    f.spamService.override = () => ({ status: 503 });
    const res = await f.post('/comments', { post: other.id, content: 'Approved later.' }, f.users.subscriber);
    f.spamService.override = null;
    const before = await f.get(`/comments?post=${other.id}`);
    expect(before.body).toEqual([]);
    expect((await f.get(`/comments?post=${other.id}`)).body).toEqual([]);
    await job.runOnce();
    const after = await f.get(`/comments?post=${other.id}`);
    expect(after.body.map((c: any) => c.id)).toEqual([res.body.id]);
  });

  it('a late ham verdict leaves the comment held when the moderation rules say so', async () => {
    await f.comments.updateSettings({ floodSeconds: 0, previouslyApproved: false, moderation: true });
    f.spamService.override = () => ({ status: 503 });
    const res = await f.post('/comments', { post: post.id, content: 'Moderated later.' }, f.users.subscriber);
    f.spamService.override = null;
    await job.runOnce();
    expect((await f.row(res.body.id))!.status).toBe('0');
    expect(await queue()).toEqual([]);
    await f.comments.updateSettings({ moderation: false });
  });

  it('two runs at once (as two instances would) check each queued comment once', async () => {
    f.spamService.override = () => ({ status: 503 });
    for (let i = 0; i < 5; i += 1) {
      await f.post('/comments', { post: post.id, content: `Queued ${i}` }, f.users.subscriber);
    }
    f.spamService.override = null;
    const before = f.spamService.callsTo('comment-check').length;
    const [a, b] = await Promise.all([job.runOnce(), job.runOnce()]);
    expect(a.claimed + b.claimed).toBe(5);
    expect(a.done + b.done).toBe(5);
    expect(f.spamService.callsTo('comment-check').length - before).toBe(5);
    expect(await queue()).toEqual([]);
  });

  it('a moderator deciding a held comment takes it off the queue', async () => {
    f.spamService.override = () => ({ status: 503 });
    const res = await f.post('/comments', { post: post.id, content: 'Decided by hand.' }, f.users.subscriber);
    f.spamService.override = null;
    await f.post(`/comments/${res.body.id}`, { status: 'approved' }, f.users.editor);
    expect(await queue()).toEqual([]);
    expect(await events(res.body.id)).toEqual(['check-error', 'status-changed']);
  });

  it('marking spam sends submit-spam (a missed spam); marking it back sends submit-ham (a false positive)', async () => {
    const res = await f.post('/comments', { post: post.id, content: 'Sneaky advert.' }, f.users.subscriber);
    const toSpam = await f.post(`/comments/${res.body.id}`, { status: 'spam' }, f.users.editor);
    expect(toSpam.body.status).toBe('spam');
    const submitted = f.spamService.callsTo('submit-spam').at(-1)!;
    expect(submitted.params).toMatchObject({ comment_content: 'Sneaky advert.', api_key: VALID_KEY });
    const back = await f.post(`/comments/${res.body.id}`, { status: 'approve' }, f.users.editor);
    expect(back.body.status).toBe('approved');
    expect(f.spamService.callsTo('submit-ham').at(-1)!.params.comment_content).toBe('Sneaky advert.');
    expect(await events(res.body.id)).toEqual([
      'check-ham',
      'status-changed',
      'missed-spam',
      'report-spam',
      'status-changed',
      'false-positive',
      'report-ham',
    ]);
    const local = await f.t
      .http()
      .get(`${NS}/stats?local=true&interval=6-months`)
      .set('Authorization', f.users.administrator.auth);
    expect(local.body['6-months'].missed_spam).toBeGreaterThanOrEqual(1);
    expect(local.body['6-months'].false_positives).toBeGreaterThanOrEqual(1);
    // trashing via DELETE reports nothing
    const spamCalls = f.spamService.callsTo('submit-spam').length;
    await f.del(`/comments/${res.body.id}`, f.users.editor);
    expect(f.spamService.callsTo('submit-spam').length).toBe(spamCalls);
  });

  it('a moderator creating a comment as spam reports it', async () => {
    const before = f.spamService.callsTo('submit-spam').length;
    const res = await asGuest('Known junk.', { status: 'spam' });
    expect(res.body.status).toBe('spam');
    expect(f.spamService.callsTo('submit-spam')).toHaveLength(before + 1);
    expect(await events(res.body.id)).toEqual(['check-ham', 'status-changed', 'missed-spam', 'report-spam']);
  });

  it('a report the service does not take is queued and sent by the job', async () => {
    const res = await f.post('/comments', { post: post.id, content: 'Report me later.' }, f.users.subscriber);
    f.spamService.override = () => ({ drop: true });
    expect((await f.post(`/comments/${res.body.id}`, { status: 'spam' }, f.users.editor)).body.status).toBe(
      'spam',
    );
    expect((await queue()).map((row: any) => row.kind)).toEqual(['submit-spam']);
    f.spamService.override = null;
    expect(await job.runOnce()).toEqual({ claimed: 1, done: 1, failed: 0 });
    expect(f.spamService.callsTo('submit-spam').at(-1)!.params.comment_content).toBe('Report me later.');
    expect(await queue()).toEqual([]);
  });
});

describe('spam filter webhook: later verdicts of the service', () => {
  let f: CommentsFixture;
  let post: any;
  beforeAll(async () => {
    f = await commentsFixture();
    await f.comments.updateSettings({ floodSeconds: 0, previouslyApproved: false });
    post = await f.create('posts', { title: 'Webhook post', status: 'publish' }, f.users.author);
  });
  afterAll(() => f.close());

  const hook = (body: object) =>
    f.t
      .http()
      .post(`${NS}/webhook`)
      .send({ key: VALID_KEY, ...body });
  const guidOf = async (id: number) =>
    (
      await f.db.query("SELECT guid FROM spamfilter_events WHERE comment_id = ? AND guid <> '' ORDER BY id", [
        id,
      ])
    )[0].guid as string;
  const status = async (id: number) => (await f.row(id))!.status as string;

  it('needs the stored key; comments must be an array', async () => {
    const wrong = await f.t
      .http()
      .post(`${NS}/webhook`)
      .send({ key: 'wrongkey0000', endpoint: 'comment-check', comments: [] });
    expect(wrong.status).toBe(401);
    const malformed = await hook({ endpoint: 'comment-check', comments: 'x' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      code: 'malformed_request',
      message: "The 'comments' parameter must be an array.",
      data: { status: 400 },
    });
    expect((await hook({ endpoint: 'submit-spam', comments: 'x' })).body).toEqual({ comments: [] });
    expect((await hook({ endpoint: 'comment-check', comments: [] })).body).toEqual({ comments: [] });
  });

  it('spam for a comment the filter passed: moved to spam; a person’s decision is left alone', async () => {
    const passed = await f.post('/comments', { post: post.id, content: 'Looked fine.' }, f.users.subscriber);
    expect(passed.body.status).toBe('approved');
    const handled = await f.post(
      '/comments',
      { post: post.id, content: 'Checked by hand.' },
      f.users.subscriber,
    );
    await f.post(`/comments/${handled.body.id}`, { status: 'hold' }, f.users.editor);
    const [g1, g2] = [await guidOf(passed.body.id), await guidOf(handled.body.id)];
    const res = await hook({
      endpoint: 'comment-check',
      comments: [
        { guid: g1, result: 'true', comment_post_ID: post.id },
        { guid: g2, result: 'true' },
        { guid: 'unknown-guid', result: 'true' },
        { result: 'true' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      comments: {
        [g1]: { status: 'success' },
        [g2]: { status: 'success' },
        'unknown-guid': { status: 'error', message: 'Could not find matching comment.' },
      },
    });
    expect(await status(passed.body.id)).toBe('spam');
    expect(await status(handled.body.id)).toBe('0');
    expect(await f.commentCount(post.id)).toBe(0);
  });

  it('ham for a comment the filter called spam: back out of spam; for a held one: approved when the rules allow', async () => {
    const caught = await f.post(
      '/comments',
      { post: post.id, content: 'Wrongly spam-marker' },
      f.users.subscriber,
    );
    expect(caught.body.status).toBe('spam');
    f.spamService.override = (call) =>
      call.method === 'comment-check'
        ? { body: 'invalid', headers: { 'X-akismet-error': 'busy', 'X-akismet-guid': 'held-guid' } }
        : undefined;
    const held = await f.post(
      '/comments',
      { post: post.id, content: 'Held while busy.' },
      f.users.subscriber,
    );
    f.spamService.override = null;
    expect(held.body.status).toBe('hold');
    const res = await hook({
      endpoint: 'comment-check',
      comments: [
        { guid: await guidOf(caught.body.id), result: 'false' },
        {
          guid: 'held-guid',
          result: 'false',
          comment_author_email: `${f.users.subscriber.login}@example.test`,
        },
      ],
    });
    expect(Object.values(res.body.comments)).toEqual([{ status: 'success' }, { status: 'success' }]);
    expect(await status(caught.body.id)).toBe('0');
    expect(await status(held.body.id)).toBe('1');
    const history = await f.db.query('SELECT event FROM spamfilter_events WHERE comment_id = ? ORDER BY id', [
      held.body.id,
    ]);
    expect(history.map((row: any) => row.event)).toEqual(['check-error', 'webhook-ham']);
  });
});

describe('spam filter without a key: comments are held and queued until a key is set', () => {
  it('holds, then checks once the key is stored', async () => {
    const service = await new FakeSpamService().start();
    const f = await contentFixture({
      SPAMFILTER_URL: service.url,
      SPAMFILTER_RECHECK_SECONDS: '0',
      SPAMFILTER_RETRY_SECONDS: '0',
    });
    try {
      const post = await f.create('posts', { title: 'No key yet', status: 'publish' }, f.users.author);
      const res = await f.post(
        '/comments',
        { post: post.id, content: 'Waiting for a key.' },
        f.users.subscriber,
      );
      expect(res.body.status).toBe('hold');
      expect(service.callsTo('comment-check')).toHaveLength(0);
      const job = f.t.app.get(SpamRecheckJob);
      expect(await job.runOnce()).toEqual({ claimed: 0, done: 0, failed: 0 });
      const key = await f.t
        .http()
        .post(`${NS}/key`)
        .set('Authorization', f.users.administrator.auth)
        .send({ key: VALID_KEY });
      expect(key.status).toBe(200);
      expect(await job.runOnce()).toEqual({ claimed: 1, done: 1, failed: 0 });
      expect(service.callsTo('comment-check')).toHaveLength(1);
      const db = f.t.app.get(DataSource);
      expect((await db.query('SELECT status FROM comments WHERE id = ?', [res.body.id]))[0].status).toBe('0');
    } finally {
      await f.t.close();
      await service.stop();
    }
  });
});
