import { parse as parseQuery } from 'qs';
import { Language, runInRequestContext } from '../context/request-context';
import { RestError } from '../errors';
import type { LinkObject } from '../response/links';
import type { RestResponse } from '../response/rest-response';
import { isShared } from '../response/shared-items';
import type { RouteRegistry } from '../routing/route-registry';
import { argSpecsOf, sanitizeValue } from '../schema';
import type { RestRequest } from './rest-request';
import type { RestUrls } from './rest-urls';
import type { EmbedLink, EmbedResolver, EmbedScope } from '../routing/embed.types';

/** Route path and query of a link's href. */
type RouteTarget = { path: string; query: string };

/**
 * How a link's href is answered: nothing (outside the API), a sub-request to its route, or an endpoint's embed
 * resolver with the link's route captures and query. The same for the same href, root and route table.
 */
type HrefPlan =
  | { kind: 'none' }
  | { kind: 'fetch'; target: RouteTarget }
  | {
      kind: 'resolve';
      target: RouteTarget;
      resolver: EmbedResolver;
      params: Readonly<Record<string, string>>;
      query: Readonly<Record<string, unknown>>;
    };

const NO_ROUTE: HrefPlan = { kind: 'none' };

/** Plans kept per embedder: a page's links repeat from request to request (`?post=N` of the same posts). */
const MAX_PLANS = 4096;

/**
 * WordPress's embed_links: resolves the embeddable links of a response in-process, each href once per response,
 * as a GET in the embed context unless the link asks for another one. Links to an endpoint with an embed
 * resolver are answered together by it; the others (and those the resolver leaves) by a sub-request each
 * through the server's dispatch.
 */
export class Embedder {
  /**
   * Each href's plan by API root and href: a pure function of them and of the route table (fixed once the
   * routes are discovered), so that a page's links are parsed and matched once, not on every request.
   */
  private readonly plans = new Map<string, Map<string, HrefPlan>>();
  private planCount = 0;

  constructor(
    private readonly registry: () => RouteRegistry,
    private readonly dispatch: (request: RestRequest) => Promise<RestResponse>,
  ) {}

