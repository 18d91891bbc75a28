import { DataSource } from 'typeorm';
import { golden, NS, RedirectionTest, setup } from './helpers';

describe('redirection/v1 plugin routes and the URL monitor', () => {
  let r: RedirectionTest;
  const get = (path: string, auth: string | null = r.admin.auth) => {
    const req = r.t.http().get(`${NS}${path}`);
    return auth ? req.set('Authorization', auth) : req;
  };
  const post = (path: string, body: unknown, auth: string | null = r.admin.auth) => {
    const req = r.t
      .http()
      .post(`${NS}${path}`)
      .send(body as object);
    return auth ? req.set('Authorization', auth) : req;
  };
  const core = (method: 'post' | 'delete', path: string, body?: object) =>
    r.t
      .http()
      [method](`/wp-json/core/v2${path}`)
      .set('Authorization', r.admin.auth)
      .send(body ?? {});

  beforeAll(async () => {
    r = await setup({ BASE_URL: 'http://127.0.0.1:8081' });
  });
  afterAll(() => r.t.close());

  describe('plugin', () => {
    it('status: checks and debug', async () => {
      const res = await get('/plugin');
      expect(res.status).toBe(200);
      const recorded = golden('plugin-status').body;
      expect(res.body.status).toEqual(recorded.status);
      expect(res.body.debug.database).toEqual(recorded.debug.database);
      expect(Object.keys(res.body.debug.ip_header)).toEqual(Object.keys(recorded.debug.ip_header));
    });

    it('fix it: repairs orphaned redirects and an invalid monitor group', async () => {
      await post('/redirect', { url: '/orphan', match_type: 'url', action_type: 'url', group_id: 2 });
      await post('/setting', { monitor_types: ['post'], monitor_post: 2 });
      await post('/bulk/group/delete', { items: [2] }); // deletes its redirects too
      await post('/group', { name: 'Temp', moduleId: 1 });
      await post('/redirect', { url: '/orphan-2', match_type: 'url', action_type: 'url', group_id: 3 });
      await r.t.app.get(DataSource).query('DELETE FROM redirection_groups WHERE id = 3');
      let res = await get('/plugin');
      expect(res.body.status.map((item: { status: string }) => item.status)).toEqual([
        'good',
        'good',
        'problem',
        'problem',
        'good',
      ]);
      res = await post('/plugin', {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...golden('plugin-fixit').body, debug: res.body.debug });
      expect((await get('/redirect?filterBy[url]=orphan-2')).body.items[0].group_id).toBe(1);
      expect((await get('/setting')).body.settings.monitor_post).toBe(0);
    });

    it('test answers success on every method', async () => {
      for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
        const res = await r.t.http()[method](`${NS}/plugin/test`).set('Authorization', r.admin.auth);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true });
      }
      const anon = await r.t.http().get(`${NS}/plugin/test`);
      expect(anon.status).toBe(401);
      expect(anon.body).toEqual(golden('plugin-test-noauth').body);
    });

    it('data: nothing to upgrade; bad upgrade values rejected', async () => {
      const res = await post('/plugin/data', { upgrade: 'stop' });
      expect(res.status).toBe(200);
      const recorded = golden('plugin-data-stop').body;
      expect({ ...res.body, time: 0, debug: [] }).toEqual({ ...recorded, time: 0, debug: [] });
      expect(res.body.debug).toContain('CREATE TABLE `redirection_items` (');
      const bad = await post('/plugin/data', { upgrade: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual(golden('plugin-data-bad-upgrade').body);
    });

    it('permissions', async () => {
      for (const auth of [null, r.editor.auth, r.subscriber.auth]) {
        const status = auth ? 403 : 401;
        expect((await get('/plugin', auth)).status).toBe(status);
        expect((await post('/plugin', {}, auth)).status).toBe(status);
        expect((await post('/plugin/delete', {}, auth)).body).toEqual(
          golden(auth ? 'plugin-delete-editor' : 'plugin-delete-noauth').body,
        );
        expect((await post('/plugin/data', {}, auth)).status).toBe(status);
      }
      expect((await get('/redirect')).body.total).toBeGreaterThan(0);
    });

    it('delete: uninstalls (everything emptied, a fresh install after)', async () => {
      const res = await post('/plugin/delete', {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ location: 'http://127.0.0.1:8081/wp-admin/plugins.php' });
      expect((await get('/redirect')).body).toEqual({ items: [], total: 0 });
      expect((await get('/group')).body.items.map((g: { name: string }) => g.name)).toEqual([
        'Redirections',
        'Modified Posts',
      ]);
      expect((await get('/setting')).body.settings.monitor_types).toEqual([]);
    });
  });

  describe('URL monitor', () => {
    it('does nothing while monitoring is off', async () => {
      const page = await core('post', '/pages', { title: 'Off', slug: 'off-page', status: 'publish' });
      await core('post', `/pages/${page.body.id}`, { slug: 'off-page-renamed' });
      expect((await get('/redirect')).body.total).toBe(0);
    });

    it('a published page renamed: 301 from the old URL in the monitor group, plus the associated one', async () => {
      const group = (await get('/group?filterBy[name]=Modified')).body.items[0].id;
      await post('/setting', {
        monitor_types: ['post', 'page', 'trash'],
        monitor_post: group,
        associated_redirect: '/amp/',
      });
      const main = (await get('/group?filterBy[name]=Redirections')).body.items[0].id;
      const page = await core('post', '/pages', { title: 'About', slug: 'about', status: 'publish' });
      const stale = await post('/redirect', {
        url: '/about-us',
        match_type: 'url',
        action_type: 'url',
        action_data: { url: '/elsewhere' },
        group_id: main,
      });
      expect(stale.status).toBe(200);
      const renamed = await core('post', `/pages/${page.body.id}`, { slug: 'about-us' });
      expect(renamed.status).toBe(200);
      const list = await get(`/redirect?filterBy[group]=${group}`);
      expect(
        list.body.items.map((item: { url: string; action_data: unknown }) => [item.url, item.action_data]),
      ).toEqual([
        ['/about/amp/', { url: '/about-us/amp/' }],
        ['/about/', { url: '/about-us/' }],
      ]);
      expect((await r.t.http().get('/about/')).headers.location).toBe('/about-us/');
      // The redirect that caught the new URL is switched off.
      expect(
        (await get('/redirect?filterBy[url]=about-us')).body.items.find(
          (i: { url: string }) => i.url === '/about-us',
        ).enabled,
      ).toBe(false);
      // A title-only edit changes no URL.
      await core('post', `/pages/${page.body.id}`, { title: 'About us' });
      expect((await get(`/redirect?filterBy[group]=${group}`)).body.total).toBe(2);
    });

    it('drafts are not monitored; trashing a published post adds a disabled 301 to /', async () => {
      const group = (await get('/group?filterBy[name]=Modified')).body.items[0].id;
      const draft = await core('post', '/pages', { title: 'Draft', slug: 'draft-page', status: 'draft' });
      await core('post', `/pages/${draft.body.id}`, { slug: 'draft-renamed' });
      const post1 = await core('post', '/posts', { title: 'Trash me', slug: 'trash-me', status: 'publish' });
      const path = new URL(post1.body.link).pathname;
      const trashed = await core('delete', `/posts/${post1.body.id}`);
      expect(trashed.status).toBe(200);
      const list = await get(`/redirect?filterBy[group]=${group}`);
      expect(list.body.total).toBe(3);
      expect(list.body.items[0]).toMatchObject({
        url: path,
        action_data: { url: '/' },
        enabled: false,
        action_code: 301,
      });
    });
  });
});
