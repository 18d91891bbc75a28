import { contentFixture, ContentFixture } from './content-fixtures';

/**
 * `_embed` on a list resolves the `wp:term` and `replies` links of all its items together (one query per
 * relation for the page): what each item embeds must be exactly what the link answers on its own.
 */
describe('core/v2 posts?_embed: embedded term lists and replies of a page', () => {
  let f: ContentFixture;
  const posts: any[] = [];
  beforeAll(async () => {
    f = await contentFixture();
    const category = async (name: string) => (await f.post('/categories', { name }, f.users.editor)).body.id;
    const tag = async (name: string) => (await f.post('/tags', { name }, f.users.editor)).body.id;
    const [zebra, apple, mango] = [await category('zebra'), await category('Apple'), await category('mango')];
    const [red, blue] = [await tag('red'), await tag('Blue')];
    posts.push(
      await f.create('posts', {
        title: 'One',
        status: 'publish',
        categories: [zebra, apple],
        tags: [red, blue],
      }),
      await f.create('posts', { title: 'Two', status: 'publish', categories: [mango], tags: [] }),
      await f.create('posts', { title: 'Three', status: 'publish', categories: [apple, mango, zebra] }),
      await f.create('posts', { title: 'Draft', status: 'draft', categories: [zebra] }),
    );
  });
  afterAll(() => f.t.close());

  it('embeds, for every item, the same terms in the same order as the link alone', async () => {
    const list = await f.get('/posts?_embed');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    for (const item of list.body) {
      const alone = await Promise.all(
        item._links['wp:term'].map(async (link: { href: string }) => {
          const path = link.href.replace(/^https?:\/\/[^/]+\/wp-json\/core\/v2/, '');
          const res = await f.get(`${path}&context=embed`);
          expect(res.status).toBe(200);
          return res.body;
        }),
      );
      expect(item._embedded['wp:term']).toEqual(alone);
    }
    const one = list.body.find((item: any) => item.id === posts[0].id);
    expect(one._embedded['wp:term'][0].map((term: any) => term.name)).toEqual(['Apple', 'zebra']);
    expect(one._embedded['wp:term'][1].map((term: any) => term.name)).toEqual(['Blue', 'red']);
    const two = list.body.find((item: any) => item.id === posts[1].id);
    expect(two._embedded['wp:term'][1]).toEqual([]);
  });

  it('embeds replies only where the post has visible comments, as the link alone answers', async () => {
    const comment = await f.post(
      '/comments',
      { post: posts[1].id, content: 'A reply', status: 'approved' },
      f.users.editor,
    );
    expect(comment.status).toBe(201);
    const list = await f.get('/posts?_embed=replies');
    for (const item of list.body) {
      const alone = await f.get(`/comments?post=${item.id}&context=embed`);
      if (alone.body.length === 0) expect(item._embedded).toBeUndefined();
      else expect(item._embedded.replies).toEqual([alone.body]);
    }
    const two = list.body.find((item: any) => item.id === posts[1].id);
    expect(two._embedded.replies[0].map((reply: any) => reply.id)).toEqual([comment.body.id]);
  });

  it('a reader who cannot see a draft gets its term link refused, also when embedded with others', async () => {
    const draft = posts[3];
    const alone = await f.get(`/categories?post=${draft.id}`);
    expect(alone.status).toBe(401);
    const asEditor = await f.get(`/posts/${draft.id}?_embed`, f.users.editor);
    expect(asEditor.status).toBe(200);
    expect(asEditor.body._embedded?.['wp:term']?.[0].map((term: any) => term.name)).toEqual(['zebra']);
  });
});
