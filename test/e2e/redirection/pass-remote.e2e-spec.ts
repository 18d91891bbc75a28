import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NS, RedirectionTest, setup } from './helpers';

describe('pass-through to another site', () => {
  let r: RedirectionTest;
  let upstream: Server;
  let base: string;
  const seen: string[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<p>from the other site</p>');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
    r = await setup({ HTTP_ALLOWED_HOSTS: `127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await r.t.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('fetches the remote page and serves it at the source URL, counting the hit', async () => {
    const created = await r.t
      .http()
      .post(`${NS}/redirect`)
      .set('Authorization', r.admin.auth)
      .send({
        url: '/mirror',
        match_type: 'url',
        action_type: 'pass',
        action_data: { url: `${base}/page` },
        group_id: 1,
      });
    expect(created.status).toBe(200);
    const res = await r.t.http().get('/mirror');
    expect(res.status).toBe(200);
    expect(res.text).toBe('<p>from the other site</p>');
    expect(seen).toEqual(['/page']);
    const list = await r.t.http().get(`${NS}/redirect`).set('Authorization', r.admin.auth);
    expect(list.body.items[0].hits).toBe(1);
  });

  it('refuses addresses the safe client does not allow (502, nothing fetched)', async () => {
    await r.t
      .http()
      .post(`${NS}/redirect`)
      .set('Authorization', r.admin.auth)
      .send({
        url: '/internal',
        match_type: 'url',
        action_type: 'pass',
        action_data: { url: 'http://10.0.0.1/secret' },
        group_id: 1,
      });
    const res = await r.t.http().get('/internal');
    expect(res.status).toBe(502);
    expect(res.text).toBe('');
  });
});
