import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Transients } from '../../platform/database';
import { RestUrls } from '../../platform/rest';
import { discoverProvider } from './oembed-discovery';
import { SafeHttpClient } from '../../platform/common/http';
import { parseOEmbedXml } from './oembed-markup';
import { providerDataToHtml } from './oembed-sanitize';
import { OEmbedErrors } from './oembed.errors';
import { OEmbedService } from './oembed.service';
import type { ProxyArgs } from './dto/oembed-args.dto';

/** rest_oembed_ttl: one day. */
export const PROXY_CACHE_TTL_SECONDS = 24 * 60 * 60;
/** wp_embed_defaults() height when the caller gives no maxheight (no content width: 500 × 1.5). */
const DEFAULT_FETCH_HEIGHT = 750;
const DISCOVERY_MAX_BYTES = 150 * 1024;
const PROVIDER_MAX_BYTES = 1024 * 1024;

/** The cache key of WordPress's transient: md5 of the arguments. */
export function proxyCacheKey(args: ProxyArgs): string {
  const { url, format, maxwidth, maxheight, discover } = args;
  const hash = createHash('md5')
    .update(JSON.stringify({ url, format, maxwidth, maxheight: maxheight ?? null, discover }))
    .digest('hex');
  return `oembed_${hash}`;
}

/** `GET /oembed/1.0/proxy` (WP_oEmbed_Controller::get_proxy_item): cache, own content, then discovery. */
@Injectable()
export class OEmbedProxyService {
  constructor(
    private readonly cache: Transients,
    private readonly local: OEmbedService,
    private readonly http: SafeHttpClient,
  ) {}

  async get(args: ProxyArgs, urls: RestUrls): Promise<Record<string, unknown>> {
    const key = proxyCacheKey(args);
    const cached = await this.cache.get(key);
    if (cached) return cached;

    // The site's own URLs are answered locally (and not cached), as get_oembed_response_data_for_url.
    const own = await this.local.responseData(args.url, args.maxwidth, urls);
    if (own) return own;

    const data = await this.fetchRemote(args);
    if (!data) throw OEmbedErrors.invalidUrl();
    data.html = providerDataToHtml(data, args.url);
    await this.cache.put(key, args.url, data, PROXY_CACHE_TTL_SECONDS);
    return data;
  }

  /** WP_oEmbed::get_data with no sanctioned providers: discovery (when allowed), then fetch. */
  private async fetchRemote(args: ProxyArgs): Promise<Record<string, unknown> | null> {
    if (!args.discover) return null;
    const page = await this.http.get(args.url, DISCOVERY_MAX_BYTES);
    if (!page?.body) return null;
    const provider = discoverProvider(page.body, page.url);
    return provider ? this.fetchFromProvider(provider, args) : null;
  }

  /** WP_oEmbed::fetch: JSON first, XML only when the provider answers 501 to JSON. */
  private async fetchFromProvider(
    provider: string,
    args: ProxyArgs,
  ): Promise<Record<string, unknown> | null> {
    for (const format of ['json', 'xml'] as const) {
      const target = new URL(provider);
      target.searchParams.set('maxwidth', String(args.maxwidth));
      target.searchParams.set('maxheight', String(args.maxheight ?? DEFAULT_FETCH_HEIGHT));
      target.searchParams.set('url', args.url);
      target.searchParams.set('dnt', '1');
      target.searchParams.set('format', format);
      const response = await this.http.get(target.toString(), PROVIDER_MAX_BYTES);
      if (!response) return null;
      if (response.status === 501) continue;
      const body = response.body.trim();
      if (!body) return null;
      return format === 'json' ? parseJsonObject(body) : parseOEmbedXml(body);
    }
    return null;
  }
}

function parseJsonObject(body: string): Record<string, unknown> | null {
  try {
    const data: unknown = JSON.parse(body);
    return typeof data === 'object' && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
