import { parse as parseQuery } from 'qs';
import { Language, RestUser, runInRequestContext } from '../context/request-context';
import { RestError } from '../errors';
import type { LinkObject } from '../response/links';
import type { RestResponse } from '../response/rest-response';
import type { RouteRegistry } from '../routing/route-registry';
import { argSpecsOf, sanitizeValue } from '../schema';
import type { RestRequest } from './rest-request';
import type { RestUrls } from './rest-urls';

/** One embedded link to an endpoint with an embed resolver: the route's captures and the link's query. */
export interface EmbedLink {
  /** Captures of the route pattern, as strings (`{ id: '3' }`). */
  params: Record<string, string>;
  /** The link's query as parsed from its href, without `context` (the link asks for the embed context). */
  query: Record<string, unknown>;
  /** The first item of the response whose `_links` hold the link (as shaped so far: a wire object). */
  from: unknown;
}

/** Who asks and in which language: what the links' GET sub-requests would see. */
export interface EmbedScope {
  user: RestUser | null;
  language: Language;
  urls: RestUrls;
  requestId: string;
}

/**
 * What an embed resolver answers for one link: the body the GET in the embed context answers (shaped by that
 * context), a RestError when that GET is refused or fails, or undefined to leave the link to a sub-request
 * (a query it does not handle).
 */
export type EmbedAnswer = unknown;

/**
 * Answers many `_embed` links to one GET endpoint together, in their order: one permission check, one batched
 * read and one shaping per distinct target instead of a full sub-request per link. Must answer exactly what
 * each link's sub-request would (the fallback for anything else is that sub-request).
 */
export type EmbedResolver = (links: EmbedLink[], scope: EmbedScope) => Promise<EmbedAnswer[]>;

/** Route path and query of a link's href. */
type RouteTarget = { path: string; query: string };

/**
 * WordPress's embed_links: resolves the embeddable links of a response in-process, each href once per response,
 * as a GET in the embed context unless the link asks for another one. Links to an endpoint with an embed
 * resolver are answered together by it; the others (and those the resolver leaves) by a sub-request each
 * through the server's dispatch.
 */
export class Embedder {
  constructor(
    private readonly registry: () => RouteRegistry,
    private readonly dispatch: (request: RestRequest) => Promise<RestResponse>,
  ) {}

  /** `data` with `_embedded` added to each item whose links (filtered by `only`, the `_embed` list) embed something. */
  async embed(
    data: unknown,
    only: Set<string> | null,
    request: RestRequest,
    urls: RestUrls,
    language: Language,
  ): Promise<unknown> {
    const items = Array.isArray(data) ? data : [data];
    // Each href with the first item that links to it.
    const hrefs = new Map<string, unknown>();
    // Each item's relations to embed, read once.
    const relations = items.map((item) => {
      const embeddable = embeddableLinks(item, only);
      for (const [, list] of embeddable) {
        for (const link of list) if (link.embeddable && !hrefs.has(link.href)) hrefs.set(link.href, item);
      }
      return embeddable;
    });
    const answers = await this.resolve(hrefs, request, urls, language);
    const embedItem = (item: unknown, index: number): unknown => {
      const embedded: Record<string, unknown[]> = {};
      let any = false;
      for (const [rel, list] of relations[index]) {
        const results = list.map((link) => (link.embeddable ? (answers.get(link.href) ?? null) : null));
        if (results.some((result) => result !== null)) {
          embedded[rel] = results.map((result) => result ?? []);
          any = true;
        }
      }
      return any ? { ...(item as object), _embedded: embedded } : item;
    };
    return Array.isArray(data) ? data.map(embedItem) : embedItem(data, 0);
  }

  /** The answer of each href: by the resolvers of their endpoints where there are any, else by sub-requests. */
  private async resolve(
    hrefs: Map<string, unknown>,
    request: RestRequest,
    urls: RestUrls,
    language: Language,
  ): Promise<Map<string, unknown>> {
    const answers = new Map<string, unknown>();
    const fetched: Array<Promise<void>> = [];
    const fetch = (href: string, target: { path: string; query: string }): void => {
      fetched.push(
        this.fetchEmbedded(target, request, language).then((answer) => {
          answers.set(href, answer);
        }),
      );
    };
    const groups = new Map<EmbedResolver, Array<{ href: string; target: RouteTarget; link: EmbedLink }>>();
    // Many links share a path (`/core/v2/categories?post=...`): each path is matched once.
    const routes = new Map<string, ReturnType<RouteRegistry['match']>>();
    for (const [href, from] of hrefs) {
      const target = urls.toRoute(href);
      if (!target) {
        answers.set(href, null);
        continue;
      }
      let found = routes.get(target.path);
      if (found === undefined) {
        found = this.registry().match(target.path);
        routes.set(target.path, found);
      }
      const resolver = found?.entry.endpoints.find((endpoint) => endpoint.methods.includes('GET'))?.embed;
      const query = resolver ? parseLinkQuery(target.query) : undefined;
      if (!found || !resolver || !query || !embedContextOnly(query)) {
        fetch(href, target);
        continue;
      }
      const { context: _context, ...rest } = query;
      const group = groups.get(resolver) ?? [];
      group.push({ href, target, link: { params: { ...found.params }, query: rest, from } });
      groups.set(resolver, group);
    }
    // The sub-requests answer in the request's language: the links point under its root (`/no/wp-json`).
    const scope: EmbedScope = { user: request.user, language, urls, requestId: request.requestId };
    const context = { requestId: request.requestId, language, user: request.user };
    const resolved = await Promise.all(
      [...groups].map(([resolver, group]) =>
        runInRequestContext(context, () =>
          resolver(
            group.map((entry) => entry.link),
            scope,
          ),
        ).catch(() => null),
      ),
    );
    [...groups.values()].forEach((group, index) => {
      const list = resolved[index];
      group.forEach(({ href, target }, position) => {
        const answer = list?.[position];
        if (answer === undefined) fetch(href, target);
        else if (answer instanceof RestError) answers.set(href, answer.toBody());
        else answers.set(href, Array.isArray(answer) && answer.length === 0 ? null : answer);
      });
    });
    await Promise.all(fetched);
    return answers;
  }

