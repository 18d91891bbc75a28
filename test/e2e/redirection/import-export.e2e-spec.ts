import { golden, NS, RedirectionTest, setup } from './helpers';

const DATE_LINE = /^# [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/m;

const LAST_ACCESS_DATE = /"last_access": "([A-Z][a-z]+ \d{1,2}, \d{4})"/g;

function withoutDate(text: string): string {
  return text.replace(DATE_LINE, '# DATE').replace(/"date": "[^"]+"/, '"date": "DATE"');
}

/** The UTC calendar days (WordPress's `F j, Y`) from `since` until now: the hits' `last_access` lies among them. */
function daysSince(since: Date): Set<string> {
  const days = new Set<string>();
  const format = (time: Date) =>
    time.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
  for (let time = since.getTime(); time <= Date.now() + 86_400_000; time += 86_400_000)
    days.add(format(new Date(time)));
  days.add(format(new Date()));
  return days;
}

/**
 * The recorded export's `last_access` is the day the real site was hit (2026-11-24); ours is the day this suite's
 * hits ran. Each is checked to be such a day and then masked, so the comparison holds on any date and in any zone.
 */
function withoutHitDays(text: string, hitDays: Set<string> | null): string {
  return text.replace(LAST_ACCESS_DATE, (_, day: string) => {
    if (hitDays && !hitDays.has(day)) throw new Error(`last_access ${day} is not a day of this suite's hits`);
    return '"last_access": "HIT_DAY"';
  });
}

