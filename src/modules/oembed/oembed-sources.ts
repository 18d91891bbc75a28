import { Injectable } from '@nestjs/common';

/** A piece of site content that can be embedded (WordPress's post/page seen by `get_oembed_response_data`). */
export interface OEmbedItem {
  type: 'post' | 'page';
  id: number;
  title: string;
  authorName: string;
  authorUrl: string;
  /** Absolute site (HTML) URL of the item; the embed URL is `link + 'embed/'`. */
  link: string;
  excerptHtml: string;
  contentHtml: string;
  thumbnailUrl?: string;
  thumbnailWidth?: number;
  thumbnailHeight?: number;
}

/** Resolves a site URL to embeddable content (WordPress's url_to_postid for one content type). */
export interface OEmbedSource {
  resolveUrl(url: string): Promise<OEmbedItem | null>;
}

/** Content modules register their sources here (in onModuleInit); oEmbed and the HTML pages resolve URLs with it. */
@Injectable()
export class OEmbedSourceRegistry {
  private readonly sources: OEmbedSource[] = [];

  register(source: OEmbedSource): void {
    this.sources.push(source);
  }

  /** The first source's answer for the URL, or null when no source knows it. */
  async resolve(url: string): Promise<OEmbedItem | null> {
    for (const source of this.sources) {
      const item = await source.resolveUrl(url);
      if (item) return item;
    }
    return null;
  }
}
