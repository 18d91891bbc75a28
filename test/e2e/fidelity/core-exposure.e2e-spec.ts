import { DataSource } from 'typeorm';
import { contentFixture, ContentFixture } from '../content/content-fixtures';

/**
 * Issue 9, points 1, 2, 3, 6, 7: what core/v2 exposes and writes, pinned to WordPress 6.1's recorded answers
 * (../shared/reference/golden: post-single-draft-noauth, posts-list-search, post-autosave-*).
 */
describe('fidelity: core/v2 exposure and writes', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  describe('point 1: reading trashed, draft, pending, private, future and protected objects', () => {
    it('refuses a trashed post to visitors and subscribers, shows it to its author and editors', async () => {
      const post = await f.create('posts', { title: 'To trash', status: 'publish' }, f.users.author);
      expect((await f.del(`/posts/${post.id}`, f.users.author)).status).toBe(200);
      const anonymous = await f.get(`/posts/${post.id}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to do that.',
        data: { status: 401 },
      });
      const subscriber = await f.get(`/posts/${post.id}`, f.users.subscriber);
      expect(subscriber.status).toBe(403);
      expect(subscriber.body.code).toBe('rest_forbidden');
      // Another contributor cannot edit it, so cannot read it either.
      expect((await f.get(`/posts/${post.id}`, f.users.contributor)).status).toBe(403);
      const own = await f.get(`/posts/${post.id}`, f.users.author);
      expect(own.status).toBe(200);
      expect(own.body.status).toBe('trash');
      expect((await f.get(`/posts/${post.id}`, f.users.editor)).status).toBe(200);
      // Lists never show trashed posts to visitors.
      const list = await f.get(`/posts?include=${post.id}`);
      expect(list.body).toEqual([]);
    });

    it('refuses a trashed page to visitors', async () => {
      const page = await f.create('pages', { title: 'Trashed page', status: 'publish' });
      await f.del(`/pages/${page.id}`, f.users.editor);
      expect((await f.get(`/pages/${page.id}`)).status).toBe(401);
      expect((await f.get(`/pages/${page.id}`, f.users.administrator)).status).toBe(200);
    });

    it.each(['draft', 'pending', 'private', 'future'])(
      'applies read_post to a %s post per role',
      async (status) => {
        const body: Record<string, unknown> = { title: `A ${status} post`, status };
        if (status === 'future') body.date = '2099-01-01T10:00:00';
        const post = await f.create('posts', body, f.users.editor);
        expect(post.status).toBe(status);
        expect((await f.get(`/posts/${post.id}`)).status).toBe(401);
        expect((await f.get(`/posts/${post.id}`, f.users.subscriber)).status).toBe(403);
        expect((await f.get(`/posts/${post.id}`, f.users.author)).status).toBe(403);
        expect((await f.get(`/posts/${post.id}`, f.users.editor)).status).toBe(200);
        expect((await f.get(`/posts/${post.id}`, f.users.administrator)).status).toBe(200);
      },
    );

    it('shows a password-protected post with its content protected', async () => {
      const post = await f.create('posts', {
        title: 'Protected',
        content: 'Hidden words',
        password: 'peer-secret',
        status: 'publish',
      });
      const res = await f.get(`/posts/${post.id}`);
      expect(res.status).toBe(200);
      expect(res.body.content).toEqual({ rendered: '', protected: true });
      const wrong = await f.get(`/posts/${post.id}?password=nope`);
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe('rest_post_incorrect_password');
    });
  });

  describe('point 2: search and password-protected posts', () => {
    let open: any;
    let locked: any;
    beforeAll(async () => {
      open = await f.create('posts', { title: 'Banana open', content: 'Banana', status: 'publish' });
      locked = await f.create('posts', {
        title: 'Banana locked',
        content: 'Banana secret',
        status: 'publish',
        password: 'peer-secret',
      });
    });

    it('leaves protected posts out of a visitor search, keeps them for logged-in users', async () => {
      const anonymous = await f.get('/posts?search=banana');
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.map((p: any) => p.id)).toEqual([open.id]);
      expect(anonymous.headers['x-wp-total']).toBe('1');
      const subscriber = await f.get('/posts?search=banana', f.users.subscriber);
      expect(subscriber.body.map((p: any) => p.id).sort()).toEqual([open.id, locked.id].sort());
    });

    it('lists protected posts without a search; a password on a list unlocks the posts it opens', async () => {
      const list = await f.get(`/posts?include=${locked.id}&password=not-it`);
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      expect(list.body[0].content).toEqual({ rendered: '', protected: true });
      expect(list.body[0].excerpt).toEqual({ rendered: '', protected: true });
      // WordPress's can_access_password_content (conformance password/list-with-password)
      const opened = await f.get(`/posts?include=${locked.id}&password=peer-secret`);
      expect(opened.body[0].content.rendered).not.toBe('');
      expect(opened.body[0].content.protected).toBe(true);
    });
  });

  describe('point 3: creating terms', () => {
    it('lets authors and contributors create tags (assign_terms) but not categories', async () => {
      for (const role of ['author', 'contributor'] as const) {
        const tag = await f.post('/tags', { name: `Tag of ${role}` }, f.users[role]);
        expect(tag.status).toBe(201);
        const category = await f.post('/categories', { name: `Cat of ${role}` }, f.users[role]);
        expect(category.status).toBe(403);
        expect(category.body).toEqual({
          code: 'rest_cannot_create',
          message: 'Sorry, you are not allowed to create terms in this taxonomy.',
          data: { status: 403 },
        });
      }
      expect((await f.post('/tags', { name: 'no' }, f.users.subscriber)).status).toBe(403);
    });

    it('gives authors the create-tags and assign links, not create-categories', async () => {
      const post = await f.create('posts', { title: 'Links', status: 'draft' }, f.users.author);
      const res = await f.get(`/posts/${post.id}?context=edit`, f.users.author);
      const rels = Object.keys(res.body._links);
      expect(rels).toEqual(
        expect.arrayContaining([
          'wp:action-create-tags',
          'wp:action-assign-tags',
          'wp:action-assign-categories',
        ]),
      );
      expect(rels).not.toContain('wp:action-create-categories');
      const editor = await f.get(`/posts/${post.id}?context=edit`, f.users.editor);
      expect(Object.keys(editor.body._links)).toContain('wp:action-create-categories');
    });
  });

  describe('point 6: autosaves store only what is sent', () => {
    it("keeps the previous autosave's fields and leaves unsent fields of a first autosave empty", async () => {
      const post = await f.create(
        'posts',
        { title: 'Original title', content: 'Original body', excerpt: 'Original excerpt', status: 'publish' },
        f.users.author,
      );
      const first = await f.post(`/posts/${post.id}/autosaves`, { content: 'Editor body' }, f.users.editor);
      expect(first.status).toBe(200);
      expect(first.body.content.raw).toBe('Editor body');
      expect(first.body.title.raw).toBe('');
      expect(first.body.excerpt.raw).toBe('');
      const withExcerpt = await f.post(
        `/posts/${post.id}/autosaves`,
        { title: 'Autosaved title', excerpt: 'Autosaved excerpt' },
        f.users.editor,
      );
      expect(withExcerpt.body.id).toBe(first.body.id);
      const second = await f.post(`/posts/${post.id}/autosaves`, { content: 'Third body' }, f.users.editor);
      expect(second.body.id).toBe(first.body.id);
      expect(second.body.title.raw).toBe('Autosaved title');
      expect(second.body.excerpt.raw).toBe('Autosaved excerpt');
      expect(second.body.content.raw).toBe('Third body');
      const [row] = await f.t.app
        .get(DataSource)
        .query('SELECT title, excerpt, content FROM posts WHERE id = ?', [first.body.id]);
      expect(row).toEqual({ title: 'Autosaved title', excerpt: 'Autosaved excerpt', content: 'Third body' });
      const parent = await f.get(`/posts/${post.id}?context=edit`, f.users.editor);
      expect(parent.body.excerpt.raw).toBe('Original excerpt');
    });
  });

  describe('point 7: a page that is its own parent', () => {
    it('stores parent 0 and answers 200, as wp_check_post_hierarchy_for_loops', async () => {
      const page = await f.create('pages', { title: 'Self parent', status: 'publish' });
      const res = await f.post(`/pages/${page.id}`, { parent: page.id }, f.users.editor);
      expect(res.status).toBe(200);
      expect(res.body.parent).toBe(0);
    });

    it('breaks a loop through a descendant by storing parent 0', async () => {
      const top = await f.create('pages', { title: 'Top', status: 'publish' });
      const child = await f.create('pages', { title: 'Child', status: 'publish', parent: top.id });
      const res = await f.post(`/pages/${top.id}`, { parent: child.id }, f.users.editor);
      expect(res.status).toBe(200);
      expect(res.body.parent).toBe(0);
      expect((await f.get(`/pages/${child.id}`)).body.parent).toBe(top.id);
    });
  });
});
