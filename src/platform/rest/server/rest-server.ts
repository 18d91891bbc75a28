import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AppConfig } from '../../config';
import { ValueTooLongError } from '../../database';
import { isDatabaseUnavailable } from '../../database';
import { LanguageResolver, ML_LANGUAGE_ARG } from '../context/language-resolver';
import {
  currentLanguage,
  DEFAULT_LANGUAGE,
  Language,
  RestUser,
  runInRequestContext,
} from '../context/request-context';
import { routeData } from '../discovery/route-data';
import { RestError, RestErrors } from '../errors';
import { RestResponse } from '../response/rest-response';
import { filterByContext, filterFields, parseEmbedParam, parseFieldsParam } from '../response/shaping';
import { RestEndpoint, RestRouteEntry, RouteRegistry } from '../routing/route-registry';
import {
  ArgSpec,
  argSpecsOf,
  JsonSchema,
  sanitizeValue,
  SchemaContext,
  validateArgs,
  validateValue,
} from '../schema';
import { Embedder } from './embedder';
import type { RestCall } from './rest-call';
import { BODY_METHODS, RestRequest } from './rest-request';
import { RestUrls } from './rest-urls';

/** `ml_language`, accepted by every route (query or body). */
export const GLOBAL_ARGS = new Map<string, ArgSpec>([['ml_language', ML_LANGUAGE_ARG]]);

/** The paging headers WordPress and TEC set as integers: an envelope shows header values as they were set. */
const INTEGER_HEADERS = new Set(['X-WP-Total', 'X-WP-TotalPages', 'X-TEC-Total', 'X-TEC-TotalPages']);

function envelopeHeaders(headers: Record<string, string>): Record<string, string | number> {
  const shown: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(headers)) {
    shown[name] = INTEGER_HEADERS.has(name) && /^\d+$/.test(value) ? Number(value) : value;
  }
  return shown;
}

interface Matched {
  entry: RestRouteEntry;
  endpoint: RestEndpoint;
  call: MutableCall;
}

type MutableCall = { -readonly [K in keyof RestCall<any>]: RestCall<any>[K] };

/**
 * The WordPress REST server: matches a route, validates and coerces parameters, checks permission,
 * runs the handler and shapes the response (context, `_fields`, `_embed`, `_envelope`, Allow, Link).
 * HTTP requests, batch items and embedded links all go through dispatch().
 */
@Injectable()
export class RestServer {
  private readonly logger = new Logger('RestServer');
  /** One RestUrls per language (they are immutable): every request and link asks for them. */
  private readonly urlsByLanguage = new Map<Language, RestUrls>();
  /** Each endpoint's args with the global ones (`ml_language`) it does not declare itself, built once. */
  private readonly specsByEndpoint = new WeakMap<RestEndpoint, Map<string, ArgSpec>>();
  /**
   * Each endpoint's item schema per API root, built once: many routes declare it as a function that builds a new
   * object per call, and context filtering plans per schema object (and keeps shared items' filtered forms by it).
   */
  private readonly schemasByEndpoint = new WeakMap<RestEndpoint, Map<string, JsonSchema>>();
  private readonly embedder = new Embedder(
    () => this.registry,
    (request) => this.dispatch(request),
  );

  constructor(
    private readonly registry: RouteRegistry,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
    private readonly languages: LanguageResolver,
  ) {}

  urls(language: Language = DEFAULT_LANGUAGE): RestUrls {
    let urls = this.urlsByLanguage.get(language);
    if (!urls) {
      urls = new RestUrls(this.config.siteUrl, this.config.restPrefix, language);
      this.urlsByLanguage.set(language, urls);
    }
    return urls;
  }

  /** Answers one request; never throws. */
  async dispatch(request: RestRequest): Promise<RestResponse> {
    const urls = this.urls(request.prefixLanguage ?? DEFAULT_LANGUAGE);
    let matched: Matched | undefined;
    let response: RestResponse;
    try {
      if (request.method === 'OPTIONS') {
        response = await this.options(request, urls);
      } else {
        matched = this.match(request, urls);
        response = await this.run(matched, request);
      }
    } catch (error) {
      response = this.errorResponse(error, request);
    }
    if (matched && !request.embedded) {
      const { call } = matched;
      // After a validation failure there are no validated args: the checks see the raw parameters instead.
      const validated = Object.keys(call.args).length > 0;
      await this.addAllowHeader(response, matched.entry, (endpoint) =>
        validated ? call : { ...call, args: this.looseArgs(endpoint, call) },
      );
    }
    response.headers['X-WP-Request-Id'] ??= request.requestId;
    if (request.query._envelope !== undefined && !request.internal) {
      const enveloped = new RestResponse({
        body: response.data,
        status: response.status,
        headers: envelopeHeaders(response.headers),
      });
      enveloped.cacheable = response.cacheable;
      return enveloped;
    }
    return response;
  }

