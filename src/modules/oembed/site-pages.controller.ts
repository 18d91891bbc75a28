import { randomUUID } from 'node:crypto';
import { Controller, Get, Inject, Next, Req, Res } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from '../../platform/config';
import { DEFAULT_LANGUAGE, Language, RestServer } from '../../platform/rest';
import { EMBED_PAGE_SCRIPT, escapeHtml, escapeUrl } from './oembed-markup';
import { requestTargetUrl } from '../../platform/common/http';
import { OEmbedItem, OEmbedSourceRegistry } from './oembed-sources';

const NOT_FOUND = Symbol('not-found');

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

/** WordPress's `text/html; charset=UTF-8` (Express's send would lower-case the charset). */
function sendHtml(res: Response, html: string): void {
  res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

/** The page URL asked for, and whether it is the `/embed/` (or `&embed=true`) variant. */
function pageTarget(siteUrl: string, originalUrl: string): { url: string; embed: boolean } {
  const url = requestTargetUrl(originalUrl, siteUrl);
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

  @Get(['/', '*path'])
  async page(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): Promise<void> {
    const requested = requestTargetUrl(req.originalUrl, this.config.siteUrl);
    const home = /^\/(?:(no)\/?)?$/.exec(requested.pathname);
    if (home) {
      const language = home[1] === 'no' ? 'no' : DEFAULT_LANGUAGE;
      const canonical = await this.canonicalRedirect(requested.searchParams, language);
      // `?p=`, `?page_id=`, `?cat=` of nothing a visitor may see: WordPress's 404.
      if (canonical === NOT_FOUND) return next();
      if (canonical) {
        // WordPress's redirect_canonical (wp_redirect with X-Redirect-By: WordPress).
        res.status(301);
        res.setHeader('Location', canonical);
        res.setHeader('X-Redirect-By', 'WordPress');
        res.setHeader('Content-Type', 'text/html; charset=UTF-8');
        res.end();
        return;
      }
      return sendHtml(res, await this.homePage(language));
    }
    const target = pageTarget(this.config.siteUrl, req.originalUrl);
    const item = await this.sources.resolve(target.url);
    if (!item) return next();
    const urls = this.server.urls(this.languageOf(item));
    // As WordPress's rest_output_link_header and wp_shortlink_header on a single post or page.
    res.append(
      'Link',
      `<${urls.route(`/core/v2/${item.type}s/${item.id}`)}>; rel="alternate"; type="application/json"`,
    );
    res.append('Link', `<${this.config.siteUrl}/?p=${item.id}>; rel=shortlink`);
    if (target.embed) {
      // Embed pages are meant to be framed by other sites.
      res.removeHeader('X-Frame-Options');
      res.setHeader('X-WP-embed', 'true');
      return sendHtml(res, this.embedPage(item));
    }
    sendHtml(res, this.fullPage(item));
  }

  /** A read of the API as a visitor, as the site's pages make them. */
  private read(path: string, query: Record<string, unknown>, language: Language) {
    return this.server.dispatch({
      method: 'GET',
      path,
      query,
      headers: {},
      user: null,
      prefixLanguage: language,
      requestId: randomUUID(),
      internal: true,
    });
  }

  /**
   * WordPress's redirect_canonical for the plain query forms of the front page: `?p=ID` (a post, page or event a
   * visitor may read), `?page_id=ID` (a page), `?cat=ID` (a category) and `?author=ID` (a user with published
   * posts) go to their permalinks, the request's other parameters kept. Null when none is asked for (or the
   * author has no published posts: WordPress shows the front page's archive then); NOT_FOUND when the object
   * asked for is not there for a visitor.
   */
  private async canonicalRedirect(
    params: URLSearchParams,
    language: Language,
  ): Promise<string | typeof NOT_FOUND | null> {
    const numeric = (name: string) => {
      const value = params.get(name);
      return value !== null && /^[0-9]+$/.test(value) && Number(value) > 0 ? Number(value) : null;
    };
    const linkOf = async (path: string, field: 'link' | 'url' = 'link') => {
      const answer = await this.read(path, { _fields: field }, language);
      const link = answer.status === 200 ? (answer.data as Record<string, unknown>)[field] : undefined;
      return typeof link === 'string' && link !== '' ? link : null;
    };
    const candidates: Array<[string, () => Promise<string | null>]> = [];
    const post = numeric('p');
    if (post !== null) {
      candidates.push([
        'p',
        async () =>
          (await linkOf(`/core/v2/posts/${post}`)) ??
          (await linkOf(`/core/v2/pages/${post}`)) ??
          (await linkOf(`/cal/events/v1/events/${post}`, 'url')),
      ]);
    }
    const page = numeric('page_id');
    if (page !== null) candidates.push(['page_id', () => linkOf(`/core/v2/pages/${page}`)]);
    const category = numeric('cat');
    if (category !== null) candidates.push(['cat', () => linkOf(`/core/v2/categories/${category}`)]);
    const author = numeric('author');
    if (author !== null) candidates.push(['author', () => linkOf(`/core/v2/users/${author}`)]);
    for (const [name, find] of candidates) {
      const link = await find();
      if (!link) {
        if (name === 'author') continue;
        return NOT_FOUND;
      }
      const rest = new URLSearchParams(params);
      rest.delete(name);
      if (name === 'p') rest.delete('post_type');
      const query = rest.toString();
      return query ? `${link}${link.includes('?') ? '&' : '?'}${query}` : link;
    }
    return null;
  }

  private languageOf(item: OEmbedItem): Language {
    return item.link.startsWith(`${this.config.siteUrl}/no/`) ? 'no' : DEFAULT_LANGUAGE;
  }

  /** `<link rel="https://api.w.org/">` for API discovery (node-wpapi, api-fetch), as WordPress's rest_output_link_wp_head. */
  private apiLink(language: Language): string {
    return `<link rel="https://api.w.org/" href="${escapeUrl(this.server.urls(language).root())}" />\n`;
  }

  /**
   * The front page: the page chosen in SITE_PAGE_ON_FRONT, or the latest posts. Read through the REST server
   * as a visitor, so the page shows exactly what the API shows anonymous clients.
   */
  private async homePage(language: Language): Promise<string> {
    const siteName = escapeHtml(this.config.siteName);
    const read = (path: string, query: Record<string, unknown>) => this.read(path, query, language);
    let main: string;
    const front = this.config.pageOnFront
      ? await read(`/core/v2/pages/${this.config.pageOnFront}`, { _fields: 'title,content' })
      : null;
    if (front && front.status === 200) {
      const page = front.data as { title: { rendered: string }; content: { rendered: string } };
      main = `<article>\n<h1>${page.title.rendered}</h1>\n<div class="entry-content">${page.content.rendered}</div>\n</article>`;
    } else {
      const latest = await read('/core/v2/posts', { _fields: 'title,link,excerpt,date', per_page: 10 });
      const posts = (latest.status === 200 ? latest.data : []) as Array<{
        title: { rendered: string };
        link: string;
        excerpt: { rendered: string };
        date: string;
      }>;
      main = posts.length
        ? posts
            .map(
              (post) =>
                `<article>\n<h2><a href="${escapeUrl(post.link)}">${post.title.rendered}</a></h2>\n` +
                `<time datetime="${escapeHtml(post.date)}">${escapeHtml(post.date.slice(0, 10))}</time>\n` +
                `<div class="entry-summary">${post.excerpt.rendered}</div>\n</article>`,
            )
            .join('\n')
        : '<p>Nothing has been published yet.</p>';
    }
    return (
      `<!DOCTYPE html>\n<html lang="${language === 'no' ? 'nb-NO' : 'en-US'}">\n<head>\n<meta charset="UTF-8" />\n` +
      `<meta name="viewport" content="width=device-width, initial-scale=1" />\n` +
      `<title>${siteName} &#8211; ${escapeHtml(this.config.siteDescription)}</title>\n` +
      this.apiLink(language) +
      `</head>\n<body class="home">\n<header><a href="${escapeUrl(this.server.urls(language).site('/'))}">${siteName}</a>` +
      `<p class="site-description">${escapeHtml(this.config.siteDescription)}</p></header>\n` +
      `<main>\n${main}\n</main>\n</body>\n</html>\n`
    );
  }

  private discoveryLinks(item: OEmbedItem): string {
    const urls = this.server.urls(this.languageOf(item));
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
      this.apiLink(this.languageOf(item)) +
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
