import { commentsFixture, CommentsFixture } from './comments-fixture';

const DEFAULTS = {
  allowAnonymous: false,
  registrationRequired: false,
  requireNameEmail: true,
  moderation: false,
  previouslyApproved: true,
  maxLinks: 2,
  moderationKeys: '',
  disallowedKeys: '',
  floodSeconds: 0,
};

const VIEW_KEYS = [
  'author',
  'author_avatar_urls',
  'author_name',
  'author_url',
  'content',
  'date',
  'date_gmt',
  'id',
  'link',
  'meta',
  'parent',
  'post',
  'status',
  'type',
  '_links',
].sort();
const EDIT_KEYS = [...VIEW_KEYS, 'author_email', 'author_ip', 'author_user_agent'].sort();

describe('core/v2/comments: create and the WordPress rules', () => {
  let f: CommentsFixture;
  let post: any;
  beforeAll(async () => {
    f = await commentsFixture();
    post = await f.create('posts', { title: 'Open post', status: 'publish' }, f.users.author);
  });
  afterAll(() => f.close());
  beforeEach(() => f.comments.updateSettings(DEFAULTS));

  it('a subscriber comments: 201, Location, view context, held (no earlier approved comment), stored', async () => {
    const res = await f.post(
      '/comments',
      { post: post.id, content: 'A comment by the subscriber.' },
      f.users.subscriber,
    );
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`http://example.test/wp-json/core/v2/comments/${res.body.id}`);
    expect(Object.keys(res.body).sort()).toEqual(VIEW_KEYS);
    expect(res.body).toMatchObject({
      post: post.id,
      parent: 0,
      author: f.users.subscriber.id,
      author_url: '',
      content: { rendered: '<p>A comment by the subscriber.</p>\n' },
      status: 'hold',
      type: 'comment',
      meta: [],
    });
    expect(res.body.link).toBe(`${post.link}#comment-${res.body.id}`);
    expect(res.body.author_avatar_urls['48']).toMatch(/gravatar\.com\/avatar\/[0-9a-f]{32}\?s=48&d=mm&r=g$/);
    expect(res.body.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(res.body._links.author[0]).toEqual({
      embeddable: true,
      href: `http://example.test/wp-json/core/v2/users/${f.users.subscriber.id}`,
    });
    expect(res.body._links.up[0]).toEqual({
      embeddable: true,
      post_type: 'post',
      href: `http://example.test/wp-json/core/v2/posts/${post.id}`,
    });
    const row = await f.row(res.body.id);
    expect(row).toMatchObject({
      post_id: post.id,
      user_id: f.users.subscriber.id,
      status: '0',
      author_email: `${f.users.subscriber.login}@example.test`,
      content: 'A comment by the subscriber.',
    });
    expect(await f.commentCount(post.id)).toBe(0);
  });

  it('a duplicate is 409 comment_duplicate', async () => {
    await f.post('/comments', { post: post.id, content: 'Say it twice.' }, f.users.contributor);
    const res = await f.post('/comments', { post: post.id, content: 'Say it twice.' }, f.users.contributor);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'comment_duplicate',
      message: 'Duplicate comment detected; it looks as though you&#8217;ve already said that!',
      data: { status: 409 },
    });
  });

  it('flood protection: a second comment within the interval is 400 comment_flood; moderators are not throttled', async () => {
    await f.comments.updateSettings({ ...DEFAULTS, floodSeconds: 15 });
    const first = await f.post('/comments', { post: post.id, content: 'First, in a hurry.' }, f.users.author);
    expect(first.status).toBe(201);
    const res = await f.post(
      '/comments',
      { post: post.id, content: 'A second comment, too soon.' },
      f.users.author,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'comment_flood',
      message: 'You are posting comments too quickly. Slow down.',
      data: { status: 400 },
    });
    const editor1 = await f.post('/comments', { post: post.id, content: 'Editor one.' }, f.users.editor);
    const editor2 = await f.post('/comments', { post: post.id, content: 'Editor two.' }, f.users.editor);
    expect([editor1.status, editor2.status]).toEqual([201, 201]);
  });

  it('anonymous comments are refused unless the setting allows them (401 rest_comment_login_required)', async () => {
    const body = {
      post: post.id,
      content: 'Anonymous comment.',
      author_name: 'Anon',
      author_email: 'anon@example.com',
    };
    const refused = await f.post('/comments', body);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      code: 'rest_comment_login_required',
      message: 'Sorry, you must be logged in to comment.',
      data: { status: 401 },
    });
    await f.comments.updateSettings({ ...DEFAULTS, allowAnonymous: true });
    const missing = await f.post('/comments', { post: post.id, content: 'Who am I?' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('rest_comment_author_data_required');
    const badEmail = await f.post('/comments', { ...body, author_email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.code).toBe('rest_invalid_param');
    const created = await f.t
      .http()
      .post('/wp-json/core/v2/comments')
      .set('User-Agent', 'GuestBrowser/2.0')
      .send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ author: 0, author_name: 'Anon', status: 'hold' });
    expect(created.body.author_email).toBeUndefined();
    expect(await f.row(created.body.id)).toMatchObject({ author_agent: 'GuestBrowser/2.0', user_id: 0 });
    expect(created.body._links.author).toBeUndefined();
    await f.comments.updateSettings({ ...DEFAULTS, allowAnonymous: true, registrationRequired: true });
    expect((await f.post('/comments', { ...body, content: 'Again' })).status).toBe(401);
  });

  it('closed posts and pages (closed by default) are 403 rest_comment_closed', async () => {
    const closed = await f.create('posts', { title: 'Closed', status: 'publish', comment_status: 'closed' });
    const page = await f.create('pages', { title: 'A page', status: 'publish' });
    for (const id of [closed.id, page.id]) {
      const res = await f.post(
        '/comments',
        { post: id, content: 'Comment on a closed item.' },
        f.users.subscriber,
      );
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'rest_comment_closed',
        message: 'Sorry, comments are closed for this item.',
        data: { status: 403 },
      });
    }
    const openPage = await f.create('pages', {
      title: 'Open page',
      status: 'publish',
      comment_status: 'open',
    });
    const ok = await f.post('/comments', { post: openPage.id, content: 'On a page.' }, f.users.subscriber);
    expect(ok.status).toBe(201);
    expect(ok.body._links.up[0]).toMatchObject({
      post_type: 'page',
      href: expect.stringContaining(`/pages/${openPage.id}`),
    });
  });

  it('drafts, trashed and missing posts refuse comments', async () => {
    const draft = await f.create('posts', { title: 'Draft', status: 'draft' }, f.users.author);
    const onDraft = await f.post(
      '/comments',
      { post: draft.id, content: 'Comment on a draft.' },
      f.users.author,
    );
    expect(onDraft.status).toBe(403);
    expect(onDraft.body).toEqual({
      code: 'rest_comment_draft_post',
      message: 'Sorry, you are not allowed to create a comment on this post.',
      data: { status: 403 },
    });
    const trashed = await f.create('posts', { title: 'Trashed', status: 'publish' });
    await f.del(`/posts/${trashed.id}`, f.users.editor);
    const onTrash = await f.post('/comments', { post: trashed.id, content: 'x' }, f.users.editor);
    expect([onTrash.status, onTrash.body.code]).toEqual([403, 'rest_comment_trash_post']);
    for (const body of [
      { post: 999999, content: 'Comment on nothing.' },
      { content: 'Comment without a post.' },
    ]) {
      const res = await f.post('/comments', body, f.users.administrator);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'rest_comment_invalid_post_id',
        message: 'Sorry, you are not allowed to create this comment without a post.',
        data: { status: 403 },
      });
    }
    const privatePost = await f.create('posts', { title: 'Private', status: 'private' }, f.users.editor);
    const onPrivate = await f.post('/comments', { post: privatePost.id, content: 'x' }, f.users.subscriber);
    expect([onPrivate.status, onPrivate.body.code]).toEqual([403, 'rest_cannot_read_post']);
  });

  it('password-protected posts need the password (or edit rights)', async () => {
    const secret = await f.create('posts', { title: 'Secret', status: 'publish', password: 'open sesame' });
    const without = await f.post('/comments', { post: secret.id, content: 'Let me in.' }, f.users.subscriber);
    expect(without.status).toBe(403);
    expect(without.body.code).toBe('rest_cannot_read_post');
    const withPassword = await f.post(
      '/comments',
      { post: secret.id, content: 'Let me in.', password: 'open sesame' },
      f.users.subscriber,
    );
    expect(withPassword.status).toBe(201);
    const byEditor = await f.post(
      '/comments',
      { post: secret.id, content: 'Editor inside.' },
      f.users.editor,
    );
    expect(byEditor.status).toBe(201);
    const listAnon = await f.get(`/comments?post=${secret.id}`);
    expect(listAnon.status).toBe(401);
    expect(listAnon.body.code).toBe('rest_cannot_read_post');
    const listWithPassword = await f.get(`/comments?post=${secret.id}&password=open%20sesame`);
    expect(listWithPassword.status).toBe(200);
    expect(listWithPassword.body.map((c: any) => c.id)).toEqual([byEditor.body.id]);
    const single = await f.get(`/comments/${byEditor.body.id}`);
    expect(single.status).toBe(401);
    expect(single.body.code).toBe('rest_cannot_read');
    expect((await f.get(`/comments/${byEditor.body.id}?password=open%20sesame`)).status).toBe(200);
  });

  it('empty content is 400 rest_comment_content_invalid; content.raw is accepted', async () => {
    const res = await f.post('/comments', { post: post.id, content: '' }, f.users.administrator);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'rest_comment_content_invalid',
      message: 'Invalid comment content.',
      data: { status: 400 },
    });
    const raw = await f.post(
      '/comments',
      { post: post.id, content: { raw: 'From raw.' } },
      f.users.administrator,
    );
    expect(raw.status).toBe(201);
    expect(raw.body.content.raw).toBe('From raw.');
    const tooLong = await f.post(
      '/comments',
      { post: post.id, content: 'x', author_name: 'n'.repeat(246), author_email: 'n@example.com' },
      f.users.administrator,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      code: 'comment_author_column_length',
      message: 'Comment field exceeds maximum length allowed.',
      data: { status: 400 },
    });
  });

  it('only moderators may set author, author_ip and status', async () => {
    const asOther = await f.post(
      '/comments',
      { post: post.id, content: 'As the admin?', author: f.users.administrator.id },
      f.users.subscriber,
    );
    expect(asOther.status).toBe(403);
    expect(asOther.body).toEqual({
      code: 'rest_comment_invalid_author',
      message: "Sorry, you are not allowed to edit 'author' for comments.",
      data: { status: 403 },
    });
    const ip = await f.post(
      '/comments',
      { post: post.id, content: 'From elsewhere.', author_ip: '192.0.2.7' },
      f.users.subscriber,
    );
    expect(ip.status).toBe(403);
    expect(ip.body.message).toBe("Sorry, you are not allowed to edit 'author_ip' for comments.");
    expect(ip.body.code).toBe('rest_comment_invalid_author_ip');
    const status = await f.post(
      '/comments',
      { post: post.id, content: 'Self-approved?', status: 'approved' },
      f.users.contributor,
    );
    expect(status.status).toBe(403);
    expect(status.body).toEqual({
      code: 'rest_comment_invalid_status',
      message: "Sorry, you are not allowed to edit 'status' for comments.",
      data: { status: 403 },
    });
    const badAuthor = await f.post(
      '/comments',
      { post: post.id, content: 'Ghost', author: 987654 },
      f.users.administrator,
    );
    expect([badAuthor.status, badAuthor.body.code]).toEqual([400, 'rest_comment_author_invalid']);
  });

  it('an administrator comments: approved, edit context, user agent from the header, post count updated', async () => {
    const fresh = await f.create('posts', { title: 'Counted', status: 'publish' }, f.users.author);
    const res = await f
      .post('/comments', { post: fresh.id, content: 'The admin replies.' }, f.users.administrator)
      .set('User-Agent', 'AdminAgent/1.0');
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(EDIT_KEYS);
    expect(res.body).toMatchObject({
      status: 'approved',
      author_user_agent: 'AdminAgent/1.0',
      author_email: `${f.users.administrator.login}@example.test`,
      content: { raw: 'The admin replies.', rendered: '<p>The admin replies.</p>\n' },
    });
    expect(res.body.author_ip).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
    expect(await f.commentCount(fresh.id)).toBe(1);
  });

  it('the post author on their own post is approved; moderators may write for a guest (held by the rules)', async () => {
    const own = await f.post(
      '/comments',
      { post: post.id, content: 'The author answers on their own post.' },
      f.users.author,
    );
    expect([own.status, own.body.status]).toEqual([201, 'approved']);
    const guest = await f.post(
      '/comments',
      {
        post: post.id,
        content: 'Written for a guest.',
        author_name: 'Guest Writer',
        author_email: 'guest@example.com',
        author_url: 'http://example.com/guest',
        author_ip: '192.0.2.8',
        author_user_agent: 'PeerAgent/1.0',
        date: '2024-02-01T12:00:00',
      },
      f.users.administrator,
    );
    expect(guest.status).toBe(201);
    expect(guest.body).toMatchObject({
      author: 0,
      author_name: 'Guest Writer',
      author_email: 'guest@example.com',
      author_url: 'http://example.com/guest',
      author_ip: '192.0.2.8',
      author_user_agent: 'PeerAgent/1.0',
      date: '2024-02-01T12:00:00',
      date_gmt: '2024-02-01T11:00:00',
      status: 'hold',
    });
    const approvedByStatus = await f.post(
      '/comments',
      {
        post: post.id,
        content: 'Approved at once.',
        author_name: 'G2',
        author_email: 'g2@example.com',
        status: 'approved',
      },
      f.users.administrator,
    );
    expect(approvedByStatus.body.status).toBe('approved');
  });

  it('moderation settings decide hold, approved and trash', async () => {
    const target = await f.create('posts', { title: 'Moderated', status: 'publish' }, f.users.editor);
    const asGuest = (content: string, extra: object = {}) =>
      f.post(
        '/comments',
        { post: target.id, content, author_name: 'Regular', author_email: 'regular@example.com', ...extra },
        f.users.administrator,
      );
    const first = await asGuest('First words.');
    expect(first.body.status).toBe('hold');
    await f.put(`/comments/${first.body.id}`, { status: 'approved' }, f.users.administrator);
    // previously approved author: approved now
    expect((await asGuest('Second words.')).body.status).toBe('approved');
    // max links (2 by default)
    expect((await asGuest('See http://a.test and <a href="http://b.test">b</a>')).body.status).toBe('hold');
    // moderation keys, in any field
    await f.comments.updateSettings({ ...DEFAULTS, moderationKeys: 'excavator\nbulldozer' });
    expect((await asGuest('I love my Excavator.')).body.status).toBe('hold');
    expect((await asGuest('Nothing to see.', { author_url: 'http://bulldozer.test' })).body.status).toBe(
      'hold',
    );
    // disallowed keys: trash
    await f.comments.updateSettings({ ...DEFAULTS, disallowedKeys: 'casino' });
    const disallowed = await asGuest('Visit my casino!');
    expect(disallowed.body.status).toBe('trash');
    expect(await f.row(disallowed.body.id)).toMatchObject({ status: 'trash' });
    // manual moderation holds everyone but moderators and the post author
    await f.comments.updateSettings({ ...DEFAULTS, moderation: true });
    expect((await asGuest('Third words.')).body.status).toBe('hold');
    expect(
      (await f.post('/comments', { post: target.id, content: 'Mine.' }, f.users.editor)).body.status,
    ).toBe('approved');
    // without the previously-approved rule a new author passes
    await f.comments.updateSettings({ ...DEFAULTS, previouslyApproved: false });
    const fresh = await f.post('/comments', { post: target.id, content: 'New here.' }, f.users.subscriber);
    expect(fresh.body.status).toBe('approved');
    expect(await f.commentCount(target.id)).toBe(4);
  });

  it('comments follow their post: trashed with it, restored with it, deleted with it', async () => {
    const target = await f.create('posts', { title: 'Short-lived', status: 'publish' }, f.users.editor);
    const approved = await f.comment({ post: target.id, content: 'Kept.' }, f.users.editor);
    const heldOne = await f.comment({
      post: target.id,
      content: 'Held.',
      author_name: 'H',
      author_email: 'h@example.com',
    });
    expect(await f.commentCount(target.id)).toBe(1);
    await f.del(`/posts/${target.id}`, f.users.editor);
    expect((await f.row(approved.id))!.status).toBe('post-trashed');
    expect((await f.row(heldOne.id))!.status).toBe('post-trashed');
    expect(await f.commentCount(target.id)).toBe(0);
    expect((await f.get(`/comments/${approved.id}`, f.users.administrator)).body.status).toBe('post-trashed');
    await f.post(`/posts/${target.id}`, { status: 'publish' }, f.users.editor);
    expect((await f.row(approved.id))!.status).toBe('1');
    expect((await f.row(heldOne.id))!.status).toBe('0');
    expect(await f.commentCount(target.id)).toBe(1);
    await f.del(`/posts/${target.id}?force=true`, f.users.editor);
    expect(await f.row(approved.id)).toBeUndefined();
    expect(await f.row(heldOne.id)).toBeUndefined();
  });

  it('validation failures are 400 rest_invalid_param, before permissions', async () => {
    const res = await f.post('/comments', { post: 'abc', content: 'x', date: 'yesterday-ish' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params).sort()).toEqual(['date', 'post']);
  });
});