  /**
   * Matches and validates a request without running it (batch `require-all-validate`).
   * Returns null when it would pass validation, else the error response.
   */
  async validateOnly(request: RestRequest): Promise<RestResponse | null> {
    const urls = this.urls(request.prefixLanguage ?? DEFAULT_LANGUAGE);
    try {
      const matched = this.match(request, urls);
      if (request.jsonError !== undefined)
        throw RestErrors.invalidJson(request.jsonError, request.jsonErrorCode);
      await this.validate(matched.endpoint, matched.call);
      return null;
    } catch (error) {
      return this.errorResponse(error, request);
    }
  }

  /**
   * A matched request answered with `error` without running it (a batch item whose route does not allow
   * batching), with the route's Allow header as WordPress's rest_post_dispatch adds to it.
   */
  async refuse(request: RestRequest, error: RestError): Promise<RestResponse> {
    const urls = this.urls(request.prefixLanguage ?? DEFAULT_LANGUAGE);
    const response = this.errorResponse(error, request);
    const found = this.registry.match(request.path);
    if (!found) return response;
    const call = this.callFor(request, found, urls, request.method === 'HEAD' ? 'GET' : request.method);
    await this.addAllowHeader(response, found.entry, (endpoint) => ({
      ...call,
      args: this.looseArgs(endpoint, call),
    }));
    return response;
  }

  /** The endpoint a request would reach, or null (batch checks `allowBatch` with it). */
  endpointFor(method: string, path: string): RestEndpoint | null {
    const found = this.registry.match(path);
    return (
      found?.entry.endpoints.find((endpoint) => endpoint.methods.includes(method.toUpperCase() as never)) ??
      null
    );
  }

  private match(request: RestRequest, urls: RestUrls): Matched {
    const found = this.registry.match(request.path);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const endpoint = found?.entry.endpoints.find((candidate) => candidate.methods.includes(method as never));
    if (!found || !endpoint) throw RestErrors.noRoute();
    return { entry: found.entry, endpoint, call: this.callFor(request, found, urls, method) };
  }

  private callFor(
    request: RestRequest,
    found: { entry: RestRouteEntry; params: Record<string, string> },
    urls: RestUrls,
    method: string,
  ): MutableCall {
    const sources = [
      request.jsonBody ?? {},
      BODY_METHODS.has(method) ? (request.formBody ?? {}) : {},
      request.query,
      found.params,
    ];
    const sent = (name: string) => sources.some((source) => source[name] !== undefined);
    const call: MutableCall = {
      args: {},
      user: request.user,
      userId: request.user?.id ?? 0,
      language: request.prefixLanguage ?? DEFAULT_LANGUAGE,
      method,
      route: found.entry.pattern,
      path: request.path,
      query: request.query,
      headers: request.headers,
      urls,
      requestId: request.requestId,
      clientIp: request.clientIp ?? '',
      has: sent,
      params: () => Object.assign({}, ...[...sources].reverse()) as Record<string, unknown>,
      files: request.files ?? {},
      body: request.body,
      param: (name) => sources.find((source) => source[name] !== undefined)?.[name],
      resolve: (type) => this.moduleRef.get(type, { strict: false }),
    };
    (call as any).rawParam = call.param;
    return call;
  }

  /**
   * Parameters as a permission check sees them when nothing was validated (OPTIONS): the raw values, or
   * defaults, coerced where they pass the schema and left out where they do not.
   */
  private looseArgs(endpoint: RestEndpoint, call: MutableCall): Record<string, unknown> {
    const args: Record<string, unknown> = {};
    for (const [name, spec] of endpoint.args) {
      const value = (call as any).rawParam(name) ?? spec.default;
      if (value === undefined) continue;
      if (spec.validateSchema === false) {
        args[name] = value;
        continue;
      }
      if (validateValue(value, spec, name)) continue;
      args[name] = sanitizeValue(value, spec);
    }
    return args;
  }

