import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ArgumentsHost, Catch, ExceptionFilter, Injectable, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LANGUAGES } from '../context/request-context';
import { RestError, RestErrors } from '../errors';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/** Whether a request path is under the REST prefix (`/{prefix}/…`, `/{lang}/{prefix}/…`, `?rest_route=`). */
export function isRestPath(path: string, restPrefix: string): boolean {
  const [pathname, search = ''] = path.split('?', 2);
  if (/(^|&)rest_route=/.test(search)) return true;
  const prefixes = [`/${restPrefix}`, ...LANGUAGES.map((language) => `/${language}/${restPrefix}`)];
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** A plain page for non-REST errors (no framework JSON, no stack). */
export function errorPage(status: number, siteName: string): string {
  const title = status === 404 ? 'Page not found' : (STATUS_TEXT[status] ?? 'Error');
  const escape = (text: string) =>
    text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const text =
    status === 404
      ? 'It looks like nothing was found at this location.'
      : 'The request could not be understood by this site.';
  return (
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="UTF-8">\n` +
    `<title>${escape(title)} &#8211; ${escape(siteName)}</title>\n</head>\n` +
    `<body class="error${status}">\n<main>\n<h1>${escape(title)}</h1>\n<p>${text}</p>\n</main>\n</body>\n</html>\n`
  );
}

/**
 * Requests Node's HTTP parser refuses before any handler runs (a URL or headers over 16 KB, a method it does
 * not know, malformed syntax): answered as WordPress-shaped JSON under the REST prefix and as a plain page
 * elsewhere, instead of Node's bare status line.
 */
export function installClientErrorHandler(server: Server, restPrefix: string, siteName: string): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (!socket.writable || (error.code === 'ECONNRESET' && !error.rawPacket)) {
      socket.destroy();
      return;
    }
    const requestLine = /^(\S+) (\S+)/.exec(error.rawPacket?.subarray(0, 8192).toString('latin1') ?? '');
    const path = requestLine?.[2] ?? '';
    let status = 400;
    let restError = new RestError('rest_invalid_request', 'The request could not be read.', 400);
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      status = path === '' || path.length >= 8000 ? 414 : 431;
      restError =
        status === 414
          ? new RestError('rest_uri_too_long', 'The requested URL is too long.', 414)
          : new RestError('rest_headers_too_large', 'The request headers are too large.', 431);
    } else if (error.code === 'HPE_INVALID_METHOD') {
      restError = new RestError(
        'rest_no_route',
        'No route was found matching the URL and request method.',
        404,
      );
      status = 404;
    }
    // A cut-off request line (over-long URL) names no path: answer JSON when what is there looks like the API.
    const rest = isRestPath(path, restPrefix) || (path === '' && status === 414);
    const body = rest ? JSON.stringify(restError.toBody()) : errorPage(status, siteName);
    const type = rest ? 'application/json; charset=UTF-8' : 'text/html; charset=UTF-8';
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nContent-Type: ${type}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** WordPress's nocache_headers(), sent with every error page of the site. */
export const NO_CACHE_HEADERS = {
  Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
  'Cache-Control': 'no-cache, must-revalidate, max-age=0',
};

/**
 * The site's error page with `status`, never cached. `page` picks the template: WordPress shows its 404 page
 * for other statuses too (a redirect's 410 action).
 */
export function sendSitePage(
  res: ServerResponse,
  status: number,
  siteName: string,
  options: { head?: boolean; page?: number } = {},
): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries(NO_CACHE_HEADERS)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  res.end(options.head ? undefined : errorPage(options.page ?? status, siteName));
}

/**
 * A failure nothing else answered (a front-door step, or an error escaping the REST dispatcher, which answers
 * its own): WordPress's critical-error 500 under the REST prefix, the plain error page elsewhere; never a stack.
 */
export function sendInternalError(
  req: IncomingMessage & { originalUrl?: string; id?: unknown },
  res: ServerResponse,
  error: unknown,
  site: { restPrefix: string; siteName: string },
): void {
  // the log line reports it
  (res as ServerResponse & { err?: unknown }).err = error;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const head = req.method === 'HEAD';
  if (!isRestPath(req.originalUrl ?? req.url ?? '', site.restPrefix)) {
    return sendSitePage(res, 500, site.siteName, { head });
  }
  res.statusCode = 500;
  res.setHeader('Content-Type', 'application/json; charset=UTF-8');
  res.end(head ? undefined : JSON.stringify(RestErrors.internal(String(req.id ?? '')).toBody()));
}

/** Answers a site 404 before the error page (the redirect engine's 404-only redirects); true when it answered. */
export type SiteNotFoundHandler = (req: Request, res: Response) => Promise<boolean>;

/** Where modules register their {@link SiteNotFoundHandler}s. */
@Injectable()
export class SiteNotFoundHandlers {
  private readonly handlers: SiteNotFoundHandler[] = [];

  register(handler: SiteNotFoundHandler): void {
    this.handlers.push(handler);
  }

  async handle(req: Request, res: Response): Promise<boolean> {
    for (const handler of this.handlers) if (await handler(req, res)) return true;
    return false;
  }
}

/**
 * Paths nothing serves (Nest's "Cannot GET /x" JSON): the registered handlers get their turn, then a plain
 * 404 page; the REST adapter answers every path under the prefix itself, so one reaching this filter there
 * gets WordPress's `rest_no_route`. Other HTTP errors (e.g. the health check's 503) keep their own bodies.
 */
@Catch(NotFoundException)
export class SiteErrorPageFilter implements ExceptionFilter {
  constructor(
    private readonly config: { restPrefix: string; siteName: string },
    private readonly handlers: SiteNotFoundHandlers,
  ) {}

  catch(exception: NotFoundException, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (res.headersSent) return;
    if (isRestPath(req.originalUrl ?? req.url, this.config.restPrefix)) {
      const error = new RestError(
        'rest_no_route',
        'No route was found matching the URL and request method.',
        404,
      );
      res.status(404);
      res.setHeader('Content-Type', 'application/json; charset=UTF-8');
      res.end(JSON.stringify(error.toBody()));
      return;
    }
    const status = exception.getStatus();
    void this.handlers
      .handle(req, res)
      .catch(() => false)
      .then((answered) => {
        if (!answered && !res.headersSent)
          sendSitePage(res, status, this.config.siteName, { head: req.method === 'HEAD' });
      });
  }
}
