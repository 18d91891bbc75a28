import type { TestApp, TestUser } from '../../helpers/test-app';
import { createProbeApp } from './probe-app';

/** The ml_language interceptor puts the language and the caller in the request context that services read. */
describe('request context', () => {
  let t: TestApp;
  let editor: TestUser;
  beforeAll(async () => {
    t = await createProbeApp();
    editor = await t.user('editor');
  });
  afterAll(() => t.close());

  it('holds the default language and an anonymous caller', async () => {
    const res = await t.http().get('/wp-json/probe/v1/context');
    expect(res.body).toEqual({ language: 'en', user: 0, requestId: true });
  });

  it('takes the language from the /no/ prefix, ml_language in the query, or in a JSON body', async () => {
    expect((await t.http().get('/no/wp-json/probe/v1/context')).body.language).toBe('no');
    expect((await t.http().get('/wp-json/probe/v1/context?ml_language=no')).body.language).toBe('no');
    expect((await t.http().get('/no/wp-json/probe/v1/context?ml_language=en')).body.language).toBe('en');
    const posted = await t.http().post('/wp-json/probe/v1/context').send({ ml_language: 'no' });
    expect(posted.body.language).toBe('no');
    expect((await t.http().get('/?rest_route=/probe/v1/context&ml_language=no')).body.language).toBe('no');
  });

  it('holds the authenticated caller', async () => {
    const res = await t.http().get('/wp-json/probe/v1/context').set('Authorization', editor.auth);
    expect(res.body.user).toBe(editor.id);
  });

  it('rejects a bad ml_language with WordPress’s 400 before the handler runs', async () => {
    const res = await t.http().get('/wp-json/probe/v1/context?ml_language=sv');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.params).toEqual({ ml_language: 'ml_language is not one of en and no.' });
  });

  it('gives each batch item the language it asks for, resolved the same way', async () => {
    const res = await t
      .http()
      .post('/no/wp-json/batch/v1')
      .send({
        requests: [
          { method: 'POST', path: '/probe/v1/context' },
          { method: 'POST', path: '/probe/v1/context?ml_language=en' },
          { method: 'POST', path: '/probe/v1/context', body: { ml_language: 'no' } },
        ],
      });
    expect(res.status).toBe(207);
    expect(res.body.responses.map((item: { body: { language: string } }) => item.body.language)).toEqual([
      'no',
      'en',
      'no',
    ]);
  });
});
