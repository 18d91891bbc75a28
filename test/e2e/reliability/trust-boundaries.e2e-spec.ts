import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { translateXliff } from '../translation-ate/fake-ate';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const RED = '/wp-json/redirection/v1';
const TM = '/wp-json/ml/tm/v1';

/** What a client controls (Host, parameters, paths) must not steer the site's redirects or requests. */
describe('reliability: trust boundaries', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let translator: TestUser;
  let social: Server;
  const socialPaths: string[] = [];

  beforeAll(async () => {
    social = createServer((req, res) => {
      socialPaths.push(new URL(req.url ?? '/', 'http://api.test').pathname);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: [] }));
    });
    await new Promise<void>((resolve) => social.listen(0, '127.0.0.1', resolve));
    const { port } = social.address() as AddressInfo;
    t = await createTestApp({
      BASE_URL: 'http://example.test',
      SOCIAL_API_URL: `http://127.0.0.1:${port}/v1`,
      SOCIAL_API_TOKEN: 'secret-token',
    });
    admin = await t.user('administrator');
    editor = await t.user('editor');
    translator = await t.user('author');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => social.close(resolve));
  });

  const settings = (body: Record<string, unknown>) =>
    t.http().post(`${RED}/setting`).set('Authorization', admin.auth).send(body);

  describe('preferred_domain', () => {
    afterAll(() => settings({ preferred_domain: '' }));

    it('redirects the configured host only; a foreign Host header is not a redirect target', async () => {
      expect((await settings({ preferred_domain: 'www' })).status).toBe(200);
      const own = await t.http().get('/some-page/').set('Host', 'example.test');
      expect(own.status).toBe(301);
      expect(own.headers.location).toBe('http://www.example.test/some-page/');
      const foreign = await t.http().get('/some-page/').set('Host', 'evil.invalid');
      expect(foreign.status).not.toBe(301);
      expect(foreign.headers.location).toBeUndefined();
      expect((await settings({ preferred_domain: 'nowww' })).status).toBe(200);
      const foreignWww = await t.http().get('/x').set('Host', 'www.evil.invalid');
      expect(foreignWww.headers.location).toBeUndefined();
      const ownWww = await t.http().get('/x').set('Host', 'www.example.test');
      expect(ownWww.headers.location).toBe('http://example.test/x');
    });
  });

  describe('/health', () => {
    afterAll(() => settings({ relocate: '' }));

    it('is never redirected: not by a rule matching it, nor by relocate', async () => {
      const rule = await t
        .http()
        .post(`${RED}/redirect`)
        .set('Authorization', admin.auth)
        .send({
          url: '/health',
          match_type: 'url',
          action_type: 'url',
          group_id: 1,
          action_data: { url: '/x' },
        });
      expect(rule.status).toBe(200);
      const regex = await t
        .http()
        .post(`${RED}/redirect`)
        .set('Authorization', admin.auth)
        .send({
          url: '^/.*$',
          regex: true,
          match_type: 'url',
          action_type: 'url',
          group_id: 1,
          action_data: { url: '/y' },
        });
      expect(regex.status).toBe(200);
      let health = await t.http().get('/health');
      expect(health.status).toBe(200);
      expect(health.body.status).toBe('ok');
      expect((await settings({ relocate: 'https://elsewhere.example' })).status).toBe(200);
      health = await t.http().get('/health');
      expect(health.status).toBe(200);
      expect(health.headers.location).toBeUndefined();
      // Other pages do move.
      expect((await t.http().get('/a-page')).headers.location).toBe('https://elsewhere.example/a-page');
    });
  });

  describe('bld/social/{id}/children', () => {
    it('sends only digits to the remote path; an id parameter overriding the capture is 400', async () => {
      const good = await t.http().get('/wp-json/bld/social/1790/children');
      expect(good.status).toBe(200);
      // In the query (the firewall already refuses `..` in a URL) and in a JSON body (which it does not read).
      for (const id of ['me', '1790x', '-1']) {
        const response = await t.http().get(`/wp-json/bld/social/1790/children?id=${encodeURIComponent(id)}`);
        expect({ id, status: response.status, code: response.body.code }).toEqual({
          id,
          status: 400,
          code: 'rest_invalid_param',
        });
      }
      for (const id of ['..', '../../me', '1790/../../me']) {
        const body = await t
          .http()
          .get('/wp-json/bld/social/1790/children')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ id }));
        expect({ id, status: body.status, code: body.body.code }).toEqual({
          id,
          status: 400,
          code: 'rest_invalid_param',
        });
      }
      expect(socialPaths.every((path) => /^\/v1\/(?:\d+\/children|me\/media)$/.test(path))).toBe(true);
      expect(socialPaths).toContain('/v1/1790/children');
    });
  });

  describe('XLIFF downloads', () => {
    it("carry the sender's e-mail only for a translator who may list users", async () => {
      const original = await t
        .http()
        .post('/wp-json/core/v2/posts')
        .set('Authorization', admin.auth)
        .send({ title: 'To translate', status: 'publish' });
      const sent = await t
        .http()
        .post(`${TM}/jobs/send`)
        .set('Authorization', editor.auth)
        .send({ elements: [{ id: original.body.id }] });
      const job = sent.body.jobs[0];
      await t
        .http()
        .post(`${TM}/jobs/assign`)
        .set('Authorization', editor.auth)
        .send({ jobId: job.id, translatorId: translator.id });
      const forTranslator = await t
        .http()
        .get(`${TM}/tp/xliff/download/${job.id}/post`)
        .set('Authorization', translator.auth);
      expect(forTranslator.status).toBe(200);
      expect(forTranslator.text).toContain(`tool:sender-username="${editor.login}"`);
      expect(forTranslator.text).not.toContain('sender-email');
      expect(forTranslator.text).not.toContain(`${editor.login}@example.test`);
      const forAdmin = await t
        .http()
        .get(`${TM}/tp/xliff/download/${job.id}/post`)
        .set('Authorization', admin.auth);
      expect(forAdmin.text).toContain(`tool:sender-email="${editor.login}@example.test"`);
      // The file without the e-mail still applies.
      const applied = await t
        .http()
        .post(`${TM}/tp/apply-translations`)
        .set('Authorization', translator.auth)
        .send({ xliff: translateXliff(forTranslator.text, { title: 'Oversatt' }) });
      expect(applied.status).toBe(200);
    });
  });
});
