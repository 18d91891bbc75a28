import { TestUser } from '../../helpers/test-app';
import { contentFixture, ContentFixture } from './content-fixtures';

/**
 * `_embed` answers every embeddable link exactly as the link's own GET in the embed context answers it: the
 * body, the error object of a link the caller may not read, nothing for an empty collection; each target once.
 */
describe('core/v2 _embed: each embedded link as its own request answers it', () => {
  let f: ContentFixture;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    f = await contentFixture();
    const category = async (name: string) => (await f.post('/categories', { name }, f.users.editor)).body.id;
    const [news, tech] = [await category('News'), await category('tech')];
    const tag = (await f.post('/tags', { name: 'shared' }, f.users.editor)).body.id;
    ids.a = (
      await f.create('posts', { title: 'A', status: 'publish', categories: [news, tech], tags: [tag] })
    ).id;
    ids.b = (await f.create('posts', { title: 'B', status: 'publish', categories: [news], tags: [tag] })).id;
    ids.locked = (
      await f.create('posts', { title: 'Locked', status: 'publish', password: 'secret', categories: [tech] })
    ).id;
    ids.byAuthor = (await f.create('posts', { title: 'By author', status: 'publish' }, f.users.author)).id;
    for (const post of [ids.a, ids.locked]) {
      const reply = await f.post('/comments', { post, content: 'Reply', status: 'approved' }, f.users.editor);
      expect(reply.status).toBe(201);
    }
    const bySubscriber = await f.post('/comments', { post: ids.a, content: 'Me too' }, f.users.subscriber);
    expect(bySubscriber.status).toBe(201);
    ids.subscriberComment = bySubscriber.body.id;
    const approved = await f.put(
      `/comments/${ids.subscriberComment}`,
      { status: 'approved' },
      f.users.editor,
    );
    expect(approved.status).toBe(200);
  });
  afterAll(() => f.t.close());

  /** What a link's own GET answers, as _embed places it: the body, an error's body, null for an empty list. */
  async function alone(href: string, as?: TestUser): Promise<{ status: number; value: unknown }> {
    const path = href.replace(/^https?:\/\/[^/]+\/wp-json\/core\/v2/, '');
    const res = await f.get(`${path}${path.includes('?') ? '&' : '?'}context=embed`, as);
    const empty = res.status < 400 && Array.isArray(res.body) && res.body.length === 0;
    return { status: res.status, value: empty ? null : res.body };
  }

  /** Checks every embedded relation of `item` against the links' own answers; returns the statuses seen. */
  async function expectEmbeddedAsAlone(item: any, as?: TestUser, only?: string[]): Promise<number[]> {
    const statuses: number[] = [];
    for (const [rel, links] of Object.entries(item._links as Record<string, any[]>)) {
      if (rel === 'curies' || !links.some((link) => link.embeddable)) continue;
      if (only && !only.includes(rel)) {
        expect(item._embedded?.[rel]).toBeUndefined();
        continue;
      }
      const answers = await Promise.all(
        links.map(async (link) => (link.embeddable ? alone(link.href, as) : { status: 0, value: null })),
      );
      statuses.push(...answers.map((answer) => answer.status));
      if (answers.every((answer) => answer.value === null)) {
        expect(item._embedded?.[rel]).toBeUndefined();
      } else {
        expect(item._embedded[rel]).toEqual(answers.map((answer) => answer.value ?? []));
      }
    }
    return statuses;
  }

  it.each([
    ['anonymous', undefined],
    ['a subscriber', 'subscriber'],
    ['an editor', 'editor'],
  ] as const)('a page of posts embeds for %s what each link answers alone', async (_who, role) => {
    const as = role ? f.users[role] : undefined;
    const list = await f.get('/posts?_embed', as);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(4);
    const statuses: number[] = [];
    for (const item of list.body) statuses.push(...(await expectEmbeddedAsAlone(item, as)));
    if (!role) {
      // The replies of the password-protected post are refused to a reader without the password.
      expect(statuses.some((status) => status >= 400)).toBe(true);
      const locked = list.body.find((item: any) => item.id === ids.locked);
      expect(locked._embedded.replies[0].code).toBe('rest_cannot_read_post');
    }
  });

  it('embeds a target shared by several items once, the same for each', async () => {
    const list = await f.get('/posts?_embed');
    const a = list.body.find((item: any) => item.id === ids.a);
    const b = list.body.find((item: any) => item.id === ids.b);
    expect(a._embedded['wp:term'][0][0]).toEqual(b._embedded['wp:term'][0][0]);
    expect(a._embedded['wp:term'][0].map((term: any) => term.name)).toEqual(['News', 'tech']);
    expect(a._embedded['wp:term'][1]).toEqual(b._embedded['wp:term'][1]);
    expect(a._embedded.author).toEqual(b._embedded.author);
  });

  it('embeds only the relations _embed names', async () => {
    for (const only of [['wp:term'], ['author', 'replies'], ['replies']]) {
      const list = await f.get(`/posts?_embed=${only.join(',')}`);
      expect(list.status).toBe(200);
      for (const item of list.body) await expectEmbeddedAsAlone(item, undefined, only);
    }
  });

  it('embeds with _fields as without when _links is kept, and nothing when it is not', async () => {
    const full = await f.get('/posts?_embed');
    const kept = await f.get('/posts?_embed&_fields=id,_links');
    expect(kept.status).toBe(200);
    expect(kept.body.map((item: any) => item._embedded)).toEqual(
      full.body.map((item: any) => item._embedded),
    );
    const dropped = await f.get('/posts?_embed&_fields=id,title');
    expect(dropped.body.every((item: any) => item._embedded === undefined)).toBe(true);
  });

  it('a single post embeds as its links answer alone, also its refused replies', async () => {
    const locked = await f.get(`/posts/${ids.locked}?_embed`);
    expect(locked.status).toBe(200);
    await expectEmbeddedAsAlone(locked.body);
    const unlocked = await f.get(`/posts/${ids.locked}?_embed&password=secret`);
    await expectEmbeddedAsAlone(unlocked.body);
  });

  it('a comment by a user an anonymous reader may not see embeds the refusal as its author', async () => {
    const list = await f.get(`/comments?post=${ids.a}&_embed`);
    expect(list.status).toBe(200);
    const statuses: number[] = [];
    for (const item of list.body) statuses.push(...(await expectEmbeddedAsAlone(item)));
    const mine = list.body.find((item: any) => item.id === ids.subscriberComment);
    expect(mine._embedded.author[0].code).toBe('rest_user_cannot_view');
    expect(statuses.some((status) => status === 401)).toBe(true);
  });

  it('a link to a user who is gone embeds the error its own request answers', async () => {
    const gone = await f.t.user('subscriber');
    const comment = await f.post('/comments', { post: ids.b, content: 'Soon gone' }, gone);
    expect(comment.status).toBe(201);
    await f.put(`/comments/${comment.body.id}`, { status: 'approved' }, f.users.editor);
    const removed = await f.del(
      `/users/${gone.id}?force=true&reassign=${f.users.editor.id}`,
      f.users.administrator,
    );
    expect(removed.status).toBe(200);
    for (const as of [undefined, f.users.administrator]) {
      const list = await f.get(`/comments?post=${ids.b}&_embed`, as);
      expect(list.status).toBe(200);
      for (const item of list.body) await expectEmbeddedAsAlone(item, as);
      const orphan = list.body.find((item: any) => item.id === comment.body.id);
      expect(orphan._embedded.author[0].code).toBe('rest_user_invalid_id');
    }
  });

  it('under the /no/ root embeds the Norwegian answers of each link, as each link alone answers', async () => {
    const category = await f.t
      .http()
      .post('/no/wp-json/core/v2/categories')
      .set('Authorization', f.users.editor.auth)
      .send({ name: 'Nyheter' });
    expect(category.status).toBe(201);
    const translated = await f.t
      .http()
      .post('/no/wp-json/core/v2/posts')
      .set('Authorization', f.users.editor.auth)
      .send({
        title: 'A på norsk',
        status: 'publish',
        translation_of: ids.a,
        categories: [category.body.id],
      });
    expect(translated.status).toBe(201);
    const list = await f.t.http().get('/no/wp-json/core/v2/posts?_embed');
    expect(list.status).toBe(200);
    const item = list.body.find((post: any) => post.id === translated.body.id);
    expect(item._embedded['wp:term'][0].map((term: any) => term.name)).toEqual(['Nyheter']);
    for (const post of list.body) {
      for (const [rel, links] of Object.entries(post._links as Record<string, any[]>)) {
        if (!links.some((link) => link.embeddable)) continue;
        const answers = await Promise.all(
          links.map(async (link) => {
            const path = link.href.replace(/^https?:\/\/[^/]+/, '');
            const res = await f.t.http().get(`${path}${path.includes('?') ? '&' : '?'}context=embed`);
            return res.status < 400 && Array.isArray(res.body) && res.body.length === 0 ? null : res.body;
          }),
        );
        if (answers.every((answer) => answer === null)) expect(post._embedded?.[rel]).toBeUndefined();
        else expect(post._embedded[rel]).toEqual(answers.map((answer) => answer ?? []));
      }
    }
  });

  it('with ml_language=no embeds as under the /no/ root (the links point there)', async () => {
    const byPrefix = await f.t.http().get('/no/wp-json/core/v2/posts?_embed');
    const byParameter = await f.t.http().get('/wp-json/core/v2/posts?_embed&ml_language=no');
    expect(byParameter.status).toBe(200);
    expect(byParameter.body.some((post: any) => post._embedded !== undefined)).toBe(true);
    expect(byParameter.body).toEqual(byPrefix.body);
  });
});
