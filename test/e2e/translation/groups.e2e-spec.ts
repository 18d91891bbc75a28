import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

describe('translation groups (ml_translations, translation_of)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
  });
  afterAll(() => t.close());

  const post = (path: string, body: Record<string, unknown>, language = 'en') =>
    t.http().post(`/wp-json/${path}?ml_language=${language}`).set('Authorization', admin.auth).send(body);
  const groupRows = () =>
    t.app
      .get(DataSource)
      .query(
        'SELECT element_type, element_id, trid, language_code, source_language_code FROM ml_translations ORDER BY id',
      );

  it('puts every new post in a group of its own, as the original', async () => {
    const res = await post('core/v2/posts', { title: 'Alone', status: 'publish' });
    expect(res.status).toBe(201);
    expect(res.body.ml_current_locale).toBe('en_US');
    expect(res.body.ml_translations).toEqual([]);
    const rows = await groupRows();
    const row = rows.find((r: any) => r.element_type === 'post_post' && Number(r.element_id) === res.body.id);
    expect(row).toMatchObject({ element_type: 'post_post', language_code: 'en', source_language_code: null });
  });

  describe('a translation created with translation_of', () => {
    let original: any;
    let translation: any;
    beforeAll(async () => {
      original = (await post('core/v2/posts', { title: 'Hello world again', status: 'publish' })).body;
      const res = await post(
        'core/v2/posts',
        { title: 'Hei verden igjen', status: 'publish', translation_of: original.id },
        'no',
      );
      expect(res.status).toBe(201);
      translation = res.body;
    });

    it('joins the original’s group with the original’s language as source', async () => {
      const rows = await groupRows();
      const a = rows.find((r: any) => r.element_type === 'post_post' && Number(r.element_id) === original.id);
      const b = rows.find(
        (r: any) => r.element_type === 'post_post' && Number(r.element_id) === translation.id,
      );
      expect(Number(b.trid)).toBe(Number(a.trid));
      expect(b).toMatchObject({ language_code: 'no', source_language_code: 'en' });
    });

    it('links each from the other, hrefs under the language’s root', async () => {
      const en = await t.http().get(`/wp-json/core/v2/posts/${original.id}`);
      expect(en.body.ml_current_locale).toBe('en_US');
      expect(en.body.ml_translations).toEqual([
        {
          locale: 'nb_NO',
          id: translation.id,
          post_title: 'Hei verden igjen',
          href: `http://example.test/no/wp-json/core/v2/posts/${translation.id}`,
        },
      ]);
      const no = await t.http().get(`/wp-json/core/v2/posts/${translation.id}?ml_language=no`);
      expect(no.body.ml_current_locale).toBe('nb_NO');
      expect(no.body.ml_translations).toEqual([
        {
          locale: 'en_US',
          id: original.id,
          post_title: 'Hello world again',
          href: `http://example.test/wp-json/core/v2/posts/${original.id}`,
        },
      ]);
    });

    it('lists translations for every item of a page', async () => {
      const list = await t.http().get('/wp-json/core/v2/posts?per_page=100');
      const item = list.body.find((p: any) => p.id === original.id);
      expect(item.ml_translations.map((l: any) => l.id)).toEqual([translation.id]);
    });

    it('refuses a second translation in the same language (400)', async () => {
      const res = await post('core/v2/posts', { title: 'Nok en', translation_of: original.id }, 'no');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('ml_duplicate_translation');
      expect(res.body.data.status).toBe(400);
    });

    it('refuses an unknown original and an original of another type (400), storing nothing', async () => {
      const before = (await groupRows()).length;
      const unknown = await post('core/v2/posts', { title: 'X', translation_of: 999999 }, 'no');
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('rest_invalid_param');
      const page = (await post('core/v2/pages', { title: 'A page', status: 'publish' })).body;
      const wrong = await post('core/v2/posts', { title: 'X', translation_of: page.id }, 'no');
      expect(wrong.status).toBe(400);
      expect(wrong.body.data.params.translation_of).toMatch(/not a post/);
      expect((await groupRows()).length).toBe(before + 1);
    });

    it('keeps only published translations in ml_translations', async () => {
      const page = (await post('core/v2/pages', { title: 'Om oss', status: 'publish' })).body;
      await post(
        'core/v2/pages',
        { title: 'Om oss (utkast)', status: 'draft', translation_of: page.id },
        'no',
      );
      const res = await t.http().get(`/wp-json/core/v2/pages/${page.id}`);
      expect(res.body.ml_translations).toEqual([]);
    });

    it('leaves the translation standing when the original is deleted', async () => {
      const orig = (await post('core/v2/posts', { title: 'To delete', status: 'publish' })).body;
      const tr = (
        await post('core/v2/posts', { title: 'Slettes', status: 'publish', translation_of: orig.id }, 'no')
      ).body;
      const del = await t
        .http()
        .delete(`/wp-json/core/v2/posts/${orig.id}?force=true`)
        .set('Authorization', admin.auth);
      expect(del.status).toBe(200);
      const rows = await groupRows();
      expect(
        rows.find((r: any) => r.element_type === 'post_post' && Number(r.element_id) === orig.id),
      ).toBeUndefined();
      expect(
        rows.find((r: any) => r.element_type === 'post_post' && Number(r.element_id) === tr.id),
      ).toBeDefined();
      const res = await t.http().get(`/wp-json/core/v2/posts/${tr.id}?ml_language=no`);
      expect(res.status).toBe(200);
      expect(res.body.ml_translations).toEqual([]);
    });

    it('keeps slugs unique per language: a translation may share the original’s slug', async () => {
      const orig = (await post('core/v2/posts', { title: 'Same slug', slug: 'same-slug', status: 'publish' }))
        .body;
      const tr = (
        await post(
          'core/v2/posts',
          { title: 'Samme', slug: 'same-slug', status: 'publish', translation_of: orig.id },
          'no',
        )
      ).body;
      expect(tr.slug).toBe('same-slug');
    });
  });

  describe('events', () => {
    it('creates an event translation and links it both ways', async () => {
      const en = await post('cal/events/v1/events', {
        title: 'Concert',
        start_date: '2030-01-01 20:00:00',
        end_date: '2030-01-01 22:00:00',
        status: 'publish',
      });
      expect(en.status).toBe(201);
      expect(en.body.ml_translations).toEqual([]);
      const no = await post(
        'cal/events/v1/events',
        {
          title: 'Konsert',
          start_date: '2030-01-01 20:00:00',
          end_date: '2030-01-01 22:00:00',
          status: 'publish',
          translation_of: en.body.id,
        },
        'no',
      );
      expect(no.status).toBe(201);
      expect(no.body.ml_current_locale).toBe('nb_NO');
      const read = await t.http().get(`/wp-json/cal/events/v1/events/${en.body.id}`);
      expect(read.body.ml_translations).toEqual([
        {
          locale: 'nb_NO',
          id: no.body.id,
          post_title: 'Konsert',
          href: `http://example.test/no/wp-json/cal/events/v1/events/${no.body.id}`,
        },
      ]);
      const wrong = await post(
        'cal/events/v1/events',
        { title: 'X', start_date: '2030-01-01 20:00:00', end_date: '2030-01-01 22:00:00', translation_of: 1 },
        'no',
      );
      expect(wrong.status).toBe(400);
    });
  });

  it('gives venues and organizers their language fields', async () => {
    const venue = await post('cal/events/v1/venues', { venue: 'Town hall', status: 'publish' });
    expect(venue.status).toBe(201);
    expect(venue.body.ml_current_locale).toBe('en_US');
    expect(venue.body.ml_translations).toEqual([]);
    const organizer = await post(
      'cal/events/v1/organizers',
      { organizer: 'Culture office', status: 'publish' },
      'no',
    );
    expect(organizer.status).toBe(201);
    expect(organizer.body.ml_current_locale).toBe('nb_NO');
  });

  it('gives categories, tags and event categories their language fields', async () => {
    const category = await post('core/v2/categories', { name: 'Machines' });
    expect(category.status).toBe(201);
    expect(category.body).toMatchObject({ ml_current_locale: 'en_US', ml_translations: [] });
    const tag = await post('core/v2/tags', { name: 'gps' }, 'no');
    expect(tag.body.ml_current_locale).toBe('nb_NO');
    const list = await t.http().get('/wp-json/core/v2/categories?per_page=100');
    expect(list.body.every((term: any) => term.ml_current_locale === 'en_US')).toBe(true);
    const read = await t.http().get(`/wp-json/core/v2/categories/${category.body.id}`);
    expect(read.body.ml_translations).toEqual([]);
    const eventCategory = await post('cal/events/v1/categories', { name: 'Fairs' });
    expect(eventCategory.status).toBe(201);
    expect(eventCategory.body.ml_current_locale).toBe('en_US');
  });

  it.each([
    ['core/v2/categories', { name: 'Machines EN' }, { name: 'Maskiner' }, 'name'],
    ['core/v2/tags', { name: 'laser' }, { name: 'laser-no' }, 'name'],
    ['cal/events/v1/categories', { name: 'Courses' }, { name: 'Kurs' }, 'name'],
    ['cal/events/v1/tags', { name: 'Outdoor' }, { name: 'Utendørs' }, 'name'],
    [
      'cal/events/v1/venues',
      { venue: 'Harbour hall', status: 'publish' },
      { venue: 'Havnehallen', status: 'publish' },
      'venue',
    ],
    [
      'cal/events/v1/organizers',
      { organizer: 'Guild', status: 'publish' },
      { organizer: 'Laug', status: 'publish' },
      'organizer',
    ],
  ])('creates a translation of %s with translation_of', async (route, en, no, titleField) => {
    const original = await post(route, en);
    expect(original.status).toBe(201);
    const translation = await post(route, { ...no, translation_of: original.body.id }, 'no');
    expect(translation.status).toBe(201);
    expect(translation.body.ml_current_locale).toBe('nb_NO');
    expect(translation.body.ml_translations).toEqual([
      expect.objectContaining({
        locale: 'en_US',
        id: original.body.id,
        post_title: en[titleField as keyof typeof en],
      }),
    ]);
    const again = await post(route, { ...no, translation_of: original.body.id }, 'no');
    expect(again.status).toBe(400);
    const unknown = await post(route, { ...no, [titleField]: 'Another name', translation_of: 987654 }, 'no');
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('rest_invalid_param');
  });

  it('back-fills a group for every existing row when the migration runs', async () => {
    const dataSource = t.app.get(DataSource);
    // Step back to before the translation migrations, add rows the way older code did, and migrate again.
    // (every migration from the first translation one on, the later ones included)
    const undo =
      dataSource.migrations.length -
      dataSource.migrations.findIndex((m) => /Translation|CalendarSlugsPerLanguage/.test(m.name ?? ''));
    for (let i = 0; i < undo; i++) await dataSource.undoLastMigration();
    const tables = (await dataSource.query(
      dataSource.options.type === 'mysql'
        ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'ml_translations'"
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'ml_translations'",
    )) as unknown[];
    expect(tables).toHaveLength(0);
    const now = '2024-01-01 00:00:00';
    await dataSource.query(
      "INSERT INTO terms (taxonomy, name, slug, description, parent_id, count, language) VALUES ('post_tag', 'Old tag', 'old-tag', '', 0, 0, 'no')",
    );
    await dataSource.query(
      "INSERT INTO cal_terms (taxonomy, name, slug, description, parent_id, language, count) VALUES ('category', 'Old cat', 'old-cat', '', 0, 'en', 0)",
    );
    const [{ id: postId }] = await dataSource.query('SELECT MAX(id) AS id FROM posts');
    await dataSource.query(
      `INSERT INTO posts (id, type, status, author_id, parent_id, title, content, excerpt, slug, password, date, date_gmt, modified, modified_gmt, language)
       VALUES (?, 'page', 'publish', 1, 0, 'Old page', '', '', 'old-page', '', ?, ?, ?, ?, 'no'), (?, 'revision', 'inherit', 1, 0, 'rev', '', '', 'rev', '', ?, ?, ?, ?, 'no')`,
      [Number(postId) + 1000, now, now, now, now, Number(postId) + 1001, now, now, now, now],
    );
    await dataSource.runMigrations();
    const counts = async (sql: string) => Number((await dataSource.query(sql))[0].n);
    const translatable =
      (await counts("SELECT COUNT(*) AS n FROM posts WHERE type IN ('post', 'page')")) +
      (await counts('SELECT COUNT(*) AS n FROM cal_events')) +
      (await counts('SELECT COUNT(*) AS n FROM cal_venues')) +
      (await counts('SELECT COUNT(*) AS n FROM cal_organizers')) +
      (await counts("SELECT COUNT(*) AS n FROM terms WHERE taxonomy IN ('category', 'post_tag')")) +
      (await counts("SELECT COUNT(*) AS n FROM cal_terms WHERE taxonomy IN ('category', 'tag')"));
    expect(await counts('SELECT COUNT(*) AS n FROM ml_translations')).toBe(translatable);
    expect(await counts('SELECT COUNT(DISTINCT trid) AS n FROM ml_translations')).toBe(translatable);
    expect(await counts('SELECT COUNT(*) AS n FROM ml_translation_groups')).toBe(translatable);
    const [page] = await dataSource.query(
      'SELECT element_type, language_code, source_language_code FROM ml_translations WHERE element_id = ?',
      [Number(postId) + 1000],
    );
    expect(page).toEqual({ element_type: 'post_page', language_code: 'no', source_language_code: null });
    expect(
      await counts(`SELECT COUNT(*) AS n FROM ml_translations WHERE element_id = ${Number(postId) + 1001}`),
    ).toBe(0);
    // new groups continue after the back-filled ones
    const created = await post('core/v2/posts', { title: 'After migration', status: 'publish' });
    const [row] = await dataSource.query(
      "SELECT trid FROM ml_translations WHERE element_type = 'post_post' AND element_id = ?",
      [created.body.id],
    );
    expect(Number(row.trid)).toBeGreaterThan(translatable);
  });
});
