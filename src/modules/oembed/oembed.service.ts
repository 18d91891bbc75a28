import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../platform/config';
import { RestUrls } from '../../platform/rest';
import { postEmbedHtml } from './oembed-markup';
import { OEmbedItem, OEmbedSourceRegistry } from './oembed-sources';

/** oembed_min_max_width. */
export const MIN_EMBED_WIDTH = 200;
export const MAX_EMBED_WIDTH = 600;
const MIN_EMBED_HEIGHT = 200;

/** Width clamped to [200, 600] and height max(ceil(width × 9/16), 200), as get_oembed_response_data. */
export function embedSize(maxwidth: number): { width: number; height: number } {
  const width = Math.min(Math.max(MIN_EMBED_WIDTH, maxwidth), MAX_EMBED_WIDTH);
  return { width, height: Math.max(Math.ceil((width / 16) * 9), MIN_EMBED_HEIGHT) };
}

/** The oEmbed provider for the site's own content (embed.php). */
@Injectable()
export class OEmbedService {
  constructor(
    private readonly sources: OEmbedSourceRegistry,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** get_oembed_response_data (+ the rich filter) for a site URL; null when no embeddable content has it. */
  async responseData(url: string, maxwidth: number, urls: RestUrls): Promise<Record<string, unknown> | null> {
    const item = await this.sources.resolve(url);
    return item ? this.dataFor(item, maxwidth, urls) : null;
  }

  dataFor(item: OEmbedItem, maxwidth: number, urls: RestUrls): Record<string, unknown> {
    const home = urls.site('').replace(/\/$/, '') || this.config.siteUrl;
    const siteName = this.config.siteName;
    const { width, height } = embedSize(maxwidth);
    const data: Record<string, unknown> = {
      version: '1.0',
      provider_name: siteName,
      provider_url: home,
      author_name: item.authorName || siteName,
      author_url: item.authorName ? item.authorUrl : home,
      title: item.title,
      type: 'rich',
      width,
      height,
      html: postEmbedHtml({ link: item.link, title: item.title, siteName, width, height }),
    };
    if (item.thumbnailUrl) {
      data.thumbnail_url = item.thumbnailUrl;
      data.thumbnail_width = item.thumbnailWidth ?? 0;
      data.thumbnail_height = item.thumbnailHeight ?? 0;
    }
    return data;
  }
}
