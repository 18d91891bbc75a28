import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import express, { Request, RequestHandler, Response } from 'express';
import { parse as parseQuery } from 'qs';
import { AppConfig } from '../../config';
import { Language, LANGUAGES } from '../context/request-context';
import { RestError, RestErrors } from '../errors';
import { RestResponse } from '../response/rest-response';
import type { RestRequest } from '../server/rest-request';
import { RestServer } from '../server/rest-server';
import { REST_AUTHENTICATOR, RestAuthenticator } from './rest-authenticator';

const JSON_TYPE = /^application\/([\w.-]+\+)?json|\+json\+oembed/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded/i;
const QUERY_OPTIONS = { depth: 10, arrayLimit: 1000, parameterLimit: 5000 };

/** The internal route REST requests are routed to (see {@link RestHttpAdapter.entryRouter}). */
export const REST_ENTRY_ROUTE = '/__rest_entry__';
const REST_ENTRY = Symbol('rest:entry');

/** A REST request as found in the URL, before its body is read. */
export interface RestEntry {
  /** Route path, or null for a `rest_route` that is not a string. */
  path: string | null;
  query: Record<string, unknown>;
  prefixLanguage?: Language;
  prepared?: Promise<RestRequest | RestResponse>;
  errorRequest?: RestRequest;
}
type RestEntryRequest = Request & { [REST_ENTRY]?: RestEntry };

const EXPOSED_HEADERS = 'X-WP-Total, X-WP-TotalPages, X-TEC-Total, X-TEC-TotalPages, Link, Allow';
const ALLOWED_HEADERS =
  'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, X-HTTP-Method-Override';

/** decodeURI, keeping the raw path when its percent-encoding is malformed (it then matches no route: 404). */
function safeDecodeUri(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
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
  private foundAuthenticator?: RestAuthenticator | null;

  constructor(
    private readonly server: RestServer,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {
    const languages = LANGUAGES.map(escapeRegExp).join('|');
    this.prefixPattern = new RegExp(`^(?:/(${languages}))?/${escapeRegExp(config.restPrefix)}(/.*)?$`);
    this.readBody = express.raw({ type: () => true, limit: config.bodyLimit });
  }

  /**
   * Express middleware in front of Nest's router: marks a REST request (`/{prefix}/...`, `/{lang}/{prefix}/...`,
   * `?rest_route=`) and routes it to the REST entry controller (the original URL stays in `req.originalUrl`,
   * which everything here reads), so the request runs through Nest's pipeline: the request context, the
   * `ml_language` interceptor, then the dispatcher. Other paths pass on untouched.
   */
  entryRouter(): RequestHandler {
    return (req, _res, next) => {
      const url = new URL(req.originalUrl, 'http://localhost');
      const query = parseQuery(url.search.slice(1), QUERY_OPTIONS) as Record<string, unknown>;
      let entry: RestEntry;
      if (query.rest_route !== undefined) {
        entry = { query, path: typeof query.rest_route === 'string' ? query.rest_route : null };
        delete query.rest_route;
      } else {
        const match = this.prefixPattern.exec(safeDecodeUri(url.pathname));
        if (!match) return next();
        entry = { query, path: match[2] ?? '/', prefixLanguage: match[1] as Language | undefined };
      }
      (req as RestEntryRequest)[REST_ENTRY] = entry;
      req.url = REST_ENTRY_ROUTE;
      next();
    };
  }

  /** The REST entry marked by {@link entryRouter} on this request, if any. */
  entryOf(req: Request): RestEntry | undefined {
    return (req as RestEntryRequest)[REST_ENTRY];
  }

  /**
   * Reads and authenticates a REST request once (the interceptor needs its parameters before the handler
   * runs): the RestRequest, or the error response to send instead.
   */
  prepare(req: Request, res: Response): Promise<RestRequest | RestResponse> {
    const entry = this.entryOf(req);
    if (!entry) throw new Error('not a REST request');
    entry.prepared ??= this.read(req, res, entry);
    return entry.prepared;
  }

  /** Answers a REST request marked by {@link entryRouter}. */
  async serve(req: Request, res: Response): Promise<void> {
    const prepared = await this.prepare(req, res);
    if (prepared instanceof RestResponse) {
      return this.send(req, res, prepared, this.entryOf(req)?.errorRequest ?? null);
    }
    const response = await this.server.dispatch(prepared);
    this.send(req, res, response, prepared);
  }

  private async read(req: Request, res: Response, entry: RestEntry): Promise<RestRequest | RestResponse> {
    const requestId = String((req as { id?: unknown }).id ?? req.headers['x-request-id'] ?? randomUUID());
    if (entry.path === null) return this.errorOf(RestErrors.invalidPath());
    const path = entry.path.replace(/\/+$/, '') || '/';

    const bodyError = await new Promise<unknown>((resolve) => this.readBody(req, res, resolve));
    if (bodyError) {
      const tooLarge = (bodyError as { type?: string }).type === 'entity.too.large';
      return this.errorOf(
        tooLarge ? RestErrors.payloadTooLarge() : RestErrors.invalidJson('Unreadable body'),
      );
    }
    const restRequest: RestRequest = {
      method: this.methodOf(req, entry.query),
      path,
      query: entry.query,
      headers: this.headersOf(req),
      user: null,
      prefixLanguage: entry.prefixLanguage,
      requestId,
    };
    this.parseBody(req, restRequest);

    try {
      restRequest.user =
        (await this.authenticator()?.authenticate(restRequest.headers, req.ip ?? '')) ?? null;
    } catch (error) {
      // Bad credentials are a RestError; anything else (e.g. the database is down) is a JSON 500, not Express's page.
      entry.errorRequest = restRequest;
      return this.server.errorResponse(error, restRequest);
    }
    return restRequest;
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

  private errorOf(error: RestError): RestResponse {
    return new RestResponse(error.toBody(), error.status);
  }

  private send(req: Request, res: Response, response: RestResponse, request: RestRequest | null): void {
    const root = this.server.urls(request?.prefixLanguage).root();
    res.status(response.status);
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
    if (request?.user || (req.headers['x-http-method-override'] && response.status >= 400)) {
      res.setHeader('Expires', 'Wed, 11 Jan 1984 05:00:00 GMT');
      res.setHeader('Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private');
    }
    const links = [`<${root}>; rel="https://api.w.org/"`];
    for (const [name, value] of Object.entries(response.headers)) {
      if (name.toLowerCase() === 'link') links.push(value);
      else res.setHeader(name, value);
    }
    res.setHeader('Link', links);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    res.end(response.rawBody ? String(response.data) : JSON.stringify(response.data));
  }
}
