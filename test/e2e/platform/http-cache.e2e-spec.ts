import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../src/platform/config';
import { LastChanged, parseDatabaseUrl, SITE_CACHE_GROUP } from '../../../src/platform/database';
import { RestServer } from '../../../src/platform/rest';
import { StringTranslationService } from '../../../src/modules/ml/strings/string-translation.service';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

async function createPost(t: TestApp, user: TestUser, title: string, extra: Record<string, unknown> = {}) {
  const res = await t
    .http()
    .post('/wp-json/core/v2/posts')
    .set('Authorization', user.auth)
    .send({ title, content: 'Body text.', status: 'publish', ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

describe('HTTP caching: ETag and If-None-Match', () => {
  let t: TestApp;
  let editor: TestUser;
  let postId: number;

  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.user('editor');
    postId = (await createPost(t, editor, 'First post')).id;
  });
  afterAll(() => t.close());

  it.each([
    '/wp-json/',
    '/wp-json/core/v2/posts',
    '/wp-json/core/v2/posts?_embed',
    '/wp-json/cal/events/v1/events',
  ])('GET %s answers a strong ETag, the same for the same answer', async (path) => {
    const first = await t.http().get(path);
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const second = await t.http().get(path);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.text).toBe(first.text);
  });

  it('a single post, errors and authenticated answers carry an ETag too', async () => {
    const single = await t.http().get(`/wp-json/core/v2/posts/${postId}`);
    expect(single.headers.etag).toMatch(/^"/);
    const missing = await t.http().get('/wp-json/core/v2/posts/999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toMatch(/^"/);
    const me = await t.http().get('/wp-json/core/v2/users/me').set('Authorization', editor.auth);
    expect(me.status).toBe(200);
    expect(me.headers.etag).toMatch(/^"/);
    expect(me.headers['cache-control']).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
  });

  it('If-None-Match with the current tag is a 304 without a body, keeping the validator and headers', async () => {
    const first = await t.http().get('/wp-json/core/v2/posts').set('Origin', 'http://client.test');
    const again = await t
      .http()
      .get('/wp-json/core/v2/posts')
      .set('Origin', 'http://client.test')
      .set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['x-wp-total']).toBe(first.headers['x-wp-total']);
    expect(again.headers['access-control-allow-origin']).toBe('http://client.test');
  });

  it('a weak form of the tag, a list and * match; another tag does not', async () => {
    const { etag } = (await t.http().get(`/wp-json/core/v2/posts/${postId}`)).headers;
    const path = `/wp-json/core/v2/posts/${postId}`;
    expect((await t.http().get(path).set('If-None-Match', `W/${etag}`)).status).toBe(304);
    expect((await t.http().get(path).set('If-None-Match', `"other", ${etag}`)).status).toBe(304);
    expect((await t.http().get(path).set('If-None-Match', '*')).status).toBe(304);
    const other = await t.http().get(path).set('If-None-Match', '"other"');
    expect(other.status).toBe(200);
    expect(other.body.id).toBe(postId);
  });

  it('an authenticated request gets its 304 as well (its own answer, built and compared)', async () => {
    const first = await t.http().get('/wp-json/core/v2/users/me').set('Authorization', editor.auth);
    const again = await t
      .http()
      .get('/wp-json/core/v2/users/me')
      .set('Authorization', editor.auth)
      .set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
  });

  it('HEAD answers the ETag of the GET and honours If-None-Match', async () => {
    const get = await t.http().get('/wp-json/core/v2/posts');
    const head = await t.http().head('/wp-json/core/v2/posts');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    const conditional = await t.http().head('/wp-json/core/v2/posts').set('If-None-Match', get.headers.etag);
    expect(conditional.status).toBe(304);
  });

  it('an error is never a 304, whatever If-None-Match says', async () => {
    const res = await t.http().get('/wp-json/core/v2/posts/999999').set('If-None-Match', '*');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_post_invalid_id');
  });

  it('after a write the old tag no longer matches: 200 with the new content and a new tag', async () => {
    const before = await t.http().get('/wp-json/core/v2/posts');
    await createPost(t, editor, 'Second post');
    const after = await t.http().get('/wp-json/core/v2/posts').set('If-None-Match', before.headers.etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.map((post: { title: { rendered: string } }) => post.title.rendered)).toContain(
      'Second post',
    );
  });
});

describe('HTTP caching: the anonymous response cache', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let dataSource: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    editor = await t.user('editor');
    dataSource = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const titles = async (path: string, auth?: string) => {
    const request = t.http().get(path);
    if (auth) request.set('Authorization', auth);
    const res = await request;
    expect(res.status).toBe(200);
    return (res.body as Array<{ title: { rendered: string } }>).map((post) => post.title.rendered);
  };

  it('serves an anonymous GET from memory until the database stamp changes', async () => {
    const { id } = await createPost(t, editor, 'Cached title');
    expect(await titles('/wp-json/core/v2/posts')).toEqual(['Cached title']);
    // A change behind the application's back (no stamp renewed) is not seen: the answer comes from the cache.
    await dataSource.query('UPDATE posts SET title = ? WHERE id = ?', ['Changed in SQL', id]);
    expect(await titles('/wp-json/core/v2/posts')).toEqual(['Cached title']);
    // An authenticated request is never answered from the cache.
    expect(await titles('/wp-json/core/v2/posts', editor.auth)).toEqual(['Changed in SQL']);
    // Renewing the stamp (what every write does in its transaction) retires the cached answer.
    await t.app.get(LastChanged).renew(SITE_CACHE_GROUP);
    expect(await titles('/wp-json/core/v2/posts')).toEqual(['Changed in SQL']);
  });

  it('a GET whose body carries parameters neither reads nor fills the cache', async () => {
    await createPost(t, editor, 'Body one');
    await createPost(t, editor, 'Body two');
    const full = await titles('/wp-json/core/v2/posts?orderby=id');
    expect(full.length).toBeGreaterThan(1);
    const withBody = await t
      .http()
      .get('/wp-json/core/v2/posts?orderby=id')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ per_page: 1 }));
    expect(withBody.body).toHaveLength(1);
    // The URL's cached answer is still the whole list: the body's answer was not stored under it.
    expect(await titles('/wp-json/core/v2/posts?orderby=id')).toEqual(full);
  });

  it('nothing is stale after REST writes: create, update, trash', async () => {
    const { id } = await createPost(t, editor, 'Alpha');
    expect(await titles('/wp-json/core/v2/posts')).toContain('Alpha');
    expect((await t.http().get(`/wp-json/core/v2/posts/${id}`)).body.title.rendered).toBe('Alpha');

    const updated = await t
      .http()
      .post(`/wp-json/core/v2/posts/${id}`)
      .set('Authorization', editor.auth)
      .send({ title: 'Alpha renamed' });
    expect(updated.status).toBe(200);
    expect((await t.http().get(`/wp-json/core/v2/posts/${id}`)).body.title.rendered).toBe('Alpha renamed');
    expect(await titles('/wp-json/core/v2/posts')).toContain('Alpha renamed');

    const trashed = await t.http().delete(`/wp-json/core/v2/posts/${id}`).set('Authorization', editor.auth);
    expect(trashed.status).toBe(200);
    expect(await titles('/wp-json/core/v2/posts')).not.toContain('Alpha renamed');
    // The single post's cached answer went with the stamp too (what a trashed post shows is the content module's).
    expect((await t.http().get(`/wp-json/core/v2/posts/${id}`)).body.status).not.toBe('publish');
  });

  it('nothing is stale after a write through the batch route', async () => {
    const { id } = await createPost(t, editor, 'Batch me');
    expect(await titles('/wp-json/core/v2/posts')).toContain('Batch me');
    const batch = await t
      .http()
      .post('/wp-json/batch/v1')
      .set('Authorization', editor.auth)
      .send({ requests: [{ method: 'POST', path: `/core/v2/posts/${id}`, body: { title: 'Batched' } }] });
    expect(batch.status).toBe(207);
    expect(await titles('/wp-json/core/v2/posts')).toContain('Batched');
  });

  it('nothing is stale after a calendar write', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const events = async () =>
      ((await t.http().get('/wp-json/cal/events/v1/events')).body.events as Array<{ title: string }>).map(
        (event) => event.title,
      );
    expect(await events()).toEqual([]);
    const created = await t
      .http()
      .post('/wp-json/cal/events/v1/events')
      .set('Authorization', editor.auth)
      .send({
        title: 'Open day',
        start_date: `${start} 10:00:00`,
        end_date: `${start} 12:00:00`,
        status: 'publish',
      });
    expect(created.status).toBe(201);
    expect(await events()).toEqual(['Open day']);
  });

  it('keeps the site index across content writes; a setting or a translated title retires it', async () => {
    const dispatch = jest.spyOn(t.app.get(RestServer), 'dispatch');
    const index = async (path = '/wp-json/') => {
      const res = await t.http().get(path);
      expect(res.status).toBe(200);
      return res.body as { name: string; description: string };
    };
    const built = async (read: () => Promise<unknown>) => {
      dispatch.mockClear();
      await read();
      return dispatch.mock.calls.length > 0;
    };
    try {
      await index();
      await index('/no/wp-json/');
      // A post and an event written: the lists are rebuilt, the index is not.
      await createPost(t, editor, 'Index stays');
      expect(await built(() => index())).toBe(false);
      expect(await built(() => titles('/wp-json/core/v2/posts'))).toBe(true);
      // A setting the index shows: rebuilt at once, with the new title.
      const changed = await t
        .http()
        .post('/wp-json/core/v2/settings')
        .set('Authorization', admin.auth)
        .send({ title: 'Renamed site' });
      expect(changed.status).toBe(200);
      expect(await built(async () => expect((await index()).name).toBe('Renamed site'))).toBe(true);
      expect(await built(() => index())).toBe(false);
      // A translated title (the string tables): the Norwegian index is rebuilt.
      await t.app.get(StringTranslationService).translate('WP', 'Blog Title', 'no', 'Omdøpt nettsted');
      expect(
        await built(async () => expect((await index('/no/wp-json/')).name).toBe('Omdøpt nettsted')),
      ).toBe(true);
      await t
        .http()
        .post('/wp-json/core/v2/settings')
        .set('Authorization', admin.auth)
        .send({ title: 'Test Site' });
    } finally {
      dispatch.mockRestore();
    }
  });

  it('keeps the languages apart: prefix and ml_language are part of the key', async () => {
    await createPost(t, editor, 'Only in Norwegian', { ml_language: 'no' });
    const english = await titles('/wp-json/core/v2/posts');
    expect(english).not.toContain('Only in Norwegian');
    expect(await titles('/no/wp-json/core/v2/posts')).toEqual(['Only in Norwegian']);
    expect(await titles('/wp-json/core/v2/posts?ml_language=no')).toEqual(['Only in Norwegian']);
    // And back: the English answer is still the English one.
    expect(await titles('/wp-json/core/v2/posts')).toEqual(english);
    const index = await t.http().get('/no/wp-json/');
    expect(index.body.url).toBe('http://example.test');
    expect(index.headers.link).toContain('<http://example.test/no/wp-json/>');
    expect((await t.http().get('/wp-json/')).headers.link).toContain('<http://example.test/wp-json/>');
  });

  it('never shares an answer between users, nor with anonymous callers', async () => {
    const anonymous = await t.http().get('/wp-json/core/v2/users');
    const anonymousIds = (anonymous.body as Array<{ id: number }>).map((user) => user.id);
    expect(anonymousIds).not.toContain(admin.id); // no published content
    const asAdmin = await t.http().get('/wp-json/core/v2/users').set('Authorization', admin.auth);
    expect((asAdmin.body as Array<{ id: number }>).map((user) => user.id)).toContain(admin.id);
    // The anonymous answer is still the anonymous one.
    const again = await t.http().get('/wp-json/core/v2/users');
    expect(again.text).toBe(anonymous.text);

    const editorMe = await t.http().get('/wp-json/core/v2/users/me').set('Authorization', editor.auth);
    const adminMe = await t.http().get('/wp-json/core/v2/users/me').set('Authorization', admin.auth);
    expect(editorMe.body.id).toBe(editor.id);
    expect(adminMe.body.id).toBe(admin.id);
    expect((await t.http().get('/wp-json/core/v2/users/me')).status).toBe(401);

    const edit = await t.http().get('/wp-json/core/v2/posts?context=edit').set('Authorization', editor.auth);
    expect(edit.status).toBe(200);
    const anonymousEdit = await t.http().get('/wp-json/core/v2/posts?context=edit');
    expect(anonymousEdit.status).toBe(401);
    expect(anonymousEdit.body.code).toBe('rest_forbidden_context');
  });

  it('a role change applies to the next request of a cached credential', async () => {
    const author = await t.user('editor');
    const allowed = await t
      .http()
      .get('/wp-json/core/v2/posts?context=edit')
      .set('Authorization', author.auth);
    expect(allowed.status).toBe(200);
    const demoted = await t
      .http()
      .post(`/wp-json/core/v2/users/${author.id}`)
      .set('Authorization', admin.auth)
      .send({ roles: ['subscriber'] });
    expect(demoted.status).toBe(200);
    const refused = await t
      .http()
      .get('/wp-json/core/v2/posts?context=edit')
      .set('Authorization', author.auth);
    expect(refused.status).toBe(403);
    expect(
      (await t.http().get('/wp-json/core/v2/users/me').set('Authorization', author.auth)).body.roles,
    ).toBeUndefined();
  });

  it('a revoked application password fails at once, though it was verified a moment ago', async () => {
    const user = await t.user('author');
    expect((await t.http().get('/wp-json/core/v2/users/me').set('Authorization', user.auth)).status).toBe(
      200,
    );
    const list = await t
      .http()
      .get(`/wp-json/core/v2/users/${user.id}/application-passwords`)
      .set('Authorization', admin.auth);
    const revoked = await t
      .http()
      .delete(`/wp-json/core/v2/users/${user.id}/application-passwords/${list.body[0].uuid}`)
      .set('Authorization', admin.auth);
    expect(revoked.status).toBe(200);
    const refused = await t.http().get('/wp-json/core/v2/users/me').set('Authorization', user.auth);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('incorrect_password');
  });
});

