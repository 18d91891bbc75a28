import { commentsFixture, CommentsFixture } from './comments-fixture';

const API = 'http://example.test/wp-json/core/v2';

/**
 * Seed as the golden recordings: an approved comment (2) and an editor's reply to it (3) on a post by the
 * author, a held comment (4), a spam one, and comments on a second post and on a draft.
 */
describe('core/v2/comments: list, single, links, embedding, update, delete', () => {
  let f: CommentsFixture;
  let post: any;
  let other: any;
  let draft: any;
  let first: any;
  let reply: any;
  let held: any;
  let spam: any;
  let onOther: any;
  let onDraft: any;
  beforeAll(async () => {
    f = await commentsFixture();
    await f.comments.updateSettings({ floodSeconds: 0 });
    post = await f.create('posts', { title: 'Peer post', status: 'publish' }, f.users.author);
    other = await f.create('posts', { title: 'Other post', status: 'publish' }, f.users.editor);
    draft = await f.create('posts', { title: 'Draft', status: 'publish' }, f.users.editor);
    const guest = { author_name: 'Reader One', author_email: 'reader1@example.com' };
    first = await f.comment({
      post: post.id,
      content: 'First reader comment.',
      ...guest,
      date: '2024-01-02T08:00:00',
      status: 'approved',
    });
    reply = await f.comment(
      { post: post.id, parent: first.id, content: 'Reply from the editor.', date: '2024-01-02T09:00:00' },
      f.users.editor,
    );
    held = await f.comment({
      post: post.id,
      content: 'Held for moderation.',
      author_name: 'Someone',
      author_email: 'someone@example.com',
      date: '2024-01-03T08:00:00',
    });
    spam = await f.comment({
      post: post.id,
      content: 'Cheap pills.',
      author_name: 'Spammer',
      author_email: 'spam@example.com',
      status: 'spam',
      date: '2024-01-03T09:00:00',
    });
    onOther = await f.comment({
      post: other.id,
      content: 'On the other post.',
      author_name: 'Reader Two',
      author_email: 'reader2@example.com',
      status: 'approved',
      date: '2023-12-31T12:00:00',
    });
    onDraft = await f.comment(
      { post: draft.id, content: 'On a draft.', date: '2024-01-04T08:00:00' },
      f.users.editor,
    );
    // unpublished after it was commented on
    await f.post(`/posts/${draft.id}`, { status: 'draft' }, f.users.editor);
  });
  afterAll(() => f.close());

  const ids = (res: any) => res.body.map((c: any) => c.id);

  describe('list', () => {
    it('defaults: approved comments of readable posts, newest first, paging headers', async () => {
      const res = await f.get('/comments');
      expect(res.status).toBe(200);
      expect(res.headers['x-wp-total']).toBe('4');
      expect(res.headers['x-wp-totalpages']).toBe('1');
      expect(res.headers.allow).toBe('GET');
      // the draft's comment is counted but left out (not readable), as WordPress does
      expect(ids(res)).toEqual([reply.id, first.id, onOther.id]);
      const item = res.body.find((c: any) => c.id === first.id);
      expect(item.author_email).toBeUndefined();
      expect(item.content.raw).toBeUndefined();
      expect(item._links.children[0]).toEqual({
        embeddable: true,
        href: `${API}/comments?parent=${first.id}`,
      });
      const replyItem = res.body.find((c: any) => c.id === reply.id);
      expect(replyItem._links['in-reply-to'][0]).toEqual({
        embeddable: true,
        href: `${API}/comments/${first.id}`,
      });
      expect(replyItem._links.author[0].href).toBe(`${API}/users/${f.users.editor.id}`);
    });

    it('pagination: per_page, page, Link prev/next, offset; per_page 101 is 400', async () => {
      const page2 = await f.get(`/comments?post=${post.id}&per_page=1&page=2&_fields=id`);
      expect(page2.headers['x-wp-total']).toBe('2');
      expect(page2.headers['x-wp-totalpages']).toBe('2');
      expect(page2.body).toEqual([{ id: first.id }]);
      expect(page2.headers.link).toContain(
        `<${API}/comments?post=${post.id}&per_page=1&page=1&_fields=id>; rel="prev"`,
      );
      const page1 = await f.get(`/comments?post=${post.id}&per_page=1`);
      expect(page1.headers.link).toContain(`<${API}/comments?post=${post.id}&per_page=1&page=2>; rel="next"`);
      const offset = await f.get(`/comments?offset=1&per_page=1`);
      // the first row is the draft post’s comment (counted, not shown)
      expect(ids(offset)).toEqual([reply.id]);
      const tooMany = await f.get('/comments?per_page=101');
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.data.params.per_page).toBe(
        'per_page must be between 1 (inclusive) and 100 (inclusive)',
      );
      const beyond = await f.get('/comments?page=9');
      expect(beyond.body).toEqual([]);
      expect(beyond.headers['x-wp-total']).toBe('4');
    });

    it('filters: post, parent, parent_exclude, search, after/before, include/exclude', async () => {
      expect(ids(await f.get(`/comments?post=${other.id}`))).toEqual([onOther.id]);
      expect(ids(await f.get(`/comments?post=${post.id},${other.id}`))).toEqual([
        reply.id,
        first.id,
        onOther.id,
      ]);
      expect(ids(await f.get(`/comments?parent=${first.id}`))).toEqual([reply.id]);
      expect(ids(await f.get(`/comments?parent_exclude=${first.id}&post=${post.id}`))).toEqual([first.id]);
      expect(ids(await f.get('/comments?search=reader'))).toEqual([first.id, onOther.id]);
      expect(ids(await f.get('/comments?search=REPLY%20FROM'))).toEqual([reply.id]);
      expect(ids(await f.get('/comments?after=2024-01-02T08:30:00'))).toEqual([reply.id]);
      expect(ids(await f.get('/comments?before=2024-01-02T08:30:00'))).toEqual([first.id, onOther.id]);
      expect(ids(await f.get(`/comments?include=${first.id},${onOther.id}`))).toEqual([first.id, onOther.id]);
      expect(ids(await f.get(`/comments?exclude=${first.id}`))).toEqual([reply.id, onOther.id]);
      expect((await f.get('/comments?after=not-a-date')).status).toBe(400);
    });

    it('order and orderby (date, date_gmt, id, include, post, parent)', async () => {
      expect(ids(await f.get('/comments?orderby=id&order=asc'))).toEqual([first.id, reply.id, onOther.id]);
      expect(ids(await f.get('/comments?orderby=date&order=asc'))).toEqual([onOther.id, first.id, reply.id]);
      expect(ids(await f.get('/comments?orderby=date_gmt'))).toEqual([reply.id, first.id, onOther.id]);
      expect(
        ids(await f.get(`/comments?orderby=include&include=${onOther.id},${reply.id},${first.id}&order=asc`)),
      ).toEqual([onOther.id, reply.id, first.id]);
      expect(ids(await f.get('/comments?orderby=post&order=asc'))).toEqual([first.id, reply.id, onOther.id]);
      expect(ids(await f.get('/comments?orderby=parent&order=desc'))[0]).toBe(reply.id);
      const bad = await f.get('/comments?orderby=karma');
      expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_param']);
    });

    it('protected filters need edit_posts: 401 anonymous, 403 subscriber', async () => {
      const anon = await f.get('/comments?status=hold');
      expect(anon.status).toBe(401);
      expect(anon.body).toEqual({
        code: 'rest_forbidden_param',
        message: 'Query parameter not permitted: status',
        data: { status: 401 },
      });
      const sub = await f.get('/comments?status=hold', f.users.subscriber);
      expect(sub.status).toBe(403);
      const email = await f.get(
        '/comments?author_email=reader1%40example.com&author=1&type=pingback',
        f.users.subscriber,
      );
      expect(email.status).toBe(403);
      expect(email.body.message).toBe('Query parameter not permitted: author, author_email, type');
    });

    it('status filters: hold (an author sees only their posts’ comments, total still counts all), spam, all', async () => {
      const admin = await f.get('/comments?status=hold', f.users.administrator);
      expect(ids(admin)).toEqual([held.id]);
      const author = await f.get('/comments?status=hold', f.users.author);
      expect(author.status).toBe(200);
      expect(ids(author)).toEqual([held.id]);
      const contributor = await f.get('/comments?status=hold', f.users.contributor);
      expect(contributor.status).toBe(200);
      expect(contributor.headers['x-wp-total']).toBe('1');
      expect(ids(contributor)).toEqual([]);
      const spamList = await f.get('/comments?status=spam&context=edit', f.users.editor);
      expect(ids(spamList)).toEqual([spam.id]);
      expect(spamList.body[0]).toMatchObject({ status: 'spam', author_email: 'spam@example.com' });
      const all = await f.get('/comments?status=all', f.users.administrator);
      expect(all.headers['x-wp-total']).toBe('5');
    });

    it('author, author_exclude and author_email filters (editor)', async () => {
      expect(ids(await f.get(`/comments?author=${f.users.editor.id}`, f.users.editor))).toEqual([
        onDraft.id,
        reply.id,
      ]);
      expect(ids(await f.get(`/comments?author_exclude=${f.users.editor.id}`, f.users.editor))).toEqual([
        first.id,
        onOther.id,
      ]);
      expect(ids(await f.get('/comments?author_email=reader2%40example.com', f.users.editor))).toEqual([
        onOther.id,
      ]);
      expect((await f.get('/comments?author_email=nope', f.users.editor)).status).toBe(400);
    });

    it('context=edit needs moderate_comments', async () => {
      const anon = await f.get('/comments?context=edit');
      expect(anon.status).toBe(401);
      expect(anon.body).toEqual({
        code: 'rest_forbidden_context',
        message: 'Sorry, you are not allowed to edit comments.',
        data: { status: 401 },
      });
      expect((await f.get('/comments?context=edit', f.users.author)).status).toBe(403);
      const admin = await f.get(`/comments?context=edit&post=${post.id}`, f.users.administrator);
      expect(admin.status).toBe(200);
      expect(admin.body[1]).toMatchObject({
        author_email: 'reader1@example.com',
        content: { raw: 'First reader comment.', rendered: '<p>First reader comment.</p>\n' },
      });
      expect(admin.body[1].author_ip).toBeDefined();
      expect(admin.body[1].author_user_agent).toBeDefined();
    });

    it('the post filter on a draft: 401 rest_cannot_read_post anonymous; post=0 needs moderation', async () => {
      const res = await f.get(`/comments?post=${draft.id}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        code: 'rest_cannot_read_post',
        message: 'Sorry, you are not allowed to read the post for this comment.',
        data: { status: 401 },
      });
      expect(ids(await f.get(`/comments?post=${draft.id}`, f.users.editor))).toEqual([onDraft.id]);
      const zero = await f.get('/comments?post=0', f.users.subscriber);
      expect([zero.status, zero.body.code]).toEqual([403, 'rest_cannot_read']);
    });

    it('_embed: up (the post), in-reply-to and author', async () => {
      const res = await f.get(`/comments?post=${post.id}&_embed`);
      const replyItem = res.body[0];
      expect(replyItem._embedded.up[0]).toMatchObject({ id: post.id, type: 'post' });
      expect(replyItem._embedded['in-reply-to'][0]).toMatchObject({
        id: first.id,
        author_name: 'Reader One',
      });
      expect(replyItem._embedded['in-reply-to'][0].post).toBeUndefined();
      expect(replyItem._embedded['in-reply-to'][0].status).toBeUndefined();
      expect(replyItem._embedded.author).toBeDefined();
      const firstItem = res.body[1];
      expect(firstItem._embedded.children[0].map((c: any) => c.id)).toEqual([reply.id]);
    });

    it("the post's replies link embeds its approved comments", async () => {
      const res = await f.get(`/posts/${post.id}?_embed=replies&_fields=id,_links,_embedded`);
      expect(res.body._links.replies[0]).toEqual({
        embeddable: true,
        href: `${API}/comments?post=${post.id}`,
      });
      expect(res.body._embedded.replies[0].map((c: any) => c.id)).toEqual([reply.id, first.id]);
      expect(Object.keys(res.body._embedded.replies[0][0]).sort()).toEqual(
        [
          'author',
          'author_avatar_urls',
          'author_name',
          'author_url',
          'content',
          'date',
          'id',
          'link',
          'parent',
          'type',
          '_links',
        ].sort(),
      );
    });
  });

  describe('single', () => {
    it('an approved comment, view context; Allow by role', async () => {
      const res = await f.get(`/comments/${reply.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.allow).toBe('GET');
      expect(res.body).toMatchObject({
        id: reply.id,
        post: post.id,
        parent: first.id,
        author: f.users.editor.id,
        status: 'approved',
      });
      expect(res.body.date).toBe('2024-01-02T09:00:00');
      expect(res.body.date_gmt).toBe('2024-01-02T08:00:00');
      const admin = await f.get(`/comments/${reply.id}`, f.users.administrator);
      expect(admin.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
    });

    it('held and spam comments: 401 anonymous, 200 for moderators and the post author', async () => {
      for (const id of [held.id, spam.id]) {
        const res = await f.get(`/comments/${id}`);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          code: 'rest_cannot_read',
          message: 'Sorry, you are not allowed to read this comment.',
          data: { status: 401 },
        });
      }
      expect((await f.get(`/comments/${held.id}`, f.users.subscriber)).status).toBe(403);
      expect((await f.get(`/comments/${held.id}`, f.users.administrator)).body.status).toBe('hold');
      expect((await f.get(`/comments/${held.id}`, f.users.author)).status).toBe(200);
    });

    it('context=edit as admin; 403 rest_forbidden_context for the author', async () => {
      const res = await f.get(`/comments/${first.id}?context=edit`, f.users.administrator);
      expect(res.body.author_email).toBe('reader1@example.com');
      const author = await f.get(`/comments/${first.id}?context=edit`, f.users.author);
      expect([author.status, author.body.code]).toEqual([403, 'rest_forbidden_context']);
    });

    it('embed context: the reply with up, in-reply-to and author embedded', async () => {
      const res = await f.get(`/comments/${reply.id}?_embed`);
      expect(res.body._embedded['in-reply-to'][0].id).toBe(first.id);
      expect(res.body._embedded.up[0].id).toBe(post.id);
    });

    it('404 rest_comment_invalid_id', async () => {
      const res = await f.get('/comments/999999');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 'rest_comment_invalid_id',
        message: 'Invalid comment ID.',
        data: { status: 404 },
      });
    });

    it('OPTIONS shows the schema', async () => {
      const res = await f.t.http().options('/wp-json/core/v2/comments');
      expect(res.status).toBe(200);
      expect(res.body.schema.title).toBe('comment');
      expect(res.body.schema.properties.author_email.context).toEqual(['edit']);
      expect(res.body.endpoints[0].args.orderby.default).toBe('date_gmt');
    });
  });

  describe('update', () => {
    let target: any;
    beforeAll(async () => {
      target = await f.comment(
        {
          post: post.id,
          content: 'To be edited.',
          author_name: 'Editable',
          author_email: 'edit@example.com',
        },
        f.users.administrator,
      );
    });

    it('anonymous 401, subscriber 403, author on another’s post 403 (rest_cannot_edit)', async () => {
      const anon = await f.post(`/comments/${target.id}`, { content: 'x' });
      expect(anon.status).toBe(401);
      expect(anon.body).toEqual({
        code: 'rest_cannot_edit',
        message: 'Sorry, you are not allowed to edit this comment.',
        data: { status: 401 },
      });
      expect((await f.post(`/comments/${target.id}`, { content: 'x' }, f.users.subscriber)).status).toBe(403);
      expect((await f.post(`/comments/${onOther.id}`, { content: 'x' }, f.users.author)).status).toBe(403);
      expect((await f.post(`/comments/${onOther.id}`, { content: 'x' }, f.users.contributor)).status).toBe(
        403,
      );
    });

    it('the post author edits a comment on their post (edit context back)', async () => {
      const res = await f.t
        .http()
        .patch(`/wp-json/core/v2/comments/${target.id}`)
        .set('Authorization', f.users.author.auth)
        .send({ content: 'Edited by the post author.' });
      expect(res.status).toBe(200);
      expect(res.body.content.raw).toBe('Edited by the post author.');
      expect(res.body.author_email).toBe('edit@example.com');
      expect((await f.row(target.id))!.content).toBe('Edited by the post author.');
    });

    it('status changes: approve, hold, spam, unspam, trash, untrash; a bogus status changes nothing', async () => {
      const set = async (status: string, as = f.users.editor) =>
        (await f.post(`/comments/${target.id}`, { status }, as)).body.status;
      expect(await set('approved')).toBe('approved');
      expect(await f.commentCount(post.id)).toBe(3);
      expect(await set('hold')).toBe('hold');
      expect(await f.commentCount(post.id)).toBe(2);
      expect(await set('spam')).toBe('spam');
      expect(await set('unspam')).toBe('hold');
      expect(await set('approve')).toBe('approved');
      expect(await set('trash')).toBe('trash');
      expect(await set('untrash')).toBe('approved');
      expect(await set('bogus', f.users.administrator)).toBe('approved');
    });

    it('a missing post is 403 rest_comment_invalid_post_id; a missing comment 404; empty content 400', async () => {
      const bad = await f.post(`/comments/${target.id}`, { post: 999999 }, f.users.administrator);
      expect(bad.status).toBe(403);
      expect(bad.body).toEqual({
        code: 'rest_comment_invalid_post_id',
        message: 'Invalid post ID.',
        data: { status: 403 },
      });
      const missing = await f.post('/comments/999999', { content: 'x' }, f.users.administrator);
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('rest_comment_invalid_id');
      const empty = await f.post(`/comments/${target.id}`, { content: '' }, f.users.administrator);
      expect([empty.status, empty.body.code]).toEqual([400, 'rest_comment_content_invalid']);
    });

    it('an admin moves the comment and rewrites the author fields', async () => {
      const res = await f.post(
        `/comments/${target.id}`,
        { post: other.id, author_name: 'Renamed', author_ip: '192.0.2.55', date_gmt: '2024-05-01T10:00:00' },
        f.users.administrator,
      );
      expect(res.body).toMatchObject({
        post: other.id,
        author_name: 'Renamed',
        author_ip: '192.0.2.55',
        date: '2024-05-01T12:00:00',
      });
      expect(await f.commentCount(post.id)).toBe(2);
      expect(await f.commentCount(other.id)).toBe(2);
    });
  });

  describe('delete', () => {
    it('anonymous 401 and subscriber 403 (rest_cannot_delete)', async () => {
      const anon = await f.del(`/comments/${held.id}`);
      expect(anon.status).toBe(401);
      expect(anon.body).toEqual({
        code: 'rest_cannot_delete',
        message: 'Sorry, you are not allowed to delete this comment.',
        data: { status: 401 },
      });
      expect((await f.del(`/comments/${held.id}`, f.users.subscriber)).status).toBe(403);
    });

    it('trash, 410 when trashed again, force delete with previous, then 404; replies move up', async () => {
      const parent = await f.comment({ post: other.id, content: 'Parent to delete.' }, f.users.editor);
      const child = await f.comment(
        { post: other.id, parent: parent.id, content: 'Child stays.' },
        f.users.editor,
      );
      const trashed = await f.del(`/comments/${parent.id}`, f.users.administrator);
      expect(trashed.status).toBe(200);
      expect(trashed.body).toMatchObject({ id: parent.id, status: 'trash' });
      expect(trashed.body.author_email).toBeDefined();
      const again = await f.del(`/comments/${parent.id}`, f.users.administrator);
      expect(again.status).toBe(410);
      expect(again.body).toEqual({
        code: 'rest_already_trashed',
        message: 'The comment has already been trashed.',
        data: { status: 410 },
      });
      const forced = await f.del(`/comments/${parent.id}?force=true`, f.users.administrator);
      expect(forced.status).toBe(200);
      expect(forced.body.deleted).toBe(true);
      expect(forced.body.previous).toMatchObject({
        id: parent.id,
        status: 'trash',
        content: { raw: 'Parent to delete.' },
      });
      expect(forced.body.previous._links).toBeUndefined();
      expect((await f.get(`/comments/${parent.id}`, f.users.administrator)).status).toBe(404);
      expect(await f.row(parent.id)).toBeUndefined();
      expect((await f.row(child.id))!.parent_id).toBe(0);
    });

    it('the post author may delete comments on their post', async () => {
      const own = await f.comment({ post: post.id, content: 'Delete me.' }, f.users.author);
      const res = await f.del(`/comments/${own.id}?force=true`, f.users.author);
      expect(res.status).toBe(200);
      expect(res.body.deleted).toBe(true);
    });
  });
});