  /** A link's body by a sub-request, or null when it embeds nothing (an empty collection). */
  private async fetchEmbedded(
    target: RouteTarget,
    parent: RestRequest,
    language: Language,
  ): Promise<unknown> {
    const query = parseQuery(target.query) as Record<string, unknown>;
    query.context ??= 'embed';
    const response = await this.dispatch({
      method: 'GET',
      path: target.path,
      query,
      headers: parent.headers,
      user: parent.user,
      prefixLanguage: language,
      requestId: parent.requestId,
      clientIp: parent.clientIp,
      internal: true,
      embedded: true,
    });
    if (response.status >= 400) return response.data;
    if (Array.isArray(response.data) && response.data.length === 0) return null;
    return response.data;
  }
}

/** A plain `name=value&...` query (the links' usual form), as qs parses it; anything else through qs. */
function parseLinkQuery(query: string): Record<string, unknown> {
  if (!/^(?:[A-Za-z0-9_-]+=[A-Za-z0-9_.~-]*(?:&|$))*$/.test(query)) {
    return parseQuery(query) as Record<string, unknown>;
  }
  const result: Record<string, unknown> = {};
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const [name, value] = pair.split('=', 2);
    if (name in result || name === '__proto__') return parseQuery(query) as Record<string, unknown>;
    result[name] = value;
  }
  return result;
}

/** The relations of an item's `_links` that `_embed` asks for (all, or those in `only`) with an embeddable link. */
function embeddableLinks(item: unknown, only: Set<string> | null): Array<[string, LinkObject[]]> {
  if (typeof item !== 'object' || item === null || !('_links' in item)) return [];
  const links = (item as { _links: Record<string, LinkObject[]> })._links;
  const relations: Array<[string, LinkObject[]]> = [];
  for (const rel in links) {
    if (rel === 'curies' || (only && !only.has(rel))) continue;
    const list = links[rel];
    if (list.some((link) => link.embeddable)) relations.push([rel, list]);
  }
  return relations;
}

/** The link asks for the embed context and for nothing a sub-request would shape further (`_fields`...). */
function embedContextOnly(query: Record<string, unknown>): boolean {
  if (query.context !== undefined && query.context !== 'embed') return false;
  return Object.keys(query).every((name) => !name.startsWith('_') && name !== 'ml_language');
}

/**
 * The ID a link's query holds as its only parameter (`?post=26`), as a positive integer, or undefined for any
 * other query (which an embed resolver then leaves to a sub-request).
 */
export function embeddedId(link: EmbedLink, name: string): number | undefined {
  const { [name]: value, ...others } = link.query;
  return Object.keys(others).length > 0 ? undefined : positiveId(value);
}

/** The ID a link's route captures (`/users/3`) when its query is empty, or undefined (see embeddedId). */
export function embeddedCapture(link: EmbedLink, name: string): number | undefined {
  return Object.keys(link.query).length > 0 ? undefined : positiveId(link.params[name]);
}

function positiveId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= MAX_ID ? id : undefined;
}

const MAX_ID = 2 ** 31 - 1;

/**
 * The arguments of an args class as validation gives them when only `context=embed` is sent: each declared
 * default, sanitised as validation sanitises it. For args classes whose defaults need no custom callback.
 */
export function embedDefaults<T extends object>(argsClass: abstract new (...args: any[]) => T): T {
  const args: Record<string, unknown> = {};
  for (const [name, spec] of argSpecsOf(argsClass)) {
    if (spec.default === undefined) continue;
    if (spec.validate) throw new Error(`embedDefaults: ${name} has a validate callback`);
    args[name] =
      spec.sanitize || spec.validateSchema === false ? spec.default : sanitizeValue(spec.default, spec);
  }
  args.context = 'embed';
  return args as T;
}