describe('HTTP caching across two processes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: TestUser;
  let dir: string | undefined;

  beforeAll(async () => {
    // Two applications with their own memory, one database: a file for SQLite, the same database on MySQL.
    const configured = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'sqlite::memory:';
    let shared: string | undefined;
    if (parseDatabaseUrl(configured).dialect === 'sqlite') {
      dir = mkdtempSync(join(tmpdir(), 'http-cache-'));
      shared = `sqlite:${join(dir, 'shared.sqlite')}`;
    }
    a = await createTestApp(shared ? { DATABASE_URL: shared } : {});
    b = await createTestApp({ DATABASE_URL: shared ?? a.app.get(AppConfig).databaseUrl });
    admin = await a.user('administrator');
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a write in one process retires the answers the other has cached', async () => {
    const list = async (app: TestApp) =>
      ((await app.http().get('/wp-json/core/v2/posts')).body as Array<{ title: { rendered: string } }>).map(
        (post) => post.title.rendered,
      );
    expect(await list(a)).toEqual([]);
    expect(await list(b)).toEqual([]);
    const { id } = await createPost(b, admin, 'Written in B');
    expect(await list(a)).toEqual(['Written in B']);
    await a
      .http()
      .post(`/wp-json/core/v2/posts/${id}`)
      .set('Authorization', admin.auth)
      .send({ title: 'Renamed in A' })
      .expect(200);
    expect(await list(b)).toEqual(['Renamed in A']);
  });

  it('a settings change in one process shows in the other at once (its settings catch up before it builds)', async () => {
    expect((await b.http().get('/wp-json/')).body.name).toBe('3D Machine Control');
    await a
      .http()
      .post('/wp-json/core/v2/settings')
      .set('Authorization', admin.auth)
      .send({ title: 'Renamed site' })
      .expect(200);
    expect((await b.http().get('/wp-json/')).body.name).toBe('Renamed site');
    expect((await a.http().get('/wp-json/')).body.name).toBe('Renamed site');
  });

  it('a password revoked in one process is refused by the other at once', async () => {
    const user = await a.user('editor');
    expect((await a.http().get('/wp-json/core/v2/users/me').set('Authorization', user.auth)).status).toBe(
      200,
    );
    expect((await b.http().get('/wp-json/core/v2/users/me').set('Authorization', user.auth)).status).toBe(
      200,
    );
    const list = await b
      .http()
      .get(`/wp-json/core/v2/users/${user.id}/application-passwords`)
      .set('Authorization', admin.auth);
    await b
      .http()
      .delete(`/wp-json/core/v2/users/${user.id}/application-passwords/${list.body[0].uuid}`)
      .set('Authorization', admin.auth)
      .expect(200);
    expect((await a.http().get('/wp-json/core/v2/users/me').set('Authorization', user.auth)).status).toBe(
      401,
    );
  });
});
