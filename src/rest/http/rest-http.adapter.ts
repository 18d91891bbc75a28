import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import busboy from 'busboy';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { parse as parseQuery } from 'qs';
import { AppConfig } from '../../config';
import { DEFAULT_LANGUAGE, Language, LANGUAGES } from '../context/request-context';
import { RestError, RestErrors } from '../errors';
import { RestResponse } from '../response/rest-response';
import type { RestRequest } from '../server/rest-request';
import { RestServer } from '../server/rest-server';
import { REST_AUTHENTICATOR, RestAuthenticator } from './rest-authenticator';
import { CachedResponse, etagOf, ifNoneMatchHits, ResponseCache } from './response-cache';

const JSON_TYPE = /^application\/([\w.-]+\+)?json|\+json\+oembed/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded/i;
const MULTIPART_TYPE = /^multipart\/form-data/i;
const QUERY_OPTIONS = { depth: 10, arrayLimit: 1000, parameterLimit: 5000 };

const EXPOSED_HEADERS = 'X-WP-Total, X-WP-TotalPages, X-TEC-Total, X-TEC-TotalPages, Link, Allow';
const ALLOWED_HEADERS =
  'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, X-HTTP-Method-Override';
const REQUEST_ID_HEADER = 'X-WP-Request-Id';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** decodeURI, keeping the raw path when its percent-encoding is malformed (it then matches no route: 404). */
function safeDecodeUri(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The HTTP face of the REST server: finds REST requests (`/{prefix}/...`, `?rest_route=/...`,
 * `/{lang}/{prefix}/...`), parses query and body the way WordPress does, authenticates, dispatches and
 * writes the response with WordPress's headers (CORS, Link to the API root, no-cache for logged-in users).
 */
@Injectable()
export class RestHttpAdapter {
  private readonly prefixPattern: RegExp;
  private readonly readBody: RequestHandler;

  constructor(
    private readonly server: RestServer,
    private readonly cache: ResponseCache,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Optional() @Inject(REST_AUTHENTICATOR) private readonly authenticator?: RestAuthenticator,
  ) {
    const languages = LANGUAGES.map(escapeRegExp).join('|');
    this.prefixPattern = new RegExp(`^(?:/(${languages}))?/${escapeRegExp(config.restPrefix)}(/.*)?$`);
    this.readBody = express.raw({ type: () => true, limit: config.bodyLimit });
  }

  middleware(): RequestHandler {
    return (req, res, next) => {
      this.handle(req, res, next).catch(next);
    };
  }

  private async handle(req: Request, res: Response, next: NextFunction): Promise<void> {
    const url = new URL(req.originalUrl, 'http://localhost');
    const query = parseQuery(url.search.slice(1), QUERY_OPTIONS) as Record<string, unknown>;
    const requestId = String((req as { id?: unknown }).id ?? req.headers['x-request-id'] ?? randomUUID());
    let path: string;
    let prefixLanguage: Language | undefined;
    if (query.rest_route !== undefined) {
      if (typeof query.rest_route !== 'string')
        return this.send(req, res, this.errorOf(RestErrors.invalidPath()), null);
      path = query.rest_route;
      delete query.rest_route;
    } else {
      const match = this.prefixPattern.exec(safeDecodeUri(url.pathname));
      if (!match) {
        this.announceApi(url.pathname, res);
        return next();
      }
      prefixLanguage = match[1] as Language | undefined;
      path = match[2] ?? '/';
    }
    path = path.replace(/\/+$/, '') || '/';
    const method = this.methodOf(req, query);
    const cacheStamp = await this.cachedStamp(req, method);
    const cached = cacheStamp === undefined ? undefined : this.cache.get(req.originalUrl, cacheStamp);
    if (cached) return this.write(req, res, cached, requestId, prefixLanguage, null);

    const bodyError = await new Promise<unknown>((resolve) => this.readBody(req, res, resolve));
    if (bodyError) {
      const tooLarge = (bodyError as { type?: string }).type === 'entity.too.large';
      return this.send(
        req,
        res,
        this.errorOf(tooLarge ? RestErrors.payloadTooLarge() : RestErrors.invalidJson('Unreadable body')),
        null,
      );
    }
    const restRequest: RestRequest = {
      method,
      path,
      query,
      headers: this.headersOf(req),
      user: null,
      prefixLanguage,
      requestId,
      clientIp: req.ip ?? '',
    };
    this.parseBody(req, restRequest);
    if (MULTIPART_TYPE.test(req.headers['content-type'] ?? '')) await this.parseMultipart(req, restRequest);

    try {
      restRequest.user = (await this.authenticator?.authenticate(restRequest.headers, req.ip ?? '')) ?? null;
    } catch (error) {
      // Bad credentials are a RestError; anything else (e.g. the database is down) is a JSON 500, not Express's page.
      return this.send(req, res, this.server.errorResponse(error, restRequest), restRequest);
    }
    const response = await this.server.dispatch(restRequest);
    if (!SAFE_METHODS.has(method)) await this.cache.renew();
    this.send(req, res, response, restRequest, cacheStamp);
  }

  /**
   * The response cache's stamp for an anonymous GET without a body (read before the answer is built), else
   * undefined. A body can carry parameters the URL does not show, so such a request is never cached.
   */
  private async cachedStamp(req: Request, method: string): Promise<string | undefined> {
    const hasBody =
      req.headers['transfer-encoding'] !== undefined ||
      (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
    const anonymousGet =
      isRead(method) && isRead(req.method) && req.headers.authorization === undefined && !hasBody;
    return anonymousGet && this.cache.enabled ? this.cache.stamp() : undefined;
  }

  /** Every page of the site points clients at the API, as WordPress's rest_output_link_header. */
  private announceApi(pathname: string, res: Response): void {
    const language = LANGUAGES.find(
      (lang) => lang !== DEFAULT_LANGUAGE && (pathname === `/${lang}` || pathname.startsWith(`/${lang}/`)),
    );
    res.setHeader(
      'Link',
      `<${this.server.urls(language ?? DEFAULT_LANGUAGE).root()}>; rel="https://api.w.org/"`,
    );
  }

  private methodOf(req: Request, query: Record<string, unknown>): string {
    const override =
      typeof query._method === 'string' ? query._method : req.headers['x-http-method-override'];
    return String(override || req.method).toUpperCase();
  }

  private headersOf(req: Request): Record<string, string | undefined> {
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    return headers;
  }

  private parseBody(req: Request, request: RestRequest): void {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    if (raw.trim() === '') return;
    const contentType = req.headers['content-type'] ?? '';
    if (JSON_TYPE.test(contentType)) {
      try {
        const parsed: unknown = JSON.parse(raw);
        request.jsonBody =
          typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
            ? (parsed as Record<string, unknown>)
            : {};
      } catch {
        // PHP's json_last_error_msg() for JSON_ERROR_SYNTAX (code 4); the parser's own text is not exposed.
        request.jsonError = 'Syntax error';
      }
    } else if (FORM_TYPE.test(contentType) || contentType === '') {
      request.formBody = parseQuery(raw, QUERY_OPTIONS) as Record<string, unknown>;
    }
  }

  /** multipart/form-data (busboy): text fields become the form body, files `request.files`; a broken body leaves both empty. */
  private parseMultipart(req: Request, request: RestRequest): Promise<void> {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const fields: Record<string, unknown> = {};
    const files: NonNullable<RestRequest['files']> = {};
    return new Promise<void>((resolve) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({ headers: req.headers });
      } catch {
        return resolve();
      }
      parser.on('field', (name, value) => {
        fields[name] = value;
      });
      parser.on('file', (name, stream, info) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          files[name] = { name: info.filename ?? '', type: info.mimeType, data: Buffer.concat(chunks) };
        });
      });
      parser.on('close', () => {
        request.formBody = parseQuery(
          new URLSearchParams(fields as Record<string, string>).toString(),
          QUERY_OPTIONS,
        );
        request.files = files;
        resolve();
      });
      parser.on('error', () => resolve());
      parser.end(raw);
    });
  }

  private errorOf(error: RestError): RestResponse {
    return new RestResponse(error.toBody(), error.status);
  }

  /**
   * Serialises a dispatched response; GETs get an ETag (and a 304 when If-None-Match has it), and an anonymous
   * 200 is kept in the response cache under the stamp read before it was built, unless the handler marked it
   * `uncached()`.
   */
  private send(
    req: Request,
    res: Response,
    response: RestResponse,
    request: RestRequest | null,
    cacheStamp?: string,
  ): void {
    const body = Buffer.from(
      response.rawBody ? String(response.data) : (JSON.stringify(response.data) ?? ''),
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (name !== REQUEST_ID_HEADER) headers[name] = value;
    }
    const isGet = request !== null && isRead(request.method);
    const answer: CachedResponse = {
      status: response.status,
      headers,
      body,
      etag: isGet ? etagOf(body) : '',
      builtAt: Date.now(),
      size: body.byteLength + 512,
    };
    const requestId = response.headers[REQUEST_ID_HEADER] ?? request?.requestId ?? '';
    if (cacheStamp !== undefined && response.status === 200 && response.cacheable) {
      this.cache.set(req.originalUrl, cacheStamp, answer);
    }
    this.write(req, res, answer, requestId, request?.prefixLanguage, request?.user ?? null);
  }

  private write(
    req: Request,
    res: Response,
    answer: CachedResponse,
    requestId: string,
    prefixLanguage: Language | undefined,
    user: unknown,
  ): void {
    const root = this.server.urls(prefixLanguage).root();
    const notModified =
      answer.status === 200 &&
      answer.etag !== '' &&
      ifNoneMatchHits(req.headers['if-none-match'], answer.etag);
    res.status(notModified ? 304 : answer.status);
    res.setHeader('Content-Type', 'application/json; charset=UTF-8');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Methods', 'OPTIONS, GET, POST, PUT, PATCH, DELETE');
      res.setHeader('Access-Control-Allow-Credentials', 'true');
    }
    res.setHeader('Vary', 'Origin');
    if (user || (req.headers['x-http-method-override'] && answer.status >= 400)) {
      res.setHeader('Expires', 'Wed, 11 Jan 1984 05:00:00 GMT');
      res.setHeader('Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private');
    }
    // A Link header of the response replaces the api.w.org one (WordPress's send_header replaces it).
    const links: string[] = [];
    for (const [name, value] of Object.entries(answer.headers)) {
      if (name.toLowerCase() === 'link') links.push(value);
      else res.setHeader(name, value);
    }
    res.setHeader('Link', links.length ? links : [`<${root}>; rel="https://api.w.org/"`]);
    if (requestId) res.setHeader(REQUEST_ID_HEADER, requestId);
    if (answer.etag) res.setHeader('ETag', answer.etag);
    if (req.method === 'HEAD' || notModified) {
      res.end();
      return;
    }
    res.end(answer.body);
  }
}
