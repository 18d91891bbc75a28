import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

/** Regression tests of the reliability run's findings (both databases). */
describe('reliability: hardening findings', () => {
  let t: TestApp;
  let admin: TestUser;
  let editor: TestUser;
  let contributor: TestUser;
  let otherContributor: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    editor = await t.user('editor');
    contributor = await t.user('contributor');
    otherContributor = await t.user('contributor');
  });
  afterAll(() => t.close());

  describe('an administrator demoting themselves', () => {
    it('is refused (rest_user_invalid_role, 403) and the role stays', async () => {
      const response = await t
        .http()
        .post('/wp-json/core/v2/users/me')
        .set('Authorization', admin.auth)
        .send({ roles: ['subscriber'] });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        code: 'rest_user_invalid_role',
        message: 'Sorry, you are not allowed to give users that role.',
        data: { status: 403 },
      });
      const me = await t
        .http()
        .get('/wp-json/core/v2/users/me?context=edit')
        .set('Authorization', admin.auth);
      expect(me.body.roles).toEqual(['administrator']);
    });

    it('may still keep their own role and change another user’s', async () => {
      const same = await t
        .http()
        .post('/wp-json/core/v2/users/me')
        .set('Authorization', admin.auth)
        .send({ roles: ['administrator'] });
      expect(same.status).toBe(200);
      const other = await t
        .http()
        .post(`/wp-json/core/v2/users/${editor.id}`)
        .set('Authorization', admin.auth)
        .send({ roles: ['author'] });
      expect(other.status).toBe(200);
      expect(other.body.roles ?? ['author']).toEqual(['author']);
      await t
        .http()
        .post(`/wp-json/core/v2/users/${editor.id}`)
        .set('Authorization', admin.auth)
        .send({ roles: ['editor'] });
    });
  });

  describe('long titles', () => {
    const title = `${'Very long excavator machine control course '.repeat(6)}end`;

    it('give events distinct slugs of at most 200 characters', async () => {
      const slugs: string[] = [];
      for (let index = 0; index < 3; index++) {
        const response = await t
          .http()
          .post('/wp-json/cal/events/v1/events')
          .set('Authorization', admin.auth)
          .send({
            title,
            start_date: '2031-05-01 10:00:00',
            end_date: '2031-05-01 12:00:00',
          });
        expect(response.status).toBe(201);
        slugs.push(response.body.slug);
      }
      expect(new Set(slugs).size).toBe(3);
      for (const slug of slugs) expect(slug.length).toBeLessThanOrEqual(200);
      expect(slugs[1]).toMatch(/-2$/);
      expect(slugs[2]).toMatch(/-3$/);
    });

    it('give posts and venues distinct slugs of at most 200 characters', async () => {
      for (const [path, body] of [
        ['/wp-json/core/v2/posts', { title, status: 'publish' }],
        // A venue's name has 255 characters at most.
        ['/wp-json/cal/events/v1/venues', { venue: title.slice(0, 240) }],
      ] as const) {
        const slugs: string[] = [];
        for (let index = 0; index < 3; index++) {
          const response = await t
            .http()
            .post(path)
            .set('Authorization', admin.auth)
            .send({ ...body, ...(path.includes('venues') ? { address: `Street ${index}` } : {}) });
          expect(response.status).toBe(201);
          slugs.push(response.body.slug);
        }
        expect(new Set(slugs).size).toBe(3);
        for (const slug of slugs) expect(slug.length).toBeLessThanOrEqual(200);
      }
    });

    it('trash a post whose slug has 200 characters', async () => {
      const post = await t
        .http()
        .post('/wp-json/core/v2/posts')
        .set('Authorization', admin.auth)
        .send({ title: `${'x'.repeat(199)}y z`, status: 'publish' });
      expect(post.status).toBe(201);
      const trashed = await t
        .http()
        .delete(`/wp-json/core/v2/posts/${post.body.id}`)
        .set('Authorization', admin.auth);
      expect(trashed.status).toBe(200);
      expect(trashed.body.slug.length).toBeLessThanOrEqual(200);
    });
  });

  describe('numeric extremes', () => {
    it.each([
      ['/wp-json/core/v2/posts?page=1e20', 'page'],
      ['/wp-json/core/v2/pages?page=100000000000000000000', 'page'],
      ['/wp-json/cal/events/v1/events?page=1e20', 'page'],
      ['/wp-json/cal/events/v1/venues?per_page=1e20', 'per_page'],
      ['/wp-json/core/v2/users?per_page=-1', 'per_page'],
      ['/wp-json/core/v2/users/me/application-passwords?user_id=Infinity', 'user_id'],
    ])('%s → 400 rest_invalid_param', async (url, param) => {
      const response = await t.http().get(url).set('Authorization', admin.auth);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
      expect(Object.keys(response.body.data.params)).toEqual([param]);
    });
  });

  describe('strings longer than their column', () => {
    it('answer 400 naming the field, and nothing is stored', async () => {
      const response = await t
        .http()
        .post('/wp-json/core/v2/users/me')
        .set('Authorization', editor.auth)
        .send({ first_name: 'n'.repeat(300) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): first_name',
        data: {
          status: 400,
          params: { first_name: 'first_name must be at most 100 characters long.' },
          details: [],
        },
      });
      const me = await t
        .http()
        .get('/wp-json/core/v2/users/me?context=edit')
        .set('Authorization', editor.auth);
      expect(me.body.first_name).toBe('');
    });

    it('count characters, not bytes or UTF-16 units (100 emoji fit)', async () => {
      const response = await t
        .http()
        .post('/wp-json/core/v2/users/me')
        .set('Authorization', editor.auth)
        .send({ first_name: '😀'.repeat(100) });
      expect(response.status).toBe(200);
      const me = await t
        .http()
        .get('/wp-json/core/v2/users/me?context=edit')
        .set('Authorization', editor.auth);
      expect(me.body.first_name).toBe('😀'.repeat(100));
    });

    it('refuse a venue phone over its column', async () => {
      const response = await t
        .http()
        .post('/wp-json/cal/events/v1/venues')
        .set('Authorization', admin.auth)
        .send({ venue: 'Phone venue', phone: '1'.repeat(400) });
      expect(response.status).toBe(400);
      expect(response.body.code).toMatch(/^rest_invalid_param$|^create-venue/);
    });
  });

  describe('event dates', () => {
    it.each(['10000-01-01 10:00:00', '300000000000', '-0001-06-01 10:00:00'])(
      'start_date %s (outside years 0–9999) → 400',
      async (start) => {
        const response = await t
          .http()
          .post('/wp-json/cal/events/v1/events')
          .set('Authorization', admin.auth)
          .send({
            title: 'Far away',
            start_date: start,
            end_date: '2031-01-01 10:00:00',
          });
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('rest_invalid_param');
        expect(response.body.data.params).toHaveProperty('start_date');
      },
    );
  });

  describe('venues and organizers of others', () => {
    it('are not listed to contributors when draft or private; their own are', async () => {
      for (const [path, field] of [
        ['venues', 'venue'],
        ['organizers', 'organizer'],
      ] as const) {
        const mine = await t
          .http()
          .post(`/wp-json/cal/events/v1/${path}`)
          .set('Authorization', contributor.auth)
          .send({ [field]: `Mine ${path}`, status: 'draft' });
        expect(mine.status).toBe(201);
        const theirs = await t
          .http()
          .post(`/wp-json/cal/events/v1/${path}`)
          .set('Authorization', otherContributor.auth)
          .send({ [field]: `Theirs ${path}`, status: 'draft' });
        expect(theirs.status).toBe(201);
        const privateOne = await t
          .http()
          .post(`/wp-json/cal/events/v1/${path}`)
          .set('Authorization', editor.auth)
          .send({ [field]: `Private ${path}`, status: 'private' });
        expect(privateOne.status).toBe(201);

        const listed = await t
          .http()
          .get(`/wp-json/cal/events/v1/${path}?per_page=50`)
          .set('Authorization', contributor.auth);
        expect(listed.status).toBe(200);
        const ids = (listed.body[path] as Array<{ id: number }>).map((item) => item.id);
        expect(ids).toContain(mine.body.id);
        expect(ids).not.toContain(theirs.body.id);
        expect(ids).not.toContain(privateOne.body.id);

        const byEditor = await t
          .http()
          .get(`/wp-json/cal/events/v1/${path}?per_page=50`)
          .set('Authorization', editor.auth);
        const editorIds = (byEditor.body[path] as Array<{ id: number }>).map((item) => item.id);
        expect(editorIds).toEqual(expect.arrayContaining([mine.body.id, theirs.body.id, privateOne.body.id]));
      }
    });
  });

  describe('event author', () => {
    const event = { title: 'Authored', start_date: '2031-02-01 10:00:00', end_date: '2031-02-01 11:00:00' };

    it('a contributor may not create or move an event to another user (403 rest_cannot_edit_others)', async () => {
      const created = await t
        .http()
        .post('/wp-json/cal/events/v1/events')
        .set('Authorization', contributor.auth)
        .send({ ...event, author: editor.id });
      expect(created.status).toBe(403);
      expect(created.body).toEqual({
        code: 'rest_cannot_edit_others',
        message: 'Sorry, you are not allowed to create posts as this user.',
        data: { status: 403 },
      });
      const own = await t
        .http()
        .post('/wp-json/cal/events/v1/events')
        .set('Authorization', contributor.auth)
        .send({ ...event, author: contributor.id });
      expect(own.status).toBe(201);
      const moved = await t
        .http()
        .post(`/wp-json/cal/events/v1/events/${own.body.id}`)
        .set('Authorization', contributor.auth)
        .send({ author: editor.id });
      expect(moved.status).toBe(403);
      expect(moved.body.message).toBe('Sorry, you are not allowed to update posts as this user.');
      const stored = await t.app
        .get(DataSource)
        .query('SELECT author_id FROM cal_events WHERE id = ?', [own.body.id]);
      expect(Number(stored[0].author_id)).toBe(contributor.id);
    });

    it('an editor may', async () => {
      const response = await t
        .http()
        .post('/wp-json/cal/events/v1/events')
        .set('Authorization', editor.auth)
        .send({ ...event, author: contributor.id });
      expect(response.status).toBe(201);
      expect(String(response.body.author)).toBe(String(contributor.id));
    });
  });

  describe('transport-level errors', () => {
    let port: number;

    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      port = (t.app.getHttpServer().address() as AddressInfo).port;
    });

    const raw = (request: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let answer = '';
        socket.setTimeout(5000, () => socket.destroy(new Error('timeout')));
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('end', () => resolve(answer));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
        socket.write(request);
      });

    const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

    it('a URL over 16 KB under the REST prefix: WordPress-shaped 414', async () => {
      const answer = await raw(
        `GET /wp-json/core/v2/posts?search=${'a'.repeat(17000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 414 /);
      expect(JSON.parse(bodyOf(answer))).toEqual({
        code: 'rest_uri_too_long',
        message: 'The requested URL is too long.',
        data: { status: 414 },
      });
    });

    it('a method Node does not know, under the REST prefix: rest_no_route', async () => {
      const answer = await raw('FROBNICATE /wp-json/core/v2/posts HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 404 /);
      expect(JSON.parse(bodyOf(answer)).code).toBe('rest_no_route');
    });

    it('an unknown method elsewhere: a plain page', async () => {
      const answer = await raw('FROBNICATE /about HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 404 /);
      expect(answer).toMatch(/Content-Type: text\/html/);
    });

    it('PROPFIND under the prefix is a WordPress 404, elsewhere a 404 page', async () => {
      const rest = await t.http().propfind('/wp-json/core/v2/posts');
      expect(rest.status).toBe(404);
      expect(rest.body.code).toBe('rest_no_route');
      const site = await t.http().get('/no-such-page');
      expect(site.status).toBe(404);
      expect(site.headers['content-type']).toMatch(/^text\/html/);
      expect(site.text).not.toContain('Cannot GET');
    });
  });
});