describe('redirection/v1 import and export', () => {
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
  const upload = (
    groupId: string | number,
    filename: string,
    content: string,
    auth: string | null = r.admin.auth,
  ) => {
    const req = r.t
      .http()
      .post(`${NS}/import/file/${groupId}`)
      .attach('file', Buffer.from(content), filename);
    return auth ? req.set('Authorization', auth) : req;
  };

  let hitsStarted: Date;

  beforeAll(async () => {
    r = await setup({ BASE_URL: 'http://127.0.0.1:8081' });
    // The recorded site's state at export time: the creates, the update, a group with one redirect,
    // the multi redirects disabled and the bad-code one deleted.
    for (const name of [
      'redirect-create',
      'redirect-create-regex',
      'redirect-create-410',
      'redirect-create-pass',
      'redirect-create-login',
      'redirect-create-multi',
      'redirect-create-disabled',
      'redirect-create-query-pass',
      'redirect-create-external-source',
      'redirect-create-bad-code',
    ]) {
      expect((await post('/redirect', golden(name).request.body)).status).toBe(200);
    }
    await post('/redirect/1', golden('redirect-update').request.body);
    await post('/group', { name: 'Peer group (renamed)', moduleId: 1 });
    await post('/redirect', {
      url: '/in-peer-group',
      match_type: 'url',
      action_type: 'url',
      action_data: { url: '/' },
      group_id: 3,
    });
    await post('/bulk/redirect/disable', { global: true, filterBy: { url: 'multi' } });
    await post('/bulk/redirect/delete', { items: [11] });
    // hits as recorded
    hitsStarted = new Date();
    for (const path of [
      '/blog/a',
      '/blog/b',
      '/pass-through',
      '/pass-through',
      '/members',
      '/query-pass?keep=1',
    ]) {
      await r.t.http().get(path);
    }
    await get('/log');
  });
  afterAll(() => r.t.close());

  it.each([['export-1-csv'], ['export-1-apache'], ['export-1-nginx'], ['export-1-json']])(
    '%s: the recorded file',
    async (name) => {
      const recorded = golden(name);
      const res = await get(recorded.request.path.replace(NS, ''));
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(recorded.body.total);
      const expected = withoutHitDays(withoutDate(recorded.body.data), null)
        .replace(/"id": 378/, '"id": 12')
        .replace(/"id": 227/, '"id": 3')
        .replace(/"group_id": 227/, '"group_id": 3');
      expect(withoutHitDays(withoutDate(res.body.data), daysSince(hitsStarted))).toBe(
        expected.replace(/"id": 3(\d\d)/g, (_, n: string) => `"id": ${Number(`3${n}`) - 366}`),
      );
    },
  );

  it('export all includes disabled redirects; an empty Apache module is a blank file', async () => {
    const all = await get('/export/all/csv');
    expect(all.body.total).toBe(11);
    expect(all.body.data).toContain('"/multi-a","/peer-post-04/",0,307,"url",0,"","disabled"');
    expect((await get('/export/2/apache')).body).toEqual(golden('export-2-apache').body);
  });

  it('unknown module or format: no route', async () => {
    for (const name of ['export-bad-module', 'export-bad-format']) {
      const recorded = golden(name);
      const res = await get(recorded.request.path.replace(NS, ''));
      expect(res.status).toBe(404);
      expect(res.body).toEqual(recorded.body);
    }
  });

  it('imports CSV (header and no-op rows skipped, error codes) into the group', async () => {
    const recorded = golden('import-file-csv');
    const part = recorded.request.multipart![0];
    const res = await upload(1, part.filename, part.content);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 3 });
    const list = await get('/redirect?filterBy[url]=csv');
    const expected = golden('redirect-list-after-import').body.items.map((item: Record<string, unknown>) => [
      item.url,
      item.action_type,
      item.action_code,
      item.action_data,
      item.enabled,
    ]);
    expect(
      list.body.items.map((item: Record<string, unknown>) => [
        item.url,
        item.action_type,
        item.action_code,
        item.action_data,
        item.enabled,
      ]),
    ).toEqual(expected);
  });

  it('imports CSV with ; delimiters, regex detection and unknown codes', async () => {
    const res = await upload(3, 'semi.txt', '/semi-(.*);/s/$1\n/semi-plain;/t;0;999\n');
    expect(res.body).toEqual({ imported: 2 });
    const list = await get('/redirect?filterBy[url]=semi&direction=asc');
    expect(
      list.body.items.map((item: Record<string, unknown>) => [item.url, item.regex, item.action_code]),
    ).toEqual([
      ['/semi-(.*)', true, 301],
      ['/semi-plain', false, 301],
    ]);
  });

  it('imports Apache rules', async () => {
    const recorded = golden('import-file-apache');
    const part = recorded.request.multipart![0];
    const res = await upload(3, part.filename, part.content);
    expect(res.body).toEqual({ imported: 3 });
    const list = await get('/redirect?filterBy[url]=apache');
    const pick = (item: Record<string, unknown>) => [
      item.url,
      item.action_type,
      item.action_code,
      item.action_data,
      item.regex,
    ];
    expect(list.body.items.map(pick)).toEqual(
      golden('redirect-list-after-import-apache')
        .body.items.filter((item: { url: string }) => item.url.includes('apache'))
        .map(pick),
    );
    const more = await upload(
      3,
      'more.conf',
      'Redirect permanent /thing /newthing\nRedirect gone /old-gone\nRedirect /temp /elsewhere\n',
    );
    expect(more.body).toEqual({ imported: 3 });
    const things = await get('/redirect?filterBy[group]=3&per_page=5');
    expect(things.body.items.slice(0, 3).map(pick)).toEqual([
      ['/temp', 'url', 302, { url: '/elsewhere' }, false],
      ['/old-gone', 'error', 410, null, false],
      ['/thing', 'url', 301, { url: '/newthing' }, false],
    ]);
  });

  it('round-trips JSON: groups recreated, redirects with their flags, hits and state', async () => {
    const exported = await get('/export/all/json');
    const before = JSON.parse(exported.body.data);
    const groupsBefore = (await get('/group')).body.total;
    const res = await upload(0, 'backup.json', exported.body.data);
    expect(res.body).toEqual({ imported: before.redirects.length });
    expect((await get('/group')).body.total).toBe(groupsBefore + before.groups.length);
    const after = JSON.parse((await get('/export/all/json')).body.data);
    const strip = (item: Record<string, unknown>) => ({ ...item, id: 0, group_id: 0, position: 0 });
    const lastId = Math.max(...before.redirects.map((item: { id: number }) => item.id));
    const copies = after.redirects.filter((item: { id: number }) => item.id > lastId);
    expect(
      copies.map(strip).sort((a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url)),
    ).toEqual(
      before.redirects
        .map(strip)
        .sort((a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url)),
    );
  });

  it('round-trips CSV and Apache files', async () => {
    await post('/group', { name: 'CSV copy', moduleId: 1 });
    await post('/group', { name: 'Apache copy', moduleId: 1 });
    const groups = (await get('/group?filterBy[name]=copy&orderby=id&direction=asc')).body.items;
    const csv = await get('/export/1/csv');
    const imported = await upload(groups[0].id, 'copy.csv', csv.body.data);
    expect(imported.body.imported).toBeGreaterThan(0);
    const copy = await get(`/redirect?filterBy[group]=${groups[0].id}&per_page=200`);
    const sources = new Set(copy.body.items.map((item: { url: string }) => item.url));
    for (const line of csv.body.data.trim().split('\n').slice(1)) {
      const source = JSON.parse(line.split(',')[0]);
      expect(sources.has(source)).toBe(true);
    }
    const htaccess = `RewriteEngine On\n${(await get('/export/1/apache')).body.data}`;
    const apache = await upload(groups[1].id, '.htaccess', htaccess);
    expect(apache.body.imported).toBeGreaterThan(0);
    const rules = await get(`/redirect?filterBy[group]=${groups[1].id}&per_page=200`);
    expect(rules.body.items.map((item: { url: string }) => item.url)).toContain('/old-page');
  });

  it('import errors: no file, unknown group', async () => {
    const none = await post('/import/file/1', {});
    expect(none.status).toBe(400);
    expect(none.body).toEqual(golden('import-file-no-file').body);
    const badGroup = await upload(999, 'x.csv', '/a,/b\n');
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.code).toBe('redirect_import_invalid_group');
    const word = await upload('cats', 'x.csv', '/a,/b\n');
    expect(word.status).toBe(400);
    expect(word.body.code).toBe('redirect_import_invalid_group');
  });

  it('plugin importers: none available', async () => {
    expect((await get('/import/plugin')).body).toEqual(golden('import-plugin-list').body);
    expect((await post('/import/plugin', { plugin: 'nope' })).body).toEqual(golden('import-plugin').body);
  });

  it('permissions: administrators only', async () => {
    for (const auth of [null, r.editor.auth, r.subscriber.auth]) {
      const status = auth ? 403 : 401;
      expect((await get('/export/1/csv', auth)).status).toBe(status);
      expect((await upload(1, 'x.csv', '/perm-a,/b\n', auth)).status).toBe(status);
      expect((await get('/import/plugin', auth)).status).toBe(status);
      expect((await post('/import/plugin', { plugin: 'x' }, auth)).status).toBe(status);
    }
    expect((await get('/redirect?filterBy[url]=perm-a')).body.total).toBe(0);
  });
});