  private async run({ endpoint, call }: Matched, request: RestRequest): Promise<RestResponse> {
    if (request.jsonError !== undefined)
      throw RestErrors.invalidJson(request.jsonError, request.jsonErrorCode);
    // The language is known before validation so custom validators look up content in the right language;
    // a bad value is reported by validation with the other invalid parameters.
    call.language =
      request.language ??
      this.languages.resolveLoosely((call as any).rawParam('ml_language'), request.prefixLanguage);
    call.urls = this.urls(call.language);
    call.args = await this.validate(endpoint, call);
    return runInRequestContext(
      { requestId: request.requestId, language: call.language, user: call.user },
      async () => {
        const permitted = await endpoint.permission(call);
        if (permitted instanceof RestError) throw permitted;
        if (permitted !== true) throw RestErrors.forbidden(call.user !== null);
        const result = await endpoint.handler(call);
        const response = result instanceof RestResponse ? result : new RestResponse(result ?? null);
        const shaped = await this.shape(response, endpoint, call, request);
        const { answerContext } = endpoint;
        if (answerContext) {
          const context = typeof answerContext === 'function' ? answerContext(call) : answerContext;
          call.args = { ...call.args, context };
        }
        return shaped;
      },
    );
  }

  private itemSchema(
    endpoint: RestEndpoint,
    build: (urls?: RestUrls) => JsonSchema,
    urls: RestUrls,
  ): JsonSchema {
    let byRoot = this.schemasByEndpoint.get(endpoint);
    if (!byRoot) {
      byRoot = new Map();
      this.schemasByEndpoint.set(endpoint, byRoot);
    }
    let schema = byRoot.get(urls.base);
    if (!schema) {
      schema = build(urls);
      byRoot.set(urls.base, schema);
    }
    return schema;
  }

  /** WordPress's has_valid_params + sanitize_params for a matched route, with the global `ml_language`. */
  private async validate(endpoint: RestEndpoint, call: MutableCall): Promise<Record<string, unknown>> {
    let specs = this.specsByEndpoint.get(endpoint);
    if (!specs) {
      specs = new Map([...endpoint.args, ...[...GLOBAL_ARGS].filter(([name]) => !endpoint.args.has(name))]);
      this.specsByEndpoint.set(endpoint, specs);
    }
    return validateArgs(specs, (name) => (call as any).rawParam(name), call);
  }

  /**
   * Validates and coerces input that does not arrive over HTTP (the CLI, jobs, imports) with a route's args
   * class: the same rules, defaults and WordPress messages; throws the RestError a request would get.
   */
  async validateInput<T extends object>(
    argsClass: abstract new (...args: any[]) => T,
    input: Record<string, unknown>,
    user: RestUser | null = null,
  ): Promise<T> {
    const language = currentLanguage();
    const call: RestCall<T> = {
      args: {} as T,
      user,
      userId: user?.id ?? 0,
      language,
      method: 'POST',
      route: '',
      path: '',
      query: {},
      headers: {},
      urls: this.urls(language),
      requestId: randomUUID(),
      has: (name) => input[name] !== undefined,
      param: (name) => input[name],
      params: () => ({ ...input }),
      files: {},
      resolve: (type) => this.moduleRef.get(type, { strict: false }),
    };
    return (await validateArgs(argSpecsOf(argsClass), (name) => input[name], call)) as T;
  }

  private async shape(
    response: RestResponse,
    endpoint: RestEndpoint,
    call: RestCall<any>,
    request: RestRequest,
  ): Promise<RestResponse> {
    const context = (call.args as Record<string, unknown>).context as SchemaContext | undefined;
    // The items are this response's own objects (built by the context filter), which _embed may extend in place.
    let owned = false;
    if (context && endpoint.schema && response.status < 300) {
      const schema = this.itemSchema(endpoint, endpoint.schema, call.urls);
      owned = !endpoint.keyedCollection && schema.properties !== undefined;
      response.data = endpoint.keyedCollection
        ? Object.fromEntries(
            Object.entries(response.data as Record<string, unknown>).map(([key, item]) => [
              key,
              filterByContext(item, schema, context),
            ]),
          )
        : filterByContext(response.data, schema, context);
    }
    const fields = parseFieldsParam(request.query._fields);
    if (fields) response.data = filterFields(response.data, fields);
    if (request.query._embed !== undefined && !request.internal) {
      response.data = await this.embedder.embed(
        response.data,
        parseEmbedParam(request.query._embed),
        request,
        call.urls,
        call.language,
        owned && !fields,
      );
    }
    return response;
  }

