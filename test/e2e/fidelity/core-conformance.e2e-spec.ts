import { golden } from '../../helpers/golden';
import { contentFixture, ContentFixture } from '../content/content-fixtures';

/**
 * Issue 26: core answers where the recorded WordPress 6.1.9 scenarios (../shared/conformance, core) showed
 * differences. Values quoted from a step are that step's recorded answer.
 */
describe('fidelity: core answers as WordPress 6.1.9 recorded them', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture({ SITE_TIMEZONE: 'UTC' });
  });
  afterAll(() => f.t.close());

  describe('cause 4: search results link child pages and categories through their ancestors (search/run)', () => {
    it('a child page and a child category', async () => {
      const about = await f.create('pages', { title: 'Conf About', status: 'publish' });
      const team = await f.create('pages', { title: 'Conf Team', status: 'publish', parent: about.id });
      const lead = await f.create('pages', { title: 'Conf Lead', status: 'publish', parent: team.id });
      const pages = await f.get('/search?search=conf&subtype=page&per_page=10');
      expect(pages.status).toBe(200);
      expect(Object.fromEntries(pages.body.map((result: any) => [result.id, result.url]))).toEqual({
        [about.id]: 'http://example.test/conf-about/',
        [team.id]: 'http://example.test/conf-about/conf-team/',
        [lead.id]: 'http://example.test/conf-about/conf-team/conf-lead/',
      });

      const news = await f.post('/categories', { name: 'Conf News' }, f.users.editor);
      const tech = await f.post('/categories', { name: 'Conf Tech', parent: news.body.id }, f.users.editor);
      const terms = await f.get('/search?search=conf&type=term&subtype=category');
      expect(Object.fromEntries(terms.body.map((result: any) => [result.id, result.url]))).toEqual({
        [news.body.id]: 'http://example.test/category/conf-news/',
        [tech.body.id]: 'http://example.test/category/conf-news/conf-tech/',
      });
    });
  });

  describe('cause 11: a trashed page keeps its sample permalink (pages/delete-trash, pages/delete-force)', () => {
    it('%pagename% under its ancestors, where a trashed post has the plain link (golden pages-delete-trash.json)', async () => {
      expect(golden('pages-delete-trash.json').body.permalink_template).toBe(
        'http://example.test/%pagename%/',
      );
      const parent = await f.create('pages', { title: 'Trash parent', status: 'publish' });
      const child = await f.create('pages', { title: 'Trash child', status: 'publish', parent: parent.id });
      const trashed = await f.del(`/pages/${child.id}`, f.users.editor);
      expect(trashed.status).toBe(200);
      expect(trashed.body.permalink_template).toBe('http://example.test/trash-parent/%pagename%/');
      expect(trashed.body.link).toBe(`http://example.test/?page_id=${child.id}`);
      const forced = await f.del(`/pages/${child.id}?force=true`, f.users.editor);
      expect(forced.body.previous.permalink_template).toBe('http://example.test/trash-parent/%pagename%/');
    });
  });

  describe('cause 8: offset has no minimum (discovery/index, discovery/options-posts, pages/options)', () => {
    it('is declared as WordPress declares it and a negative offset counts as its absolute value', async () => {
      const options = await f.t.http().options('/wp-json/core/v2/posts');
      expect(options.body.endpoints[0].args.offset).toEqual({
        description: 'Offset the result set by a specific number of items.',
        type: 'integer',
        required: false,
      });
      for (const title of ['Offset one', 'Offset two', 'Offset three']) {
        await f.create('posts', { title, status: 'publish' });
      }
      const all = await f.get('/posts?search=offset&orderby=id&order=asc');
      const negative = await f.get('/posts?search=offset&orderby=id&order=asc&offset=-1');
      expect(negative.status).toBe(200);
      expect(negative.body.map((post: any) => post.id)).toEqual(
        all.body.slice(1).map((post: any) => post.id),
      );
      const comments = await f.get('/comments?offset=-2');
      expect(comments.status).toBe(200);
    });
  });

  describe('cause 9: the previous object of a forced delete has no _links (delete/force, terms/tag-delete-force)', () => {
    it('posts, pages, tags and users (golden posts-delete-force.json, users-delete-force.json)', async () => {
      const recorded = golden('posts-delete-force.json');
      const post = await f.create('posts', { title: 'Forced', status: 'publish' });
      const gone = await f.del(`/posts/${post.id}?force=true`, f.users.administrator);
      expect(Object.keys(gone.body.previous)).toEqual(
        expect.arrayContaining(Object.keys(recorded.body.previous)),
      );
      expect(gone.body.previous._links).toBeUndefined();
      const page = await f.create('pages', { title: 'Forced page', status: 'publish' });
      expect(
        (await f.del(`/pages/${page.id}?force=true`, f.users.editor)).body.previous._links,
      ).toBeUndefined();
      const tag = await f.post('/tags', { name: 'Forced tag' }, f.users.administrator);
      const tagGone = await f.del(`/tags/${tag.body.id}?force=true`, f.users.administrator);
      expect(tagGone.body.deleted).toBe(true);
      expect(tagGone.body.previous).toMatchObject({ id: tag.body.id, name: 'Forced tag' });
      expect(tagGone.body.previous._links).toBeUndefined();
      expect(golden('users-delete-force.json').body.previous._links).toBeUndefined();
      const user = await f.t.user('subscriber');
      const userGone = await f.del(`/users/${user.id}?force=true&reassign=false`, f.users.administrator);
      expect(userGone.body.previous._links).toBeUndefined();
    });
  });

  describe("cause 11: a duplicate term is wp_insert_term's error (terms/category-create-duplicate)", () => {
    it('with the term ID twice in additional_data, and the hierarchical message for categories', async () => {
      const first = await f.post('/categories', { name: 'Conf Twice' }, f.users.administrator);
      const again = await f.post('/categories', { name: 'Conf Twice' }, f.users.administrator);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        code: 'term_exists',
        message: 'A term with the name provided already exists with this parent.',
        data: { status: 400, term_id: first.body.id },
        additional_data: [first.body.id, first.body.id],
      });
      const tag = await f.post('/tags', { name: 'Conf Tag' }, f.users.administrator);
      const tagAgain = await f.post('/tags', { name: 'Conf Tag' }, f.users.administrator);
      expect(tagAgain.body.message).toBe('A term with the name provided already exists in this taxonomy.');
      expect(tagAgain.body.additional_data).toEqual([tag.body.id, tag.body.id]);
    });
  });

  describe("cause 11: a taken login or e-mail is wp_insert_user's error (users/create-duplicate-login)", () => {
    it("WordPress's code and message, as a 400 (deliberate: WordPress answers 500, data null; docs/api/core.md)", async () => {
      const recorded = golden('users-create-existing-login.json');
      const res = await f.post(
        '/users',
        { username: f.users.author.login, email: 'peer-temp@example.test', password: 'peer-temp-pass' },
        f.users.administrator,
      );
      expect(recorded.status).toBe(500);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ...recorded.body, data: { status: 400 } });
      const email = golden('users-create-existing-email.json');
      const byEmail = await f.post(
        '/users',
        { username: 'someone-else', email: `${f.users.author.login}@example.test`, password: 'x-pass' },
        f.users.administrator,
      );
      expect(byEmail.status).toBe(400);
      expect(byEmail.body).toEqual({ ...email.body, data: { status: 400 } });
    });
  });

  describe('cause 11: an envelope shows the paging headers as WordPress sets them, integers (posts/list-envelope)', () => {
    it('X-WP-Total and X-WP-TotalPages are numbers (golden posts-list-envelope.json)', async () => {
      const recorded = golden('posts-list-envelope.json');
      expect(typeof recorded.body.headers['X-WP-Total']).toBe('number');
      for (const title of ['Enveloped one', 'Enveloped two', 'Enveloped three']) {
        await f.create('posts', { title, status: 'publish' });
      }
      const res = await f.get('/posts?search=enveloped&per_page=2&_envelope=1');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(200);
      expect(res.body.headers['X-WP-Total']).toBe(3);
      expect(res.body.headers['X-WP-TotalPages']).toBe(2);
      expect(typeof res.body.headers.Link).toBe('string');
      expect(res.body.headers.Allow).toBe(recorded.body.headers.Allow);
      const calendar = await f.t.http().get('/wp-json/cal/events/v1/events?_envelope=1');
      expect(calendar.body.headers['X-TEC-Total']).toEqual(expect.any(Number));
    });
  });

  describe('cause 11: a password on a list unlocks the posts it opens (password/list-with-password)', () => {
    it('content and excerpt of the matching post are rendered, still marked protected', async () => {
      const locked = await f.create('posts', {
        title: 'Locked list post',
        content: 'Behind the door.',
        status: 'publish',
        password: 'open-sesame',
      });
      const opened = await f.get(`/posts?include=${locked.id}&password=open-sesame`);
      expect(opened.status).toBe(200);
      expect(opened.body[0].content).toEqual({ rendered: '<p>Behind the door.</p>\n', protected: true });
      expect(opened.body[0].excerpt.rendered).toBe('<p>Behind the door.</p>\n');
      const wrong = await f.get(`/posts?include=${locked.id}&password=nope`);
      expect(wrong.body[0].content).toEqual({ rendered: '', protected: true });
      const none = await f.get(`/posts?include=${locked.id}`);
      expect(none.body[0].excerpt.rendered).toBe('');
    });
  });

  describe('cause 11: an own draft autosaved in place answers as the revisions controller shows the post (autosaves/own-draft)', () => {
    it('slug "" and no links at top level; its guid; a child page links its parent (golden page-autosave-create-draft.json)', async () => {
      const recorded = golden('page-autosave-create-draft.json');
      const draft = await f.create('pages', { title: 'Page draft' }, f.users.administrator);
      const res = await f.post(
        `/pages/${draft.id}/autosaves`,
        { title: 'Page draft autosaved', content: 'Autosaved page draft.' },
        f.users.administrator,
      );
      expect(res.status).toBe(recorded.status);
      const { meta: _meta, ...body } = res.body;
      expect(Object.keys(body)).toEqual(Object.keys(recorded.body));
      expect(body).toMatchObject({
        id: draft.id,
        parent: 0,
        slug: '',
        date: null,
        guid: {
          rendered: `http://example.test/?page_id=${draft.id}`,
          raw: `http://example.test/?page_id=${draft.id}`,
        },
        title: recorded.body.title,
        content: recorded.body.content,
        preview_link: `http://example.test/?page_id=${draft.id}&preview=true`,
      });

      const parent = await f.create('pages', { title: 'Autosave parent', status: 'publish' }, f.users.editor);
      const child = await f.create('pages', { title: 'Child draft', parent: parent.id }, f.users.editor);
      const childSave = await f.post(`/pages/${child.id}/autosaves`, { content: 'More.' }, f.users.editor);
      expect(childSave.body._links).toEqual({
        parent: [{ href: `http://example.test/wp-json/core/v2/pages/${parent.id}` }],
      });

      const post = await f.create('posts', { title: 'Author draft' }, f.users.author);
      const own = await f.post(`/posts/${post.id}/autosaves`, { content: 'Autosaved text.' }, f.users.author);
      expect(own.body.slug).toBe('');
      expect(own.body._links).toBeUndefined();
    });
  });
});
