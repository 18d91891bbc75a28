import { mkdtempSync, readFileSync, readdirSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mo } from 'gettext-parser';
import { DataSource } from 'typeorm';
import { StringTranslationService } from '../../../src/modules/ml/strings';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const ST = '/wp-json/ml/st/v1';

/** A real .mo file, compiled by the gettext library. */
function writeMo(path: string, messages: Array<{ msgid: string; msgstr: string; msgctxt?: string }>): void {
  const translations: Record<
    string,
    Record<string, { msgid: string; msgstr: string[]; msgctxt?: string }>
  > = {
    '': { '': { msgid: '', msgstr: ['Content-Type: text/plain; charset=UTF-8\n'] } },
  };
  for (const m of messages) {
    const context = (translations[m.msgctxt ?? ''] ??= {});
    context[m.msgid] = { msgid: m.msgid, msgstr: [m.msgstr], ...(m.msgctxt ? { msgctxt: m.msgctxt } : {}) };
  }
  writeFileSync(
    path,
    mo.compile({ charset: 'utf-8', headers: { 'Content-Type': 'text/plain; charset=UTF-8' }, translations }),
  );
}

describe('ml/st/v1 string translation', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let dir: string;
  let db: DataSource;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ml-languages-'));
    for (const kind of ['plugins', 'themes', 'other']) mkdirSync(join(dir, kind));
    writeMo(join(dir, 'plugins', 'booking-nb_NO.mo'), [
      { msgid: 'Book now', msgstr: 'Bestill nå' },
      { msgid: 'Seats', msgstr: 'Plasser' },
      { msgid: 'Post', msgstr: 'Innlegg', msgctxt: 'noun' },
      { msgid: 'post', msgstr: 'publiser', msgctxt: 'noun' },
      { msgid: 'Untranslated', msgstr: '' },
    ]);
    writeMo(join(dir, 'plugins', 'booking-de_DE.mo'), [{ msgid: 'Book now', msgstr: 'Jetzt buchen' }]);
    writeMo(join(dir, 'themes', 'harbour-nb_NO.mo'), [{ msgid: 'Read more', msgstr: 'Les mer' }]);
    writeMo(join(dir, 'other', 'WP-nb_NO.mo'), [
      { msgid: 'Test Site', msgstr: 'Testnettsted' },
      { msgid: 'Just another site', msgstr: 'Bare et nettsted til' },
    ]);
    t = await createTestApp({
      ML_LANGUAGES_DIR: dir,
      SITE_NAME: 'Test Site',
      SITE_DESCRIPTION: 'Just another site',
    });
    admin = await t.user('administrator');
    editor = await t.user('editor');
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('registers the site title and tagline as strings at start', async () => {
    const rows: Array<{ name: string; value: string }> = await db.query(
      "SELECT name, value FROM ml_strings WHERE domain = 'WP' ORDER BY name",
    );
    expect(rows).toEqual([
      { name: 'Blog Title', value: 'Test Site' },
      { name: 'Tagline', value: 'Just another site' },
    ]);
  });

  it('the index answers the untranslated name for ml_language=no before any translation', async () => {
    const res = await t.http().get('/wp-json/?ml_language=no');
    expect(res.body.name).toBe('Test Site');
  });

  describe('import_mo_strings', () => {
    it('imports the .mo files of the named components for the site languages', async () => {
      const res = await t
        .http()
        .post(`${ST}/import_mo_strings`)
        .set('Authorization', admin.auth)
        .send({ plugins: ['booking'], themes: ['harbour'], other: ['WP'] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        total: 3,
        remaining: 0,
        scan_message: '7 string translations imported from 3 .mo files.',
      });
      const rows: Array<{
        domain: string;
        context: string;
        value: string;
        translation: string;
        status: number;
      }> = await db.query(
        `SELECT s.domain, s.context, s.value, t.value AS translation, s.status FROM ml_strings s
           JOIN ml_string_translations t ON t.string_id = s.id WHERE t.language = 'no' ORDER BY s.domain, s.value`,
      );
      const byKey = (a: { domain: string; value: string }, b: { domain: string; value: string }) =>
        a.domain === b.domain ? (a.value < b.value ? -1 : 1) : a.domain < b.domain ? -1 : 1;
      expect(rows.map((r) => ({ ...r, status: Number(r.status) })).sort(byKey)).toEqual([
        {
          domain: 'WP',
          context: '',
          value: 'Just another site',
          translation: 'Bare et nettsted til',
          status: 10,
        },
        { domain: 'WP', context: '', value: 'Test Site', translation: 'Testnettsted', status: 10 },
        { domain: 'booking', context: '', value: 'Book now', translation: 'Bestill nå', status: 10 },
        { domain: 'booking', context: 'noun', value: 'Post', translation: 'Innlegg', status: 10 },
        { domain: 'booking', context: '', value: 'Seats', translation: 'Plasser', status: 10 },
        { domain: 'booking', context: 'noun', value: 'post', translation: 'publiser', status: 10 },
        { domain: 'harbour', context: '', value: 'Read more', translation: 'Les mer', status: 10 },
      ]);
      // the site title kept its name: the .mo message translated the registered string
      const titles: Array<{ n: number | string }> = await db.query(
        "SELECT COUNT(*) AS n FROM ml_strings WHERE domain = 'WP'",
      );
      expect(Number(titles[0].n)).toBe(2);
    });

    it('is idempotent: a second import changes nothing', async () => {
      const res = await t
        .http()
        .post(`${ST}/import_mo_strings`)
        .set('Authorization', admin.auth)
        .send({ plugins: ['booking'] });
      expect(res.body).toEqual({
        total: 1,
        remaining: 0,
        scan_message: '0 string translations imported from 1 .mo files.',
      });
    });

    it('answers total 0 for components without .mo files', async () => {
      const res = await t
        .http()
        .post(`${ST}/import_mo_strings`)
        .set('Authorization', admin.auth)
        .send({ plugins: ['missing'], other: [] });
      expect(res.body).toEqual({
        total: 0,
        remaining: 0,
        scan_message: 'No .mo files found for the selected components.',
      });
      const none = await t.http().post(`${ST}/import_mo_strings`).set('Authorization', admin.auth).send({});
      expect(none.body.total).toBe(0);
    });

    it.each([
      [{ plugins: { a: 'booking' } }, 'plugins'],
      [{ themes: ['../other/WP'] }, 'themes'],
      [{ other: [5] }, 'other'],
    ])('refuses %j', async (body, param) => {
      const res = await t.http().post(`${ST}/import_mo_strings`).set('Authorization', admin.auth).send(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(Object.keys(res.body.data.params)).toEqual([param]);
    });
  });

  it('registers event-category labels as strings', async () => {
    const created = await t
      .http()
      .post('/wp-json/cal/events/v1/categories')
      .set('Authorization', admin.auth)
      .send({ name: 'Concerts', slug: 'concerts' });
    expect(created.status).toBe(201);
    await t.http().post(`${ST}/import_mo_strings`).set('Authorization', admin.auth).send({});
    const rows: Array<{ name: string; value: string }> = await db.query(
      "SELECT name, value FROM ml_strings WHERE domain = 'cal-event-categories'",
    );
    expect(rows).toEqual([{ name: 'concerts', value: 'Concerts' }]);
  });

  it('the index answers the translated name and description for ml_language=no', async () => {
    const no = await t.http().get('/wp-json/?ml_language=no');
    expect(no.status).toBe(200);
    expect(no.body.name).toBe('Testnettsted');
    expect(no.body.description).toBe('Bare et nettsted til');
    const prefixed = await t.http().get('/no/wp-json/');
    expect(prefixed.body.name).toBe('Testnettsted');
    const en = await t.http().get('/wp-json/');
    expect(en.body.name).toBe('Test Site');
    expect(en.body.description).toBe('Just another site');
  });

  it('a changed site title is not translated until its translation is updated', async () => {
    const changed = await t
      .http()
      .post('/wp-json/core/v2/settings')
      .set('Authorization', admin.auth)
      .send({ title: 'New Title' });
    expect(changed.status).toBe(200);
    expect((await t.http().get('/wp-json/?ml_language=no')).body.name).toBe('New Title');
    await t
      .http()
      .post('/wp-json/core/v2/settings')
      .set('Authorization', admin.auth)
      .send({ title: 'Test Site' });
    expect((await t.http().get('/wp-json/?ml_language=no')).body.name).toBe('Testnettsted');
  });

  it('sets one translation through the service the CLI uses (string:translate)', async () => {
    const strings = t.app.get(StringTranslationService);
    await expect(strings.translate('WP', 'Tagline', 'no', 'Ny slagord')).resolves.toBe(true);
    expect((await t.http().get('/wp-json/?ml_language=no')).body.description).toBe('Ny slagord');
    await expect(strings.translate('WP', 'Unknown', 'no', 'x')).resolves.toBe(false);
  });

  it('marks translations of a changed source text as needing an update until translated again', async () => {
    const statuses = async () =>
      (
        (await db.query(
          `SELECT s.status AS string_status, t.status AS translation_status FROM ml_strings s
         JOIN ml_string_translations t ON t.string_id = s.id WHERE s.domain = 'WP' AND s.name = 'Blog Title'`,
        )) as Array<Record<string, number | string>>
      ).map((row) => [Number(row.string_status), Number(row.translation_status)]);
    await t
      .http()
      .post('/wp-json/core/v2/settings')
      .set('Authorization', admin.auth)
      .send({ title: 'Renamed' });
    await t.http().post(`${ST}/import_mo_strings`).set('Authorization', admin.auth).send({});
    expect(await statuses()).toEqual([[3, 3]]);
    expect((await t.http().get('/wp-json/?ml_language=no')).body.name).toBe('Renamed');

    await t
      .http()
      .post('/wp-json/core/v2/settings')
      .set('Authorization', admin.auth)
      .send({ title: 'Test Site' });
    await t.http().post(`${ST}/import_mo_strings`).set('Authorization', admin.auth).send({});
    expect(await statuses()).toEqual([[3, 3]]);
    expect((await t.http().get('/wp-json/?ml_language=no')).body.name).toBe('Test Site');

    await t
      .http()
      .post(`${ST}/import_mo_strings`)
      .set('Authorization', admin.auth)
      .send({ other: ['WP'] });
    expect(await statuses()).toEqual([[10, 10]]);
    expect((await t.http().get('/wp-json/?ml_language=no')).body.name).toBe('Testnettsted');
  });

  describe('pre_generate_mo_files', () => {
    it('writes one .mo file per domain for Norwegian, readable by the gettext library', async () => {
      const res = await t.http().post(`${ST}/pre_generate_mo_files`).set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ remaining: 0 });
      expect(readdirSync(join(dir, 'ml')).sort()).toEqual([
        'WP-nb_NO.mo',
        'booking-nb_NO.mo',
        'harbour-nb_NO.mo',
      ]);
      const booking = mo.parse(readFileSync(join(dir, 'ml', 'booking-nb_NO.mo')));
      expect(booking.translations[''].Seats.msgstr).toEqual(['Plasser']);
      expect(booking.translations.noun.Post.msgstr).toEqual(['Innlegg']);
      expect(booking.headers.Language).toBe('nb_NO');
    });
  });

  describe('settings', () => {
    it('stores a setting under its group and key, answering null', async () => {
      const res = await t
        .http()
        .post(`${ST}/settings`)
        .set('Authorization', admin.auth)
        .send({ group: 'strings', key: 'auto_register', data: { enabled: true, exclude: ['a'] } });
      expect(res.status).toBe(200);
      expect(res.body).toBeNull();
      await t
        .http()
        .post(`${ST}/settings`)
        .set('Authorization', admin.auth)
        .send({ group: 'strings', key: 'auto_register', data: 'off' });
      const rows: Array<{ option_group: string; option_key: string; value: string }> = await db.query(
        'SELECT option_group, option_key, value FROM ml_st_settings',
      );
      expect(rows).toEqual([{ option_group: 'ST-strings', option_key: 'auto_register', value: '"off"' }]);
    });

    it.each([
      [{ key: 'k', data: 1 }, 'rest_missing_callback_param'],
      [{ group: 'g', data: 1 }, 'rest_missing_callback_param'],
      [{ group: 'g', key: 'k' }, 'rest_missing_callback_param'],
      [{ group: ['g'], key: 'k', data: 1 }, 'rest_invalid_param'],
      [{ group: 'g', key: 'k'.repeat(101), data: 1 }, 'rest_invalid_param'],
    ])('refuses %j', async (body, code) => {
      const res = await t.http().post(`${ST}/settings`).set('Authorization', admin.auth).send(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    });
  });

  it.each(['import_mo_strings', 'pre_generate_mo_files', 'settings'])(
    '%s: 401 anonymous, 403 for every role but administrator',
    async (route) => {
      const body = { group: 'g', key: 'k', data: 1 };
      const anonymous = await t.http().post(`${ST}/${route}`).send(body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_forbidden');
      for (const role of ['editor', 'author', 'contributor', 'subscriber'] as const) {
        const user = role === 'editor' ? editor : await t.user(role);
        const forbidden = await t.http().post(`${ST}/${route}`).set('Authorization', user.auth).send(body);
        expect(forbidden.status).toBe(403);
      }
    },
  );

  it('answers 404 for unknown routes and GET on write routes', async () => {
    expect((await t.http().get(`${ST}/unknown`).set('Authorization', admin.auth)).status).toBe(404);
    expect((await t.http().get(`${ST}/settings`).set('Authorization', admin.auth)).status).toBe(404);
  });
});
