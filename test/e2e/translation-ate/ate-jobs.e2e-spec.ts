import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { AteLocks } from '../../../src/modules/ml/ate/ate-locks';
import { FakeAte } from './fake-ate';

const TM = '/wp-json/ml/tm/v1';
const ATE = `${TM}/ate/jobs`;

describe('ml/tm/v1 ate/jobs: translation jobs in the Advanced Translation Editor', () => {
  let t: TestApp;
  let fake: FakeAte;
  let db: DataSource;
  let admin: TestUser;
  let editor: TestUser;
  let translator: TestUser;
  let otherTranslator: TestUser;
  let subscriber: TestUser;

  beforeAll(async () => {
    fake = new FakeAte();
    await fake.start();
    t = await createTestApp({
      ML_ATE_URL: fake.base,
      ML_AMS_URL: fake.base,
      ML_AMS_SHARED_KEY: 'shared-1',
      ML_AMS_SECRET_KEY: 'secret-1',
      ML_REMOTE_TIMEOUT_MS: '1500',
    });
    db = t.app.get(DataSource);
    admin = await t.user('administrator');
    editor = await t.user('editor');
    translator = await t.user('author');
    otherTranslator = await t.user('author');
    subscriber = await t.user('subscriber');
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });
  beforeEach(async () => {
    fake.reset();
    await db.query('DELETE FROM ml_ate_locks');
    // each test starts without open jobs of earlier tests (the sync and download queues are site-wide)
    await db.query('UPDATE ml_translation_jobs SET status = 0 WHERE status IN (1, 2, 40)');
  });

  const as = (user: TestUser | null) => ({
    get: (path: string) => {
      const req = t.http().get(path);
      return user ? req.set('Authorization', user.auth) : req;
    },
    post: (path: string, body?: unknown) => {
      const req = t.http().post(path);
      if (user) req.set('Authorization', user.auth);
      return body === undefined ? req : req.send(body as object);
    },
  });

  let counter = 0;
  /** A published post sent to translation into `no`: the job. */
  const newJob = async (extra: Record<string, unknown> = {}) => {
    counter += 1;
    const post = await as(admin).post('/wp-json/core/v2/posts', {
      status: 'publish',
      title: `Concert ${counter} & <em>friends</em>`,
      content: `<p>Music number ${counter}.</p>`,
      excerpt: 'Music outdoors',
    });
    expect(post.status).toBe(201);
    const sent = await as(editor).post(`${TM}/jobs/send`, { elements: [{ id: post.body.id }], ...extra });
    expect(sent.status).toBe(201);
    return { post: post.body, job: sent.body.jobs[0] as { id: number } };
  };
  /** A job in ATE: sent, created there. */
  const ateJob = async (extra: Record<string, unknown> = {}) => {
    const { post, job } = await newJob(extra);
    const created = await as(editor).post(ATE, { jobIds: [job.id] });
    expect(created.status).toBe(200);
    return { post, job, ateJobId: created.body.jobs[String(job.id)] as number };
  };
  const jobRow = async (id: number) =>
    (await db.query('SELECT status, ate_job_id, editor FROM ml_translation_jobs WHERE id = ?', [id]))[0];
  const ateRows = async (jobId: number) =>
    db.query('SELECT * FROM ml_ate_jobs WHERE job_id = ?', [jobId]) as Promise<
      Array<Record<string, unknown>>
    >;
  const norwegianPosts = async () =>
    Number(
      (
        await db.query(
          "SELECT COUNT(*) AS n FROM ml_translations WHERE element_type = 'post_post' AND language_code = 'no'",
        )
      )[0].n,
    );

  describe('the whole flow', () => {
    it('create post → send → create ATE job → ATE calls receive → translation readable in no and linked', async () => {
      const { post, job } = await newJob();
      const created = await as(editor).post(ATE, { jobIds: [job.id] });
      expect(created.status).toBe(200);
      const ateJobId = created.body.jobs[String(job.id)];
      expect(created.body).toEqual({ jobs: { [String(job.id)]: expect.any(Number) }, needs_retry: [] });

      // what ATE received: the job's XLIFF, the callback URL, the languages, signed
      const call = fake.calls('/api/wpml/jobs')[0];
      expect(call.method).toBe('POST');
      expect(call.query.get('token')).toBe('shared-1');
      expect(call.query.get('signature')).toMatch(/^[0-9a-f]{64}$/);
      const sent = JSON.parse(call.body).jobs[0];
      expect(sent).toMatchObject({
        wpml_job_id: job.id,
        source_language: 'en',
        target_language: 'no',
        notify_url: `http://example.test/wp-json/ml/tm/v1/ate/jobs/receive/${job.id}`,
        file: { type: 'data:application/x-xliff;base64', name: `job-${job.id}.xliff` },
      });
      expect(fake.jobs.get(ateJobId)?.source).toContain('<trans-unit resname="title"');

      const listed = await as(editor).get(`${TM}/jobs?id=${job.id}`);
      expect(listed.body.jobs[0].status).toBe(2);
      expect(await jobRow(job.id)).toMatchObject({ status: 2, editor: 'ate' });
      expect(Number((await jobRow(job.id)).ate_job_id)).toBe(ateJobId);

      fake.translate(ateJobId, {
        title: 'Konsert & <em>venner</em>',
        body: '<p>Musikk.</p>',
        excerpt: 'Musikk ute',
      });
      const received = await as(null).get(`${ATE}/receive/${job.id}`);
      expect(received.status).toBe(200);
      expect(received.body).toBeNull();
      expect(fake.calls(`/api/wpml/jobs/confirm/${ateJobId}`)).toHaveLength(1);

      const en = await as(null).get(`/wp-json/core/v2/posts/${post.id}`);
      expect(en.body.ml_translations).toHaveLength(1);
      const link = en.body.ml_translations[0];
      // applied on behalf of the job's manager (an editor: unfiltered HTML)
      expect(link).toMatchObject({ locale: 'nb_NO', post_title: 'Konsert & <em>venner</em>' });
      const no = await as(null).get(`/wp-json/core/v2/posts/${link.id}?ml_language=no`);
      expect(no.status).toBe(200);
      expect(no.body.title.rendered).toContain('<em>venner</em>');
      expect(no.body.content.rendered).toContain('Musikk.');
      expect(no.body.ml_translations.map((l: { id: number }) => l.id)).toEqual([post.id]);

      const done = await as(editor).get(`${TM}/jobs?id=${job.id}`);
      expect(done.body.jobs[0]).toMatchObject({ status: 10, element: { status: 'publish' } });
      const [row] = await ateRows(job.id);
      expect(row.applied_hash).toMatch(/^[0-9a-f]{40}$/);

      // ATE calling again with the same delivery changes nothing
      const before = await norwegianPosts();
      const again = await as(null).get(`${ATE}/receive/${job.id}`);
      expect(again.status).toBe(200);
      expect(await norwegianPosts()).toBe(before);
      expect(fake.calls(`/api/wpml/jobs/confirm/${ateJobId}`)).toHaveLength(1);
    });
  });

  describe('locks in the database', () => {
    it('one holder at a time; the holder renews and releases by its key', async () => {
      const locks = t.app.get(AteLocks);
      const key = await locks.acquire('test-lock', null, 60);
      expect(key).toEqual(expect.any(String));
      expect(await locks.acquire('test-lock', null, 60)).toBe(false);
      expect(await locks.acquire('test-lock', 'someone-else', 60)).toBe(false);
      expect(await locks.acquire('test-lock', key as string, 60)).toBe(key);
      await locks.release('test-lock', 'someone-else');
      expect(await locks.acquire('test-lock', null, 60)).toBe(false);
      await locks.release('test-lock', key as string);
      const next = await locks.acquire('test-lock', null, 60);
      expect(next).toEqual(expect.any(String));
      expect(next).not.toBe(key);
    });

    it('of many acquiring at once, exactly one gets it', async () => {
      const locks = t.app.get(AteLocks);
      const keys = await Promise.all(Array.from({ length: 6 }, () => locks.acquire('race-lock', null, 60)));
      expect(keys.filter((key) => key !== false)).toHaveLength(1);
    });
  });

  describe('POST ate/jobs', () => {
    it.each([
      [{}, 'rest_missing_callback_param'],
      [{ jobIds: 'abc' }, 'rest_invalid_param'],
      [{ jobIds: [0] }, 'rest_invalid_param'],
      [{ jobIds: [] }, 'rest_invalid_param'],
    ])('%j is refused (400 %s), ATE not called', async (body, code) => {
      const res = await as(editor).post(ATE, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(fake.seen).toEqual([]);
    });

    it('404 for an unknown job, nothing sent', async () => {
      const res = await as(editor).post(ATE, { jobIds: [999999] });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ml_job_not_found');
      expect(fake.seen).toEqual([]);
    });

    it('400 for a job already in ATE and for a cancelled job', async () => {
      const { job } = await ateJob();
      const twice = await as(editor).post(ATE, { jobIds: [job.id] });
      expect(twice.status).toBe(400);
      expect(twice.body.code).toBe('ml_ate_job_exists');
      const other = await newJob();
      const cancel = await as(editor).post(`${TM}/jobs/cancel`, {
        jobs: [{ id: other.job.id, type: 'post' }],
      });
      expect(cancel.body).toEqual([{ id: other.job.id, type: 'post' }]);
      const cancelled = await as(editor).post(ATE, { jobIds: [other.job.id] });
      expect(cancelled.status).toBe(400);
      expect(cancelled.body.code).toBe('ml_job_closed');
    });

    it('is for managers: 401 anonymous, 403 translators and subscribers', async () => {
      const { job } = await newJob({ translator_id: translator.id });
      expect((await as(null).post(ATE, { jobIds: [job.id] })).status).toBe(401);
      expect((await as(translator).post(ATE, { jobIds: [job.id] })).status).toBe(403);
      expect((await as(subscriber).post(ATE, { jobIds: [job.id] })).status).toBe(403);
      expect((await as(admin).post(ATE, { jobIds: [job.id] })).status).toBe(200);
    });

    it('jobs ATE does not take need a retry; ate/jobs/retry sends them again', async () => {
      const { job } = await newJob();
      fake.refuse.add(job.id);
      const created = await as(editor).post(ATE, { jobIds: [job.id] });
      expect(created.body).toEqual({ jobs: {}, needs_retry: [job.id] });
      expect((await jobRow(job.id)).status).toBe(40);

      fake.refuse.clear();
      const retried = await as(editor).post(`${ATE}/retry`, {});
      expect(retried.status).toBe(200);
      expect(retried.body).toEqual({
        processed: [{ jobId: job.id, ateJobId: expect.any(Number), status: 2 }],
        jobsToProcess: [],
      });
      expect((await jobRow(job.id)).status).toBe(2);
      const none = await as(editor).post(`${ATE}/retry`, { jobsToProcess: [job.id] });
      expect(none.body).toEqual({ processed: [], jobsToProcess: [] });
      const invalid = await as(editor).post(`${ATE}/retry`, { jobsToProcess: ['x'] });
      expect(invalid.status).toBe(400);
      expect((await as(null).post(`${ATE}/retry`, {})).status).toBe(401);
      expect((await as(subscriber).post(`${ATE}/retry`, {})).status).toBe(403);
    });

    it.each(['down', 'slow', 'garbage', 'error'] as const)(
      'ATE %s: a WordPress-shaped error, nothing written',
      async (behaviour) => {
        const { job } = await newJob();
        fake.behaviour = behaviour;
        const res = await as(editor).post(ATE, { jobIds: [job.id] });
        expect(res.status).toBe(502);
        expect(res.body).toEqual({
          code:
            behaviour === 'garbage'
              ? 'ml_remote_bad_answer'
              : behaviour === 'error'
                ? 'ams_error'
                : 'ml_remote_unreachable',
          message: expect.any(String),
          data: { status: 502 },
        });
        expect(await jobRow(job.id)).toMatchObject({ status: 1, ate_job_id: null, editor: 'xliff' });
        expect(await ateRows(job.id)).toEqual([]);
      },
    );
  });

  describe('POST ate/jobs/store', () => {
    it('stores the ATE job id and data on the job', async () => {
      const { job } = await newJob();
      const res = await as(editor).post(`${ATE}/store`, {
        ml_job_id: String(job.id),
        ate_job_data: { ate_job_id: 4242, ate_status: 1, editor_url: 'x' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toBe(true);
      expect(await jobRow(job.id)).toMatchObject({ editor: 'ate' });
      expect(Number((await jobRow(job.id)).ate_job_id)).toBe(4242);
      const [row] = await ateRows(job.id);
      expect(Number(row.ate_job_id)).toBe(4242);
      expect(Number(row.ate_status)).toBe(1);
      expect(JSON.parse(row.data as string)).toEqual({ ate_job_id: 4242, ate_status: 1, editor_url: 'x' });
      expect(fake.seen).toEqual([]);
    });

    it.each([
      [{ ate_job_data: { ate_job_id: 1 } }, 'rest_missing_callback_param'],
      [{ ml_job_id: '1' }, 'rest_missing_callback_param'],
      [{ ml_job_id: 5, ate_job_data: { ate_job_id: 1 } }, 'rest_invalid_param'],
      [{ ml_job_id: 'abc', ate_job_data: { ate_job_id: 1 } }, 'rest_invalid_param'],
      [{ ml_job_id: '1', ate_job_data: 'x' }, 'rest_invalid_param'],
      [{ ml_job_id: '1', ate_job_data: { other: 1 } }, 'rest_invalid_param'],
    ])('%j is refused (400 %s)', async (body, code) => {
      const res = await as(editor).post(`${ATE}/store`, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    });

    it('404 for an unknown job; managers only', async () => {
      const body = { ml_job_id: '999999', ate_job_data: { ate_job_id: 1 } };
      const missing = await as(editor).post(`${ATE}/store`, body);
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('ml_job_not_found');
      expect((await as(null).post(`${ATE}/store`, body)).status).toBe(401);
      expect((await as(translator).post(`${ATE}/store`, body)).status).toBe(403);
      expect((await as(subscriber).post(`${ATE}/store`, body)).status).toBe(403);
    });
  });

  describe('GET ate/jobs/{ateJobId}', () => {
    it('answers ATE’s job to managers and its own translator', async () => {
      const { job, ateJobId } = await ateJob({ translator_id: translator.id });
      const res = await as(editor).get(`${ATE}/${ateJobId}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ate_id: ateJobId, id: job.id, status: 0, download_link: null });
      expect((await as(translator).get(`${ATE}/${ateJobId}`)).status).toBe(200);
      expect((await as(otherTranslator).get(`${ATE}/${ateJobId}`)).status).toBe(403);
      expect((await as(subscriber).get(`${ATE}/${ateJobId}`)).status).toBe(403);
      expect((await as(null).get(`${ATE}/${ateJobId}`)).status).toBe(401);
    });

    it('404 for an ATE job no local job has; 502 when ATE is down or answers garbage', async () => {
      const missing = await as(editor).get(`${ATE}/987654`);
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('ml_ate_job_not_found');
      expect(fake.seen).toEqual([]);
      const { ateJobId } = await ateJob();
      fake.behaviour = 'down';
      expect((await as(editor).get(`${ATE}/${ateJobId}`)).body.code).toBe('ml_remote_unreachable');
      fake.behaviour = 'garbage';
      const garbage = await as(editor).get(`${ATE}/${ateJobId}`);
      expect(garbage.status).toBe(502);
      expect(garbage.body.code).toBe('ml_remote_bad_answer');
    });
  });

  describe('GET ate/jobs/receive/{mlJobId}', () => {
    const failed = { code: 422, message: '', data: null };

    it('422 for an unknown job, a job not in ATE, a translation not ready yet, nothing written', async () => {
      const unknown = await as(null).get(`${ATE}/receive/999999`);
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual(failed);
      const { job } = await newJob();
      const local = await as(null).get(`${ATE}/receive/${job.id}`);
      expect(local.status).toBe(422);
      const inAte = await ateJob();
      const notReady = await as(null).get(`${ATE}/receive/${inAte.job.id}`);
      expect(notReady.status).toBe(422);
      expect(notReady.body).toEqual(failed);
      expect((await jobRow(inAte.job.id)).status).toBe(2);
    });

    it('validates mlJobId', async () => {
      const res = await as(null).get(`${ATE}/receive/abc`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('rest_no_route');
    });

    it.each(['down', 'slow', 'garbage', 'error'] as const)(
      'ATE %s: 422, nothing written',
      async (behaviour) => {
        const { job, ateJobId } = await ateJob();
        fake.translate(ateJobId, { title: 'Tittel' });
        const before = await norwegianPosts();
        fake.behaviour = behaviour;
        const res = await as(null).get(`${ATE}/receive/${job.id}`);
        expect(res.status).toBe(422);
        expect(res.body).toEqual(failed);
        expect(await norwegianPosts()).toBe(before);
        expect((await jobRow(job.id)).status).toBe(2);
      },
    );

    it('a translated file that is not XLIFF, or of another job: 422, nothing written', async () => {
      const { job, ateJobId } = await ateJob();
      const other = await ateJob();
      fake.translate(ateJobId, { title: 'Tittel' });
      const before = await norwegianPosts();
      (fake.jobs.get(ateJobId) as { translated: string }).translated = '<xliff><file><body><trans-unit';
      expect((await as(null).get(`${ATE}/receive/${job.id}`)).status).toBe(422);
      fake.translate(other.ateJobId, { title: 'Annen' });
      (fake.jobs.get(ateJobId) as { translated: string }).translated = fake.jobs.get(other.ateJobId)
        ?.translated as string;
      expect((await as(null).get(`${ATE}/receive/${job.id}`)).status).toBe(422);
      expect(await norwegianPosts()).toBe(before);
      expect((await jobRow(job.id)).status).toBe(2);
    });

    it('a download link outside ATE is not followed: 422', async () => {
      const { job, ateJobId } = await ateJob();
      fake.translate(ateJobId, { title: 'Tittel' });
      fake.linkBase = 'http://203.0.113.9';
      const res = await as(null).get(`${ATE}/receive/${job.id}`);
      expect(res.status).toBe(422);
      expect(fake.calls('/xliff/')).toEqual([]);
    });

    it('two callbacks at once: one applies, the other gets 423', async () => {
      const { job, ateJobId } = await ateJob();
      fake.translate(ateJobId, { title: 'Samtidig' });
      let open!: () => void;
      fake.gate = new Promise<void>((resolve) => (open = resolve));
      const waiting = new Promise<void>((resolve) => (fake.onXliff = resolve));
      const first = as(null)
        .get(`${ATE}/receive/${job.id}`)
        .then((res) => res);
      await waiting; // the first holds the job's lock and is fetching the file
      const second = await as(null).get(`${ATE}/receive/${job.id}`);
      expect(second.status).toBe(423);
      expect(second.body).toEqual({ code: 423, message: '', data: null });
      open();
      const done = await first;
      expect(done.status).toBe(200);
      expect(fake.calls('/xliff/')).toHaveLength(1);
      expect((await jobRow(job.id)).status).toBe(10);
      const locks = await db.query('SELECT lock_key FROM ml_ate_locks WHERE name = ?', [`ate-job:${job.id}`]);
      expect(locks[0].lock_key).toBe('');
    });
  });

  describe('POST ate/jobs/sync and download', () => {
    it('synchronises statuses under the lock, then downloads and applies the ready ones', async () => {
      const { job, ateJobId } = await ateJob();
      const waiting = await ateJob();
      fake.translate(ateJobId, { title: 'Synkronisert' });

      const sync = await as(editor).post(`${ATE}/sync`, {});
      expect(sync.status).toBe(200);
      expect(sync.body).toEqual({
        lockKey: expect.any(String),
        ateToken: null,
        nextPage: null,
        numberOfPages: null,
        downloadQueueSize: 1,
        jobs: expect.arrayContaining([
          { jobId: job.id, ateJobId, ateStatus: 6, status: 2 },
          { jobId: waiting.job.id, ateJobId: waiting.ateJobId, ateStatus: 0, status: 2 },
        ]),
      });
      const lockKey = sync.body.lockKey;

      // another session cannot take the lock
      const other = await as(admin).post(`${ATE}/sync`, {});
      expect(other.body).toEqual({
        lockKey: false,
        ateToken: null,
        nextPage: null,
        numberOfPages: null,
        downloadQueueSize: 0,
        jobs: [],
      });
      expect((await as(admin).post(`${ATE}/download`, {})).body).toEqual([]);

      const download = await as(editor).post(`${ATE}/download`, { lockKey });
      expect(download.status).toBe(200);
      expect(download.body).toEqual([
        { jobId: job.id, ateJobId, status: 10, translatedPostId: expect.any(Number), outcome: 'applied' },
      ]);
      const no = await as(null).get(
        `/wp-json/core/v2/posts/${download.body[0].translatedPostId}?ml_language=no`,
      );
      expect(no.body.title.rendered).toBe('Synkronisert');

      // the same session continues with its key
      const again = await as(editor).post(`${ATE}/sync`, { lockKey });
      expect(again.body.lockKey).toBe(lockKey);
      expect(again.body.downloadQueueSize).toBe(0);

      // a session that stops calling loses the lock when it expires (WPML: one minute)
      await db.query("UPDATE ml_ate_locks SET expires_at = '2000-01-01 00:00:00' WHERE name = 'ate-sync'");
      const taken = await as(admin).post(`${ATE}/sync`, {});
      expect(taken.body.lockKey).toEqual(expect.any(String));
      expect(taken.body.lockKey).not.toBe(lockKey);
      expect((await as(editor).post(`${ATE}/sync`, { lockKey })).body.lockKey).toBe(false);
    });

    it('reads further pages with the token ATE gave', async () => {
      const { job, ateJobId } = await ateJob();
      fake.pages = [
        [fake.item(fake.jobs.get(ateJobId)!)],
        [{ ...fake.item(fake.jobs.get(ateJobId)!), status: 1 }],
      ];
      const first = await as(editor).post(`${ATE}/sync`, {});
      expect(first.body).toMatchObject({ ateToken: 'page-token-1', numberOfPages: 2, nextPage: 1 });
      const { lockKey } = first.body;
      const page1 = await as(editor).post(`${ATE}/sync`, {
        lockKey,
        ateToken: 'page-token-1',
        page: 1,
        numberOfPages: 2,
      });
      expect(page1.body).toMatchObject({ lockKey, ateToken: 'page-token-1', nextPage: 2, numberOfPages: 2 });
      expect(page1.body.jobs).toEqual([{ jobId: job.id, ateJobId, ateStatus: 0, status: 2 }]);
      expect(fake.calls('/api/wpml/sync/page')[0].query.get('page')).toBe('0');
      const page2 = await as(editor).post(`${ATE}/sync`, {
        lockKey,
        ateToken: 'page-token-1',
        page: 2,
        numberOfPages: 2,
      });
      expect(page2.body).toMatchObject({ nextPage: null, numberOfPages: null, ateToken: null });
      expect(page2.body.jobs).toEqual([{ jobId: job.id, ateJobId, ateStatus: 1, status: 2 }]);
    });

    it.each([
      [{ page: 'x' }, 'rest_invalid_param'],
      [{ page: 0 }, 'rest_invalid_param'],
      [{ numberOfPages: -1 }, 'rest_invalid_param'],
      [{ lockKey: ['a'] }, 'rest_invalid_param'],
      [{ page: 1 }, 'rest_missing_callback_param'],
    ])('sync %j is refused (400 %s)', async (body, code) => {
      const res = await as(editor).post(`${ATE}/sync`, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    });

    it('translators synchronise and download only their own jobs', async () => {
      const mine = await ateJob({ translator_id: translator.id });
      const theirs = await ateJob({ translator_id: otherTranslator.id });
      fake.translate(mine.ateJobId, { title: 'Min' });
      fake.translate(theirs.ateJobId, { title: 'Deres' });
      const sync = await as(translator).post(`${ATE}/sync`, {});
      expect(sync.status).toBe(200);
      expect(sync.body.jobs.map((j: { jobId: number }) => j.jobId)).toEqual([mine.job.id]);
      const download = await as(translator).post(`${ATE}/download`, {
        lockKey: sync.body.lockKey,
        jobs: [{ jobId: mine.job.id }, { jobId: theirs.job.id }],
      });
      expect(download.body.map((j: { jobId: number }) => j.jobId)).toEqual([mine.job.id]);
      expect((await jobRow(theirs.job.id)).status).toBe(2);
      expect((await as(null).post(`${ATE}/sync`, {})).status).toBe(401);
      expect((await as(subscriber).post(`${ATE}/sync`, {})).status).toBe(403);
      expect((await as(null).post(`${ATE}/download`, {})).status).toBe(401);
      expect((await as(subscriber).post(`${ATE}/download`, {})).status).toBe(403);
    });

    it.each(['down', 'slow', 'garbage'] as const)(
      'ATE %s: sync fails with 502, nothing written, lock left free',
      async (behaviour) => {
        const { job, ateJobId } = await ateJob();
        fake.translate(ateJobId, { title: 'X' });
        fake.behaviour = behaviour;
        const res = await as(editor).post(`${ATE}/sync`, {});
        expect(res.status).toBe(502);
        expect((await ateRows(job.id))[0].ate_status).toBe(0);
        fake.behaviour = 'normal';
        const next = await as(admin).post(`${ATE}/sync`, {});
        expect(next.body.lockKey).toEqual(expect.any(String));
      },
    );

    it('download: a file that does not fit is reported, ATE down is a 502', async () => {
      const { job, ateJobId } = await ateJob();
      fake.translate(ateJobId, { title: 'X' });
      const { lockKey } = (await as(editor).post(`${ATE}/sync`, {})).body;
      (fake.jobs.get(ateJobId) as { translated: string }).translated = 'not xml at all';
      const bad = await as(editor).post(`${ATE}/download`, { lockKey, jobs: [job.id] });
      expect(bad.body).toEqual([
        expect.objectContaining({ jobId: job.id, status: 2, outcome: 'failed', error: expect.any(String) }),
      ]);
      fake.behaviour = 'down';
      const down = await as(editor).post(`${ATE}/download`, { lockKey, jobs: [job.id] });
      expect(down.status).toBe(502);
      expect((await jobRow(job.id)).status).toBe(2);
      const invalid = await as(editor).post(`${ATE}/download`, { lockKey, jobs: ['x'] });
      expect(invalid.status).toBe(400);
    });
  });

  describe('GET ate/jobs/{ateJobId}/fix', () => {
    it('applies a translation ATE has ready; not ready is not an error', async () => {
      const { job, ateJobId } = await ateJob({ translator_id: translator.id });
      const notReady = await as(translator).get(`${ATE}/${ateJobId}/fix?jobId=${job.id}`);
      expect(notReady.status).toBe(200);
      expect(notReady.body).toEqual({ completed: false, error: false });
      fake.translate(ateJobId, { title: 'Fikset' });
      const fixed = await as(translator).get(`${ATE}/${ateJobId}/fix?jobId=${job.id}`);
      expect(fixed.body).toEqual({ completed: true, error: false });
      expect((await jobRow(job.id)).status).toBe(10);
    });

    it('a file that does not fit: error true, nothing written', async () => {
      const { job, ateJobId } = await ateJob();
      fake.translate(ateJobId, { title: 'X' });
      (fake.jobs.get(ateJobId) as { translated: string }).translated = '<nope/>';
      const res = await as(editor).get(`${ATE}/${ateJobId}/fix?jobId=${job.id}`);
      expect(res.body).toEqual({ completed: false, error: true });
      expect((await jobRow(job.id)).status).toBe(2);
    });

    it('validates jobId, answers 404/400/403', async () => {
      const { job, ateJobId } = await ateJob({ translator_id: otherTranslator.id });
      const missing = await as(editor).get(`${ATE}/${ateJobId}/fix`);
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('rest_missing_callback_param');
      expect((await as(editor).get(`${ATE}/${ateJobId}/fix?jobId=x`)).body.code).toBe('rest_invalid_param');
      expect((await as(editor).get(`${ATE}/${ateJobId}/fix?jobId=999999`)).status).toBe(404);
      const mismatch = await as(editor).get(`${ATE}/${ateJobId + 1000}/fix?jobId=${job.id}`);
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.code).toBe('ml_ate_job_mismatch');
      expect((await as(translator).get(`${ATE}/${ateJobId}/fix?jobId=${job.id}`)).status).toBe(403);
      expect((await as(null).get(`${ATE}/${ateJobId}/fix?jobId=${job.id}`)).status).toBe(401);
      expect((await as(subscriber).get(`${ATE}/${ateJobId}/fix?jobId=${job.id}`)).status).toBe(403);
    });
  });
});

describe('ml/tm/v1 ate/jobs without ML_ATE_URL', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
  });
  afterAll(() => t.close());

  const notEnabled = {
    code: 'rest_forbidden',
    message: 'Sorry, you are not allowed to do that.',
    data: { status: 403, reason: 'ate_not_enabled' },
  };

  it.each([
    ['post', 'ate/jobs', { jobIds: [1] }],
    ['post', 'ate/jobs/store', { ml_job_id: '1', ate_job_data: { ate_job_id: 1 } }],
    ['get', 'ate/jobs/1', undefined],
    ['post', 'ate/jobs/sync', {}],
    ['post', 'ate/jobs/download', {}],
    ['post', 'ate/jobs/retry', {}],
    ['get', 'ate/jobs/1/fix?jobId=1', undefined],
  ] as const)('%s %s answers that ATE is not enabled', async (method, path, body) => {
    const req = t.http()[method](`${TM}/${path}`).set('Authorization', admin.auth);
    const res = body === undefined ? await req : await req.send(body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(notEnabled);
  });

  it('the public callback answers 401 (ATE is required), nothing done', async () => {
    const res = await t.http().get(`${TM}/ate/jobs/receive/1`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ...notEnabled, data: { status: 401, reason: 'ate_not_enabled' } });
  });
});
