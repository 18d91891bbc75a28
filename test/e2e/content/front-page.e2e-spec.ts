import { golden } from '../../helpers/golden';
import { contentFixture, ContentFixture } from './content-fixtures';

const API_LINK = '<http://example.test/wp-json/>; rel="https://api.w.org/"';

describe("the site's pages announce the API (discovery)", () => {
  let f: ContentFixture;
  let post: any;
  beforeAll(async () => {
    f = await contentFixture();
    post = await f.create('posts', {
      title: 'Grade control',
      content: 'Millimetre accuracy.',
      status: 'publish',
    });
    await f.create('posts', { title: 'Unpublished', status: 'draft' });
  });
  afterAll(() => f.t.close());

  it('serves the front page with the latest posts, the API link element and the Link header', async () => {
    const res = await f.t.http().get('/');
    const real = golden('front-get.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(real.headers['Content-Type']);
    expect(res.headers.link).toBe(API_LINK);
    expect(res.text).toContain('<link rel="https://api.w.org/" href="http://example.test/wp-json/" />');
    expect(res.text).toContain(`<a href="${post.link}">Grade control</a>`);
    expect(res.text).not.toContain('Unpublished');
    const head = await f.t.http().head('/');
    expect(head.status).toBe(200);
    expect(head.headers.link).toBe(API_LINK);
  });

  it('lets a client discover the API from the front page, as node-wpapi does', async () => {
    const front = await f.t.http().get('/');
    const root = /<([^>]+)>; rel="https:\/\/api\.w\.org\/"/.exec(front.headers.link)?.[1];
    expect(root).toBe('http://example.test/wp-json/');
    const index = await f.t.http().get(new URL(root as string).pathname);
    expect(index.status).toBe(200);
    for (const route of [
      '/core/v2/posts',
      '/core/v2/types',
      '/core/v2/taxonomies',
      '/core/v2/statuses',
      '/core/v2/search',
    ]) {
      expect(index.body.routes).toHaveProperty([route]);
    }
  });

  it('points Norwegian pages at the Norwegian API root', async () => {
    const res = await f.t.http().get('/no/');
    expect(res.status).toBe(200);
    expect(res.headers.link).toBe('<http://example.test/no/wp-json/>; rel="https://api.w.org/"');
    expect(res.text).toContain('<html lang="nb-NO">');
  });

  it("adds the post's REST URL and shortlink to a single post page", async () => {
    const res = await f.t.http().head(new URL(post.link).pathname);
    expect(res.status).toBe(200);
    const real = golden('front-single-post-head.json').headers.Link as unknown as string[];
    expect(res.headers.link).toBe(
      [
        API_LINK,
        `<http://example.test/wp-json/core/v2/posts/${post.id}>; rel="alternate"; type="application/json"`,
        `<http://example.test/?p=${post.id}>; rel=shortlink`,
      ].join(', '),
    );
    expect(real).toHaveLength(3);
    const page = await f.t.http().get(new URL(post.link).pathname);
    expect(page.text).toContain('<link rel="https://api.w.org/" href="http://example.test/wp-json/" />');
  });

  it('announces the API on pages that do not exist too', async () => {
    const res = await f.t.http().get('/no-such-page/');
    expect(res.status).toBe(golden('front-404.json').status);
    expect(res.headers.link).toBe(API_LINK);
  });

  it("leaves the REST responses' own Link header alone", async () => {
    const res = await f.t.http().get('/wp-json/');
    expect(res.headers.link).toBe(golden('front-rest-root-head.json').headers.Link);
  });
});
