import { golden } from '../../helpers/golden';
import { commentsFixture, CommentsFixture } from '../comments/comments-fixture';

/**
 * Issue 26, cause 1: the Allow header is WordPress's rest_send_allow_header, whose checks run on the request as
 * the handler left it (conformance core: users/me-anon, users/update-other-by-author, terms/tag-create,
 * terms/tag-create-contributor, posts/create-with-id, posts/list-draft-contributor, posts/list-context-edit-author,
 * delete/force, delete/force-without-trash-editor, pages/delete-force, batch/not-batchable,
 * comments/list-post-edit-admin).
 */
describe('fidelity: the Allow header as WordPress works it out', () => {
  let f: CommentsFixture;
  let hello: any;
  beforeAll(async () => {
    f = await commentsFixture();
    await f.comments.updateSettings({ floodSeconds: 0 });
    // Open to comments, as WordPress's "Hello world!" post 1 on the recording site.
    hello = await f.create('posts', { title: 'Hello world!', status: 'publish' });
  });
  afterAll(() => f.close());

  const allowOf = (res: { headers: Record<string, string> }) => res.headers.allow;

  it('a forced delete leaves none: the object is gone for every check (golden posts-delete-force.json)', async () => {
    const recorded = golden('posts-delete-force.json');
    expect(recorded.headers.Allow).toBeUndefined();
    const post = await f.create('posts', { title: 'Gone', status: 'publish' });
    const res = await f.del(`/posts/${post.id}?force=true`, f.users.administrator);
    expect(res.status).toBe(200);
    expect(allowOf(res)).toBeUndefined();

    const page = await f.create('pages', { title: 'Gone page', status: 'publish' });
    const trashed = await f.del(`/pages/${page.id}`, f.users.editor);
    expect(allowOf(trashed)).toBe('GET, POST, PUT, PATCH, DELETE');
    const forced = await f.del(`/pages/${page.id}?force=true`, f.users.editor);
    expect(forced.status).toBe(200);
    expect(allowOf(forced)).toBeUndefined();
  });

  it('a forced delete of a user or a comment leaves none either (golden users-delete-force, comment-delete-force)', async () => {
    expect(golden('users-delete-force.json').headers.Allow).toBeUndefined();
    expect(golden('comment-delete-force.json').headers.Allow).toBeUndefined();
    const user = await f.t.user('subscriber');
    const gone = await f.del(`/users/${user.id}?force=true&reassign=false`, f.users.administrator);
    expect(gone.status).toBe(200);
    expect(allowOf(gone)).toBeUndefined();

    const post = await f.create('posts', { title: 'Commented', status: 'publish' });
    const comment = await f.comment({ post: post.id, content: 'To be deleted.' });
    const deleted = await f.del(`/comments/${comment.id}?force=true`, f.users.administrator);
    expect(deleted.status).toBe(200);
    expect(allowOf(deleted)).toBeUndefined();
  });

  it("a contributor's or an author's list allows POST: the create check ignores an empty author filter", async () => {
    const drafts = await f.get('/posts?status=draft', f.users.contributor);
    expect(drafts.status).toBe(200);
    expect(allowOf(drafts)).toBe('GET, POST');
    const edit = await f.get('/posts?context=edit', f.users.author);
    expect(edit.status).toBe(200);
    expect(allowOf(edit)).toBe('GET, POST');
    // Another author named: the create check refuses it (edit_others_posts), as WordPress's does.
    const others = await f.get(`/posts?author=${f.users.editor.id}`, f.users.author);
    expect(allowOf(others)).toBe('GET');
  });

  it("a visitor's users/me is refused by its handler, so the 401 lists GET (golden users-me-noauth.json)", async () => {
    const recorded = golden('users-me-noauth.json');
    const res = await f.t.http().get('/wp-json/core/v2/users/me');
    expect(res.status).toBe(recorded.status);
    expect(res.body).toEqual(recorded.body);
    expect(allowOf(res)).toBe(recorded.headers.Allow);
  });

  it('a write answered in the edit context re-runs the checks in it: an author creating a tag may not list tags in it', async () => {
    for (const role of ['author', 'contributor'] as const) {
      const res = await f.post('/tags', { name: `Allow tag ${role}` }, f.users[role]);
      expect(res.status).toBe(201);
      expect(allowOf(res)).toBe('POST');
    }
    const byEditor = await f.post('/tags', { name: 'Allow tag editor' }, f.users.editor);
    expect(allowOf(byEditor)).toBe('GET, POST');
  });

  it('an author editing a comment on their own post may not read it in the edit context (golden comment-update-author-own-post.json)', async () => {
    const recorded = golden('comment-update-author-own-post.json');
    const post = await f.create('posts', { title: 'Own post', status: 'publish' }, f.users.author);
    const comment = await f.comment({ post: post.id, content: 'On the author post.' });
    const res = await f.t
      .http()
      .patch(`/wp-json/core/v2/comments/${comment.id}`)
      .set('Authorization', f.users.author.auth)
      .send({ content: 'Edited by the post author.' });
    expect(res.status).toBe(recorded.status);
    expect(allowOf(res)).toBe(recorded.headers.Allow);
  });

  it('viewing a user is a permission check: an author refused the edit of a user without posts gets no GET', async () => {
    const quiet = await f.t.user('editor');
    const res = await f.post(`/users/${quiet.id}`, { description: 'hijack' }, f.users.author);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_cannot_edit');
    expect(allowOf(res)).toBeUndefined();

    // A published author stays visible (golden users-update-other-editor.json: 403 with Allow GET).
    const recorded = golden('users-update-other-editor.json');
    await f.create('posts', { title: 'By the author', status: 'publish' }, f.users.author);
    const visible = await f.post(`/users/${f.users.author.id}`, { description: 'x' }, f.users.editor);
    expect(visible.status).toBe(recorded.status);
    expect(visible.body).toEqual(recorded.body);
    expect(allowOf(visible)).toBe(recorded.headers.Allow);
  });

  it('creating a post with an id fails the create check itself (golden posts-create-with-id.json)', async () => {
    const recorded = golden('posts-create-with-id.json');
    const post = await f.create('posts', { title: 'Existing' });
    const res = await f.post('/posts', { id: post.id, title: 'x' }, f.users.administrator);
    expect(res.status).toBe(recorded.status);
    expect(res.body).toEqual(recorded.body);
    expect(allowOf(res)).toBe(recorded.headers.Allow);
    // Before any capability check, as WordPress's: a subscriber gets the same 400.
    const subscriber = await f.post('/posts', { id: post.id }, f.users.subscriber);
    expect(subscriber.status).toBe(400);
    expect(subscriber.body.code).toBe('rest_post_exists');
  });

  it('a batch item refused as not batchable carries its route Allow header (golden batch-not-batchable.json)', async () => {
    const recorded = golden('batch-not-batchable.json');
    const post = await f.create('posts', { title: 'Batch target', status: 'publish' });
    const res = await f.t
      .http()
      .post('/wp-json/batch/v1')
      .set('Authorization', f.users.administrator.auth)
      .send({
        requests: [
          { method: 'POST', path: `/core/v2/posts/${post.id}/autosaves`, body: { title: 'x' } },
          { method: 'POST', path: '/core/v2/nope' },
          { method: 'POST', path: '/core/v2/settings', body: { title: 'x' } },
        ],
      });
    expect(res.status).toBe(207);
    expect(res.body.responses[0]).toEqual(recorded.body.responses[0]);
    expect(res.body.responses[1].body).toEqual(recorded.body.responses[1].body);
    expect(res.body.responses[1].headers.Allow).toBeUndefined();
    expect(res.body.responses[2].headers).toEqual({ Allow: 'GET, POST, PUT, PATCH' });
  });

  it("an administrator's comment list allows POST: the create check reads the list's post=[N] as PHP's (int), 1", async () => {
    const post = await f.create('posts', { title: 'Listed comments', status: 'publish' });
    await f.comment({ post: post.id, content: 'Listed.' });
    const res = await f.get(`/comments?post=${post.id}&status=all&context=edit`, f.users.administrator);
    expect(res.status).toBe(200);
    expect(hello.id).toBe(1);
    expect(allowOf(res)).toBe('GET, POST');
    // A subscriber's list: the default status=approve counts as set, and only moderators may set one.
    const subscriber = await f.get(`/comments?post=${post.id}`, f.users.subscriber);
    expect(allowOf(subscriber)).toBe('GET');
  });
});