  /**
   * `data` with `_embedded` added to each item whose links (filtered by `only`, the `_embed` list) embed
   * something: to the item itself when `owned` (objects of this response alone, as the context filter builds
   * them), else to a copy; always to a copy of a shared item (one other requests send too, frozen).
   */
  async embed(
    data: unknown,
    only: Set<string> | null,
    request: RestRequest,
    urls: RestUrls,
    language: Language,
    owned = false,
  ): Promise<unknown> {
    const items = Array.isArray(data) ? data : [data];
    // Each href with the first item that links to it.
    const hrefs = new Map<string, unknown>();
    // Each item's relations to embed, read once.
    const relations: Array<Array<[string, LinkObject[]]>> = new Array(items.length);
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      const embeddable = embeddableLinks(item, only);
      for (const [, list] of embeddable) {
        for (const link of list) if (link.embeddable && !hrefs.has(link.href)) hrefs.set(link.href, item);
      }
      relations[index] = embeddable;
    }
    const answers = await this.resolve(hrefs, request, urls, language);
    const embedItem = (item: unknown, index: number): unknown => {
      let embedded: Record<string, unknown[]> | undefined;
      for (const [rel, list] of relations[index]) {
        let found = false;
        const results: unknown[] = new Array(list.length);
        for (let position = 0; position < list.length; position++) {
          const link = list[position];
          const result = link.embeddable ? (answers.get(link.href) ?? null) : null;
          if (result !== null) found = true;
          results[position] = result ?? [];
        }
        if (found) (embedded ??= {})[rel] = results;
      }
      if (!embedded) return item;
      if (!owned || isShared(item)) return { ...(item as object), _embedded: embedded };
      // The key goes last, or stays where the item had it, as in the copy.
      (item as Record<string, unknown>)._embedded = embedded;
      return item;
    };
    return Array.isArray(data) ? data.map(embedItem) : embedItem(data, 0);
  }

  /** The plan of an href under `urls`' root, parsed and matched once (see {@link plans}). */
  private planOf(href: string, urls: RestUrls): HrefPlan {
    // By root, then by the href itself (hashed once already as a key of the page's hrefs): no key to build.
    let plans = this.plans.get(urls.base);
    if (!plans) {
      plans = new Map();
      this.plans.set(urls.base, plans);
    }
    let plan = plans.get(href);
    if (plan === undefined) {
      plan = planHref(href, urls, this.registry());
      if (this.planCount >= MAX_PLANS) {
        for (const list of this.plans.values()) list.clear();
        this.planCount = 0;
      }
      plans.set(href, plan);
      this.planCount++;
    }
    return plan;
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
    const fetch = (href: string, target: RouteTarget): void => {
      fetched.push(
        this.fetchEmbedded(target, request, language).then((answer) => {
          answers.set(href, answer);
        }),
      );
    };
    const groups = new Map<EmbedResolver, { hrefs: string[]; targets: RouteTarget[]; links: EmbedLink[] }>();
    for (const [href, from] of hrefs) {
      const plan = this.planOf(href, urls);
      if (plan.kind === 'none') {
        answers.set(href, null);
        continue;
      }
      if (plan.kind === 'fetch') {
        fetch(href, plan.target);
        continue;
      }
      let group = groups.get(plan.resolver);
      if (!group) {
        group = { hrefs: [], targets: [], links: [] };
        groups.set(plan.resolver, group);
      }
      group.hrefs.push(href);
      group.targets.push(plan.target);
      group.links.push({ params: plan.params, query: plan.query, from });
    }
    if (groups.size > 0) {
      // The sub-requests answer in the request's language: the links point under its root (`/no/wp-json`).
      const scope: EmbedScope = { user: request.user, language, urls, requestId: request.requestId };
      const context = { requestId: request.requestId, language, user: request.user };
      const entries = [...groups.values()];
      // One context for all resolvers (they read it, as the sub-requests they stand for would).
      const resolved = await runInRequestContext(context, () =>
        Promise.all(
          [...groups.keys()].map((resolver, index) =>
            resolver(entries[index].links, scope).catch(() => null),
          ),
        ),
      );
      entries.forEach((group, index) => {
        const list = resolved[index];
        for (let position = 0; position < group.hrefs.length; position++) {
          const href = group.hrefs[position];
          const answer = list?.[position];
          if (answer === undefined) fetch(href, group.targets[position]);
          else if (answer instanceof RestError) answers.set(href, answer.toBody());
          else answers.set(href, Array.isArray(answer) && answer.length === 0 ? null : answer);
        }
      });
    }
    if (fetched.length > 0) await Promise.all(fetched);
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

/**
 * How `href` is answered under `urls`' root with these routes: outside the API, by the embed resolver of its
 * GET endpoint when it has one and the link asks for nothing but the embed context, else by a sub-request.
 */
export function planHref(href: string, urls: RestUrls, registry: RouteRegistry): HrefPlan {
  const target = urls.toRoute(href);
  if (!target) return NO_ROUTE;
  const found = registry.match(target.path);
  const resolver = found?.entry.endpoints.find((endpoint) => endpoint.methods.includes('GET'))?.embed;
  const query = resolver ? parseLinkQuery(target.query) : undefined;
  if (!found || !resolver || !query || !embedContextOnly(query)) return { kind: 'fetch', target };
  const { context: _context, ...rest } = query;
  return {
    kind: 'resolve',
    target,
    resolver,
    params: Object.freeze({ ...found.params }),
    query: Object.freeze(rest),
  };
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
    for (let index = 0; index < list.length; index++) {
      if (list[index].embeddable) {
        relations.push([rel, list]);
        break;
      }
    }
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
