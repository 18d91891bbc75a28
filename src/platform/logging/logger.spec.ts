import { createServer, get, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createHttpLogger, createRootLogger, isPrettyFormat, PinoNestLogger, prettyMessage } from './logger';

/** A stream that keeps what is written, line by line. */
function capture(): { stream: Writable; lines: () => string[] } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, lines: () => text.split('\n').filter(Boolean) };
}

describe('log format', () => {
  it('is pretty on a terminal by default, JSON otherwise, and LOG_FORMAT decides when given', () => {
    expect(isPrettyFormat('auto', true)).toBe(true);
    expect(isPrettyFormat('auto', false)).toBe(false);
    expect(isPrettyFormat('json', true)).toBe(false);
    expect(isPrettyFormat('pretty', false)).toBe(true);
  });

  it('shows a request as one readable line', () => {
    const request = { req: { method: 'GET', url: '/wp-json/' }, res: { statusCode: 200 }, responseTime: 3 };
    expect(prettyMessage({ ...request, msg: 'request completed' })).toBe('GET /wp-json/ 200 3 ms');
    expect(prettyMessage({ ...request, msg: 'request aborted' })).toBe(
      'GET /wp-json/ 200 3 ms (request aborted)',
    );
    expect(prettyMessage({ context: 'Setup', msg: 'hello' })).toBe('[Setup] hello');
  });

  it('writes pretty records one line each, JSON records as JSON lines', () => {
    const pretty = capture();
    const { logger } = createRootLogger('info', 'pretty', pretty.stream);
    logger.info(
      {
        req: { id: 'r1', method: 'POST', url: '/wp-json/core/v2/media' },
        res: { statusCode: 201 },
        responseTime: 12,
      },
      'request completed',
    );
    logger.warn({ context: 'Setup' }, 'something to know');
    expect(pretty.lines()).toEqual([
      expect.stringMatching(/INFO.*POST \/wp-json\/core\/v2\/media 201 12 ms$/),
      expect.stringMatching(/WARN.*\[Setup\] something to know$/),
    ]);
    const json = capture();
    createRootLogger('info', 'json', json.stream).logger.info({ context: 'Setup' }, 'hello');
    expect(json.lines()).toHaveLength(1);
    expect(JSON.parse(json.lines()[0])).toMatchObject({ level: 30, context: 'Setup', msg: 'hello' });
  });
});

describe('request log', () => {
  let server: Server;
  let output: ReturnType<typeof capture>;
  const fetchStatus = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      get({ host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }).on('error', reject);
    });

  beforeAll(async () => {
    output = capture();
    const { logger } = createRootLogger('info', 'json', output.stream);
    const log = createHttpLogger(logger);
    server = createServer((req, res) =>
      log(req, res, () => {
        res.statusCode = req.url === '/health?down' ? 503 : 200;
        res.end('ok');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('leaves healthy /health probes out at info, but logs the other requests and a failing probe', async () => {
    expect(await fetchStatus('/health')).toBe(200);
    expect(await fetchStatus('/wp-json/')).toBe(200);
    expect(await fetchStatus('/health?down')).toBe(503);
    await new Promise(setImmediate); // the line is written when the answer is finished, as the client reads it
    const urls = output.lines().map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(urls).toEqual(['/wp-json/', '/health?down']);
  });

  it('logs /health at debug', async () => {
    const debug = capture();
    const log = createHttpLogger(createRootLogger('debug', 'json', debug.stream).logger);
    const probe = createServer((req, res) => log(req, res, () => res.end('ok')));
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve, reject) =>
      get({ host: '127.0.0.1', port, path: '/health' }, (res) => res.resume().on('end', resolve)).on(
        'error',
        reject,
      ),
    );
    await new Promise((resolve) => probe.close(resolve));
    await new Promise(setImmediate);
    expect(debug.lines().map((line) => JSON.parse(line) as { level: number; req: { url: string } })).toEqual([
      expect.objectContaining({ level: 20, req: expect.objectContaining({ url: '/health' }) }),
    ]);
  });
});

describe('Nest logger', () => {
  it("logs Nest's line per module, controller and route at debug", () => {
    const output = capture();
    const nest = new PinoNestLogger(createRootLogger('info', 'json', output.stream).logger);
    nest.log('Mapped {/, GET} route', 'RouterExplorer');
    nest.log('AppModule dependencies initialized', 'InstanceLoader');
    nest.log('Nest application successfully started', 'NestApplication');
    expect(output.lines().map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      'Nest application successfully started',
    ]);
  });
});
