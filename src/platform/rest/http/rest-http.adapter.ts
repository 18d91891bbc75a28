import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import busboy from 'busboy';
import express from 'express';
import proxyAddr from 'proxy-addr';
import { parse as parseQuery } from 'qs';
import type { FrontDoorRequest } from '../../common/http';
import { requestTargetUrl } from '../../common/http';
import { AppConfig } from '../../config';
import { LanguageResolver } from '../context/language-resolver';
import {
  DEFAULT_LANGUAGE,
  Language,
  LANGUAGES,
  runInNewRequestContext,
  setRequestContext,
} from '../context/request-context';
import { RestError, RestErrors } from '../errors';
import { NS } from '../namespaces';
import { RestResponse } from '../response/rest-response';
import { serialize } from '../response/shared-items';
import { requestedLanguageOf, RestRequest } from '../server/rest-request';
import { RestServer } from '../server/rest-server';
import { REST_AUTHENTICATOR, RestAuthenticator } from './rest-authenticator';
import { sendInternalError } from './transport-errors';
import { CachedResponse, CacheStamps, etagOf, ifNoneMatchHits, ResponseCache } from './response-cache';

const JSON_TYPE = /^application\/([\w.-]+\+)?json|\+json\+oembed/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded/i;
const MULTIPART_TYPE = /^multipart\/form-data/i;
const QUERY_OPTIONS = { depth: 10, arrayLimit: 1000, parameterLimit: 5000 };
/** Media uploads (`POST core/v2/media`): their bodies may reach MEDIA_MAX_UPLOAD_BYTES plus the multipart framing. */
const UPLOAD_PATH = new RegExp(`^/${NS.core}/media$`);
const UPLOAD_FRAMING_BYTES = 1024 * 1024;

/** A REST request as found in the URL, before its body is read. */
interface RestEntry {
  /** Route path, or null for a `rest_route` that is not a string. */
  path: string | null;
  query: Record<string, unknown>;
  prefixLanguage?: Language;
  /** The request whose reading failed (its error answer is shaped for it), if one was built. */
  errorRequest?: RestRequest;
  /** The response cache's stamps read for this request (anonymous reads only). */
  cacheStamps?: CacheStamps;
  /** The `_jsonp` callback the query asks for, or null (read once, by {@link jsonpCallback}). */
  jsonp?: string | null;
  /** The raw query string (after `?`, before any `#`). */
  search: string;
}

/** The raw request, with the request id the log step gives it and the body the body reader leaves. */
type HttpRequest = FrontDoorRequest & { id?: unknown; body?: unknown };
type BodyReader = (req: HttpRequest, res: ServerResponse, done: (error?: unknown) => void) => void;

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

const JSON_MAX_DEPTH = 512;
const BODY_TIMED_OUT = Symbol('body timed out');
/** Longest silence while a request body is read, before a 408. */
export const BODY_IDLE_TIMEOUT_MS = 15_000;

