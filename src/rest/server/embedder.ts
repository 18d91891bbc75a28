import { parse as parseQuery } from 'qs';
import type { LinkObject } from '../response/links';
import type { RestResponse } from '../response/rest-response';
import type { RestRequest } from './rest-request';
import type { RestUrls } from './rest-urls';

/**
 * WordPress's embed_links: resolves the embeddable links of a response in-process, each href once per response.
 * Each link is answered by a GET sub-request through the server's dispatch, in the embed context unless the
 * link asks for another one.
 */
export class Embedder {
  constructor(private readonly dispatch: (request: RestRequest) => Promise<RestResponse>) {}

  /** `data` with `_embedded` added to each item whose links (filtered by `only`, the `_embed` list) embed something. */
  async embed(
    data: unknown,
    only: Set<string> | null,
    request: RestRequest,
    urls: RestUrls,
  ): Promise<unknown> {
    const cache = new Map<string, Promise<unknown>>();
    const fetch = (href: string): Promise<unknown> => {
      let pending = cache.get(href);
      if (!pending) {
        pending = this.fetchEmbedded(href, urls, request);
        cache.set(href, pending);
      }
      return pending;
    };
    const embedItem = async (item: unknown): Promise<unknown> => {
      if (typeof item !== 'object' || item === null || !('_links' in item)) return item;
      const links = (item as { _links: Record<string, LinkObject[]> })._links;
      const embedded: Record<string, unknown[]> = {};
      for (const [rel, list] of Object.entries(links)) {
        if (rel === 'curies' || (only && !only.has(rel))) continue;
        if (!list.some((link) => link.embeddable)) continue;
        const results = await Promise.all(
          list.map((link) => (link.embeddable ? fetch(link.href) : Promise.resolve(null))),
        );
        if (results.some((result) => result !== null)) embedded[rel] = results.map((result) => result ?? []);
      }
      return Object.keys(embedded).length > 0 ? { ...item, _embedded: embedded } : item;
    };
    return Array.isArray(data) ? Promise.all(data.map(embedItem)) : embedItem(data);
  }

  private async fetchEmbedded(href: string, urls: RestUrls, parent: RestRequest): Promise<unknown> {
    const target = urls.toRoute(href);
    if (!target) return null;
    const query = parseQuery(target.query) as Record<string, unknown>;
    query.context ??= 'embed';
    const response = await this.dispatch({
      method: 'GET',
      path: target.path,
      query,
      headers: parent.headers,
      user: parent.user,
      prefixLanguage: parent.prefixLanguage,
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
