import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
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
      if (!match) return next();
      prefixLanguage = match[1] as Language | undefined;
      path = match[2] ?? '/';
    }
    path = path.replace(/\/+$/, '') || '/';

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
      method: this.methodOf(req, query),
      path,
      query,
      headers: this.headersOf(req),
      user: null,
      prefixLanguage,
      requestId,
    };
    this.parseBody(req, restRequest);

    try {
      restRequest.user =
        (await this.authenticator()?.authenticate(restRequest.headers, req.ip ?? '')) ?? null;
    } catch (error) {
      // Bad credentials are a RestError; anything else (e.g. the database is down) is a JSON 500, not Express's page.
      return this.send(req, res, this.server.errorResponse(error, restRequest), restRequest);
    }
    const response = await this.server.dispatch(restRequest);
    this.send(req, res, response, restRequest);
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
