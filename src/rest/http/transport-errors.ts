import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ArgumentsHost, Catch, ExceptionFilter, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LANGUAGES } from '../context/request-context';
import { RestError } from '../errors';

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

/**
 * Paths nothing serves (Nest's "Cannot GET /x" JSON) as a plain 404 page; the REST adapter answers every path
 * under the prefix itself, so one reaching this filter there gets WordPress's `rest_no_route`. Other HTTP
 * errors (e.g. the health check's 503) keep their own bodies.
 */
@Catch(NotFoundException)
export class SiteErrorPageFilter implements ExceptionFilter {
  constructor(
    private readonly restPrefix: string,
    private readonly siteName: string,
  ) {}

  catch(exception: NotFoundException, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const status = exception.getStatus();
    if (res.headersSent) return;
    res.status(status);
    if (isRestPath(req.originalUrl ?? req.url, this.restPrefix)) {
      const error = new RestError(
        'rest_no_route',
        'No route was found matching the URL and request method.',
        404,
      );
      res.setHeader('Content-Type', 'application/json; charset=UTF-8');
      res.end(JSON.stringify(error.toBody()));
      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=UTF-8');
    // WordPress's nocache_headers() on a 404.
    res.setHeader('Cache-Control', 'no-cache, must-revalidate, max-age=0');
    res.setHeader('Expires', 'Wed, 11 Jan 1984 05:00:00 GMT');
    res.end(req.method === 'HEAD' ? undefined : errorPage(status, this.siteName));
  }
}
