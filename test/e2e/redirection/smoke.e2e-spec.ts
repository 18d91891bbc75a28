import { NS, setup, RedirectionTest } from './helpers';
describe('smoke', () => {
  let r: RedirectionTest;
  beforeAll(async () => { r = await setup(); });
  afterAll(() => r.t.close());
  it('works', async () => {
    const a = r.admin.auth;
    let res = await r.t.http().post(`${NS}/redirect`).set('Authorization', a).send({ url: '/old-page', match_type: 'url', action_type: 'url', action_code: 301, action_data: { url: '/x/' }, group_id: 1, title: 'Old' });
    console.log(res.status, JSON.stringify(res.body));
    res = await r.t.http().get(`${NS}/group`).set('Authorization', a);
    console.log(res.status, JSON.stringify(res.body));
    res = await r.t.http().get(`${NS}/setting`).set('Authorization', a);
    console.log(res.status, JSON.stringify(res.body));
    res = await r.t.http().get(`${NS}/redirect?filterBy=cats`).set('Authorization', a);
    console.log(res.status, JSON.stringify(res.body));
    res = await r.t.http().get(`${NS}`).set('Authorization', a);
    console.log(res.status, JSON.stringify(res.body).slice(0, 1500));
    res = await r.t.http().get(`/missing`);
    console.log(res.status, res.headers, res.text);
  });
});
