import { DEFAULT_LANGUAGE, Language, RestUrls } from '../../../platform/rest';
import type { CalendarViewRequest, ViewSlug } from './view-request';

export type ViewLocation = Partial<Omit<CalendarViewRequest, 'kind' | 'language'>> & { view: ViewSlug };

/** Links of the calendar pages, language-prefixed (`/no/...`) for Norwegian. */
export class ViewUrls {
  constructor(
    private readonly siteUrl: string,
    readonly language: Language,
    private readonly rest: RestUrls,
  ) {}

  private prefix(): string {
    return this.language === DEFAULT_LANGUAGE ? '' : `/${this.language}`;
  }

  /** Path (with query) below the site root, e.g. `/no/events/month/2025-01/`. */
  path(location: ViewLocation): string {
    let path = `${this.prefix()}/events/`;
    if (location.term) path += `${location.term.taxonomy}/${encodeURIComponent(location.term.slug)}/`;
    const query = new URLSearchParams();
    switch (location.view) {
      case 'month':
        path += 'month/';
        if (location.date) path += `${location.date.slice(0, 7)}/`;
        break;
      case 'day':
        path += location.date && location.date !== 'today' ? `${location.date}/` : 'today/';
        break;
      default:
        path += 'list/';
        if (location.page && location.page > 1) path += `page/${location.page}/`;
        if (location.date) query.set('tribe-bar-date', location.date);
        if (location.past) query.set('eventDisplay', 'past');
    }
    if (location.search) query.set('tribe-bar-search', location.search);
    if (location.ical) query.set('ical', '1');
    const search = query.toString();
    return search ? `${path}?${search}` : path;
  }

  view(location: ViewLocation): string {
    return this.siteUrl + this.path(location);
  }

  home(): string {
    return `${this.siteUrl}${this.prefix()}/`;
  }

  eventsHome(): string {
    return `${this.siteUrl}${this.prefix()}/events/`;
  }

  event(slug: string): string {
    return `${this.siteUrl}${this.prefix()}/event/${encodeURIComponent(slug)}/`;
  }

  eventIcal(slug: string): string {
    return `${this.event(slug)}ical/`;
  }

  venue(slug: string): string {
    return `${this.siteUrl}${this.prefix()}/venue/${encodeURIComponent(slug)}/`;
  }

  organizer(slug: string): string {
    return `${this.siteUrl}${this.prefix()}/organizer/${encodeURIComponent(slug)}/`;
  }

  term(taxonomy: 'category' | 'tag', slug: string): string {
    return `${this.siteUrl}${this.prefix()}/events/${taxonomy}/${encodeURIComponent(slug)}/`;
  }

  /** The same page in the other language (`/no/...` ↔ `/...`). */
  otherLanguage(url: string): string {
    const local = this.localPath(url);
    if (!local) return this.home();
    const path = local.pathname.replace(/^\/no(\/|$)/, '/');
    const target = this.language === DEFAULT_LANGUAGE ? `/no${path}` : path;
    return `${this.siteUrl}${target}${local.search}`;
  }

  /** The views route the pages' script calls. */
  viewsRest(): string {
    return this.rest.route('/cal/views/v2/html');
  }

  /** Path and query of a URL on this site (absolute or relative), or null when it points elsewhere. */
  localPath(url: string): { pathname: string; search: string } | null {
    let parsed: URL;
    try {
      parsed = new URL(url, `${this.siteUrl}/`);
    } catch {
      return null;
    }
    const site = new URL(`${this.siteUrl}/`);
    if (parsed.origin !== site.origin) return null;
    const base = site.pathname.replace(/\/$/, '');
    if (base && !parsed.pathname.startsWith(`${base}/`) && parsed.pathname !== base) return null;
    return { pathname: parsed.pathname.slice(base.length) || '/', search: parsed.search };
  }
}
