import { DataSource } from 'typeorm';
import { LastChanged, SITE_CACHE_GROUP } from '../../../src/platform/database';
import type { TestUser } from '../../helpers/test-app';
import { contentFixture, ContentFixture } from './content-fixtures';

/**
 * `X-WP-Total` of a posts list filtered by status, one term or one search word comes from counts the
 * database maintains; it must always equal the posts the pages list, whatever was written, and however.
 */
describe('core/v2 posts list totals from the maintained counts', () => {
  let f: ContentFixture;
  let categories: number[];
  let tags: number[];
  const posts: any[] = [];

  /** The posts of every page, in order, `perPage` at a time. */
  const pages = async (query: string, perPage: number, as?: TestUser) => {
    const separator = query.includes('?') ? '&' : '?';
    const first = await f.get(`${query}${separator}per_page=${perPage}`, as);
    expect(first.status).toBe(200);
    const ids: number[] = first.body.map((post: { id: number }) => post.id);
    const count = Number(first.headers['x-wp-totalpages']);
    for (let page = 2; page <= count; page++) {
      const next = await f.get(`${query}${separator}per_page=${perPage}&page=${page}`, as);
      ids.push(...next.body.map((post: { id: number }) => post.id));
    }
    return { total: Number(first.headers['x-wp-total']), ids };
  };

  /**
   * The total the list reports, and the posts its pages list. Small pages are found by probing each post's
   * term or word in date order, one large page from the matches: both must list the same posts.
   */
  const totalAndListed = async (query: string, as?: TestUser) => {
    const small = await pages(query, 2, as);
    const large = await pages(query, 100, as);
    expect({ query, ids: small.ids }).toEqual({ query, ids: large.ids });
    expect(small.total).toBe(large.total);
    return { total: large.total, listed: new Set(large.ids).size };
  };

  const expectExact = async () => {
    const queries = [
      '/posts',
      `/posts?categories=${categories[0]}`,
      `/posts?categories=${categories[1]}`,
      `/posts?tags=${tags[0]}`,
      '/posts?search=excavator',
      '/posts?search=grader',
      '/posts?search=nowhere',
      '/pages',
    ];
    for (const query of queries) {
      for (const as of [undefined, f.users.editor]) {
        const { total, listed } = await totalAndListed(query, as);
        expect({ query, as: as ? 'editor' : 'visitor', total }).toEqual({
          query,
          as: as ? 'editor' : 'visitor',
          total: listed,
        });
      }
      const drafts = await totalAndListed(
        `${query}${query.includes('?') ? '&' : '?'}status=draft,publish`,
        f.users.editor,
      );
      expect({ query, drafts: drafts.total }).toEqual({ query, drafts: drafts.listed });
    }
  };

  const sql = async (query: string, params: unknown[] = []) => {
    await f.t.app.get(DataSource).query(query, params);
    await f.t.app.get(LastChanged).renew(SITE_CACHE_GROUP);
  };

  beforeAll(async () => {
    f = await contentFixture();
    categories = [];
    tags = [];
    for (const name of ['Digging', 'Grading']) {
      categories.push((await f.post('/categories', { name }, f.users.editor)).body.id);
      tags.push((await f.post('/tags', { name: `tag ${name}` }, f.users.editor)).body.id);
    }
    for (let i = 0; i < 14; i++) {
      posts.push(
        await f.create('posts', {
          title: i % 3 ? `About the grader ${i}` : `Excavator ${i}`,
          content: i % 4 ? 'An excavator and more' : 'Nothing else',
          status: i % 5 === 4 ? 'draft' : 'publish',
          categories: [categories[i % 2]],
          tags: i % 3 ? [tags[0], tags[1]] : [tags[1]],
          password: i === 6 ? 'secret' : '',
        }),
      );
    }
    await f.create('pages', { title: 'A page about an excavator', status: 'publish' });
  });
  afterAll(() => f.t.close());

  it('reports exactly the posts it lists, by status, term and word, for visitors and editors', async () => {
    await expectExact();
  });

  it('stays exact after updates through the API: status, terms, password, trash, delete', async () => {
    const update = (id: number, body: object) => f.post(`/posts/${id}`, body, f.users.editor);
    expect((await update(posts[0].id, { status: 'draft' })).status).toBe(200);
    expect((await update(posts[1].id, { categories: [categories[0], categories[1]] })).status).toBe(200);
    expect((await update(posts[2].id, { tags: [] })).status).toBe(200);
    expect((await update(posts[3].id, { password: 'hidden' })).status).toBe(200);
    expect((await update(posts[5].id, { title: 'Renamed', content: 'Now about a grader' })).status).toBe(200);
    expect((await f.del(`/posts/${posts[7].id}`, f.users.editor)).status).toBe(200);
    expect((await f.del(`/posts/${posts[8].id}?force=true`, f.users.editor)).status).toBe(200);
    await expectExact();
  });

  it('stays exact after writes in raw SQL', async () => {
    await sql("UPDATE posts SET status = 'private' WHERE id = ?", [posts[9].id]);
    await sql('DELETE FROM post_terms WHERE term_id = ?', [categories[1]]);
    await sql("UPDATE posts SET password = '' WHERE id = ?", [posts[6].id]);
    await expectExact();
    // Their term links go with them (a cascading foreign key), and so does their share of the term counts.
    await sql('DELETE FROM posts WHERE id IN (?, ?)', [posts[10].id, posts[11].id]);
    await expectExact();
    await sql("DELETE FROM posts WHERE type = 'post'");
    expect((await totalAndListed('/posts')).total).toBe(0);
  });
});
