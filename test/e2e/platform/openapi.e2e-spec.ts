import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { RouteRegistry } from '../../../src/platform/rest';
import { openApiPath } from '../../../src/platform/rest/openapi';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

/**
 * The published contract: `/openapi.json` is a valid OpenAPI 3.1 document listing every route, equal to the
 * committed `docs/openapi.json`, and real answers match the schemas it gives them. `/docs/` serves Swagger UI.
 */
const COMMITTED = join(__dirname, '../../../docs/openapi.json');

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, any>; parameters: any[] }>>;
  components: { schemas: Record<string, unknown> };
};

/**
 * An answer validator for the document. Formats as WordPress writes them: `date-time` without an offset
 * (`2026-01-31T10:00:00`), and `''` for an empty `uri` (a user without a website).
 */
function answerValidator(doc: Doc): (path: string, method: string, status: string) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?$/);
  const uri = ajv.formats.uri as (value: string) => boolean;
  ajv.addFormat('uri', (value: string) => value === '' || uri(value));
  ajv.addSchema({ $id: 'openapi.json', components: doc.components });
  return (path, method, status) => {
    const schema = doc.paths[path][method].responses[status].content['application/json'].schema;
    return ajv.compile(rebase(schema));
  };
}

/** `#/components/...` → `openapi.json#/components/...` so a compiled answer schema finds the components. */
function rebase(value: unknown): any {
  if (Array.isArray(value)) return value.map(rebase);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? `openapi.json${inner}` : rebase(inner),
    ]),
  );
}

describe('OpenAPI document (/openapi.json, /docs/)', () => {
  let t: TestApp;
  let admin: TestUser;
  let doc: Doc;
  let text: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    const response = await t.http().get('/openapi.json').expect(200);
    doc = response.body;
    text = `${JSON.stringify(doc, null, 2)}\n`;
  });
  afterAll(() => t.close());

  it('is valid under the OpenAPI 3.1 schema', () => {
    const result = spawnSync(process.execPath, [join(__dirname, '../../../scripts/openapi-validate.mjs')], {
      input: text,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('valid OpenAPI 3.1 document');
    expect(result.status).toBe(0);
  });

  it('lists every method of every route, with its permission rule', () => {
    const missing: string[] = [];
    let operations = 0;
    for (const entry of t.app.get(RouteRegistry).routes()) {
      const { path } = openApiPath(entry.pattern);
      for (const endpoint of entry.endpoints) {
        for (const method of endpoint.methods) {
          operations += 1;
          const operation = doc.paths[path]?.[method.toLowerCase()] as Record<string, unknown> | undefined;
          if (!operation?.['x-permission']) missing.push(`${method} ${entry.pattern}`);
        }
      }
    }
    expect(missing).toEqual([]);
    const documented = Object.values(doc.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    expect(documented).toBe(operations);
    expect(doc.paths['/core/v2/posts/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
  });

  it('is the committed docs/openapi.json (run npm run openapi:write after a wire change)', () => {
    if (process.env.OPENAPI_WRITE === '1') writeFileSync(COMMITTED, text);
    const committed = readFileSync(COMMITTED, 'utf8');
    if (committed !== text) throw new Error('docs/openapi.json is out of date: run npm run openapi:write');
  });

  it('describes the answers: lists and single objects of every namespace, as administrator', async () => {
    const auth = { Authorization: admin.auth };
    await t.http().post('/wp-json/core/v2/posts').set(auth).send({ title: 'A post', status: 'publish' });
    await t.http().post('/wp-json/core/v2/pages').set(auth).send({ title: 'A page', status: 'publish' });
    await t.http().post('/wp-json/cal/events/v1/events').set(auth).send({
      title: 'An event',
      status: 'publish',
      start_date: '2030-01-10 10:00:00',
      end_date: '2030-01-10 12:00:00',
    });
    const validatorFor = answerValidator(doc);
    const checked: string[] = [];
    const failures: Array<{ route: string; errors: unknown }> = [];
    const check = async (path: string, url: string) => {
      const response = await t.http().get(`/wp-json${url}`).set(auth);
      if (response.status !== 200 || !response.type.includes('json')) return null;
      const validate = validatorFor(path, 'get', '200');
      if (!validate(response.body)) failures.push({ route: `GET ${url}`, errors: validate.errors });
      checked.push(url);
      return response.body;
    };
    const typed = (path: string) => {
      const get = doc.paths[path].get;
      const schema = get?.responses['200'].content?.['application/json'].schema;
      return schema && Object.keys(schema).length > 0;
    };
    for (const path of Object.keys(doc.paths).filter((p) => !p.includes('{') && typed(p))) {
      const body = await check(path, path);
      const items: any[] = Array.isArray(body) ? body : Array.isArray(body?.events) ? body.events : [];
      const single = `${path}/{id}`;
      if (items[0]?.id !== undefined && doc.paths[single] && typed(single))
        await check(single, `${path}/${items[0].id}`);
    }
    expect(failures).toEqual([]);
    expect(checked).toEqual(
      expect.arrayContaining(['/core/v2/posts', '/core/v2/pages', '/cal/events/v1/events']),
    );
    expect(checked.filter((url) => /\/\d+$/.test(url)).length).toBeGreaterThanOrEqual(3);
  });

  it('serves Swagger UI at /docs/ from local files', async () => {
    await t.http().get('/docs').expect(301).expect('Location', '/docs/');
    const page = await t.http().get('/docs/').expect(200).expect('Content-Type', /html/);
    expect(page.text).toContain('swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/https?:\/\//);
    await t
      .http()
      .get('/docs/swagger-ui-bundle.js')
      .expect(200)
      .expect('Content-Type', /javascript/);
    await t.http().get('/docs/swagger-ui.css').expect(200).expect('Content-Type', /css/);
    const initializer = await t.http().get('/docs/swagger-initializer.js').expect(200);
    expect(initializer.text).toContain("url: '../openapi.json'");
    await t.http().get('/docs/package.json').expect(404);
  });
});
