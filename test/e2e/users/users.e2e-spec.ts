import { DataSource } from 'typeorm';
import { AuthoredContentRegistry, Role } from '../../../src/platform/auth';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const USERS = '/wp-json/core/v2/users';
const BASE = 'http://example.test/wp-json/core/v2/users';

const VIEW_KEYS = [
  '_links',
  'avatar_urls',
  'description',
  'id',
  'link',
  'meta',
  'name',
  'slug',
  'url',
].sort();
const EDIT_KEYS = [
  '_links',
  'avatar_urls',
  'capabilities',
  'description',
  'email',
  'extra_capabilities',
  'first_name',
  'id',
  'last_name',
  'link',
  'locale',
  'meta',
  'name',
  'nickname',
  'registered_date',
  'roles',
  'slug',
  'url',
  'username',
].sort();

describe('core/v2/users', () => {
  let t: TestApp;
  const as: Partial<Record<Role, TestUser>> = {};
  let admin: TestUser;
  let editor: TestUser;
  let author: TestUser;
  let contributor: TestUser;
  let subscriber: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = as.administrator = await t.user('administrator', 'u-admin');
    editor = as.editor = await t.user('editor', 'u-editor');
    author = as.author = await t.user('author', 'u-author');
    contributor = as.contributor = await t.user('contributor', 'u-contributor');
    subscriber = as.subscriber = await t.user('subscriber', 'u-subscriber');
  });
  afterAll(() => t.close());

  const get = (path: string, user?: TestUser) => {
    const req = t.http().get(`${USERS}${path}`);
    return user ? req.set('Authorization', user.auth) : req;
  };
  const post = (path: string, body: object, user?: TestUser) => {
    const req = t.http().post(`${USERS}${path}`);
    if (user) req.set('Authorization', user.auth);
    return req.send(body);
  };
  const del = (path: string, user?: TestUser) => {
    const req = t.http().delete(`${USERS}${path}`);
    return user ? req.set('Authorization', user.auth) : req;
  };

  describe('GET /users', () => {
    it('lists every user for an administrator, with totals', async () => {
      const res = await get('?per_page=100&orderby=id', admin);
      expect(res.status).toBe(200);
      // the bootstrap administrator plus five test users
      expect(res.body).toHaveLength(6);
      expect(res.headers['x-wp-total']).toBe('6');
      expect(res.headers['x-wp-totalpages']).toBe('1');
      expect(res.body.map((u: { slug: string }) => u.slug)).toEqual([
        'admin',
        'u-admin',
        'u-editor',
        'u-author',
        'u-contributor',
        'u-subscriber',
      ]);
      expect(Object.keys(res.body[2]).sort()).toEqual(VIEW_KEYS);
    });

    it('item shape in view context', async () => {
      const res = await get(`?include=${editor.id}`, admin);
      expect(res.body[0]).toEqual({
        id: editor.id,
        name: expect.stringMatching(/^editor \d+$/),
        url: '',
        description: '',
        link: 'http://example.test/author/u-editor/',
        slug: 'u-editor',
        avatar_urls: {
          '24': expect.stringMatching(
            /^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?s=24&d=mm&r=g$/,
          ),
          '48': expect.stringContaining('s=48'),
          '96': expect.stringContaining('s=96'),
        },
        meta: [],
        _links: {
          self: [{ href: `${BASE}/${editor.id}` }],
          collection: [{ href: BASE }],
        },
      });
    });

    it('anonymous callers and users without list_users only see authors of published content', async () => {
      for (const user of [undefined, editor, subscriber]) {
        const res = await get('', user);
        expect(res.status).toBe(200);
        expect(res.body).toEqual([]);
        expect(res.headers['x-wp-total']).toBe('0');
        expect(res.headers['x-wp-totalpages']).toBe('0');
      }
    });

    it('orders by name ascending by default', async () => {
      const res = await get('?per_page=100', admin);
      const names = res.body.map((u: { name: string }) => u.name);
      expect(names).toEqual([...names].sort());
    });

    it('filters: search, slug, include, exclude, roles, offset, order', async () => {
      const search = await get('?search=u-contrib', admin);
      expect(search.body.map((u: { id: number }) => u.id)).toEqual([contributor.id]);
      const slugs = await get('?slug=u-author,u-editor&orderby=id', admin);
      expect(slugs.body.map((u: { id: number }) => u.id)).toEqual([editor.id, author.id]);
      const exclude = await get(`?exclude=${editor.id}&per_page=100`, admin);
      expect(exclude.body.map((u: { id: number }) => u.id)).not.toContain(editor.id);
      expect(exclude.body).toHaveLength(5);
      const roles = await get('?roles=subscriber,contributor&orderby=id', admin);
      expect(roles.body.map((u: { id: number }) => u.id)).toEqual([contributor.id, subscriber.id]);
      const offset = await get('?orderby=id&offset=4&per_page=1', admin);
      expect(offset.body.map((u: { id: number }) => u.id)).toEqual([contributor.id]);
      const desc = await get('?orderby=id&order=desc&per_page=1', admin);
      expect(desc.body[0].id).toBe(subscriber.id);
    });

    it('who=authors', async () => {
      const res = await get('?who=authors&per_page=100', admin);
      expect(res.status).toBe(200);
      const ids = res.body.map((u: { id: number }) => u.id);
      expect(ids).toContain(contributor.id);
      expect(ids).not.toContain(subscriber.id);
      const asContributor = await get('?who=authors', contributor);
      expect(asContributor.status).toBe(200);
      const asSubscriber = await get('?who=authors', subscriber);
      expect(asSubscriber.status).toBe(403);
      expect(asSubscriber.body).toEqual({
        code: 'rest_forbidden_who',
        message: 'Sorry, you are not allowed to query users by this parameter.',
        data: { status: 403 },
      });
      expect((await get('?who=authors')).status).toBe(401);
    });

    it('context=edit needs list_users', async () => {
      const ok = await get('?context=edit', admin);
      expect(ok.status).toBe(200);
      expect(Object.keys(ok.body[0]).sort()).toEqual(EDIT_KEYS);
      const denied = await get('?context=edit', editor);
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({
        code: 'rest_forbidden_context',
        message: 'Sorry, you are not allowed to list users.',
        data: { status: 403 },
      });
      expect((await get('?context=edit')).status).toBe(401);
    });

    it('filtering by role needs list_users', async () => {
      const res = await get('?roles=editor', author);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'rest_user_cannot_view',
        message: 'Sorry, you are not allowed to filter users by role.',
        data: { status: 403 },
      });
      expect((await get('?roles=editor')).status).toBe(401);
    });

    it('ordering by email or registered_date needs list_users', async () => {
      for (const orderby of ['email', 'registered_date']) {
        const res = await get(`?orderby=${orderby}`, editor);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('rest_forbidden_orderby');
        expect(res.body.message).toBe('Sorry, you are not allowed to order users by this parameter.');
        expect((await get(`?orderby=${orderby}`, admin)).status).toBe(200);
      }
    });

    it('validation errors', async () => {
      const res = await get('?orderby=height&who=everyone', admin);
      expect(res.status).toBe(400);
      expect(res.body.data.params).toEqual({
        orderby:
          'orderby is not one of id, include, name, registered_date, slug, include_slugs, email, and url.',
        who: 'who is not authors.',
      });
    });
  });

  describe('GET /users/me', () => {
    it.each(['administrator', 'editor', 'author', 'contributor', 'subscriber'] as Role[])(
      'returns the caller (%s)',
      async (role) => {
        const user = as[role] as TestUser;
        const res = await get('/me', user);
        expect(res.status).toBe(200);
        expect(res.body.id).toBe(user.id);
        expect(Object.keys(res.body).sort()).toEqual(VIEW_KEYS);
        const edit = await get('/me?context=edit', user);
        expect(edit.status).toBe(200);
        expect(edit.body.roles).toEqual([role]);
        expect(edit.body.email).toBe(`${user.login}@example.test`);
        expect(edit.body.registered_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
        expect(edit.body.capabilities[role]).toBe(true);
        expect(edit.body.extra_capabilities).toEqual({ [role]: true });
      },
    );

    it('capabilities follow the role', async () => {
      const adminCaps = (await get('/me?context=edit', admin)).body.capabilities;
      expect(adminCaps).toMatchObject({ list_users: true, edit_users: true, edit_others_posts: true });
      const subscriberCaps = (await get('/me?context=edit', subscriber)).body.capabilities;
      // As WordPress lists them (golden users-me-context-edit-subscriber.json), in its order.
      expect(Object.keys(subscriberCaps)).toEqual(['read', 'level_0', 'subscriber']);
    });

    it('is 401 rest_not_logged_in when anonymous', async () => {
      const res = await get('/me');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        code: 'rest_not_logged_in',
        message: 'You are not currently logged in.',
        data: { status: 401 },
      });
    });
  });

  describe('GET /users/{id}', () => {
    it('administrators see anyone, in any context', async () => {
      const res = await get(`/${subscriber.id}?context=edit`, admin);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(EDIT_KEYS);
      expect(res.body.username).toBe('u-subscriber');
    });

    it('anyone sees themselves, edit context included', async () => {
      const res = await get(`/${subscriber.id}?context=edit`, subscriber);
      expect(res.status).toBe(200);
      expect(res.body.email).toBe('u-subscriber@example.test');
    });

    it('others without published content are hidden', async () => {
      const res = await get(`/${author.id}`, subscriber);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'rest_user_cannot_view',
        message: 'Sorry, you are not allowed to list users.',
        data: { status: 403 },
      });
      const anonymous = await get(`/${author.id}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_user_cannot_view');
    });

    it('context=edit on someone else needs list_users', async () => {
      const res = await get(`/${author.id}?context=edit`, editor);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('rest_user_cannot_view');
    });

    it.each([['99999'], ['0']])(
      'an unknown id (%s) is 404 rest_user_invalid_id, even anonymous',
      async (id) => {
        for (const user of [admin, undefined]) {
          const res = await get(`/${id}`, user);
          expect(res.status).toBe(404);
          expect(res.body).toEqual({
            code: 'rest_user_invalid_id',
            message: 'Invalid user ID.',
            data: { status: 404 },
          });
        }
      },
    );
  });

  describe('POST /users', () => {
    it('creates a user: 201, Location, edit context, no password', async () => {
      const res = await post(
        '',
        {
          username: 'created-one',
          email: 'created-one@example.test',
          password: 'pa55word',
          name: 'Created One',
          first_name: 'Created',
          last_name: 'One',
          url: 'https://created.example.test',
          description: 'Hello',
          locale: 'nb_NO',
        },
        admin,
      );
      expect(res.status).toBe(201);
      expect(res.headers.location).toBe(`${BASE}/${res.body.id}`);
      expect(Object.keys(res.body).sort()).toEqual(EDIT_KEYS);
      expect(res.body).toMatchObject({
        username: 'created-one',
        email: 'created-one@example.test',
        name: 'Created One',
        first_name: 'Created',
        last_name: 'One',
        url: 'https://created.example.test',
        description: 'Hello',
        locale: 'nb_NO',
        slug: 'created-one',
        nickname: 'created-one',
        roles: ['subscriber'],
      });
      expect(res.body).not.toHaveProperty('password');
      const fetched = await get(`/${res.body.id}`, admin);
      expect(fetched.status).toBe(200);
    });

    it('assigns the requested role', async () => {
      const res = await post(
        '',
        { username: 'new-editor', email: 'new-editor@example.test', password: 'x', roles: ['editor'] },
        admin,
      );
      expect(res.status).toBe(201);
      expect(res.body.roles).toEqual(['editor']);
      expect(res.body.capabilities.edit_others_posts).toBe(true);
    });

    it('refuses a taken login or e-mail', async () => {
      const login = await post(
        '',
        { username: 'u-editor', email: 'other@example.test', password: 'x' },
        admin,
      );
      // WordPress passes wp_insert_user's error on as a 500 with `data: null` (golden
      // users-create-existing-login.json); a taken login is the client's error here: 400 (docs/api/core.md)
      expect(login.status).toBe(400);
      expect(login.body).toEqual({
        code: 'existing_user_login',
        message: 'Sorry, that username already exists!',
        data: { status: 400 },
      });
      const email = await post(
        '',
        { username: 'someone-new', email: 'U-EDITOR@example.test', password: 'x' },
        admin,
      );
      expect(email.status).toBe(400);
      expect(email.body).toEqual({
        code: 'existing_user_email',
        message: 'Sorry, that email address is already used!',
        data: { status: 400 },
      });
    });

    it('refuses an illegal login as rest_invalid_param', async () => {
      const res = await post('', { username: 'bad!name', email: 'bad@example.test', password: 'x' }, admin);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      const message =
        'This username is invalid because it uses illegal characters. Please enter a valid username.';
      expect(res.body.data.params).toEqual({ username: message });
      expect(res.body.data.details.username).toEqual({
        code: 'rest_user_invalid_username',
        message,
        data: { status: 400 },
      });
    });

    it('validates e-mail, role and password', async () => {
      const res = await post(
        '',
        { username: 'valid-name', email: 'not-an-email', password: '', roles: ['overlord'] },
        admin,
      );
      expect(res.status).toBe(400);
      // The role is checked after validation (check_role_update): see test/e2e/fidelity/headers-users.
      expect(res.body.data.params).toEqual({
        email: 'Invalid email address.',
        password: 'password must be at least 1 character long.',
      });
    });

    it('needs create_users', async () => {
      const body = { username: 'nope', email: 'nope@example.test', password: 'x' };
      for (const user of [editor, author, contributor, subscriber]) {
        const res = await post('', body, user);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('rest_cannot_create_user');
      }
      expect((await post('', body)).status).toBe(401);
    });
  });

  describe('POST/PUT/PATCH /users/{id}', () => {
    it('a user edits their own profile; the answer is in edit context', async () => {
      const res = await post(`/${subscriber.id}`, { first_name: 'Sub', description: 'About me' }, subscriber);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(EDIT_KEYS);
      expect(res.body.first_name).toBe('Sub');
      expect(res.body.description).toBe('About me');
      expect(res.headers.location).toBeUndefined();
    });

    it('PUT and PATCH work like POST', async () => {
      const put = await t
        .http()
        .put(`${USERS}/${author.id}`)
        .set('Authorization', admin.auth)
        .send({ last_name: 'Putt' });
      expect(put.status).toBe(200);
      expect(put.body.last_name).toBe('Putt');
      const patch = await t
        .http()
        .patch(`${USERS}/${author.id}`)
        .set('Authorization', admin.auth)
        .send({ nickname: 'patchy' });
      expect(patch.status).toBe(200);
      expect(patch.body).toMatchObject({ last_name: 'Putt', nickname: 'patchy' });
    });

    it('editing someone else needs edit_users', async () => {
      const res = await post(`/${author.id}`, { first_name: 'Hacked' }, editor);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'rest_cannot_edit',
        message: 'Sorry, you are not allowed to edit this user.',
        data: { status: 403 },
      });
      expect((await post(`/${author.id}`, { first_name: 'Hacked' })).status).toBe(401);
    });

    it('changing roles needs promote_users', async () => {
      const res = await post(`/${subscriber.id}`, { roles: ['administrator'] }, subscriber);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('rest_cannot_edit_roles');
      expect(res.body.message).toBe('Sorry, you are not allowed to edit roles of this user.');
      const promoted = await post(`/${contributor.id}`, { roles: ['author'] }, admin);
      expect(promoted.status).toBe(200);
      expect(promoted.body.roles).toEqual(['author']);
      const back = await post(`/${contributor.id}`, { roles: ['contributor'] }, admin);
      expect(back.body.roles).toEqual(['contributor']);
    });

    it('an e-mail of another user is rest_user_invalid_email', async () => {
      const res = await post(`/${subscriber.id}`, { email: 'u-editor@example.test' }, subscriber);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest_user_invalid_email',
        message: 'Invalid email address.',
        data: { status: 400 },
      });
      const own = await post(`/${subscriber.id}`, { email: 'u-subscriber@example.test' }, subscriber);
      expect(own.status).toBe(200);
    });

    it('the username cannot change', async () => {
      const res = await post(`/${subscriber.id}`, { username: 'renamed' }, admin);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest_user_invalid_argument',
        message: 'Username is not editable.',
        data: { status: 400 },
      });
      const same = await post(`/${subscriber.id}`, { username: 'u-subscriber' }, admin);
      expect(same.status).toBe(200);
    });

    it('a slug of another user is rest_user_invalid_slug; a free one is taken', async () => {
      const taken = await post(`/${subscriber.id}`, { slug: 'u-editor' }, admin);
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({
        code: 'rest_user_invalid_slug',
        message: 'Invalid slug.',
        data: { status: 400 },
      });
      const free = await post(`/${subscriber.id}`, { slug: 'subby' }, admin);
      expect(free.status).toBe(200);
      expect(free.body.slug).toBe('subby');
      expect(free.body.link).toBe('http://example.test/author/subby/');
      await post(`/${subscriber.id}`, { slug: 'u-subscriber' }, admin);
    });

    it('validation comes before permission', async () => {
      const res = await post(`/${author.id}`, { email: 'broken', locale: 'xx' });
      expect(res.status).toBe(400);
      expect(res.body.data.params).toEqual({
        locale: 'locale is not one of , en_US, and nb_NO.',
        email: 'Invalid email address.',
      });
    });

    it('an unknown id is 404', async () => {
      const res = await post('/99999', { first_name: 'x' }, admin);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('rest_user_invalid_id');
    });

    it('POST /users/me edits the caller', async () => {
      const res = await post('/me', { name: 'Contributor Renamed' }, contributor);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(contributor.id);
      expect(res.body.name).toBe('Contributor Renamed');
      expect((await post('/me', { name: 'x' })).status).toBe(401);
    });
  });

  describe('DELETE /users/{id}', () => {
    it('needs reassign', async () => {
      const res = await del(`/${subscriber.id}?force=true`, admin);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_missing_callback_param');
      expect(res.body.data.params).toEqual(['reassign']);
    });

    it('without force is 501 rest_trash_not_supported', async () => {
      const res = await del(`/${subscriber.id}?reassign=false`, admin);
      expect(res.status).toBe(501);
      expect(res.body).toEqual({
        code: 'rest_trash_not_supported',
        message: "Users do not support trashing. Set 'force=true' to delete.",
        data: { status: 501 },
      });
    });

    it('refuses to reassign to the deleted user or to nobody', async () => {
      for (const reassign of [subscriber.id, 99999]) {
        const res = await del(`/${subscriber.id}?force=true&reassign=${reassign}`, admin);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          code: 'rest_user_invalid_reassign',
          message: 'Invalid user ID for reassignment.',
          data: { status: 400 },
        });
      }
    });

    it('needs delete_users', async () => {
      for (const user of [editor, author, subscriber]) {
        const res = await del(`/${contributor.id}?force=true&reassign=false`, user);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          code: 'rest_user_cannot_delete',
          message: 'Sorry, you are not allowed to delete this user.',
          data: { status: 403 },
        });
      }
      expect((await del(`/${contributor.id}?force=true&reassign=false`)).status).toBe(401);
    });

    it('deletes with force and reassign, answering the previous user in edit context', async () => {
      const victim = await t.user('author', 'u-victim');
      const res = await del(`/${victim.id}?force=true&reassign=${editor.id}`, admin);
      expect(res.status).toBe(200);
      expect(res.body.deleted).toBe(true);
      expect(Object.keys(res.body).sort()).toEqual(['deleted', 'previous']);
      // WordPress's $previous->get_data(): no _links (golden users-delete-force.json)
      expect(Object.keys(res.body.previous).sort()).toEqual(EDIT_KEYS.filter((key) => key !== '_links'));
      expect(res.body.previous).toMatchObject({
        id: victim.id,
        username: 'u-victim',
        email: 'u-victim@example.test',
      });
      expect((await get(`/${victim.id}`, admin)).status).toBe(404);
      // the deleted user's credentials die with it
      const me = await get('/me', victim);
      expect(me.status).toBe(401);
      expect(me.body.code).toBe('invalid_username');
      const rows = await t.app
        .get(DataSource)
        .query('SELECT COUNT(*) AS n FROM application_passwords WHERE user_id = ?', [victim.id]);
      expect(Number(rows[0].n)).toBe(0);
    });

    it('reassign=false deletes without reassigning; a JSON body works too', async () => {
      const victim = await t.user('subscriber', 'u-victim2');
      const res = await t
        .http()
        .delete(`${USERS}/${victim.id}`)
        .set('Authorization', admin.auth)
        .send({ force: true, reassign: false });
      expect(res.status).toBe(200);
      expect(res.body.previous.id).toBe(victim.id);
    });

    it('an unknown id is 404', async () => {
      const res = await del('/99999?force=true&reassign=false', admin);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('rest_user_invalid_id');
    });

    it('DELETE /users/me', async () => {
      const denied = await del('/me?force=true&reassign=false', subscriber);
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('rest_user_cannot_delete');
      expect((await del('/me?force=true&reassign=false')).status).toBe(401);
      const leaving = await t.user('administrator', 'u-leaving');
      const gone = await del(`/me?force=true&reassign=${admin.id}`, leaving);
      expect(gone.status).toBe(200);
      expect(gone.body.previous.id).toBe(leaving.id);
    });
  });
});

describe('core/v2/users with published authors', () => {
  let t: TestApp;
  let admin: TestUser;
  let published: TestUser;
  let unpublished: TestUser;
  let subscriber: TestUser;
  const reassigned: Array<[number, number | null]> = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator', 'p-admin');
    published = await t.user('author', 'p-published');
    unpublished = await t.user('author', 'p-unpublished');
    subscriber = await t.user('subscriber', 'p-subscriber');
    // A stand-in content module: p-published has published content.
    t.app.get(AuthoredContentRegistry).register({
      publishedAuthorIds: async (ids?: number[]) =>
        [published.id].filter((id) => ids === undefined || ids.includes(id)),
      reassignAuthor: async (userId, reassignTo) => {
        reassigned.push([userId, reassignTo]);
      },
    });
  });
  afterAll(() => t.close());

  it('anonymous callers list only published authors', async () => {
    const res = await t.http().get(USERS);
    expect(res.status).toBe(200);
    expect(res.body.map((u: { id: number }) => u.id)).toEqual([published.id]);
    expect(res.headers['x-wp-total']).toBe('1');
    expect(res.body[0]).not.toHaveProperty('email');
  });

  it('anonymous callers see a published author but not others', async () => {
    expect((await t.http().get(`${USERS}/${published.id}`)).status).toBe(200);
    expect((await t.http().get(`${USERS}/${unpublished.id}`)).status).toBe(401);
  });

  it('has_published_posts limits an administrator list too', async () => {
    const all = await t.http().get(`${USERS}?per_page=100`).set('Authorization', admin.auth);
    expect(all.body.length).toBe(5);
    const res = await t.http().get(`${USERS}?has_published_posts=true`).set('Authorization', admin.auth);
    expect(res.body.map((u: { id: number }) => u.id)).toEqual([published.id]);
  });

  it('without list_users, search does not look at e-mail addresses', async () => {
    const anonymous = await t.http().get(`${USERS}?search=p-published@example.test`);
    expect(anonymous.body).toEqual([]);
    const byEmailDomain = await t
      .http()
      .get(`${USERS}?search=example.test`)
      .set('Authorization', subscriber.auth);
    expect(byEmailDomain.body).toEqual([]);
    const byName = await t.http().get(`${USERS}?search=p-publ`);
    expect(byName.body.map((u: { id: number }) => u.id)).toEqual([published.id]);
    const byId = await t.http().get(`${USERS}?search=${published.id}`);
    expect(byId.body.map((u: { id: number }) => u.id)).toEqual([published.id]);
    const asAdmin = await t
      .http()
      .get(`${USERS}?search=p-published@example.test`)
      .set('Authorization', admin.auth);
    expect(asAdmin.body.map((u: { id: number }) => u.id)).toEqual([published.id]);
  });

  it('deleting a user reassigns their content through the registry', async () => {
    const res = await t
      .http()
      .delete(`${USERS}/${unpublished.id}?force=true&reassign=${published.id}`)
      .set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    expect(reassigned).toEqual([[unpublished.id, published.id]]);
    const noReassign = await t.user('contributor', 'p-gone');
    await t
      .http()
      .delete(`${USERS}/${noReassign.id}?force=true&reassign=false`)
      .set('Authorization', admin.auth);
    expect(reassigned).toEqual([
      [unpublished.id, published.id],
      [noReassign.id, null],
    ]);
  });
});
