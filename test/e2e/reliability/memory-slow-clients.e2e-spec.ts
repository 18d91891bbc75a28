import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { deflateSync, crc32 } from 'node:zlib';
import { RestHttpAdapter } from '../../../src/platform/rest/http/rest-http.adapter';
import { API, MediaFixture, mediaFixture } from '../media/media-fixture';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid black PNG of width × height pixels at 1 bit per pixel: a few KB on disk, megapixels decoded. */
function pixelBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const raw = Buffer.alloc(row.length * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('reliability: memory and slow clients', () => {
  let f: MediaFixture;
  let port: number;

  beforeAll(async () => {
    f = await mediaFixture();
    await f.t.app.listen(0, '127.0.0.1');
    port = ((f.t.app.getHttpServer() as Server).address() as AddressInfo).port;
  });
  afterAll(() => f.close());

  it('an image declaring more than 50 megapixels is refused from its header (no decode)', async () => {
    const bomb = pixelBomb(8000, 8000);
    expect(bomb.length).toBeLessThan(100_000);
    const response = await f.upload(bomb, 'bomb.png', 'image/png');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'rest_upload_sideload_error',
      message: 'Sorry, you are not allowed to upload this file type.',
      data: { status: 400 },
    });
    const list = await f.t.http().get(`${API}/media`).set('Authorization', f.users.admin.auth);
    expect(list.body).toEqual([]);
    // A sane image still uploads.
    const ok = await f.upload(pixelBomb(400, 300), 'small.png', 'image/png');
    expect(ok.status).toBe(201);
  });

  it('a body that stops arriving: 408 as WordPress-shaped JSON under the REST prefix, connection closed', async () => {
    f.t.app.get(RestHttpAdapter).bodyIdleTimeoutMs = 500;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (data: string) => (received += data));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      socket.write(
        [
          'POST /wp-json/core/v2/posts HTTP/1.1',
          'Host: example.test',
          `Authorization: ${f.users.admin.auth}`,
          'Content-Type: application/json',
          'Content-Length: 900000',
          '',
          '{"title":"slow',
        ].join('\r\n'),
      );
      // Nothing more is sent: the server must answer and close by itself (the test times out otherwise).
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(body)).toEqual({
      code: 'rest_request_timeout',
      message: 'The request body did not arrive in time.',
      data: { status: 408 },
    });
  });
});