  /**
   * OPTIONS: the matched route's data with its schema; `[]` when no route matches. Nothing is validated, but
   * the Allow header runs the permission checks, as WordPress's rest_send_allow_header does for OPTIONS too.
   */
  private async options(request: RestRequest, urls: RestUrls): Promise<RestResponse> {
    const found = this.registry.match(request.path);
    if (!found) return new RestResponse([]);
    const data = routeData(found.entry, urls, { withSchema: true, globalArgs: GLOBAL_ARGS }) ?? [];
    const response = new RestResponse(data);
    const call = this.callFor(request, found, urls, 'OPTIONS');
    await this.addAllowHeader(response, found.entry, (endpoint) => ({
      ...call,
      args: this.looseArgs(endpoint, call),
    }));
    return response;
  }

  /**
   * WordPress's rest_send_allow_header: the route's methods whose permission check passes for this caller.
   * No Allow header at all when none passes.
   */
  private async addAllowHeader(
    response: RestResponse,
    entry: RestRouteEntry,
    callFor: (endpoint: RestEndpoint) => RestCall<any>,
  ): Promise<void> {
    if (entry.endpoints.length === 0) return;
    const allowed = new Set<string>();
    const first = callFor(entry.endpoints[0]);
    // Every endpoint's call carries the same request id, language and caller: one context for all the checks.
    await runInRequestContext(
      { requestId: first.requestId, language: first.language, user: first.user },
      async () => {
        for (const endpoint of entry.endpoints) {
          const call = endpoint === entry.endpoints[0] ? first : callFor(endpoint);
          let permitted: unknown;
          try {
            permitted = await endpoint.permission(call);
          } catch {
            permitted = false;
          }
          if (permitted === true) for (const method of endpoint.methods) allowed.add(method);
        }
      },
    );
    if (allowed.size > 0) response.headers.Allow = [...allowed].join(', ');
  }

  /**
   * Allowed methods for a route path, for `targetHints` in `_links.self`. As WordPress's
   * get_target_hints_for_link, the permission checks see a fresh GET of that path (its captures and the
   * defaults as args), not the caller's own arguments.
   */
  async allowedMethods(call: RestCall<any>, path: string): Promise<string[]> {
    const found = this.registry.match(path);
    if (!found) return [];
    const request: RestRequest = {
      method: 'GET',
      path,
      query: {},
      headers: call.headers,
      user: call.user,
      prefixLanguage: call.language,
      requestId: call.requestId,
      internal: true,
    };
    const scoped = this.callFor(request, found, call.urls, 'GET');
    const allowed: string[] = [];
    for (const endpoint of found.entry.endpoints) {
      const permitted = await Promise.resolve(
        endpoint.permission({ ...scoped, args: this.looseArgs(endpoint, scoped) }),
      ).catch(() => false);
      if (permitted === true) allowed.push(...endpoint.methods);
    }
    return [...new Set(allowed)];
  }

  /** A RestError as its WordPress body; anything else as a logged 500 with a correlation id. */
  errorResponse(error: unknown, request: RestRequest): RestResponse {
    if (error instanceof RestError) {
      const retryAfter = error.extraData.retry_after;
      const headers: Record<string, string> =
        error.status === 429 && typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {};
      return new RestResponse(error.toBody(), error.status, headers);
    }
    if (error instanceof ValueTooLongError) {
      const invalid = RestErrors.invalidParams({ [error.column]: error.message }, {});
      return new RestResponse(invalid.toBody(), invalid.status);
    }
    if (isDatabaseUnavailable(error)) {
      // Down, frozen past the query timeout, or too busy: worth retrying, so 503 with Retry-After.
      this.logger.warn(
        { err: error, requestId: request.requestId, method: request.method, path: request.path },
        'Database unavailable',
      );
      const unavailable = RestErrors.databaseUnavailable();
      return new RestResponse(unavailable.toBody(), unavailable.status, { 'Retry-After': '5' });
    }
    const errorId = randomUUID();
    this.logger.error(
      { err: error, errorId, requestId: request.requestId, method: request.method, path: request.path },
      'Unhandled error in REST handler',
    );
    const internal = RestErrors.internal(errorId);
    return new RestResponse(internal.toBody(), internal.status);
  }
}