/** True when arrays/objects in the JSON text nest deeper than `limit` (one pass, strings skipped). */
export function nestsDeeperThan(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const char = json.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The HTTP face of the REST server, on the bare HTTP server's front door (app.setup.ts): finds REST requests
 * (`/{prefix}/...`, `?rest_route=/...`, `/{lang}/{prefix}/...`), parses query and body the way WordPress does,
 * authenticates, decides the content language, dispatches and writes the response with WordPress's headers
 * (CORS, Link to the API root, no-cache for logged-in users). REST requests do not pass through Express's
 * router or Nest's pipeline: nothing there applies to them, and the cached answer is then a few microseconds.
 */
@Injectable()
export class RestHttpAdapter {
  private readonly prefixPattern: RegExp;
  private readonly readBody: BodyReader;
  /** {@link BODY_IDLE_TIMEOUT_MS}; a test may shorten it. */
  bodyIdleTimeoutMs = BODY_IDLE_TIMEOUT_MS;
  private readonly readUpload: BodyReader;
  /** Express's `trust proxy` rule for the same setting (app.setup.ts gives it to Express for the pages). */
  private readonly trustProxy: (address: string, hop: number) => boolean;
  private foundAuthenticator?: RestAuthenticator | null;

  constructor(
    private readonly server: RestServer,
    private readonly cache: ResponseCache,
    private readonly languageResolver: LanguageResolver,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {
    const languages = LANGUAGES.map(escapeRegExp).join('|');
    this.prefixPattern = new RegExp(`^(?:/(${languages}))?/${escapeRegExp(config.restPrefix)}(/.*)?$`);
    this.readBody = express.raw({ type: () => true, limit: config.bodyLimit }) as unknown as BodyReader;
    this.readUpload = express.raw({
      type: () => true,
      limit: Math.max(bytesOf(config.bodyLimit), config.mediaMaxUploadBytes + UPLOAD_FRAMING_BYTES),
    }) as unknown as BodyReader;
    this.trustProxy = proxyAddr.compile(
      config.trustedProxies
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    );
  }

  /**
   * Takes a REST request (`/{prefix}/...`, `/{lang}/{prefix}/...`, `?rest_route=`) and answers it: true. Other
   * paths get the Link to the API (as every WordPress page) and are left to the site's pages: false.
   */
  handle(req: HttpRequest, res: ServerResponse): boolean {
    const { pathname, search } = splitUrl(req.originalUrl ?? req.url ?? '/');
    const query = parseQuery(search, QUERY_OPTIONS) as Record<string, unknown>;
    let entry: RestEntry;
    if (query.rest_route !== undefined) {
      entry = { query, search, path: typeof query.rest_route === 'string' ? query.rest_route : null };
      delete query.rest_route;
    } else {
      const match = this.prefixPattern.exec(safeDecodeUri(pathname));
      if (!match) {
        this.announceApi(pathname, res);
        return false;
      }
      entry = { query, search, path: match[2] ?? '/', prefixLanguage: match[1] as Language | undefined };
    }
    this.answer(req, res, entry).catch((error: unknown) => sendInternalError(req, res, error, this.config));
    return true;
  }

  /** A cached anonymous answer goes out at once; anything else is read and dispatched in a request context. */
  private async answer(req: HttpRequest, res: ServerResponse, entry: RestEntry): Promise<void> {
    if (await this.answerFromCache(req, res, entry)) return;
    await runInNewRequestContext(async () => {
      const prepared = await this.read(req, res, entry);
      if (prepared instanceof RestResponse)
        return this.send(req, res, entry, prepared, entry.errorRequest ?? null);
      // Decided once here and carried in the request: the dispatcher reuses it. A bad `ml_language` is reported by
      // the dispatcher's validation with the request's other parameters.
      prepared.language = this.languageResolver.resolveLoosely(
        requestedLanguageOf(prepared),
        prepared.prefixLanguage,
      );
      setRequestContext({ requestId: prepared.requestId, user: prepared.user, language: prepared.language });
      const response = await this.server.dispatch(prepared);
      if (!SAFE_METHODS.has(prepared.method)) await this.cache.renew();
      this.send(req, res, entry, response, prepared, entry.cacheStamps);
    });
  }

  /** Sends the response cache's answer for this request when it has one (and notes the stamp for storing). */
  private async answerFromCache(req: HttpRequest, res: ServerResponse, entry: RestEntry): Promise<boolean> {
    if (entry.path === null) return false;
    entry.cacheStamps = await this.cacheStamps(req, this.methodOf(req, entry.query));
    if (entry.cacheStamps === undefined) return false;
    const cached = this.cache.get(req.originalUrl ?? '', entry.cacheStamps);
    if (!cached) {
      await this.cache.catchUp();
      return false;
    }
    this.write(req, res, entry, cached, this.requestIdOf(req), entry.prefixLanguage, null);
    return true;
  }

  /**
   * Reads the body, giving up when no byte arrived for `bodyIdleTimeoutMs`: a client declaring a large body and
   * sending a trickle held the connection until Node's 300 s request timeout, then got an HTML page.
   */
  private readWithin(req: HttpRequest, res: ServerResponse, reader: BodyReader): Promise<unknown> {
    return new Promise<unknown>((resolve) => {
      let done = false;
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => finish(BODY_TIMED_OUT), this.bodyIdleTimeoutMs);
      };
      const finish = (outcome: unknown) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        req.removeListener('data', arm);
        resolve(outcome);
      };
      reader(req, res, (error) => finish(error));
      if (done) return;
      req.on('data', arm);
      arm();
    });
  }

  private requestIdOf(req: HttpRequest): string {
    return String(req.id ?? req.headers['x-request-id'] ?? randomUUID());
  }

  /** The client's address: the socket's, or the one trusted proxies forward (Express's `req.ip`). */
  private clientAddress(req: HttpRequest): string {
    return proxyAddr(req, this.trustProxy) ?? '';
  }

  private async read(
    req: HttpRequest,
    res: ServerResponse,
    entry: RestEntry,
  ): Promise<RestRequest | RestResponse> {
    const requestId = this.requestIdOf(req);
    if (entry.path === null) return this.errorOf(RestErrors.invalidPath());
    const path = entry.path.replace(/\/+$/, '') || '/';

    const reader = req.method === 'POST' && UPLOAD_PATH.test(path) ? this.readUpload : this.readBody;
    // Without a body (body-parser's own test) there is nothing to read: no reader, no promise.
    const bodyError = hasBody(req) ? await this.readWithin(req, res, reader) : undefined;
    if (bodyError === BODY_TIMED_OUT) {
      // The rest of the body is not waited for: the connection closes once the 408 is sent.
      res.setHeader('Connection', 'close');
      res.once('finish', () => req.destroy());
      return this.errorOf(RestErrors.bodyTimeout());
    }
    if (bodyError) {
      const tooLarge = (bodyError as { type?: string }).type === 'entity.too.large';
      return this.errorOf(
        tooLarge ? RestErrors.payloadTooLarge() : RestErrors.invalidJson('Unreadable body'),
      );
    }
    const clientIp = this.clientAddress(req);
    const restRequest: RestRequest = {
      method: this.methodOf(req, entry.query),
      path,
      query: entry.query,
      headers: this.headersOf(req),
      user: null,
      prefixLanguage: entry.prefixLanguage,
      requestId,
      clientIp,
    };
    if (Buffer.isBuffer(req.body) && req.body.length > 0) restRequest.body = req.body;
    this.parseBody(req, restRequest);
    if (MULTIPART_TYPE.test(req.headers['content-type'] ?? '')) await this.parseMultipart(req, restRequest);

    try {
      restRequest.user = (await this.authenticator()?.authenticate(restRequest.headers, clientIp)) ?? null;
    } catch (error) {
      // Bad credentials are a RestError; anything else (e.g. the database is down) is a JSON 500, not Express's page.
      entry.errorRequest = restRequest;
      return this.server.errorResponse(error, restRequest);
    }
    return restRequest;
  }

  /**
   * The response cache's stamps for an anonymous GET without a body (read before the answer is built), else
   * undefined. A body can carry parameters the URL does not show, so such a request is never cached.
   */
  private async cacheStamps(req: HttpRequest, method: string): Promise<CacheStamps | undefined> {
    const hasBody =
      req.headers['transfer-encoding'] !== undefined ||
      (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
    const anonymousGet =
      isRead(method) && isRead(req.method ?? '') && req.headers.authorization === undefined && !hasBody;
    return anonymousGet && this.cache.enabled ? this.cache.stamps() : undefined;
  }

  /** Every page of the site points clients at the API, as WordPress's rest_output_link_header. */
  private announceApi(pathname: string, res: ServerResponse): void {
    const language = LANGUAGES.find(
      (lang) => lang !== DEFAULT_LANGUAGE && (pathname === `/${lang}` || pathname.startsWith(`/${lang}/`)),
    );
    res.setHeader(
      'Link',
      `<${this.server.urls(language ?? DEFAULT_LANGUAGE).root()}>; rel="https://api.w.org/"`,
    );
  }

  /** The auth module's authenticator (found by token: the REST platform imports no feature module); none: anonymous. */
  private authenticator(): RestAuthenticator | null {
    if (this.foundAuthenticator === undefined) {
      try {
        this.foundAuthenticator = this.moduleRef.get<RestAuthenticator>(REST_AUTHENTICATOR, {
          strict: false,
        });
      } catch {
        this.foundAuthenticator = null;
      }
    }
    return this.foundAuthenticator;
  }

  private methodOf(req: HttpRequest, query: Record<string, unknown>): string {
    const override =
      typeof query._method === 'string' ? query._method : req.headers['x-http-method-override'];
    return String(override || req.method).toUpperCase();
  }

  private headersOf(req: HttpRequest): Record<string, string | undefined> {
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    return headers;
  }

  private parseBody(req: HttpRequest, request: RestRequest): void {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    if (raw.trim() === '') return;
    const contentType = req.headers['content-type'] ?? '';
    if (JSON_TYPE.test(contentType)) {
      if (nestsDeeperThan(raw, JSON_MAX_DEPTH)) {
        // PHP's json_decode() stops at 512 levels (JSON_ERROR_DEPTH); deeper input overflowed our recursive
        // walks of the parameters (10,000 levels: a RangeError, answered 500).
        request.jsonError = 'Maximum stack depth exceeded';
        request.jsonErrorCode = 1;
        return;
      }
      try {
        const parsed: unknown = JSON.parse(raw);
        // A JSON list reaches get_params() with numeric keys, as PHP merges it (WPML's `jobs/cancel` body).
        request.jsonBody = Array.isArray(parsed)
          ? Object.fromEntries(parsed.map((item: unknown, index) => [String(index), item]))
          : typeof parsed === 'object' && parsed !== null
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
  private parseMultipart(req: HttpRequest, request: RestRequest): Promise<void> {
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
    req: HttpRequest,
    res: ServerResponse,
    entry: RestEntry,
    response: RestResponse,
    request: RestRequest | null,
    cacheStamps?: CacheStamps,
  ): void {
    // `_jsonp=callback` (WP_REST_Server::serve_request): JavaScript around the JSON; a callback with other
    // characters than letters, digits, `_` and `.` is refused (wp_check_jsonp_callback).
    const callback = jsonpCallback(entry);
    const validCallback = callback !== null && /^[\w.]+$/.test(callback);
    if (callback !== null && !response.rawBody && !validCallback) {
      response = new RestResponse(
        { code: 'rest_callback_invalid', message: 'Invalid JSONP callback function.', data: { status: 400 } },
        400,
      );
    }
    const json = serialize(response.data);
    const wrapped = validCallback ? `/**/${callback}(${json})` : json;
    // A Buffer, not the string: Node writes a large two-byte string (any non-Latin-1 character) to the socket
    // 10-25 times slower (the 180 KB site index: ~1,000 against ~13,000 req/s on a bare server).
    const body = Buffer.from(response.rawBody ? String(response.data) : wrapped);
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
    if (cacheStamps !== undefined && response.status === 200 && response.cacheable) {
      this.cache.set(req.originalUrl ?? '', cacheStamps, response.cacheGroups, answer);
    }
    this.write(req, res, entry, answer, requestId, request?.prefixLanguage, request?.user ?? null);
  }

  private write(
    req: HttpRequest,
    res: ServerResponse,
    entry: RestEntry,
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
    res.statusCode = notModified ? 304 : answer.status;
    res.setHeader(
      'Content-Type',
      jsonpCallback(entry) !== null
        ? 'application/javascript; charset=UTF-8'
        : 'application/json; charset=UTF-8',
    );
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

/** The `_jsonp` callback name of the request, if it asks for one; read once per REST entry. */
function jsonpCallback(entry: RestEntry): string | null {
  if (entry.jsonp !== undefined) return entry.jsonp;
  const search = entry.search;
  // `_jsonp` can only be there in plain text or with percent-escapes.
  const value =
    search.includes('jsonp') || search.includes('%') ? new URLSearchParams(search).get('_jsonp') : null;
  entry.jsonp = typeof value === 'string' && value !== '' ? value : null;
  return entry.jsonp;
}

/** A plain path: no dot segments, escapes, backslashes or characters the URL parser would rewrite. */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9_\-/]*$/;
/** A query the URL parser leaves as it is: printable ASCII without space, `"`, `#`, `'`, `<` or `>`. */
const PLAIN_QUERY = /^[!$-&(-;=?-~]*$/;

/**
 * Path and query string (without `?`) of a request target, as the URL parser gives them (`//?q` is the path
 * `//`); a plain path and query are taken as they are, without the URL parser.
 */
function splitUrl(target: string): { pathname: string; search: string } {
  const mark = target.indexOf('?');
  const path = mark < 0 ? target : target.slice(0, mark);
  const search = mark < 0 ? '' : target.slice(mark + 1);
  if (PLAIN_PATH.test(path) && PLAIN_QUERY.test(search)) return { pathname: path, search };
  const url = requestTargetUrl(target);
  return { pathname: url.pathname, search: url.search.slice(1) };
}

/** body-parser's test for a request body (type-is `hasBody`): Transfer-Encoding, or any Content-Length. */
function hasBody(req: HttpRequest): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined ||
    !Number.isNaN(Number(req.headers['content-length'] ?? Number.NaN))
  );
}

/** `512kb`, `1mb` or a byte count (BODY_LIMIT's forms) in bytes. */
function bytesOf(limit: string): number {
  const match = /^(\d+)(b|kb|mb)?$/i.exec(limit.trim());
  if (!match) return 0;
  const unit = (match[2] ?? 'b').toLowerCase();
  return Number(match[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
}
