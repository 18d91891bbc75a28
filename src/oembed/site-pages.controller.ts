import { Controller, Get, Inject, Next, Req, Res } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from '../config';
import { DEFAULT_LANGUAGE, RestServer } from '../rest';
import { EMBED_PAGE_SCRIPT, escapeHtml, escapeUrl } from './oembed-markup';
import { OEmbedItem, OEmbedSourceRegistry } from './oembed-sources';

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

/** The page URL asked for, and whether it is the `/embed/` (or `&embed=true`) variant. */
function pageTarget(siteUrl: string, originalUrl: string): { url: string; embed: boolean } {
  const url = new URL(originalUrl, siteUrl);
  const base = new URL(siteUrl);
  let embed = false;
  if (url.searchParams.get('embed') === 'true') {
    url.searchParams.delete('embed');
    embed = true;
  } else if (/\/embed\/?$/.test(url.pathname)) {
    url.pathname = url.pathname.replace(/embed\/?$/, '');
    embed = true;
  }
  return { url: `${base.origin}${url.pathname}${url.search}`, embed };
}

/**
 * HTML for the site's embeddable content, so the permalinks and embed URLs the API hands out open in a
 * browser: the page itself (with oEmbed discovery links) and the minimal `/embed/` template shown inside
 * the iframe of the oEmbed `html`. Paths no content source knows are passed on (`next()`), so this
 * catch-all never hides another route; its module is imported last.
 */
@Controller()
export class SitePagesController {
  constructor(
    private readonly sources: OEmbedSourceRegistry,
    private readonly server: RestServer,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Get('*path')
  async page(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): Promise<void> {
    const target = pageTarget(this.config.siteUrl, req.originalUrl);
    const item = await this.sources.resolve(target.url);
    if (!item) return next();
    res.setHeader('Content-Type', 'text/html; charset=UTF-8');
    if (target.embed) {
      // Embed pages are meant to be framed by other sites.
      res.removeHeader('X-Frame-Options');
      res.setHeader('X-WP-embed', 'true');
      res.send(this.embedPage(item));
      return;
    }
    res.send(this.fullPage(item));
  }

  private discoveryLinks(item: OEmbedItem): string {
    const urls = this.server.urls(
      item.link.startsWith(`${this.config.siteUrl}/no/`) ? 'no' : DEFAULT_LANGUAGE,
    );
    const json = urls.route('/oembed/1.0/embed', { url: item.link });
    const xml = urls.route('/oembed/1.0/embed', { url: item.link, format: 'xml' });
    return (
      `<link rel="alternate" type="application/json+oembed" href="${escapeUrl(json)}" />\n` +
      `<link rel="alternate" type="text/xml+oembed" href="${escapeUrl(xml)}" />\n`
    );
  }

  private fullPage(item: OEmbedItem): string {
    const siteName = escapeHtml(this.config.siteName);
    return (
      `<!DOCTYPE html>\n<html>\n<head>\n<meta charset="UTF-8" />\n` +
      `<meta name="viewport" content="width=device-width, initial-scale=1" />\n` +
      `<title>${escapeHtml(stripTags(item.title))} &#8211; ${siteName}</title>\n` +
      `<link rel="canonical" href="${escapeUrl(item.link)}" />\n` +
      this.discoveryLinks(item) +
      `</head>\n<body class="${item.type}">\n<header><a href="${escapeUrl(this.config.siteUrl)}/">${siteName}</a></header>\n` +
      `<main><article>\n<h1>${item.title}</h1>\n` +
      `<p class="byline"><a href="${escapeUrl(item.authorUrl)}">${escapeHtml(item.authorName)}</a></p>\n` +
      `<div class="entry-content">${item.contentHtml}</div>\n</article></main>\n</body>\n</html>\n`
    );
  }

  /** A minimal version of WordPress's embed template: title, excerpt, site name and a link to the item. */
  private embedPage(item: OEmbedItem): string {
    const siteName = escapeHtml(this.config.siteName);
    const link = escapeUrl(item.link);
    const thumbnail = item.thumbnailUrl
      ? `<div class="wp-embed-featured-image"><a href="${link}" target="_top"><img src="${escapeUrl(item.thumbnailUrl)}" alt="" /></a></div>\n`
      : '';
    return (
      `<!DOCTYPE html>\n<html class="no-js">\n<head>\n<meta charset="UTF-8" />\n` +
      `<meta name="robots" content="noindex, follow" />\n` +
      `<title>${escapeHtml(stripTags(item.title))} &#8211; ${siteName}</title>\n` +
      `<link rel="canonical" href="${link}" />\n` +
      `<style>body{margin:0;font-family:sans-serif}.wp-embed{padding:25px;border:1px solid #dcdcde;` +
      `background:#fff;color:#50575e;overflow:auto}.wp-embed-heading{margin:0 0 15px;font-size:22px}` +
      `.wp-embed-heading a{color:#2c3338;text-decoration:none}.wp-embed-footer{margin-top:20px;display:flex;` +
      `justify-content:space-between}</style>\n</head>\n<body class="${item.type}-embed">\n` +
      `<div class="wp-embed ${item.type}">\n${thumbnail}` +
      `<p class="wp-embed-heading"><a href="${link}" target="_top">${item.title}</a></p>\n` +
      `<div class="wp-embed-excerpt">${item.excerptHtml}</div>\n` +
      `<div class="wp-embed-footer"><div class="wp-embed-site-title">${siteName}</div>` +
      `<div class="wp-embed-more"><a href="${link}" target="_top">Continue reading</a></div></div>\n` +
      `</div>\n<script>\n${EMBED_PAGE_SCRIPT}\n</script>\n</body>\n</html>\n`
    );
  }
}
