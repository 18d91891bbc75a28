import { MlConfigService } from '../../../src/modules/ml/config';
import { SiteOptions } from '../../../src/platform/database';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const ROUTE = '/wp-json/ml/v1/custom-xml-config';
const VALID = `<wpml-config>
  <custom-types>
    <custom-type translate="0">cal_venue</custom-type>
    <custom-type translate="1" display-as-translated="1">page</custom-type>
  </custom-types>
  <taxonomies><taxonomy translate="0">post_tag</taxonomy></taxonomies>
  <custom-fields>
    <custom-field action="copy">_price</custom-field>
    <custom-field action="translate" style="line" label="Subtitle">subtitle</custom-field>
    <custom-field action="copy-once">_thumbnail_id</custom-field>
  </custom-fields>
  <admin-texts><key name="widget_text"><key name="title"/></key></admin-texts>
  <shortcodes><shortcode><tag>button</tag><attributes><attribute>label</attribute></attributes></shortcode></shortcodes>
  <gutenberg-blocks><gutenberg-block type="core/paragraph" translate="1"><xpath>//p</xpath></gutenberg-block></gutenberg-blocks>
</wpml-config>`;

describe('ml/v1 custom XML config', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let subscriber: TestUser;
  let author: TestUser;
  let contributor: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    editor = await t.user('editor');
    subscriber = await t.user('subscriber');
    author = await t.user('author');
    contributor = await t.user('contributor');
  });
  afterAll(() => t.close());

  it('answers "" before anything was saved', async () => {
    const res = await t.http().get(ROUTE).set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
  });

  it('stores the text and answers it; GET then returns it', async () => {
    const saved = await t.http().post(ROUTE).set('Authorization', admin.auth).send({ content: VALID });
    expect(saved.status).toBe(200);
    expect(saved.body).toBe(VALID);
    expect(await t.app.get(SiteOptions).get('ml-tm-custom-xml')).toBe(VALID);
    const read = await t.http().get(ROUTE).set('Authorization', admin.auth);
    expect(read.body).toBe(VALID);
  });

  it('changes what is translatable and what happens to custom fields', async () => {
    await t.http().post(ROUTE).set('Authorization', admin.auth).send({ content: VALID });
    const config = t.app.get(MlConfigService);
    await expect(config.isTranslatable('cal_venue')).resolves.toBe(false);
    await expect(config.isTranslatable('page')).resolves.toBe(true);
    await expect(config.isTranslatable('post_tag')).resolves.toBe(false);
    await expect(config.isTranslatable('post')).resolves.toBe(true);
    await expect(config.customFieldAction('_price')).resolves.toBe('copy');
    await expect(config.customFieldAction('subtitle')).resolves.toBe('translate');
    await expect(config.customFieldAction('_thumbnail_id')).resolves.toBe('copy-once');
    await expect(config.customFieldAction('unknown')).resolves.toBe('ignore');

    await t.http().post(ROUTE).set('Authorization', admin.auth).send({
      content:
        '<wpml-config><custom-types><custom-type translate="1">cal_venue</custom-type></custom-types></wpml-config>',
    });
    await expect(config.isTranslatable('cal_venue')).resolves.toBe(true);
    await expect(config.customFieldAction('_price')).resolves.toBe('ignore');
  });

  it('accepts a form-encoded body, and stores "" when content is missing', async () => {
    const form = await t
      .http()
      .post(ROUTE)
      .set('Authorization', admin.auth)
      .type('form')
      .send({ content: '<ml-config/>' });
    expect(form.status).toBe(200);
    expect(form.body).toBe('<ml-config/>');
    const empty = await t.http().post(ROUTE).set('Authorization', admin.auth).send({});
    expect(empty.status).toBe(200);
    expect(empty.body).toBe('');
  });

  it('refuses content that is not a string', async () => {
    const res = await t
      .http()
      .post(ROUTE)
      .set('Authorization', admin.auth)
      .send({ content: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    const validate = await t
      .http()
      .post(`${ROUTE}/validate`)
      .set('Authorization', admin.auth)
      .send({ content: 5 });
    expect(validate.status).toBe(400);
  });

  describe('validate', () => {
    const validate = (content: unknown) =>
      t.http().post(`${ROUTE}/validate`).set('Authorization', admin.auth).send({ content });

    it('answers [] for a valid config and for nothing to validate', async () => {
      expect((await validate(VALID)).body).toEqual([]);
      expect((await validate('<ml-config><taxonomies/></ml-config>')).body).toEqual([]);
      expect((await validate('')).body).toEqual([]);
      expect((await validate(' <> ')).body).toEqual([]);
    });

    it('answers libxml errors for schema violations', async () => {
      const res = await validate(
        '<wpml-config>\n<custom-fields><custom-field action="move">x</custom-field></custom-fields>\n<custom-types><custom-type>page</custom-type></custom-types>\n<unknown/>\n</wpml-config>',
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          level: 2,
          code: 1840,
          column: 0,
          message: expect.stringContaining("The value 'move' is not an element of the set"),
          file: '',
          line: 2,
        },
        {
          level: 2,
          code: 1868,
          column: 0,
          message: expect.stringContaining("The attribute 'translate' is required but missing."),
          file: '',
          line: 3,
        },
        {
          level: 2,
          code: 1871,
          column: 0,
          message: expect.stringContaining("Element 'unknown': This element is not expected."),
          file: '',
          line: 4,
        },
      ]);
    });

    it('answers fatal errors for malformed XML and a wrong root', async () => {
      const broken = await validate('<wpml-config><custom-types></wpml-config>');
      expect(broken.body[0]).toEqual(expect.objectContaining({ level: 3, code: 76, line: 1 }));
      const root = await validate('<config/>');
      expect(root.body).toEqual([expect.objectContaining({ level: 2, code: 1845 })]);
    });

    it('does not expand external entities', async () => {
      const res = await validate(
        '<!DOCTYPE wpml-config [<!ENTITY x SYSTEM "file:///etc/passwd">]><wpml-config><shortcode-list>&x;</shortcode-list></wpml-config>',
      );
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('root:');
    });
  });

  it.each([
    ['GET', ROUTE],
    ['POST', ROUTE],
    ['POST', `${ROUTE}/validate`],
  ])('%s %s: 401 anonymous, 403 for every role but administrator', async (method, path) => {
    const call = (auth?: string) => {
      const req =
        method === 'GET' ? t.http().get(path) : t.http().post(path).send({ content: '<ml-config/>' });
      return auth ? req.set('Authorization', auth) : req;
    };
    const anonymous = await call();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    });
    expect((await call(editor.auth)).status).toBe(403);
    expect((await call(subscriber.auth)).status).toBe(403);
    expect((await call(author.auth)).status).toBe(403);
    expect((await call(contributor.auth)).status).toBe(403);
  });

  it('answers 404 for unknown routes of the namespace', async () => {
    const res = await t
      .http()
      .get('/wp-json/ml/v1/custom-xml-config/unknown')
      .set('Authorization', admin.auth);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });
});
