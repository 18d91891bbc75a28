import { TestUser } from '../../helpers/test-app';
import { API, image, MediaFixture, mediaFixture } from './media-fixture';

/**
 * `_embed` of featured images (`wp:featuredmedia`): each embedded attachment is what its own GET in the embed
 * context answers, a refusal included; an image shared by several posts is the same object for each.
 */
describe('core/v2 posts?_embed: featured media as each link alone answers', () => {
  let f: MediaFixture;
  const ids: Record<string, number> = {};
  const create = async (body: object): Promise<number> => {
    const res = await f.t.http().post(`${API}/posts`).set('Authorization', f.users.admin.auth).send(body);
    expect(res.status).toBe(201);
    return res.body.id;
  };
  beforeAll(async () => {
    f = await mediaFixture();
    ids.shared = (await f.upload(await image('png', 40, 30), 'shared.png', 'image/png')).body.id;
    ids.draft = await create({ title: 'Draft', status: 'draft' });
    ids.ofDraft = (
      await f.upload(await image('png', 20, 20), 'of-draft.png', 'image/png', f.users.admin, {
        post: ids.draft,
      })
    ).body.id;
    ids.gone = (await f.upload(await image('png', 10, 10), 'gone.png', 'image/png')).body.id;
    await create({ title: 'One', status: 'publish', featured_media: ids.shared });
    await create({ title: 'Two', status: 'publish', featured_media: ids.shared });
    await create({ title: 'Three', status: 'publish', featured_media: ids.ofDraft });
    await create({ title: 'Four', status: 'publish', featured_media: ids.gone });
    const removed = await f.t
      .http()
      .delete(`${API}/media/${ids.gone}?force=true`)
      .set('Authorization', f.users.admin.auth);
    expect(removed.status).toBe(200);
  });
  afterAll(() => f.close());

  const get = (path: string, as?: TestUser) => {
    const req = f.t.http().get(`${API}${path}`);
    return as ? req.set('Authorization', as.auth) : req;
  };

  it.each([
    ['anonymous', undefined],
    ['a subscriber', 'subscriber'],
    ['an administrator', 'admin'],
  ] as const)('embeds for %s what each featured media link answers alone', async (_who, role) => {
    const as = role ? f.users[role] : undefined;
    const list = await get('/posts?_embed=wp:featuredmedia', as);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(4);
    let links = 0;
    for (const item of list.body) {
      const featured = item._links['wp:featuredmedia'] ?? [];
      if (featured.length === 0) {
        expect(item._embedded).toBeUndefined();
        continue;
      }
      const alone = await Promise.all(
        featured.map(async (link: { href: string }) => {
          links += 1;
          const res = await get(
            `${link.href.replace(/^https?:\/\/[^/]+\/wp-json\/core\/v2/, '')}?context=embed`,
            as,
          );
          return res.body;
        }),
      );
      expect(item._embedded['wp:featuredmedia']).toEqual(alone);
    }
    expect(links).toBeGreaterThanOrEqual(3);
    const shared = list.body.filter((item: any) => item.featured_media === ids.shared);
    expect(shared).toHaveLength(2);
    expect(shared[0]._embedded['wp:featuredmedia']).toEqual(shared[1]._embedded['wp:featuredmedia']);
    expect(shared[0]._embedded['wp:featuredmedia'][0].id).toBe(ids.shared);
    // The image attached to a draft is refused to those who may not read the draft, as its own GET is.
    const ofDraft = list.body.find((item: any) => item.featured_media === ids.ofDraft);
    const answer = ofDraft._embedded['wp:featuredmedia'][0];
    if (role === 'admin') expect(answer.id).toBe(ids.ofDraft);
    else expect(answer.code).toBe('rest_forbidden');
  });
});
