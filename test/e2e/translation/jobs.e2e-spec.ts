import { translateXliff } from '../translation-ate/fake-ate';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const TM = '/wp-json/ml/tm/v1';

describe('ml/tm/v1 translation jobs and XLIFF', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let translator: TestUser;
  let otherTranslator: TestUser;
  let contributor: TestUser;
  let subscriber: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    editor = await t.user('editor');
    translator = await t.user('author');
    otherTranslator = await t.user('author');
    contributor = await t.user('contributor');
    subscriber = await t.user('subscriber');
  });
  afterAll(() => t.close());

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
  const createPost = async (body: Record<string, unknown>, type = 'posts') => {
    const res = await as(admin).post(`/wp-json/core/v2/${type}`, { status: 'publish', ...body });
    expect(res.status).toBe(201);
    return res.body;
  };
  const send = async (ids: number[], extra: Record<string, unknown> = {}, user = editor) =>
    as(user).post(`${TM}/jobs/send`, { elements: ids.map((id) => ({ id })), ...extra });

  describe('the whole workflow', () => {
    it('create → send → assign → download → upload → translation readable in no and linked from the original', async () => {
      const category = (await as(admin).post('/wp-json/core/v2/categories', { name: 'Concerts' })).body;
      const original = await createPost({
        title: 'Spring & <em>summer</em>',
        content: '<p>Music in the park.</p>\n<p>Bring a <strong>blanket</strong>.</p>',
        excerpt: 'Music outdoors',
        categories: [category.id],
      });

      const sent = await send([original.id], { deadline: '2031-05-01', batch_name: 'Spring batch' });
      expect(sent.status).toBe(201);
      expect(sent.body.jobs).toHaveLength(1);
      const job = sent.body.jobs[0];
      expect(job).toMatchObject({
        original_element_id: original.id,
        type: 'post',
        status: 1,
        needs_update: false,
        language_codes: { source: 'en', target: 'no' },
        languages: { source: 'English', target: 'Norwegian Bokmål' },
        translation_service_id: 'local',
        deadline: '2031-05-01',
        element: {
          name: 'Spring & <em>summer</em>',
          status: 'draft',
          type: { value: 'post_post', label: 'Post' },
        },
        translator_id: '',
        batch: { name: 'Spring batch' },
      });

      const assigned = await as(editor).post(`${TM}/jobs/assign`, {
        jobId: job.id,
        translatorId: translator.id,
      });
      expect(assigned.status).toBe(200);
      expect(assigned.body).toEqual({ assigned: true });

      const download = await as(translator).get(`${TM}/tp/xliff/download/${job.id}/post`);
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toMatch(/^application\/x-xliff\+xml/);
      expect(download.headers['content-disposition']).toBe(`attachment; filename="job-${job.id}.xliff"`);
      const xml = download.text;
      expect(xml).toContain('<trans-unit resname="title"');
      expect(xml).toContain(`<trans-unit resname="t_${category.id}"`);
      expect(xml).toContain('<![CDATA[<p>Music in the park.</p>');

      const inProgress = await as(translator).get(`${TM}/jobs?id=${job.id}`);
      expect(inProgress.body.jobs[0].status).toBe(2);

      const translated = translateXliff(xml, {
        title: 'Vår & <em>sommer</em>',
        body: '<p>Musikk i parken.</p>\n<p>Ta med et <strong>teppe</strong>.</p>',
        excerpt: 'Musikk ute',
        [`t_${category.id}`]: 'Konserter',
      });
      const upload = await as(translator)
        .post(`${TM}/tp/apply-translations`)
        .attach('file', Buffer.from(translated), {
          filename: `job-${job.id}.xliff`,
          contentType: 'application/x-xliff+xml',
        });
      expect(upload.status).toBe(200);
      expect(upload.body).toEqual([{ id: job.id, type: 'post', status: 10 }]);

      const en = await as(null).get(`/wp-json/core/v2/posts/${original.id}`);
      expect(en.body.ml_translations).toHaveLength(1);
      const link = en.body.ml_translations[0];
      expect(link).toMatchObject({ locale: 'nb_NO', post_title: 'Vår &amp; <em>sommer</em>' });
      expect(link.href).toBe(`http://example.test/no/wp-json/core/v2/posts/${link.id}`);

      const no = await as(null).get(`/no/wp-json/core/v2/posts/${link.id}`);
      expect(no.status).toBe(200);
      expect(no.body.title.rendered).toBe('Vår &amp; <em>sommer</em>');
      expect(no.body.content.rendered).toContain('<strong>teppe</strong>');
      expect(no.body.ml_current_locale).toBe('nb_NO');
      expect(no.body.ml_translations.map((l: any) => l.id)).toEqual([original.id]);
      expect(no.body.link).toMatch(/^http:\/\/example\.test\/no\//);
      const terms = await as(null).get(`/wp-json/core/v2/categories?ml_language=no&post=${link.id}`);
      expect(terms.body.map((term: any) => term.name)).toEqual(['Konserter']);
      const termLinks = await as(null).get(`/wp-json/core/v2/categories/${category.id}`);
      expect(termLinks.body.ml_translations ?? []).toEqual(expect.any(Array));

      const done = await as(editor).get(`${TM}/jobs?id=${job.id}`);
      expect(done.body.jobs[0]).toMatchObject({
        status: 10,
        translator_id: translator.id,
        element: { status: 'publish' },
      });

      // the original changes after completion: the job needs an update; a new upload updates the translation
      await as(admin).post(`/wp-json/core/v2/posts/${original.id}`, { title: 'Spring and summer' });
      const stale = await as(editor).get(`${TM}/jobs?id=${job.id}`);
      expect(stale.body.jobs[0].needs_update).toBe(true);
      const needs = await as(editor).get(`${TM}/jobs?status=3`);
      expect(needs.body.jobs.map((j: any) => j.id)).toEqual([job.id]);
      const again = translateXliff(
        (await as(translator).get(`${TM}/tp/xliff/download/${job.id}/post`)).text,
        {
          title: 'Vår og sommer',
        },
      );
      const reupload = await as(translator).post(`${TM}/tp/apply-translations`, { xliff: again });
      expect(reupload.status).toBe(200);
      const updated = await as(null).get(`/no/wp-json/core/v2/posts/${link.id}`);
      expect(updated.body.title.rendered).toBe('Vår og sommer');
      const groups = await t.app
        .get(DataSource)
        .query(
          "SELECT COUNT(*) AS n FROM ml_translations WHERE element_type = 'post_post' AND language_code = 'no'",
        );
      expect(Number(groups[0].n)).toBe(1);
      const fresh = await as(editor).get(`${TM}/jobs?id=${job.id}`);
      expect(fresh.body.jobs[0].needs_update).toBe(false);
    });
  });

  describe('jobs/send', () => {
    it('sends several items in one batch, into every other language by default', async () => {
      const a = await createPost({ title: 'Send A' });
      const b = await createPost({ title: 'Send B' }, 'pages');
      const res = await send([a.id, b.id], { translator_id: translator.id });
      expect(res.status).toBe(201);
      expect(
        res.body.jobs.map((j: any) => [j.original_element_id, j.language_codes.target, j.translator_id]),
      ).toEqual([
        [a.id, 'no', translator.id],
        [b.id, 'no', translator.id],
      ]);
      expect(res.body.jobs[0].batch.id).toBe(res.body.jobs[1].batch.id);
      expect(res.body.jobs[1].element.type).toEqual({ value: 'post_page', label: 'Page' });
      expect(res.body.jobs[0].batch.name).toMatch(/^Manual Translations from \d{4}-\d{2}-\d{2}$/);
    });

    it('refuses an item already in translation into that language (400)', async () => {
      const a = await createPost({ title: 'Twice' });
      expect((await send([a.id])).status).toBe(201);
      const again = await send([a.id]);
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('ml_job_closed');
    });

    it('validates its arguments (400) and stores nothing', async () => {
      const a = await createPost({ title: 'Validate' });
      const count = async () => (await as(admin).get(`${TM}/jobs`)).body.total;
      const before = await count();
      for (const body of [
        {},
        { elements: [] },
        { elements: [{ id: 'x' }] },
        { elements: [{ id: a.id }], target_languages: ['fr'] },
        { elements: [{ id: a.id }], deadline: 'tomorrow' },
      ]) {
        const res = await as(editor).post(`${TM}/jobs/send`, body);
        expect(res.status).toBe(400);
        expect(['rest_invalid_param', 'rest_missing_callback_param']).toContain(res.body.code);
      }
      const unknown = await send([999999]);
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('ml_not_translatable');
      const sameLanguage = await send([a.id], { target_languages: ['en'] });
      expect(sameLanguage.status).toBe(400);
      const notTranslator = await send([a.id], { translator_id: subscriber.id });
      expect(notTranslator.status).toBe(400);
      expect(notTranslator.body.code).toBe('ml_invalid_translator');
      expect(await count()).toBe(before);
    });

    it('refuses to send a translation itself', async () => {
      const a = await createPost({ title: 'Orig' });
      const tr = await as(admin).post('/wp-json/core/v2/posts?ml_language=no', {
        title: 'Overs',
        status: 'publish',
        translation_of: a.id,
      });
      const res = await send([tr.body.id], { target_languages: ['en'] });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('ml_not_translatable');
    });

    it('is for managers only: 401 anonymous (rest_not_logged_in), 403 translators and others', async () => {
      const a = await createPost({ title: 'Perm' });
      const anonymous = await as(null).post(`${TM}/jobs/send`, { elements: [{ id: a.id }] });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({
        code: 'rest_not_logged_in',
        message: 'You are not currently logged in.',
        data: { status: 401 },
      });
      for (const user of [translator, contributor, subscriber]) {
        const res = await send([a.id], {}, user);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('rest_forbidden');
      }
      expect((await send([a.id], {}, admin)).status).toBe(201);
    });
  });

  describe('GET jobs', () => {
    let jobs: any[];
    beforeAll(async () => {
      const a = await createPost({ title: 'Alpha list' });
      const b = await createPost({ title: 'Beta list' }, 'pages');
      const c = await createPost({ title: 'Gamma list' });
      jobs = [
        ...(await send([a.id], { batch_name: 'List batch', deadline: '2031-01-10' })).body.jobs,
        ...(
          await send([b.id], {
            batch_name: 'List batch',
            deadline: '2031-02-10',
            translator_id: otherTranslator.id,
          })
        ).body.jobs,
        ...(await send([c.id], { batch_name: 'Other batch' })).body.jobs,
      ];
      await as(editor).post(`${TM}/jobs/assign`, { jobId: jobs[0].id, translatorId: translator.id });
    });
    const ids = (res: any) => res.body.jobs.map((j: any) => j.id);

    it('answers {jobs, total, last_picked_up_date}, newest first', async () => {
      const res = await as(editor).get(`${TM}/jobs?batch_name=List batch,Other batch`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(3);
      expect(res.body.last_picked_up_date).toBeNull();
      expect(ids(res)).toEqual(jobs.map((j) => j.id).reverse());
      expect(Object.keys(res.body.jobs[0])).toEqual([
        'id',
        'original_element_id',
        'type',
        'tp_id',
        'status',
        'needs_update',
        'review_status',
        'language_codes',
        'languages',
        'translation_service_id',
        'translation_service',
        'sent_date',
        'deadline',
        'ts_status',
        'element',
        'translator_name',
        'translator_id',
        'is_ate_job',
        'automatic',
        'progress',
        'batch',
        'extra_data',
        'edit_url',
        'view_url',
        'view_original_url',
      ]);
    });

    it('filters by id, ids, title, languages, status, element type, batch, translator and dates', async () => {
      const q = async (query: string) =>
        ids(await as(editor).get(`${TM}/jobs?batch_name=List batch,Other batch&${query}`));
      expect(await q(`id=${jobs[1].id}`)).toEqual([jobs[1].id]);
      expect(await q(`local_job_ids=${jobs[0].id},${jobs[2].id}`)).toEqual([jobs[2].id, jobs[0].id]);
      expect(await q(`ids=${jobs[0].id}`)).toEqual([jobs[0].id]);
      expect(await q('title=alpha,gamma')).toEqual([jobs[2].id, jobs[0].id]);
      expect(await q('title=50%')).toEqual([]);
      expect(await q('source_language=en&target_language=no')).toHaveLength(3);
      expect(await q('target_language=en')).toEqual([]);
      expect(await q('status=1')).toHaveLength(3);
      expect(await q('status=10')).toEqual([]);
      expect(await q('needs_update=exclude')).toHaveLength(3);
      expect(await q('needs_update=include')).toEqual([]);
      expect(await q('element_type=page')).toEqual([jobs[1].id]);
      expect(await q('element_type=post_post')).toEqual([jobs[2].id, jobs[0].id]);
      expect(await q(`translated_by=${translator.id}`)).toEqual([jobs[0].id]);
      expect(await q('deadline_from=2031-02-01')).toEqual([jobs[1].id]);
      expect(await q('deadline_to=2031-01-10')).toEqual([jobs[0].id]);
      const today = new Date().toISOString().slice(0, 10);
      expect(await q(`sent_from=${today}&sent_to=${today}`)).toHaveLength(3);
      expect(await q('sent_to=2000-01-01')).toEqual([]);
      expect(await q('scope=local')).toHaveLength(3);
      expect(await q('scope=remote')).toEqual([]);
      expect(await q('scope=ate')).toEqual([]);
      expect(await q('only_automatic=true')).toEqual([]);
    });

    it('pages with limit/offset and sorts by columns', async () => {
      const base = `${TM}/jobs?batch_name=List batch,Other batch`;
      const page = await as(editor).get(`${base}&limit=2&offset=1`);
      expect(page.body.total).toBe(3);
      expect(ids(page)).toEqual([jobs[1].id, jobs[0].id]);
      const offsetOnly = await as(editor).get(`${base}&offset=2`);
      expect(ids(offsetOnly)).toHaveLength(3);
      const byDeadline = await as(editor).get(`${base}&sorting[deadline_date]=desc`);
      expect(ids(byDeadline).slice(0, 2)).toEqual([jobs[1].id, jobs[0].id]);
      const byTitle = await as(editor).get(`${base}&sorting[title]=asc`);
      expect(ids(byTitle)).toEqual(jobs.map((j) => j.id));
    });

    it('validates every filter (400, all failures together)', async () => {
      for (const query of [
        'scope=galaxy',
        'id=abc',
        'status=done',
        'ids=1,x',
        'needs_update=maybe',
        'limit=-1',
        'offset=x',
        'sent_from=yesterday',
        'deadline_to=2031/01/01',
        'source_language=fr',
        'target_language=english',
        'sorting[evil;drop]=asc',
        'sorting[title]=sideways',
        'sorting=title',
        'translated_by=me',
      ]) {
        const res = await as(editor).get(`${TM}/jobs?${query}`);
        expect([query, res.status, res.body.code]).toEqual([query, 400, 'rest_invalid_param']);
      }
    });

    it('shows translators only their own jobs; 401 anonymous, 403 without translation capabilities', async () => {
      const own = await as(translator).get(`${TM}/jobs?batch_name=List batch,Other batch`);
      expect(ids(own)).toEqual([jobs[0].id]);
      const other = await as(otherTranslator).get(`${TM}/jobs?batch_name=List batch,Other batch`);
      expect(ids(other)).toEqual([jobs[1].id]);
      const all = await as(admin).get(`${TM}/jobs?batch_name=List batch,Other batch`);
      expect(all.body.total).toBe(3);
      expect((await as(null).get(`${TM}/jobs`)).status).toBe(401);
      expect((await as(null).get(`${TM}/jobs`)).body.code).toBe('rest_not_logged_in');
      expect((await as(contributor).get(`${TM}/jobs`)).status).toBe(403);
      expect((await as(subscriber).get(`${TM}/jobs`)).status).toBe(403);
    });
  });

  describe('jobs/assign and jobs/cancel', () => {
    let job: any;
    beforeAll(async () => {
      job = (await send([(await createPost({ title: 'Assign me' })).id])).body.jobs[0];
    });

    it('assigns to a translator; null for an unknown user; 400 for a user who may not translate', async () => {
      expect(
        (await as(editor).post(`${TM}/jobs/assign`, { jobId: job.id, translatorId: otherTranslator.id }))
          .body,
      ).toEqual({
        assigned: true,
      });
      const unknown = await as(editor).post(`${TM}/jobs/assign`, { jobId: job.id, translatorId: 99999 });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toBeNull();
      const subscriberRes = await as(editor).post(`${TM}/jobs/assign`, {
        jobId: job.id,
        translatorId: subscriber.id,
      });
      expect(subscriberRes.status).toBe(400);
      expect(subscriberRes.body.code).toBe('ml_invalid_translator');
    });

    it('validates: missing and bad arguments, unknown job, unsupported type', async () => {
      const missing = await as(editor).post(`${TM}/jobs/assign`, { jobId: job.id });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('rest_missing_callback_param');
      expect((await as(editor).post(`${TM}/jobs/assign`, { jobId: 'x', translatorId: 1 })).status).toBe(400);
      expect(
        (await as(editor).post(`${TM}/jobs/assign`, { jobId: job.id, translatorId: 1, type: 'x' })).status,
      ).toBe(400);
      const stringJob = await as(editor).post(`${TM}/jobs/assign`, {
        jobId: job.id,
        translatorId: 1,
        type: 'string',
      });
      expect(stringJob.body.code).toBe('ml_invalid_job_type');
      const notFound = await as(editor).post(`${TM}/jobs/assign`, {
        jobId: 999999,
        translatorId: translator.id,
      });
      expect(notFound.status).toBe(404);
      expect(notFound.body.code).toBe('ml_job_not_found');
    });

    it('lets a translator take nothing of another translator’s and not assign others', async () => {
      const res = await as(translator).post(`${TM}/jobs/assign`, {
        jobId: job.id,
        translatorId: translator.id,
      });
      expect(res.status).toBe(403);
      const free = (await send([(await createPost({ title: 'Free job' })).id])).body.jobs[0];
      const other = await as(translator).post(`${TM}/jobs/assign`, {
        jobId: free.id,
        translatorId: otherTranslator.id,
      });
      expect(other.status).toBe(403);
      const self = await as(translator).post(`${TM}/jobs/assign`, {
        jobId: free.id,
        translatorId: translator.id,
      });
      expect(self.body).toEqual({ assigned: true });
      expect((await as(null).post(`${TM}/jobs/assign`, { jobId: free.id, translatorId: 1 })).status).toBe(
        401,
      );
      expect(
        (await as(subscriber).post(`${TM}/jobs/assign`, { jobId: free.id, translatorId: 1 })).status,
      ).toBe(403);
    });

    it('cancels the found jobs of supported types, answering those cancelled; cancelled jobs leave the list', async () => {
      const other = (await send([(await createPost({ title: 'Cancel me' })).id])).body.jobs[0];
      const res = await as(editor).post(`${TM}/jobs/cancel`, [
        { id: job.id, type: 'post' },
        { id: other.id, type: 'string' },
        { id: 999999, type: 'post' },
      ]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([{ id: job.id, type: 'post' }]);
      expect((await as(editor).get(`${TM}/jobs?id=${job.id}`)).body.total).toBe(0);
      expect((await as(editor).get(`${TM}/tp/xliff/download/${job.id}/post`)).status).toBe(400);
      // a cancelled job frees the language: the item can be sent again
      expect((await send([job.original_element_id])).status).toBe(201);
      expect((await as(editor).post(`${TM}/jobs/cancel`, [])).body).toEqual([]);
      expect((await as(translator).post(`${TM}/jobs/cancel`, [{ id: other.id, type: 'post' }])).status).toBe(
        403,
      );
      expect((await as(null).post(`${TM}/jobs/cancel`, [{ id: other.id, type: 'post' }])).status).toBe(401);
    });
  });

  describe('XLIFF download, fetch and apply', () => {
    let job: any;
    let original: any;
    beforeAll(async () => {
      original = await createPost({ title: 'XLIFF <b>bold</b> & co', content: 'Body ]]> text' });
      job = (await send([original.id], { translator_id: translator.id })).body.jobs[0];
    });

    it('fetches the XLIFF as base64 with its languages', async () => {
      const res = await as(translator).get(`${TM}/xliff/fetch/${job.id}`);
      expect(res.status).toBe(200);
      expect(res.body.sourceLang).toBe('en');
      expect(res.body.targetLang).toBe('no');
      const xml = Buffer.from(res.body.content, 'base64').toString('utf8');
      expect(xml).toContain('<xliff');
      expect(xml).toContain('target-language="no"');
    });

    it('answers the document as JSON with json=true; refuses other job types and unknown jobs', async () => {
      const res = await as(editor).get(`${TM}/tp/xliff/download/${job.id}/post?json=true`);
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({ id: job.id, type: 'post', file_name: `job-${job.id}.xliff` });
      expect((await as(editor).get(`${TM}/tp/xliff/download/${job.id}/string`)).status).toBe(400);
      expect((await as(editor).get(`${TM}/tp/xliff/download/999999/post`)).status).toBe(404);
      expect((await as(editor).get(`${TM}/xliff/fetch/999999`)).status).toBe(404);
      expect((await as(editor).get(`${TM}/tp/xliff/download/${job.id}/post?json=maybe`)).status).toBe(400);
      const notNumeric = await as(editor).get(`${TM}/tp/xliff/download/abc/post`);
      expect(notNumeric.status).toBe(400);
      expect(notNumeric.body.code).toBe('rest_invalid_param');
      expect((await as(editor).get(`${TM}/xliff/fetch/x-1`)).body.code).toBe('rest_invalid_param');
    });

    it('keeps other translators, other roles and anonymous callers out', async () => {
      expect((await as(otherTranslator).get(`${TM}/tp/xliff/download/${job.id}/post`)).status).toBe(403);
      expect((await as(otherTranslator).get(`${TM}/xliff/fetch/${job.id}`)).status).toBe(403);
      expect((await as(contributor).get(`${TM}/xliff/fetch/${job.id}`)).status).toBe(403);
      expect((await as(null).get(`${TM}/tp/xliff/download/${job.id}/post`)).status).toBe(401);
      expect((await as(null).post(`${TM}/tp/apply-translations`, { xliff: '<x/>' })).status).toBe(401);
    });

    it('refuses malformed files and files of another job, writing nothing', async () => {
      const xml = (await as(translator).get(`${TM}/tp/xliff/download/${job.id}/post`)).text;
      const rows = async () =>
        Number((await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM posts'))[0].n);
      const before = await rows();
      const cases: Array<[unknown, string]> = [
        [{ xliff: '<xliff version="1.2"><file>' }, 'ml_invalid_xliff'],
        [{ xliff: 'not xml at all' }, 'ml_invalid_xliff'],
        [{ xliff: '' }, 'ml_invalid_xliff'],
        [{ xliff: xml.replace('target-language="no"', 'target-language="en"') }, 'ml_xliff_job_mismatch'],
        [
          { xliff: translateXliff(xml, {}).replace(/original="\d+-/, 'original="999999-') },
          'ml_job_not_found',
        ],
        [{ xliff: xml, job_id: job.id + 1000 }, 'ml_job_not_found'],
        [{}, 'ml_invalid_xliff'],
      ];
      for (const [body, code] of cases) {
        const res = await as(translator).post(`${TM}/tp/apply-translations`, body);
        expect([code, res.body.code]).toEqual([code, res.body.code === code ? code : res.body.code]);
        expect(res.body.code).toBe(code);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      const otherJob = (
        await send([(await createPost({ title: 'Another' })).id], { translator_id: translator.id })
      ).body.jobs[0];
      const wrong = await as(translator).post(`${TM}/tp/apply-translations`, {
        xliff: xml,
        job_id: otherJob.id,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('ml_xliff_job_mismatch');
      const withUnknownUnit = xml
        .replace('resname="title"', 'resname="nope"')
        .replace('id="title"', 'id="nope"');
      const unknownUnit = await as(translator).post(`${TM}/tp/apply-translations`, {
        xliff: withUnknownUnit,
      });
      expect(unknownUnit.status).toBe(400);
      expect(unknownUnit.body.code).toBe('ml_xliff_job_mismatch');
      const stolen = await as(otherTranslator).post(`${TM}/tp/apply-translations`, { xliff: xml });
      expect(stolen.status).toBe(403);
      expect(await rows()).toBe(before + 1);
      expect((await as(editor).get(`${TM}/jobs?id=${job.id}`)).body.jobs[0].status).toBe(2);
    });

    it('applies a file uploaded as a body parameter, sanitising a translator’s HTML', async () => {
      const xml = (await as(translator).get(`${TM}/tp/xliff/download/${job.id}/post`)).text;
      const res = await as(translator).post(`${TM}/tp/apply-translations`, {
        xliff: translateXliff(xml, { title: 'Tittel', body: '<p>Tekst</p><script>alert(1)</script>' }),
      });
      expect(res.status).toBe(200);
      const link = (await as(null).get(`/wp-json/core/v2/posts/${original.id}`)).body.ml_translations[0];
      const no = await as(admin).get(`/no/wp-json/core/v2/posts/${link.id}?context=edit`);
      expect(no.body.content.raw).toBe('<p>Tekst</p>alert(1)');
      expect(no.body.excerpt.raw).toBe(original.excerpt.raw);
      // the default category of the original maps to Norwegian's own default category, which joins its group
      const categories = await as(null).get(`/wp-json/core/v2/categories?ml_language=no&post=${link.id}`);
      expect(categories.body.map((c: any) => c.slug)).toEqual(['uncategorized']);
      expect(categories.body[0].id).not.toBe(original.categories[0]);
    });

    it('answers WPML’s [{id, type}] form with the jobs’ statuses', async () => {
      const res = await as(editor).post(`${TM}/tp/apply-translations`, [{ id: job.id, type: 'post' }]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([{ id: job.id, type: 'post', status: 10 }]);
    });
  });

  describe('tp/batches', () => {
    it('syncs batches and reports the open ones', async () => {
      const sent = (await send([(await createPost({ title: 'Batch one' })).id], { batch_name: 'Sync me' }))
        .body.jobs[0];
      const sync = await as(editor).post(`${TM}/tp/batches/sync`, { batchId: [sent.batch.id] });
      expect(sync.status).toBe(200);
      expect(sync.body).toEqual([
        expect.objectContaining({
          batchId: sent.batch.id,
          batchName: 'Sync me',
          status: 'in_progress',
          jobs: { total: 1, waiting_for_translator: 1, in_progress: 0, complete: 0, cancelled: 0 },
        }),
      ]);
      expect(sync.body[0].lastSync).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const status = await as(editor).get(`${TM}/tp/batches/status`);
      expect(status.status).toBe(200);
      expect(status.body.map((b: any) => b.batchId)).toContain(sent.batch.id);
      expect((await as(editor).post(`${TM}/tp/batches/sync`, {})).status).toBe(400);
      expect((await as(editor).post(`${TM}/tp/batches/sync`, { batchId: ['x'] })).status).toBe(400);
      expect((await as(editor).post(`${TM}/tp/batches/sync`, { batchId: [999999] })).body).toEqual([]);
      expect((await as(translator).post(`${TM}/tp/batches/sync`, { batchId: [sent.batch.id] })).status).toBe(
        403,
      );
      expect((await as(null).get(`${TM}/tp/batches/status`)).status).toBe(401);
    });
  });

  describe('events', () => {
    it('translates an event through a job: same slug in Norwegian, terms translated, needs update on change', async () => {
      const category = (await as(admin).post('/wp-json/cal/events/v1/categories', { name: 'Festivals' }))
        .body;
      const created = await as(admin).post('/wp-json/cal/events/v1/events', {
        title: 'Harbour festival',
        description: '<p>Boats &amp; music</p>',
        start_date: '2031-06-01 12:00:00',
        end_date: '2031-06-01 18:00:00',
        status: 'publish',
        categories: [category.id],
      });
      expect(created.status).toBe(201);
      const event = created.body;
      const sent = await send([event.id], { translator_id: translator.id });
      expect(sent.status).toBe(201);
      const job = sent.body.jobs[0];
      expect(job.element.type).toEqual({ value: 'post_cal_events', label: 'Event' });
      const xml = (await as(translator).get(`${TM}/tp/xliff/download/${job.id}/post`)).text;
      expect(xml).toContain(`resname="t_${category.id}"`);
      const applied = await as(translator).post(`${TM}/tp/apply-translations`, {
        xliff: translateXliff(xml, {
          title: 'Harbour festival',
          body: '<p>Båter og musikk</p>',
          [`t_${category.id}`]: 'Festivaler',
        }),
      });
      expect(applied.status).toBe(200);
      const en = await as(null).get(`/wp-json/cal/events/v1/events/${event.id}`);
      const link = en.body.ml_translations[0];
      expect(link).toMatchObject({ locale: 'nb_NO', post_title: 'Harbour festival' });
      expect(link.href).toBe(`http://example.test/no/wp-json/cal/events/v1/events/${link.id}`);
      const no = await as(null).get(`/no/wp-json/cal/events/v1/events/${link.id}`);
      expect(no.status).toBe(200);
      expect(no.body.slug).toBe(event.slug);
      expect(no.body.description).toContain('Båter og musikk');
      expect(no.body.start_date).toBe(event.start_date);
      expect(no.body.categories.map((c: any) => c.name)).toEqual(['Festivaler']);
      expect(no.body.ml_translations.map((l: any) => l.id)).toEqual([event.id]);

      await as(admin).post(`/wp-json/cal/events/v1/events/${event.id}`, { title: 'Harbour festival 2031' });
      const stale = await as(editor).get(`${TM}/jobs?id=${job.id}`);
      expect(stale.body.jobs[0].needs_update).toBe(true);
    });
  });

  describe('the saved ml-config.xml', () => {
    afterAll(() => as(admin).post('/wp-json/ml/v1/custom-xml-config', { content: '' }));

    it('makes a type with translate="0" untranslatable for jobs', async () => {
      const page = await createPost({ title: 'Rental terms' }, 'pages');
      const saved = await as(admin).post('/wp-json/ml/v1/custom-xml-config', {
        content:
          '<wpml-config><custom-types><custom-type translate="0">page</custom-type></custom-types></wpml-config>',
      });
      expect(saved.status).toBe(200);
      const refused = await send([page.id]);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'ml_not_translatable',
        message: 'This content cannot be sent to translation: post_page is not a translatable type.',
      });
      const post = await createPost({ title: 'Still translated' });
      expect((await send([post.id])).status).toBe(201);

      await as(admin).post('/wp-json/ml/v1/custom-xml-config', { content: '' });
      expect((await send([page.id])).status).toBe(201);
    });
  });
});
