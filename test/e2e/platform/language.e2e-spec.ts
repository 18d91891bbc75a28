import { LanguageResolver } from '../../../src/platform/rest/context/language-resolver';
import { TestApp, TestUser } from '../../helpers/test-app';
import { createProbeApp } from './probe-app';

describe('content language', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;

  beforeAll(async () => {
    t = await createProbeApp();
    admin = await t.user('administrator', 'lang-admin');
    editor = await t.user('editor', 'lang-editor');
  });
  afterAll(() => t.close());

  it('without a prefix links use the plain API root', async () => {
    const res = await t.http().get(`/wp-json/core/v2/users/${editor.id}`).set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    expect(res.body._links.self[0].href).toBe(`http://example.test/wp-json/core/v2/users/${editor.id}`);
    expect(res.body.link).toBe('http://example.test/author/lang-editor/');
  });

  it('/no/wp-json/ selects Norwegian: links use the prefixed root', async () => {
    const res = await t.http().get(`/no/wp-json/core/v2/users/${editor.id}`).set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    expect(res.body._links.self[0].href).toBe(`http://example.test/no/wp-json/core/v2/users/${editor.id}`);
    expect(res.body._links.collection[0].href).toBe('http://example.test/no/wp-json/core/v2/users');
    expect(res.body.link).toBe('http://example.test/no/author/lang-editor/');
    expect(res.headers.link).toContain('<http://example.test/no/wp-json/>; rel="https://api.w.org/"');
  });

  it('/no/wp-json/ pagination links keep the prefix', async () => {
    const res = await t.http().get('/no/wp-json/core/v2/users?per_page=1').set('Authorization', admin.auth);
    expect(res.headers.link).toContain(
      '<http://example.test/no/wp-json/core/v2/users?per_page=1&page=2>; rel="next"',
    );
  });

  it('the index under /no/ has prefixed self links', async () => {
    const res = await t.http().get('/no/wp-json/');
    expect(res.status).toBe(200);
    expect(res.body.routes['/core/v2/users']._links.self[0].href).toBe(
      'http://example.test/no/wp-json/core/v2/users',
    );
    const namespaceIndex = await t.http().get('/no/wp-json/core/v2');
    expect(namespaceIndex.body._links.up[0].href).toBe('http://example.test/no/wp-json/');
  });

  it('an unknown language prefix is not an API path', async () => {
    const res = await t.http().get('/de/wp-json/core/v2/users/me');
    expect(res.status).toBe(404);
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it('ml_language=no in the query', async () => {
    const res = await t
      .http()
      .get(`/wp-json/core/v2/users/${editor.id}?ml_language=no`)
      .set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    expect(res.body._links.self[0].href).toBe(`http://example.test/no/wp-json/core/v2/users/${editor.id}`);
  });

  it('ml_language=en overrides the /no/ prefix', async () => {
    const res = await t
      .http()
      .get(`/no/wp-json/core/v2/users/${editor.id}?ml_language=en`)
      .set('Authorization', admin.auth);
    expect(res.body._links.self[0].href).toBe(`http://example.test/wp-json/core/v2/users/${editor.id}`);
  });

  it('ml_language=no in a JSON body', async () => {
    const res = await t
      .http()
      .post('/wp-json/core/v2/users/me')
      .set('Authorization', editor.auth)
      .send({ ml_language: 'no', nickname: 'redaktør' });
    expect(res.status).toBe(200);
    expect(res.body.nickname).toBe('redaktør');
    expect(res.body._links.self[0].href).toBe(`http://example.test/no/wp-json/core/v2/users/${editor.id}`);
  });

  it('ml_language=no in a form body', async () => {
    const res = await t
      .http()
      .post('/wp-json/core/v2/users/me')
      .set('Authorization', editor.auth)
      .type('form')
      .send('ml_language=no&last_name=Nordmann');
    expect(res.status).toBe(200);
    expect(res.body.last_name).toBe('Nordmann');
    expect(res.body._links.self[0].href).toContain('/no/wp-json/');
  });

  it('the language reaches the handler (call.language)', async () => {
    const res = await t.http().get('/wp-json/probe/v1/echo?ml_language=no');
    expect(res.body.args.ml_language).toBe('no');
  });

  it('an unknown ml_language is rest_invalid_param', async () => {
    const res = await t.http().get(`/wp-json/core/v2/users/${editor.id}?ml_language=de`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): ml_language',
      data: {
        status: 400,
        params: { ml_language: 'ml_language is not one of en and no.' },
        details: {
          ml_language: {
            code: 'rest_not_in_enum',
            message: 'ml_language is not one of en and no.',
            data: null,
          },
        },
      },
    });
  });

  it('is validated on the index too', async () => {
    const res = await t.http().get('/wp-json/?ml_language=fr');
    expect(res.status).toBe(400);
    expect(res.body.data.params).toEqual({ ml_language: 'ml_language is not one of en and no.' });
  });

  it('every endpoint in the index shows the ml_language arg', async () => {
    const res = await t.http().get('/wp-json/');
    const expected = {
      description: 'Content language.',
      type: 'string',
      enum: ['en', 'no'],
      required: false,
    };
    let endpoints = 0;
    for (const route of Object.values(res.body.routes) as Array<{ endpoints: Array<{ args: any }> }>) {
      for (const endpoint of route.endpoints) {
        expect(endpoint.args.ml_language).toEqual(expected);
        endpoints += 1;
      }
    }
    expect(endpoints).toBeGreaterThan(10);
  });

  it('is decided once per HTTP request, and once per batch item', async () => {
    const resolver = t.app.get(LanguageResolver);
    const decide = jest.spyOn(resolver, 'resolveLoosely');
    try {
      const res = await t
        .http()
        .get(`/wp-json/core/v2/users/${editor.id}?ml_language=no`)
        .set('Authorization', admin.auth);
      expect(res.body._links.self[0].href).toBe(`http://example.test/no/wp-json/core/v2/users/${editor.id}`);
      expect(decide).toHaveBeenCalledTimes(1);

      decide.mockClear();
      const batch = await t
        .http()
        .post('/wp-json/batch/v1')
        .set('Authorization', admin.auth)
        .send({
          requests: [
            { method: 'POST', path: '/core/v2/posts', body: { title: 'Utkast', ml_language: 'no' } },
          ],
        });
      expect(batch.status).toBe(207);
      expect(batch.body.responses[0].status).toBe(201);
      expect(batch.body.responses[0].body._links.self[0].href).toContain('/no/wp-json/core/v2/posts/');
      // the batch request itself, then its one item
      expect(decide).toHaveBeenCalledTimes(2);
    } finally {
      decide.mockRestore();
    }
  });
});
