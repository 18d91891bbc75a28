import type { RestResponse } from '../response/rest-response';
import type { RouteRegistry } from '../routing/route-registry';
import type { EmbedLink } from '../routing/embed.types';
import { Embedder } from './embedder';
import type { RestRequest } from './rest-request';
import { RestUrls } from './rest-urls';

const urls = new RestUrls('http://site.test', 'wp-json', 'en');
const request: RestRequest = {
  method: 'GET',
  path: '/core/v2/posts',
  query: { _embed: '1' },
  headers: {},
  user: null,
  requestId: 'test',
};

/** A route table of one resolver route (`/users/N`) and one without (`/pages/N`), counting its matches. */
function setup() {
  const asked: EmbedLink[][] = [];
  const resolver = async (links: EmbedLink[]) => {
    asked.push(links);
    return links.map((link) => ({ id: Number(link.params.id) }));
  };
  const matched: string[] = [];
  const registry = {
    match(path: string) {
      matched.push(path);
      const users = /^\/core\/v2\/users\/(?<id>\d+)$/.exec(path);
      if (users) {
        return { entry: { endpoints: [{ methods: ['GET'], embed: resolver }] }, params: { ...users.groups } };
      }
      if (/^\/core\/v2\/pages\/\d+$/.test(path))
        return { entry: { endpoints: [{ methods: ['GET'] }] }, params: {} };
      return null;
    },
  } as unknown as RouteRegistry;
  const dispatched: string[] = [];
  const dispatch = async (sub: RestRequest) => {
    dispatched.push(`${sub.path} ${JSON.stringify(sub.query)}`);
    return { status: 200, data: { page: sub.path } } as unknown as RestResponse;
  };
  return { embedder: new Embedder(() => registry, dispatch), asked, matched, dispatched };
}

const post = (id: number, author: number) => ({
  id,
  title: `post ${id}`,
  _links: {
    self: [{ href: urls.route(`/core/v2/posts/${id}`) }],
    author: [{ embeddable: true, href: urls.route(`/core/v2/users/${author}`) }],
    up: [{ embeddable: true, href: urls.route('/core/v2/pages/9') }],
  },
});

describe('Embedder', () => {
  it('answers resolver links together and others by sub-request, each href once', async () => {
    const { embedder, asked, dispatched } = setup();
    const data = [post(1, 3), post(2, 3), post(3, 4)];
    const result = (await embedder.embed(data, null, request, urls, 'en')) as any[];
    expect(asked).toHaveLength(1);
    expect(asked[0].map((link) => link.params.id)).toEqual(['3', '4']);
    expect(asked[0][0].from).toBe(data[0]);
    expect(dispatched).toEqual(['/core/v2/pages/9 {"context":"embed"}']);
    expect(result[2]._embedded).toEqual({ author: [{ id: 4 }], up: [{ page: '/core/v2/pages/9' }] });
  });

  it('parses and matches an href once across requests, per API root', async () => {
    const { embedder, matched } = setup();
    await embedder.embed([post(1, 3)], null, request, urls, 'en');
    await embedder.embed([post(1, 3)], null, request, urls, 'en');
    expect(matched).toEqual(['/core/v2/users/3', '/core/v2/pages/9']);
    const norwegian = new RestUrls('http://site.test', 'wp-json', 'no');
    await embedder.embed([post(1, 3)], null, request, norwegian, 'no');
    expect(matched).toHaveLength(4);
  });

  it('adds _embedded to owned items in place, last, and to copies otherwise', async () => {
    const { embedder } = setup();
    const owned = [post(1, 3)];
    const [same] = (await embedder.embed(owned, null, request, urls, 'en', true)) as any[];
    expect(same).toBe(owned[0]);
    expect(Object.keys(same)).toEqual(['id', 'title', '_links', '_embedded']);
    const shared = [post(1, 3)];
    const [copy] = (await embedder.embed(shared, null, request, urls, 'en')) as any[];
    expect(copy).not.toBe(shared[0]);
    expect(shared[0]).not.toHaveProperty('_embedded');
    expect(JSON.stringify(copy)).toBe(JSON.stringify(same));
  });

  it('leaves links with other queries to sub-requests and freezes what resolvers share', async () => {
    const { embedder, asked, dispatched } = setup();
    const item = {
      _links: {
        author: [
          { embeddable: true, href: `${urls.route('/core/v2/users/5')}?_fields=id` },
          { embeddable: true, href: `${urls.route('/core/v2/users/6')}?context=embed` },
        ],
      },
    };
    await embedder.embed(item, null, request, urls, 'en');
    expect(dispatched).toEqual(['/core/v2/users/5 {"_fields":"id","context":"embed"}']);
    expect(asked[0][0].query).toEqual({});
    expect(Object.isFrozen(asked[0][0].query)).toBe(true);
    expect(Object.isFrozen(asked[0][0].params)).toBe(true);
  });
});
