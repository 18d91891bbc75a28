import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { API as CAL, createEvent } from '../calendar/events-helpers';

const CORE = '/wp-json/core/v2';
const ROOT_LINK = '<http://example.test/wp-json/>; rel="https://api.w.org/"';

/** Issue 9, points 9, 10, 11 and 15: Link and Allow headers, TEC validation errors, users' capabilities. */
describe('fidelity: headers, TEC argument errors, users', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let author: TestUser;
  let subscriber: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    editor = await t.user('editor');
    author = await t.user('author');
    subscriber = await t.user('subscriber');
  });
  afterAll(() => t.close());

  describe('point 9: Link header', () => {
    it('a single post links only its permalink (golden post-single.json)', async () => {
      const post = await t
        .http()
        .post(`${CORE}/posts`)
        .set('Authorization', editor.auth)
        .send({ title: 'Linked', status: 'publish', date: '2024-01-15T10:00:00' });
      const res = await t.http().get(`${CORE}/posts/${post.body.id}`);
      expect(res.headers.link).toBe(`<${post.body.link}>; rel="alternate"; type=text/html`);
    });

    it('a collection links only prev/next (golden posts-list-page2.json)', async () => {
      for (let i = 0; i < 3; i += 1) {
        await t
          .http()
          .post(`${CORE}/posts`)
          .set('Authorization', editor.auth)
          .send({ title: `Paged ${i}`, status: 'publish' });
      }
      const res = await t.http().get(`${CORE}/posts?per_page=1&page=2`);
      expect(res.headers.link).toBe(
        '<http://example.test/wp-json/core/v2/posts?per_page=1&page=1>; rel="prev", ' +
          '<http://example.test/wp-json/core/v2/posts?per_page=1&page=3>; rel="next"',
      );
    });

    it('TEC archives keep the api.w.org link and add no prev/next (golden tec-events-list-page2.json)', async () => {
      for (let i = 0; i < 3; i += 1) {
        await createEvent(t, editor, {
          start_date: `2031-01-0${i + 1} 10:00:00`,
          end_date: `2031-01-0${i + 1} 11:00:00`,
        });
      }
      const res = await t
        .http()
        .get(`${CAL}/events?per_page=1&page=2&start_date=2031-01-01&end_date=2031-01-31`);
      expect(res.status).toBe(200);
      expect(res.headers['x-tec-totalpages']).toBe('3');
      expect(res.headers.link).toBe(ROOT_LINK);
      expect(res.body.next_rest_url).toContain('page=3');
    });
  });

  describe('point 10: Allow header', () => {
    it("a subscriber's users/me allows GET, POST, PUT, PATCH (golden users-me-subscriber.json)", async () => {
      const res = await t.http().get(`${CORE}/users/me`).set('Authorization', subscriber.auth);
      expect(res.headers.allow).toBe('GET, POST, PUT, PATCH');
      const adminMe = await t.http().get(`${CORE}/users/me`).set('Authorization', admin.auth);
      expect(adminMe.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
      const deleted = await t
        .http()
        .delete(`${CORE}/users/me?force=true&reassign=1`)
        .set('Authorization', editor.auth);
      expect(deleted.status).toBe(403);
      expect(deleted.body).toEqual({
        code: 'rest_user_cannot_delete',
        message: 'Sorry, you are not allowed to delete this user.',
        data: { status: 403 },
      });
      expect(deleted.headers.allow).toBe('GET, POST, PUT, PATCH');
    });

    it('lists the methods the caller may use on this object', async () => {
      const post = await t
        .http()
        .post(`${CORE}/posts`)
        .set('Authorization', author.auth)
        .send({ title: 'Mine', status: 'publish' });
      expect((await t.http().get(`${CORE}/posts/${post.body.id}`)).headers.allow).toBe('GET');
      const own = await t.http().get(`${CORE}/posts/${post.body.id}`).set('Authorization', author.auth);
      expect(own.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
      const other = await t.http().get(`${CORE}/posts/${post.body.id}`).set('Authorization', subscriber.auth);
      expect(other.headers.allow).toBe('GET');
    });

    it('batch sub-responses carry their own Allow (golden batch-normal.json)', async () => {
      const post = await t
        .http()
        .post(`${CORE}/posts`)
        .set('Authorization', admin.auth)
        .send({ title: 'Batched', status: 'publish' });
      const res = await t
        .http()
        .post('/wp-json/batch/v1')
        .set('Authorization', admin.auth)
        .send({
          requests: [
            { method: 'POST', path: '/core/v2/posts', body: { title: 'Batch created', status: 'publish' } },
            { method: 'POST', path: `/core/v2/posts/${post.body.id}`, body: { title: 'Batch updated' } },
          ],
        });
      expect(res.status).toBe(207);
      expect(res.body.responses[0].headers.Allow).toBe('GET, POST');
      expect(res.body.responses[0].headers.Location).toBe(
        `http://example.test/wp-json/core/v2/posts/${res.body.responses[0].body.id}`,
      );
      expect(res.body.responses[1].headers.Allow).toBe('GET, POST, PUT, PATCH, DELETE');
    });
  });

  describe('point 11: TEC argument errors', () => {
    it('a validator that only says false gives "Invalid parameter." and details [] (golden tec-events-create-bad-venue.json)', async () => {
      const res = await t
        .http()
        .post(`${CAL}/events`)
        .set('Authorization', admin.auth)
        .send({
          title: 'Bad venue',
          start_date: '2027-01-01 10:00:00',
          end_date: '2027-01-01 11:00:00',
          venue: { id: 0 },
        });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): venue',
        data: { status: 400, params: { venue: 'Invalid parameter.' }, details: [] },
      });
    });

    it('an archive date that does not parse (golden tec-events-list-bad-date.json)', async () => {
      const res = await t.http().get(`${CAL}/events?start_date=garbage`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): start_date',
        data: { status: 400, params: { start_date: 'Invalid parameter.' }, details: [] },
      });
    });
  });

  describe('point 15: users', () => {
    it('lists capabilities as WordPress does, levels included (golden users-list-context-edit.json)', async () => {
      const res = await t
        .http()
        .get(`${CORE}/users/${author.id}?context=edit`)
        .set('Authorization', admin.auth);
      const caps = Object.keys(res.body.capabilities);
      expect(caps.slice(0, 10)).toEqual([
        'upload_files',
        'edit_posts',
        'edit_published_posts',
        'publish_posts',
        'read',
        'level_2',
        'level_1',
        'level_0',
        'delete_posts',
        'delete_published_posts',
      ]);
      expect(caps[caps.length - 1]).toBe('author');
      const adminCaps = (await t.http().get(`${CORE}/users/me?context=edit`).set('Authorization', admin.auth))
        .body.capabilities;
      for (const cap of [
        'level_10',
        'level_0',
        'edit_themes',
        'unfiltered_upload',
        'delete_themes',
        'administrator',
      ])
        expect(adminCaps[cap]).toBe(true);
    });

    it('has meta.persisted_preferences in edit context, [] in view (golden users-me-*.json)', async () => {
      const edit = await t.http().get(`${CORE}/users/me?context=edit`).set('Authorization', subscriber.auth);
      expect(edit.body.meta).toEqual({ persisted_preferences: [] });
      expect(edit.body.capabilities).toEqual({ read: true, level_0: true, subscriber: true });
      const view = await t.http().get(`${CORE}/users/me`).set('Authorization', subscriber.auth);
      expect(view.body.meta).toEqual([]);
    });

    it('answers an unknown role with 400 rest_user_invalid_role (golden users-create-bad-role.json)', async () => {
      const res = await t
        .http()
        .post(`${CORE}/users`)
        .set('Authorization', admin.auth)
        .send({
          username: 'peer-temp',
          email: 'peer-temp@example.com',
          password: 'peer-temp-pass',
          roles: ['nope'],
        });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'rest_user_invalid_role',
        message: 'The role nope does not exist.',
        data: { status: 400 },
      });
    });
  });
});
