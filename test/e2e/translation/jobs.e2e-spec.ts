import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const TM = '/wp-json/ml/tm/v1';

/** The translated XLIFF a translator sends back: the downloaded file with its targets replaced. */
function translate(xml: string, targets: Record<string, string>): string {
  // Built with the same DOM library the server reads with (no string surgery on XML).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { DOMParser, XMLSerializer } = require('@xmldom/xmldom');
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const units = doc.getElementsByTagNameNS('*', 'trans-unit');
  for (let i = 0; i < units.length; i++) {
    const unit = units.item(i);
    const id = unit.getAttribute('id');
    if (!(id in targets)) continue;
    const target = unit.getElementsByTagNameNS('*', 'target').item(0);
    while (target.firstChild) target.removeChild(target.firstChild);
    target.appendChild(doc.createCDATASection(targets[id]));
  }
  return new XMLSerializer().serializeToString(doc);
}

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

      const translated = translate(xml, {
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
      const again = translate((await as(translator).get(`${TM}/tp/xliff/download/${job.id}/post`)).text, {
        title: 'Vår og sommer',
      });
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
});
