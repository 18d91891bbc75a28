import { mkdtempSync, rmSync, unlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsersService } from '../../../src/platform/auth';
import { CommentEntity } from '../../../src/modules/core/comments';
import { MediaEntity } from '../../../src/modules/core/media';
import { ScanService } from '../../../src/modules/security';
import { ContentCheck } from '../../../src/modules/security/scan/checks/content.check';
import { writeBuildManifest } from '../../../src/modules/security/scan/checks/build-manifest';
import { TestUser } from '../../helpers/test-app';
import { FakeConsole, SECURITY } from './console-helpers';

const EVIL_SCRIPT = '<script src="https://evil.example/x.js"></script>';

describe('security/v1 scan, scan/issues, scan/issue', () => {
  const fake = new FakeConsole();
  const build = mkdtempSync(join(tmpdir(), 'security-build-'));
  let token: string;
  let admin: TestUser;
  const ids: Record<string, number> = {};

  const auth = <T extends { set: (name: string, value: string) => T }>(req: T) =>
    req.set('Authorization', `Bearer ${token}`);
  const issues = async (query = '') =>
    (await auth(fake.t.http().get(`${SECURITY}/scan/issues${query}`))).body;
  const scan = async () => {
    const res = await auth(fake.t.http().post(`${SECURITY}/scan`));
    await fake.t.app.get(ScanService).idle();
    return res;
  };
  const setIssue = (issue: unknown) => auth(fake.t.http().post(`${SECURITY}/scan/issue`)).send({ issue });
  const byType = (list: any[], type: string) => list.filter((issue) => issue.type === type);

  beforeAll(async () => {
    mkdirSync(join(build, 'src', 'lib'), { recursive: true });
    writeFileSync(join(build, 'src', 'main.js'), 'console.log("main");\n');
    writeFileSync(join(build, 'src', 'lib', 'a.js'), 'module.exports = 1;\n');
    writeFileSync(join(build, 'src', 'lib', 'b.js'), 'module.exports = 2;\n');
    writeBuildManifest(join(build, 'build-manifest.json'), join(build, 'src'));
    await fake.boot({ SECURITY_BUILD_MANIFEST: join(build, 'build-manifest.json') });
    await fake.allowLocalhost();
    await fake.connect();
    token = await fake.token();
    admin = await fake.t.user('administrator', 'scan-admin');
    const create = async (path: string, body: object) => {
      const res = await fake.t.http().post(`/wp-json/${path}`).set('Authorization', admin.auth).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as number;
    };
    ids.post = await create('core/v2/posts', {
      title: 'Injected',
      status: 'publish',
      content: `<p>Hello</p>${EVIL_SCRIPT}<p>World</p>`,
    });
    ids.clean = await create('core/v2/posts', {
      title: 'Clean',
      status: 'publish',
      content: '<p>Nothing <a href="/x">odd</a></p><iframe src="https://www.youtube.com/embed/1"></iframe>',
    });
    ids.page = await create('core/v2/pages', {
      title: 'Hidden',
      status: 'publish',
      content: '<p>Intro</p><div style="display:none"><a href="https://spam.example/">cheap</a></div>',
    });
    ids.event = await create('cal/events/v1/events', {
      title: 'Obfuscated',
      start_date: '2030-01-01 10:00:00',
      end_date: '2030-01-01 11:00:00',
      description: '<p>Join</p><script>eval(atob("YWxlcnQoMSk="))</script>',
    });
    ids.venue = await create('cal/events/v1/venues', {
      venue: 'Framed',
      description: '<iframe src="http://bad.example/ad"></iframe>',
    });
    ids.organizer = await create('cal/events/v1/organizers', {
      organizer: 'Spammer',
      description: '<a href="https://pills.example/">buy viagra now</a>',
    });
    const weak = await fake.t.app.get(UsersService).create({
      username: 'weakadmin',
      email: 'weak@example.test',
      password: 'password',
      role: 'administrator',
    });
    ids.weak = weak.id;
    const comments = fake.dataSource().getRepository(CommentEntity);
    const comment = (content: string, status: string) =>
      comments.save({
        postId: ids.clean,
        authorName: 'Visitor',
        content,
        status,
        date: '2026-11-01 10:00:00',
        dateGmt: '2026-11-01 09:00:00',
      });
    ids.comment = (await comment('Great post! <a href="https://pills.example/">cheap cialis</a>', '1')).id;
    await comment('Nice <a href="/about">about page</a>', '1');
    await comment('<script src="https://evil.example/x.js"></script>', 'spam');
    const media = await fake.dataSource().getRepository(MediaEntity).save({
      url: 'http://example.test/wp-content/uploads/2026/11/shell.php.jpg',
      mimeType: 'image/jpeg',
      date: '2026-11-01 10:00:00',
      dateGmt: '2026-11-01 09:00:00',
    });
    ids.media = media.id;
    await fake
      .dataSource()
      .query("UPDATE application_passwords SET last_used_at = '2020-01-01 00:00:00' WHERE user_id = ?", [
        admin.id,
      ]);
    await auth(fake.t.http().post(`${SECURITY}/config`)).send({ fields: { loginSecurityEnabled: false } });
    // The build changes after the manifest: one file edited, one removed, one added.
    writeFileSync(join(build, 'src', 'main.js'), 'console.log("patched");\n');
    unlinkSync(join(build, 'src', 'lib', 'b.js'));
    writeFileSync(join(build, 'src', 'lib', 'backdoor.js'), 'require("child_process");\n');
  });
  afterAll(async () => {
    await fake.t.close();
    rmSync(build, { recursive: true, force: true });
  });

  it('before any scan: no issues and no last-scan time', async () => {
    expect(await issues()).toEqual({ count: 0, 'last-scan-time': false, issues: { new: [], ignored: [] } });
    expect(await issues('?group=pending')).toEqual({ count: 0, 'last-scan-time': false, issues: [] });
  });

  it('a scan finds the seeded problems of every kind', async () => {
    const res = await scan();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const body = await issues();
    const list = body.issues.new as any[];
    expect(body.count).toBe(list.length);
    expect(body['last-scan-time']).toEqual(expect.any(Number));
    expect(body.issues.ignored).toEqual([]);

    const content = byType(list, 'postMalware');
    const flagged = Object.fromEntries(
      content.map((issue) => [`${issue.data.objectType}:${issue.data.objectId}`, issue]),
    );
    expect(Object.keys(flagged).sort()).toEqual(
      [
        `post:${ids.post}`,
        `page:${ids.page}`,
        `event:${ids.event}`,
        `venue:${ids.venue}`,
        `organizer:${ids.organizer}`,
      ].sort(),
    );
    expect(flagged[`post:${ids.post}`]).toMatchObject({
      severity: 100,
      status: 'new',
      data: { canRepair: true, fields: ['content'] },
    });
    expect(flagged[`post:${ids.post}`].data.findings.map((f: any) => f.rule)).toEqual(['foreign-script']);
    expect(flagged[`page:${ids.page}`].data.findings.map((f: any) => f.rule)).toEqual(['hidden-link']);
    expect(flagged[`event:${ids.event}`].data.findings.map((f: any) => f.rule).sort()).toEqual([
      'inline-script',
      'obfuscated-eval-atob',
    ]);
    expect(flagged[`venue:${ids.venue}`].data.findings.map((f: any) => f.rule)).toEqual(['foreign-iframe']);
    expect(flagged[`organizer:${ids.organizer}`].data.findings.map((f: any) => f.rule)).toEqual([
      'spam-pharma',
    ]);

    const comments = byType(list, 'commentMalware');
    expect(comments.map((i) => [i.data.objectType, i.data.objectId, i.data.findings[0].rule])).toEqual([
      ['comment', ids.comment, 'spam-pharma'],
    ]);
    expect(comments[0].shortMsg).toBe(
      `The comment “by Visitor on post #${ids.clean}” contains suspicious markup (spam-pharma).`,
    );
    expect(byType(list, 'easyPassword').map((i) => i.data.userId)).toEqual([ids.weak]);
    expect(byType(list, 'appPasswordStale').map((i) => i.data.userId)).toEqual([admin.id]);
    expect(byType(list, 'mediaExecutable').map((i) => i.data.mediaId)).toEqual([ids.media]);
    expect(
      byType(list, 'configInsecure')
        .map((i) => i.data.setting)
        .sort(),
    ).toEqual(['BASE_URL', 'loginSecurityEnabled']);
    expect(Object.fromEntries(byType(list, 'file').map((i) => [i.data.file, i.data.problem]))).toEqual({
      'main.js': 'changed',
      'lib/b.js': 'missing',
      'lib/backdoor.js': 'unknown',
    });
    expect(byType(list, 'suspiciousAdminUsers')).toEqual([]);

    // Wire shape of one issue (Wordfence's wfIssues row), most severe first.
    const first = list[0];
    expect(Object.keys(first)).toEqual([
      'id',
      'time',
      'lastUpdated',
      'status',
      'type',
      'severity',
      'ignoreP',
      'ignoreC',
      'shortMsg',
      'longMsg',
      'data',
      'sortTag',
      'timeAgo',
      'displayTime',
      'issueIDX',
    ]);
    expect(first.severity).toBe(100);
    expect(first.ignoreP).toMatch(/^[0-9a-f]{32}$/);
    expect(first.issueIDX).toBe(0);
    expect(first.timeAgo).toMatch(/^\d+ (sec|min)s?$/);
    expect(first.displayTime).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d\d (am|pm)$/);
    const severities = list.map((i) => i.severity);
    expect([...severities].sort((a, b) => b - a)).toEqual(severities);
    expect(list.every((i) => [0, 25, 50, 75, 100].includes(i.severity))).toBe(true);

    const { info } = (await auth(fake.t.http().get(`${SECURITY}/config`))).body;
    expect(info.scan).toMatchObject({ status: 'complete', progress: 100 });
    expect((await auth(fake.t.http().get(`${SECURITY}/config?fields=scanTime`))).body.config.scanTime).toBe(
      body['last-scan-time'],
    );
  });

  it('offset and limit page both lists; limit 0 means 100', async () => {
    const all = (await issues()).issues.new as any[];
    const page = await issues('?offset=2&limit=3');
    expect(page.count).toBe(all.length);
    expect(page.issues.new.map((i: any) => i.id)).toEqual(all.slice(2, 5).map((i) => i.id));
    expect(page.issues.new[0].issueIDX).toBe(2);
    expect((await issues('?limit=0')).issues.new).toHaveLength(all.length);
    // absint(): a negative offset counts as positive, as in WordPress.
    expect((await issues('?offset=-1')).issues.new).toHaveLength(all.length - 1);
  });

  it('scan/issue: ignore, un-ignore, delete; unknown issues and bad statuses', async () => {
    const list = (await issues()).issues.new as any[];
    const https = list.find((i) => i.data.setting === 'BASE_URL');
    expect((await setIssue({ id: https.id, status: 'ignoreP' })).body).toEqual({ success: true });
    let body = await issues();
    expect(body.issues.ignored.map((i: any) => i.id)).toEqual([https.id]);
    expect(body.count).toBe(list.length - 1);
    expect((await setIssue({ id: https.id, status: 'new' })).body).toEqual({ success: true });
    expect((await issues()).issues.ignored).toEqual([]);
    expect((await setIssue({ id: 999999, status: 'ignoreP' })).body).toEqual({
      success: false,
      error: 'Issue not found.',
    });
    expect((await setIssue({ status: 'ignoreP' })).body).toEqual({
      success: false,
      error: 'Issue not found.',
    });
    expect((await auth(fake.t.http().put(`${SECURITY}/scan/issue`)).send({})).body).toEqual({
      success: false,
      error: 'Issue not found.',
    });
    const bad = await setIssue({ id: https.id, status: 'fixed' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    const media = list.find((i) => i.type === 'mediaExecutable');
    expect((await setIssue({ id: media.id, status: 'repair' })).body).toEqual({
      success: false,
      error: 'This issue cannot be repaired.',
    });
    expect(
      (
        await auth(fake.t.http().patch(`${SECURITY}/scan/issue`)).send({
          issue: { id: media.id, status: 'delete' },
        })
      ).body,
    ).toEqual({ success: true });
    body = await issues();
    expect(body.issues.new.find((i: any) => i.id === media.id)).toBeUndefined();
  });

  it('repair strips the markup from a post (keeping a revision) and revokes a stale application password', async () => {
    const list = (await issues()).issues.new as any[];
    const post = list.find((i) => i.type === 'postMalware' && i.data.objectId === ids.post);
    expect((await setIssue({ id: post.id, status: 'repair' })).body).toEqual({ success: true });
    const [row] = await fake.dataSource().query('SELECT content FROM posts WHERE id = ?', [ids.post]);
    expect(row.content).toBe('<p>Hello</p><p>World</p>');
    const revisions = await fake
      .dataSource()
      .query("SELECT content FROM posts WHERE type = 'revision' AND parent_id = ? ORDER BY id", [ids.post]);
    expect(revisions.map((r: any) => r.content)).toContain(`<p>Hello</p>${EVIL_SCRIPT}<p>World</p>`);
    expect(revisions[revisions.length - 1].content).toBe('<p>Hello</p><p>World</p>');
    const rendered = await fake.t.http().get(`/wp-json/core/v2/posts/${ids.post}`);
    expect(rendered.body.content.rendered).not.toContain('evil.example');

    const stale = list.find((i) => i.type === 'appPasswordStale');
    expect((await setIssue({ id: stale.id, status: 'repair' })).body).toEqual({ success: true });
    expect(
      await fake
        .dataSource()
        .query('SELECT uuid FROM application_passwords WHERE uuid = ?', [stale.data.uuid]),
    ).toEqual([]);
    expect(
      (await issues()).issues.new.find((i: any) => i.id === post.id || i.id === stale.id),
    ).toBeUndefined();
  });

  it('a new scan keeps ignored issues ignored, reports new administrators, and drops what was fixed', async () => {
    let list = (await issues()).issues.new as any[];
    const https = list.find((i) => i.data.setting === 'BASE_URL');
    const venue = list.find((i) => i.data.objectType === 'venue');
    await setIssue({ id: https.id, status: 'ignoreP' });
    await setIssue({ id: venue.id, status: 'ignoreC' });
    // Everyone so far was there before the last scan; then a new administrator appears.
    await fake.dataSource().query('UPDATE users SET registered_at = ?', ['2020-01-01 00:00:00']);
    await fake
      .dataSource()
      .query('UPDATE security_scan SET last_scan_started = ?', [Math.floor(Date.now() / 1000) - 60]);
    const intruder = await fake.t.user('administrator', 'intruder');
    expect((await scan()).body).toEqual({ success: true });
    const body = await issues();
    list = body.issues.new;
    expect(body.issues.ignored.map((i: any) => i.id).sort()).toEqual([https.id, venue.id].sort());
    expect(list.find((i) => i.data.setting === 'BASE_URL')).toBeUndefined();
    expect(list.find((i) => i.data.objectType === 'venue')).toBeUndefined();
    expect(list.find((i) => i.data.objectType === 'post' && i.data.objectId === ids.post)).toBeUndefined();
    expect(byType(list, 'appPasswordStale')).toEqual([]);
    expect(byType(list, 'suspiciousAdminUsers').map((i) => i.data.userId)).toEqual([intruder.id]);
    expect(byType(list, 'mediaExecutable')).toHaveLength(1);

    // Ignored until changed: new malware in the venue makes it new again.
    await fake
      .dataSource()
      .query('UPDATE cal_venues SET description = ? WHERE id = ?', [
        '<iframe src="http://bad.example/ad"></iframe><script src="//evil.example/y.js"></script>',
        ids.venue,
      ]);
    await scan();
    const after = await issues();
    expect(after.issues.ignored.map((i: any) => i.id)).toEqual([https.id]);
    expect(after.issues.new.find((i: any) => i.data.objectType === 'venue')?.severity).toBe(100);
  });

  it('after repairs and ignores, the scan finds nothing new', async () => {
    const list = (await issues()).issues.new as any[];
    for (const issue of list) {
      const repaired = issue.data.canRepair ? await setIssue({ id: issue.id, status: 'repair' }) : null;
      if (!repaired) await setIssue({ id: issue.id, status: 'ignoreC' });
    }
    await scan();
    const body = await issues();
    expect(body.count).toBe(0);
    expect(body.issues.new).toEqual([]);
  });

  it('one scan at a time; DELETE stops it at its next checkpoint and nothing it found is kept', async () => {
    const before = await issues();
    const check = fake.t.app.get(ContentCheck);
    const original = check.run.bind(check);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const spy = jest.spyOn(check, 'run').mockImplementationOnce(async (context) => {
      entered();
      await gate;
      return original(context);
    });
    await fake
      .dataSource()
      .query('UPDATE posts SET content = ? WHERE id = ?', [`<p>x</p>${EVIL_SCRIPT}`, ids.clean]);
    const first = await auth(fake.t.http().post(`${SECURITY}/scan`));
    expect(first.body).toEqual({ success: true });
    await inside;
    const second = await auth(fake.t.http().post(`${SECURITY}/scan`));
    expect(second.body).toEqual({ success: false, 'error-code': 2, error: 'A scan is already running.' });
    const running = (await auth(fake.t.http().get(`${SECURITY}/config`))).body.info.scan;
    expect(running).toMatchObject({ status: 'running', stage: 'content' });
    // What the running scan found so far (its configuration stage is done).
    const pending = await issues('?group=pending');
    expect(pending.count).toBeGreaterThan(0);
    expect(pending.issues.map((i: any) => i.status)).toEqual(pending.issues.map(() => 'pending'));
    expect(pending.issues.some((i: any) => i.data.setting === 'BASE_URL')).toBe(true);
    expect((await auth(fake.t.http().delete(`${SECURITY}/scan`))).body).toEqual({ success: true });
    release();
    await fake.t.app.get(ScanService).idle();
    spy.mockRestore();
    const state = (await auth(fake.t.http().get(`${SECURITY}/config`))).body.info.scan;
    expect(state).toMatchObject({ status: 'cancelled', result: 'The scan was stopped on request.' });
    const timeless = (body: any) =>
      JSON.stringify(body, (key, value) => (key === 'timeAgo' || key === 'displayTime' ? undefined : value));
    expect(timeless(await issues())).toEqual(timeless(before));
    expect(await fake.dataSource().query("SELECT id FROM security_issues WHERE status = 'pending'")).toEqual(
      [],
    );
  });

  it('a scan whose instance stopped reads as interrupted and does not block a new one', async () => {
    await fake
      .dataSource()
      .query(
        "UPDATE security_scan SET status = 'running', instance_id = 'gone', heartbeat_at = '2020-01-01 00:00:00'",
      );
    const state = (await auth(fake.t.http().get(`${SECURITY}/config`))).body.info.scan;
    expect(state.status).toBe('interrupted');
    await fake
      .dataSource()
      .query(
        "UPDATE security_scan SET status = 'running', instance_id = 'gone', heartbeat_at = '2020-01-01 00:00:00'",
      );
    expect((await scan()).body).toEqual({ success: true });
    expect((await auth(fake.t.http().get(`${SECURITY}/config`))).body.info.scan.status).toBe('complete');
    // The post changed in the cancelled run's test is found now.
    expect((await issues()).issues.new.map((i: any) => i.data.objectId)).toContain(ids.clean);
  });

  it('scan options switch checks off', async () => {
    await auth(fake.t.http().post(`${SECURITY}/config`)).send({
      fields: {
        scansEnabled_posts: false,
        scansEnabled_fileContents: false,
        scansEnabled_suspiciousOptions: false,
      },
    });
    await scan();
    const types = new Set(((await issues()).issues.new as any[]).map((i) => i.type));
    expect(types.has('postMalware')).toBe(false);
    expect(types.has('file')).toBe(false);
    expect(types.has('commentMalware')).toBe(false);
  });
});
