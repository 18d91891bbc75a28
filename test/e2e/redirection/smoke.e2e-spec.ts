import { NS, setup, RedirectionTest } from './helpers';
describe('smoke', () => {
  let r: RedirectionTest;
  beforeAll(async () => { r = await setup(); });
  afterAll(() => r.t.close());
  it('works', async () => {
    const a = r.admin.auth;
    const mk = (body: any) => r.t.http().post(`${NS}/redirect`).set('Authorization', a).send({ match_type: 'url', action_type: 'url', action_code: 301, group_id: 1, ...body });
    await mk({ url: '/old-page', action_data: { url: '/x/' } });
    await mk({ url: '^/blog/(.*)$', regex: true, action_code: 302, action_data: { url: '/$1/' } });
    await mk({ url: '/query-pass?keep=1', action_data: { url: '/peer/?from=redirect' }, match_data: { source: { flag_query: 'pass', flag_case: false } } });
    await mk({ url: '/gone', action_type: 'error', action_code: 410 });
    await mk({ url: '/nf', match_type: 'page', action_data: { url: '/found' } });
    for (const p of ['/old-page', '/OLD-PAGE/', '/old-page?x=1', '/blog/hello', '/query-pass?keep=1&more=2', '/gone', '/missing', '/nf']) {
      const res = await r.t.http().get(p).set('User-Agent', 'PeerBot');
      console.log(p, res.status, res.headers.location, res.headers['cache-control'], res.headers['x-redirect-by']);
    }
    let res = await r.t.http().get(`${NS}/log`).set('Authorization', a);
    console.log(res.status, JSON.stringify(res.body));
    res = await r.t.http().get(`${NS}/404?groupBy=url`).set('Authorization', a);
    console.log(res.status, JSON.stringify(res.body));
    res = await r.t.http().get(`${NS}/redirect`).set('Authorization', a);
    console.log(res.status, JSON.stringify(res.body.items.map((i: any) => [i.url, i.hits, i.last_access])));
  });
});
