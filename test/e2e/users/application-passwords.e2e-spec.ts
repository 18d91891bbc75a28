import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const USERS = '/wp-json/core/v2/users';
const BASE = 'http://example.test/wp-json/core/v2/users';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe('core/v2/users/{id|me}/application-passwords', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let author: TestUser;
  let subscriber: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator', 'ap-admin');
    editor = await t.user('editor', 'ap-editor');
    author = await t.user('author', 'ap-author');
    subscriber = await t.user('subscriber', 'ap-subscriber');
  });
  afterAll(() => t.close());

  const call = (
    method: 'get' | 'post' | 'put' | 'patch' | 'delete',
    path: string,
    user?: TestUser,
    body?: object,
  ) => {
    const req = t.http()[method](`${USERS}${path}`);
    if (user) req.set('Authorization', user.auth);
    return body ? req.send(body) : req;
  };

  describe('create', () => {
    it('returns the password once, in groups of four, with 201 and Location', async () => {
      const appId = '6f1c2d7e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
      const res = await call('post', '/me/application-passwords', author, { name: 'Phone', app_id: appId });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual([
        'uuid',
        'app_id',
        'name',
        'password',
        'created',
        'last_used',
        'last_ip',
        '_links',
      ]);
      expect(res.body.uuid).toMatch(UUID);
      expect(res.body.app_id).toBe(appId);
      expect(res.body.name).toBe('Phone');
      expect(res.body.password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
      expect(res.body.created).toMatch(DATE);
      expect(res.body.last_used).toBeNull();
      expect(res.body.last_ip).toBeNull();
      const self = `${BASE}/${author.id}/application-passwords/${res.body.uuid}`;
      expect(res.body._links).toEqual({ self: [{ href: self }] });
      expect(res.headers.location).toBe(self);

      // the new password works, and is never shown again
      const me = await t
        .http()
        .get(`${USERS}/me`)
        .set('Authorization', basic('ap-author', res.body.password));
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(author.id);
      const item = await call('get', `/me/application-passwords/${res.body.uuid}`, author);
      expect(item.body).not.toHaveProperty('password');
      const list = await call('get', '/me/application-passwords?context=edit', author);
      for (const entry of list.body) expect(entry).not.toHaveProperty('password');
    });

    it('an administrator creates one for another user', async () => {
      const res = await call('post', `/${subscriber.id}/application-passwords`, admin, { name: 'For sub' });
      expect(res.status).toBe(201);
      expect(res.headers.location).toContain(`/users/${subscriber.id}/application-passwords/`);
      const works = await t
        .http()
        .get(`${USERS}/me`)
        .set('Authorization', basic('ap-subscriber', res.body.password));
      expect(works.body.id).toBe(subscriber.id);
    });

    it('names must be unique per user (409)', async () => {
      await call('post', '/me/application-passwords', editor, { name: 'Laptop' });
      const res = await call('post', '/me/application-passwords', editor, { name: 'Laptop' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: 'application_password_duplicate_name',
        message: 'Each application name should be unique.',
        data: { status: 409 },
      });
      const other = await call('post', '/me/application-passwords', author, { name: 'Laptop' });
      expect(other.status).toBe(201);
    });

    it('validates the name and app_id', async () => {
      const missing = await call('post', '/me/application-passwords', editor, {});
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('rest_missing_callback_param');
      expect(missing.body.data.params).toEqual(['name']);
      const empty = await call('post', '/me/application-passwords', editor, { name: '' });
      expect(empty.body.data.params).toEqual({ name: 'name must be at least 1 character long.' });
      const blank = await call('post', '/me/application-passwords', editor, { name: '   ' });
      expect(blank.body.data.params).toEqual({ name: 'name does not match pattern .*\\S.*.' });
      const badId = await call('post', '/me/application-passwords', editor, { name: 'x', app_id: 'nope' });
      expect(badId.body.data.params).toEqual({ app_id: 'app_id is not a valid UUID.' });
    });

    it('is refused for other users without edit_users', async () => {
      const res = await call('post', `/${author.id}/application-passwords`, editor, { name: 'Sneaky' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'rest_cannot_create_application_passwords',
        message: 'Sorry, you are not allowed to create application passwords for this user.',
        data: { status: 403 },
      });
      const anonymous = await call('post', `/${author.id}/application-passwords`, undefined, { name: 'x' });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_cannot_create_application_passwords');
      const anonymousMe = await call('post', '/me/application-passwords', undefined, { name: 'x' });
      expect(anonymousMe.status).toBe(401);
      expect(anonymousMe.body.code).toBe('rest_not_logged_in');
    });
  });

  describe('list and get', () => {
    it('lists the user passwords, oldest first', async () => {
      const res = await call('get', `/${editor.id}/application-passwords`, editor);
      expect(res.status).toBe(200);
      // (creation order; two passwords made within the same second have no defined order here)
      expect(res.body.map((p: { name: string }) => p.name).sort()).toEqual(['Laptop', 'tests']);
      for (const entry of res.body) {
        expect(Object.keys(entry)).toEqual([
          'uuid',
          'app_id',
          'name',
          'created',
          'last_used',
          'last_ip',
          '_links',
        ]);
        expect(entry.app_id).toBe('');
      }
      const me = await call('get', '/me/application-passwords', editor);
      expect(me.body).toEqual(res.body);
    });

    it('per role: oneself or edit_users', async () => {
      expect((await call('get', `/${editor.id}/application-passwords`, admin)).status).toBe(200);
      const denied = await call('get', `/${editor.id}/application-passwords`, author);
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({
        code: 'rest_cannot_list_application_passwords',
        message: 'Sorry, you are not allowed to list application passwords for this user.',
        data: { status: 403 },
      });
      const anonymous = await call('get', `/${editor.id}/application-passwords`);
      expect(anonymous.status).toBe(401);
      expect((await call('get', '/me/application-passwords')).body.code).toBe('rest_not_logged_in');
    });

    it('gets one', async () => {
      const list = await call('get', '/me/application-passwords', editor);
      const laptop = list.body.find((p: { name: string }) => p.name === 'Laptop');
      const res = await call('get', `/${editor.id}/application-passwords/${laptop.uuid}`, editor);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(laptop);
      const asAdmin = await call('get', `/${editor.id}/application-passwords/${laptop.uuid}`, admin);
      expect(asAdmin.status).toBe(200);
      const denied = await call('get', `/${editor.id}/application-passwords/${laptop.uuid}`, subscriber);
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('rest_cannot_read_application_password');
      expect(denied.body.message).toBe('Sorry, you are not allowed to read this application password.');
    });

    it('another user’s uuid is not found under this user', async () => {
      const list = await call('get', '/me/application-passwords', editor);
      const res = await call('get', `/${admin.id}/application-passwords/${list.body[0].uuid}`, admin);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 'rest_application_password_not_found',
        message: 'Application password not found.',
        data: { status: 404 },
      });
    });

    it('an unknown uuid or user is 404', async () => {
      const unknown = await call(
        'get',
        '/me/application-passwords/00000000-0000-4000-8000-000000000000',
        editor,
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('rest_application_password_not_found');
      const malformed = await call('get', '/me/application-passwords/not-a-uuid', editor);
      expect(malformed.status).toBe(404);
      expect(malformed.body.code).toBe('rest_application_password_not_found');
      const user = await call('get', '/99999/application-passwords', admin);
      expect(user.status).toBe(404);
      expect(user.body).toEqual({
        code: 'rest_user_invalid_id',
        message: 'Invalid user ID.',
        data: { status: 404 },
      });
    });
  });

  describe('update', () => {
    it('renames; the answer has no password', async () => {
      const created = await call('post', '/me/application-passwords', author, { name: 'Tablet' });
      const res = await call('post', `/me/application-passwords/${created.body.uuid}`, author, {
        name: 'Tablet (old)',
      });
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('Tablet (old)');
      expect(res.body.uuid).toBe(created.body.uuid);
      expect(res.body).not.toHaveProperty('password');
      const patched = await call('patch', `/${author.id}/application-passwords/${created.body.uuid}`, admin, {
        name: 'Renamed by admin',
      });
      expect(patched.status).toBe(200);
      expect(patched.body.name).toBe('Renamed by admin');
      // still works for logging in
      const me = await t
        .http()
        .get(`${USERS}/me`)
        .set('Authorization', basic('ap-author', created.body.password));
      expect(me.status).toBe(200);
    });

    it('is refused for others without edit_users', async () => {
      const list = await call('get', '/me/application-passwords', author);
      const res = await call('put', `/${author.id}/application-passwords/${list.body[0].uuid}`, editor, {
        name: 'x',
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('rest_cannot_edit_application_password');
    });
  });

  describe('introspect', () => {
    it('describes the password used for this request', async () => {
      const res = await call('get', '/me/application-passwords/introspect', subscriber);
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('tests');
      expect(res.body.last_ip).toMatch(/127\.0\.0\.1$/);
      expect(res.body.last_used).toMatch(DATE);
      const byId = await call('get', `/${subscriber.id}/application-passwords/introspect`, subscriber);
      expect(byId.body.uuid).toBe(res.body.uuid);
    });

    it('only for the authenticated user', async () => {
      const res = await call('get', `/${subscriber.id}/application-passwords/introspect`, admin);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'rest_cannot_introspect_app_password_for_non_authenticated_user',
        message: 'The authenticated application password can only be introspected for the current user.',
        data: { status: 403 },
      });
      const anonymous = await call('get', '/me/application-passwords/introspect');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_not_logged_in');
    });
  });

  describe('delete', () => {
    it('deletes one and returns it as previous', async () => {
      const created = await call('post', '/me/application-passwords', author, { name: 'Throwaway' });
      const res = await call('delete', `/me/application-passwords/${created.body.uuid}`, author);
      expect(res.status).toBe(200);
      expect(res.body.deleted).toBe(true);
      expect(res.body.previous).toMatchObject({ uuid: created.body.uuid, name: 'Throwaway' });
      expect(res.body.previous).not.toHaveProperty('password');
      const again = await call('delete', `/me/application-passwords/${created.body.uuid}`, author);
      expect(again.status).toBe(404);
      expect(again.body.code).toBe('rest_application_password_not_found');
      const login = await t
        .http()
        .get(`${USERS}/me`)
        .set('Authorization', basic('ap-author', created.body.password));
      expect(login.status).toBe(401);
      expect(login.body.code).toBe('incorrect_password');
    });

    it('is refused for others without edit_users', async () => {
      const list = await call('get', '/me/application-passwords', author);
      const res = await call(
        'delete',
        `/${author.id}/application-passwords/${list.body[0].uuid}`,
        subscriber,
      );
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('rest_cannot_delete_application_passwords');
      expect((await call('delete', `/${author.id}/application-passwords`, editor)).status).toBe(403);
      expect((await call('delete', `/${author.id}/application-passwords`)).status).toBe(401);
    });

    it('deletes all of a user’s passwords and counts them', async () => {
      const victim = await t.user('contributor', 'ap-victim');
      await call('post', `/${victim.id}/application-passwords`, admin, { name: 'Second' });
      const res = await call('delete', `/${victim.id}/application-passwords`, admin);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ deleted: true, count: 2 });
      const list = await call('get', `/${victim.id}/application-passwords`, admin);
      expect(list.body).toEqual([]);
      const login = await t.http().get(`${USERS}/me`).set('Authorization', victim.auth);
      expect(login.status).toBe(401);
    });

    it('the Allow header reflects the caller', async () => {
      const own = await call('get', '/me/application-passwords', author);
      expect(own.headers.allow).toBe('GET, POST, DELETE');
      const other = await call('get', `/${editor.id}/application-passwords`, admin);
      expect(other.headers.allow).toBe('GET, POST, DELETE');
    });
  });
});
