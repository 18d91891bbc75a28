import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { golden } from '../../helpers/golden';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';

const API = '/wp-json/core-block-editor/v1/url-details';

describe('core-block-editor/v1/url-details', () => {
  let t: TestApp;
  let server: Server;
  let origin: string;
  let author: TestUser;
  let subscriber: TestUser;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits += 1;
      if (req.url === '/page/') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          '<html><head><title>Grade control &#8211; Demo</title><link rel="icon" href="/icon.png">' +
            '<meta name="description" content="Millimetre accuracy."><meta property="og:image" content="/og.jpg">' +
            '</head><body>Hello</body></html>',
        );
      } else if (req.url === '/moved/') {
        res.writeHead(301, { location: '/page/' });
        res.end();
      } else if (req.url === '/empty/') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('');
      } else {
        res.writeHead(404);
        res.end('missing');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp({ HTTP_ALLOWED_HOSTS: `127.0.0.1:${port}` });
    author = await t.user('author');
    subscriber = await t.user('subscriber');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (url: string | null, as?: TestUser) => {
    const request = t.http().get(url === null ? API : `${API}?url=${encodeURIComponent(url)}`);
    return as ? request.set('Authorization', as.auth) : request;
  };

  it('answers the title, icon, description and image of a page, and caches them in the database', async () => {
    const res = await get(`${origin}/page/`, author);
    expect(res.status).toBe(200);
    expect(res.headers.allow).toBe('GET');
    expect(res.body).toEqual({
      title: 'Grade control – Demo',
      icon: `${origin}/icon.png`,
      description: 'Millimetre accuracy.',
      image: `${origin}/og.jpg`,
    });
    expect(Object.keys(res.body)).toEqual(Object.keys(golden('url-details-loopback.json').body));
    const before = hits;
    const again = await get(`${origin}/page/`, author);
    expect(again.body).toEqual(res.body);
    expect(hits).toBe(before);
    const rows = await t.app.get(DataSource).query('SELECT url FROM transients');
    expect(rows.map((row: { url: string }) => row.url)).toContain(`${origin}/page/`);
  });

  it('follows redirects to the final page', async () => {
    const res = await get(`${origin}/moved/`, author);
    expect(res.status).toBe(200);
    expect(res.body.icon).toBe(`${origin}/icon.png`);
  });

  it('answers 404 no_response for a page that is not 200, and no_content for an empty one', async () => {
    const missing = await get(`${origin}/nope/`, author);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(golden('url-details-loopback-404.json').body);
    const empty = await get(`${origin}/empty/`, author);
    expect(empty.status).toBe(404);
    expect(empty.body.code).toBe('no_content');
  });

  it('refuses URLs it may not fetch: other schemes, unresolvable hosts, private addresses not allowed', async () => {
    for (const url of [
      'ftp://127.0.0.1/file',
      'https://no-such-host.invalid/',
      'http://127.0.0.1:1/',
      'http://10.0.0.1/',
    ]) {
      const res = await get(url, author);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.params).toEqual({ url: 'Invalid parameter.' });
    }
  });

  it('requires the url', async () => {
    const res = await get(null, author);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(golden('url-details-missing-url.json').body);
  });

  it('is for users who can edit posts', async () => {
    const anonymous = await get(`${origin}/page/`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(golden('url-details-noauth.json').body);
    const member = await get(`${origin}/page/`, subscriber);
    expect(member.status).toBe(403);
    expect(member.body).toEqual(golden('url-details-subscriber.json').body);
  });
});
