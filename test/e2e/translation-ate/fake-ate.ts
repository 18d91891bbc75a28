import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers every request: as ATE, not at all (time limit), with a cut connection, or garbage. */
export type Behaviour = 'normal' | 'slow' | 'down' | 'garbage' | 'error';

export interface FakeAteJob {
  ateJobId: number;
  jobId: number;
  status: number;
  /** The XLIFF the site sent (decoded). */
  source: string;
  /** The translated XLIFF ATE delivers; null before translation. */
  translated: string | null;
}

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** The translated XLIFF: the sent file with its targets replaced (through the DOM library the server uses). */
export function translateXliff(xml: string, targets: Record<string, string>): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { DOMParser, XMLSerializer } = require('@xmldom/xmldom');
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const units = doc.getElementsByTagNameNS('*', 'trans-unit');
  for (let i = 0; i < units.length; i++) {
    const unit = units.item(i);
    const id = unit.getAttribute('id');
    if (!(id in targets)) continue;
    const target = unit.getElementsByTagNameNS('*', 'target').item(0);
    while (target.firstChild) target.removeChild(target.firstChild);
    target.appendChild(doc.createCDATASection(targets[id]));
  }
  return new XMLSerializer().serializeToString(doc);
}

/**
 * A fake ATE on 127.0.0.1 (paths of WPML's ATE endpoints): creates jobs from the site's XLIFF, answers a job,
 * synchronises (optionally over several pages), serves translated XLIFF under `/xliff/{ateJobId}` and takes
 * confirmations. `behaviour` switches every answer to a failure mode; `gate` holds XLIFF downloads.
 */
export class FakeAte {
  readonly seen: Seen[] = [];
  readonly jobs = new Map<number, FakeAteJob>();
  behaviour: Behaviour = 'normal';
  /** Site job ids ATE does not take on creation (their jobs need a retry). */
  refuse = new Set<number>();
  /** Answers of `sync/page` by page (from 0); with more than 0 pages, `sync/all` answers a pagination token. */
  pages: unknown[][] = [];
  /** Download links pointing elsewhere (to test that the site does not follow them). */
  linkBase: string | null = null;
  /** While set, XLIFF downloads wait for it; `onXliff` resolves when one is waiting. */
  gate: Promise<void> | null = null;
  onXliff: (() => void) | null = null;
  base = '';
  private server: Server;
  private nextId = 500;

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  reset(): void {
    this.seen.length = 0;
    this.behaviour = 'normal';
    this.refuse.clear();
    this.pages = [];
    this.linkBase = null;
    this.gate = null;
    this.onXliff = null;
  }

  /** The translator finished: the job is translated with these targets. */
  translate(ateJobId: number, targets: Record<string, string>, status = 6): void {
    const job = this.jobs.get(ateJobId);
    if (!job) throw new Error(`no ATE job ${ateJobId}`);
    job.translated = translateXliff(job.source, targets);
    job.status = status;
  }

  item(job: FakeAteJob): Record<string, unknown> {
    return {
      ate_id: job.ateJobId,
      id: job.jobId,
      status: job.status,
      download_link: job.translated ? `${this.linkBase ?? this.base}/xliff/${job.ateJobId}` : null,
    };
  }

  calls(path: string): Seen[] {
    return this.seen.filter((seen) => seen.path.startsWith(path));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', this.base);
      this.seen.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body });
      if (this.behaviour === 'slow') return; // never answers
      if (this.behaviour === 'down') return req.socket.destroy();
      if (this.behaviour === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>Bad gateway? {not json</body></html>');
      }
      if (this.behaviour === 'error')
        return this.json(res, 500, {
          errors: [{ status: 500, title: 'Server error', detail: 'ATE is failing.' }],
        });
      void this.route(req.method ?? 'GET', url, body, res);
    });
  }

  private json(res: ServerResponse, status: number, data: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(data));
  }

  private async route(method: string, url: URL, body: string, res: ServerResponse): Promise<void> {
    const path = url.pathname;
    if (!url.searchParams.get('signature') && !path.startsWith('/xliff/'))
      return this.json(res, 401, { errors: [{ status: 401, title: 'Unauthorized', detail: 'unsigned' }] });
    if (method === 'POST' && path === '/api/wpml/jobs') {
      const sent = JSON.parse(body) as { jobs: Array<{ wpml_job_id: number; file: { content: string } }> };
      const created: Record<string, number> = {};
      for (const job of sent.jobs) {
        if (this.refuse.has(job.wpml_job_id)) continue;
        const ateJobId = this.nextId++;
        this.jobs.set(ateJobId, {
          ateJobId,
          jobId: job.wpml_job_id,
          status: 0,
          source: Buffer.from(job.file.content, 'base64').toString('utf8'),
          translated: null,
        });
        created[String(job.wpml_job_id)] = ateJobId;
      }
      return this.json(res, 200, { jobs: created });
    }
    const confirm = /^\/api\/wpml\/jobs\/confirm\/(\d+)$/.exec(path);
    if (method === 'POST' && confirm) return this.json(res, 200, { confirmed: Number(confirm[1]) });
    const one = /^\/api\/wpml\/jobs\/(\d+)$/.exec(path);
    if (method === 'GET' && one) {
      const job = this.jobs.get(Number(one[1]));
      return job
        ? this.json(res, 200, this.item(job))
        : this.json(res, 404, { errors: [{ status: 404, title: 'Not found', detail: 'No such job.' }] });
    }
    if (method === 'POST' && path === '/api/wpml/sync/all') {
      const ids = (JSON.parse(body) as { ids: number[] }).ids;
      const items = ids.flatMap((id) =>
        this.jobs.has(id) ? [this.item(this.jobs.get(id) as FakeAteJob)] : [],
      );
      const next = this.pages.length
        ? { pagination_token: 'page-token-1', pages_number: this.pages.length }
        : undefined;
      return this.json(res, 200, { items, ...(next ? { next } : {}) });
    }
    if (method === 'GET' && path === '/api/wpml/sync/page') {
      const page = Number(url.searchParams.get('page'));
      if (url.searchParams.get('pagination_token') !== 'page-token-1')
        return this.json(res, 400, {
          errors: [{ status: 400, title: 'Bad token', detail: 'unknown token' }],
        });
      return this.json(res, 200, { items: this.pages[page] ?? [] });
    }
    const xliff = /^\/xliff\/(\d+)$/.exec(path);
    if (method === 'GET' && xliff) {
      const job = this.jobs.get(Number(xliff[1]));
      if (this.gate) {
        this.onXliff?.();
        await this.gate;
      }
      if (!job?.translated)
        return this.json(res, 404, {
          errors: [{ status: 404, title: 'Not found', detail: 'No translation.' }],
        });
      res.writeHead(200, { 'content-type': 'application/x-xliff+xml' });
      res.end(job.translated);
      return;
    }
    this.json(res, 404, { errors: [{ status: 404, title: 'Not found', detail: path }] });
  }
}
