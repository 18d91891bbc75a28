import { DataSource } from 'typeorm';
import { contentFixture, ContentFixture } from '../content/content-fixtures';

/** Issue 9, points 8, 12 and the core part of 14: guid, hierarchical permalinks, trashed templates. */
describe('fidelity: core/v2 links', () => {
  let f: ContentFixture;
  beforeAll(async () => {
    f = await contentFixture();
  });
  afterAll(() => f.t.close());

  describe('point 8: guid', () => {
    it('stores the permalink of a post published at creation, ?p=ID for a draft (golden posts-create-*)', async () => {
      const published = await f.create('posts', {
        title: 'Created by the author',
        status: 'publish',
        date: '2024-03-05T10:00:00',
      });
      expect(published.guid).toEqual({
        rendered: 'http://example.test/2024/03/05/created-by-the-author/',
        raw: 'http://example.test/2024/03/05/created-by-the-author/',
      });
      const [row] = await f.t.app
        .get(DataSource)
        .query('SELECT guid FROM posts WHERE id = ?', [published.id]);
      expect(row.guid).toBe('http://example.test/2024/03/05/created-by-the-author/');

      const draft = await f.create('posts', { title: 'A draft' });
      expect(draft.guid.raw).toBe(`http://example.test/?p=${draft.id}`);
      // The guid never changes afterwards, not even when the draft is published or renamed.
      const later = await f.post(
        `/posts/${draft.id}`,
        { status: 'publish', slug: 'renamed' },
        f.users.editor,
      );
      expect(later.body.guid.raw).toBe(`http://example.test/?p=${draft.id}`);
      expect(later.body.link).toContain('/renamed/');
      const renamed = await f.post(`/posts/${published.id}`, { slug: 'other-name' }, f.users.editor);
      expect(renamed.body.guid.raw).toBe('http://example.test/2024/03/05/created-by-the-author/');
    });

    it('a page created under a parent stores its hierarchical permalink', async () => {
      const parent = await f.create('pages', { title: 'Guid parent', status: 'publish' });
      const child = await f.create('pages', { title: 'Guid child', status: 'publish', parent: parent.id });
      expect(child.guid.rendered).toBe('http://example.test/guid-parent/guid-child/');
      const draft = await f.create('pages', { title: 'Guid draft page' });
      expect(draft.guid.rendered).toBe(`http://example.test/?page_id=${draft.id}`);
    });
  });

  describe('point 12: hierarchical permalinks', () => {
    it('child pages link through their ancestors, also in permalink_template (golden page-single*.json)', async () => {
      const about = await f.create('pages', { title: 'About', status: 'publish' });
      const team = await f.create('pages', { title: 'Team', status: 'publish', parent: about.id });
      const lead = await f.create('pages', { title: 'Lead', status: 'publish', parent: team.id });
      const res = await f.get(`/pages/${team.id}`);
      expect(res.body.link).toBe('http://example.test/about/team/');
      expect(res.headers.link).toBe('<http://example.test/about/team/>; rel="alternate"; type=text/html');
      const edit = await f.get(`/pages/${team.id}?context=edit`, f.users.editor);
      expect(edit.body.permalink_template).toBe('http://example.test/about/%pagename%/');
      expect(edit.body.generated_slug).toBe('team');
      const list = await f.get(`/pages?include=${about.id},${team.id},${lead.id}&orderby=include`);
      expect(list.body.map((page: any) => page.link)).toEqual([
        'http://example.test/about/',
        'http://example.test/about/team/',
        'http://example.test/about/team/lead/',
      ]);
      const top = await f.get(`/pages/${about.id}?context=edit`, f.users.editor);
      expect(top.body.permalink_template).toBe('http://example.test/%pagename%/');
    });

    it('oEmbed finds a child page by its hierarchical link (golden oembed-embed-page.json)', async () => {
      const res = await f.t
        .http()
        .get('/wp-json/oembed/1.0/embed')
        .query({ url: 'http://example.test/about/team/' });
      expect(res.status).toBe(200);
      expect(res.body.title).toBe('Team');
      const wrongParent = await f.t
        .http()
        .get('/wp-json/oembed/1.0/embed')
        .query({ url: 'http://example.test/elsewhere/team/' });
      expect(wrongParent.status).toBe(404);
    });

    it('child categories link through their ancestors', async () => {
      const news = await f.post('/categories', { name: 'News' }, f.users.editor);
      const tech = await f.post('/categories', { name: 'Tech', parent: news.body.id }, f.users.editor);
      expect(tech.body.link).toBe('http://example.test/category/news/tech/');
      const ai = await f.post('/categories', { name: 'AI', parent: tech.body.id }, f.users.editor);
      expect((await f.get(`/categories/${ai.body.id}`)).body.link).toBe(
        'http://example.test/category/news/tech/ai/',
      );
      const list = await f.get(`/categories?include=${news.body.id},${ai.body.id}&orderby=include`);
      expect(list.body.map((term: any) => term.link)).toEqual([
        'http://example.test/category/news/',
        'http://example.test/category/news/tech/ai/',
      ]);
    });
  });

  describe('point 14 (core): trashed posts', () => {
    it('have the __trashed slug and a plain permalink_template', async () => {
      const post = await f.create('posts', { title: 'Bin me', status: 'publish' });
      const trashed = await f.del(`/posts/${post.id}`, f.users.editor);
      expect(trashed.body.slug).toBe('bin-me__trashed');
      const edit = await f.get(`/posts/${post.id}?context=edit`, f.users.editor);
      expect(edit.body.permalink_template).toBe(`http://example.test/?p=${post.id}`);
      expect(edit.body.link).toBe(`http://example.test/?p=${post.id}`);
    });
  });
});
