import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local oEmbed provider: pages announcing an endpoint by discovery, and the endpoint itself. */
export class ProviderServer {
  readonly requests: URL[] = [];
  private server?: Server;
  base = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.base);
    this.requests.push(url);
    const html = (head: string) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!DOCTYPE html><html><head><title>x</title>${head}</head><body><p>body</p></body></html>`);
    };
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    switch (url.pathname) {
      case '/video':
        return html(
          `<link rel="alternate" type="application/json+oembed" href="${this.base}/oembed?url=ignored&amp;format=json" />`,
        );
      case '/photo':
        return html(`<link rel="alternate" type="application/json+oembed" href="/oembed-photo" />`);
      case '/xml-only':
        return html(`<link rel="alternate" type="text/xml+oembed" href="${this.base}/oembed-xml" />`);
      case '/plain':
        return html('<link rel="stylesheet" href="/style.css" />');
      case '/redirect':
        res.writeHead(302, { Location: '/video' });
        return void res.end();
      case '/oembed':
        return json(200, {
          version: '1.0',
          type: 'video',
          provider_name: 'Local Tube',
          title: `Video at ${url.searchParams.get('maxwidth')}x${url.searchParams.get('maxheight')}`,
          width: Number(url.searchParams.get('maxwidth')),
          height: 300,
          html:
            '<blockquote><a href="http://127.0.0.1/v">Watch</a></blockquote><script>alert(1)</script>' +
            '<iframe src="http://127.0.0.1/player?a=1&b=2" width="480" height="270" onload="evil()" allowfullscreen></iframe>',
        });
      case '/oembed-photo':
        return json(200, {
          version: '1.0',
          type: 'photo',
          url: 'http://127.0.0.1/p.jpg',
          width: 100,
          height: 80,
          title: 'A "photo"',
        });
      case '/oembed-xml':
        if (url.searchParams.get('format') === 'json') {
          res.writeHead(501);
          return void res.end();
        }
        res.writeHead(200, { 'Content-Type': 'text/xml' });
        return void res.end(
          '<?xml version="1.0"?><oembed><version>1.0</version><type>link</type><title>Fish &amp; Chips</title></oembed>',
        );
      default:
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('not found');
    }
  }
}
