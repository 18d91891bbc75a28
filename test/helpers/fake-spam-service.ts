import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface FakeCall {
  method: string;
  params: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (to provoke the client's timeout). */
  delayMs?: number;
  /** Close the connection without answering. */
  drop?: boolean;
}

export const VALID_KEY = '0123456789ab';

/**
 * A small spam service speaking the Akismet protocol on 127.0.0.1 (no network): `verify-key` accepts
 * {@link VALID_KEY}; `comment-check` says spam for content with `spam-marker`, spam + `X-akismet-pro-tip:
 * discard` for `discard-marker`, ham otherwise; submit-* thank; `get-stats` answers figures. `override` replaces
 * any answer (outages, 500s, error and alert headers, slow answers).
 */
export class FakeSpamService {
  readonly calls: FakeCall[] = [];
  override: ((call: FakeCall) => FakeAnswer | undefined) | null = null;
  private server: Server | null = null;
  private readonly sockets = new Set<import('node:net').Socket>();
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/1.1/`;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  callsTo(method: string): FakeCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const method = (req.url ?? '').replace(/^\/1\.1\//, '');
    const call = { method, params };
    this.calls.push(call);
    const answer = this.override?.(call) ?? this.answer(call);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.drop) {
      req.socket.destroy();
      return;
    }
    if (res.destroyed) return;
    res.writeHead(answer.status ?? 200, { 'Content-Type': 'text/plain', ...answer.headers });
    res.end(answer.body ?? '');
  }

  private answer({ method, params }: FakeCall): FakeAnswer {
    const key = params.api_key ?? params.key;
    if (key !== VALID_KEY) {
      return method === 'verify-key'
        ? { body: 'invalid' }
        : { body: 'invalid', headers: { 'X-akismet-error': 'invalid key' } };
    }
    switch (method) {
      case 'verify-key':
        return { body: 'valid' };
      case 'comment-check': {
        const content = params.comment_content ?? '';
        if (content.includes('discard-marker'))
          return { body: 'true', headers: { 'X-akismet-pro-tip': 'discard' } };
        return { body: content.includes('spam-marker') ? 'true' : 'false' };
      }
      case 'submit-spam':
      case 'submit-ham':
        return { body: 'Thanks for making the web a better place.' };
      case 'get-stats':
        return {
          body: JSON.stringify({
            spam: 7,
            ham: 20,
            missed_spam: 1,
            false_positives: 0,
            accuracy: 96.3,
            time_saved: 420,
          }),
        };
      default:
        return { status: 404, body: 'unknown method' };
    }
  }
}
