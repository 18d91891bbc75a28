import { DateTime } from 'luxon';
import { DEFAULT_LANGUAGE, Language, LANGUAGES } from '../../../platform/rest';

export type ViewSlug = 'list' | 'month' | 'day';
export const VIEW_SLUGS: readonly ViewSlug[] = ['list', 'month', 'day'];
export const DEFAULT_VIEW: ViewSlug = 'list';

/** What a calendar URL asks for. Dates are site-local. */
export type ViewRequest =
  | {
      kind: 'view';
      language: Language;
      view: ViewSlug;
      /** `YYYY-MM-DD` (list: from this day; day: this day) or the 1st of the month (month). */
      date?: string;
      page: number;
      past: boolean;
      search?: string;
      /** Taxonomy archive (`/events/category/{slug}/`, `/events/tag/{slug}/`). */
      term?: { taxonomy: 'category' | 'tag'; slug: string };
      ical: boolean;
    }
  | { kind: 'event'; language: Language; slug: string; ical: boolean }
  | { kind: 'venue' | 'organizer'; language: Language; slug: string; page: number; ical: boolean };

export type CalendarViewRequest = Extract<ViewRequest, { kind: 'view' }>;

function validDate(text: string, format: string): boolean {
  return DateTime.fromFormat(text, format, { zone: 'UTC' }).isValid;
}

function firstString(value: unknown): string | undefined {
  if (Array.isArray(value)) return firstString(value[0]);
  return typeof value === 'string' ? value : undefined;
}

/** `tribe-bar-date` as TEC accepts it: `YYYY-MM-DD` or `YYYY-MM`; anything else is ignored. */
function barDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed) && validDate(trimmed, 'yyyy-MM-dd')) return trimmed;
  if (/^\d{4}-\d{2}$/.test(trimmed) && validDate(trimmed, 'yyyy-MM')) return `${trimmed}-01`;
  return undefined;
}

/**
 * Parses a calendar page path (with its query) the way TEC's rewrite rules and view context read it,
 * or null when the path is not a calendar page. `params` holds the query string (and, for the views
 * route, the `view_data` that overrides it).
 */
export function parseViewRequest(pathname: string, params: Record<string, unknown>): ViewRequest | null {
  let path = pathname.replace(/\/+$/, '') || '/';
  let language: Language = DEFAULT_LANGUAGE;
  const prefix = /^\/([a-z]{2})(\/.*|$)/.exec(path);
  if (prefix && (LANGUAGES as readonly string[]).includes(prefix[1]) && prefix[1] !== DEFAULT_LANGUAGE) {
    language = prefix[1] as Language;
    path = prefix[2] || '/';
  }
  let segments: string[];
  try {
    segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  const ical = ['1', 'true'].includes(firstString(params.ical) ?? '');

  if (segments[0] === 'event' && segments.length >= 2 && segments.length <= 3) {
    if (segments.length === 3 && segments[2] !== 'ical') return null;
    return { kind: 'event', language, slug: segments[1], ical: ical || segments.length === 3 };
  }
  if ((segments[0] === 'venue' || segments[0] === 'organizer') && segments.length >= 2) {
    const rest = segments.slice(2);
    const page = pageOf(rest);
    if (page === null) return null;
    return { kind: segments[0], language, slug: segments[1], page, ical };
  }
  if (segments[0] !== 'events') return null;

  let rest = segments.slice(1);
  let term: CalendarViewRequest['term'];
  if ((rest[0] === 'category' || rest[0] === 'tag') && rest.length >= 2) {
    term = { taxonomy: rest[0], slug: rest[1] };
    rest = rest.slice(2);
  }
  if (rest.length && rest[rest.length - 1] === 'ical') {
    rest = rest.slice(0, -1);
    return finish({ ical: true });
  }
  return finish({ ical });

  function finish(extra: { ical: boolean }): ViewRequest | null {
    const display = firstString(params.eventDisplay);
    let view: ViewSlug = DEFAULT_VIEW;
    let date: string | undefined;
    let past = display === 'past';
    let tail = rest;
    if (tail[0] === 'list' || tail[0] === 'month' || tail[0] === 'day') {
      view = tail[0];
      tail = tail.slice(1);
    } else if (tail[0] === 'today') {
      view = 'day';
      tail = tail.slice(1);
      date = 'today';
    } else if (tail[0] && /^\d{4}-\d{2}-\d{2}$/.test(tail[0])) {
      view = 'day';
    } else if (display && (VIEW_SLUGS as readonly string[]).includes(display)) {
      view = display as ViewSlug;
    }
    if (view === 'month' && tail[0] && /^\d{4}-\d{2}$/.test(tail[0])) {
      if (!validDate(tail[0], 'yyyy-MM')) return null;
      date = `${tail[0]}-01`;
      tail = tail.slice(1);
    } else if (view === 'day' && date === undefined && tail[0] && /^\d{4}-\d{2}-\d{2}$/.test(tail[0])) {
      if (!validDate(tail[0], 'yyyy-MM-dd')) return null;
      date = tail[0];
      tail = tail.slice(1);
    }
    const page = pageOf(tail);
    if (page === null) return null;
    const fromBar = barDate(firstString(params['tribe-bar-date']));
    if (fromBar && (date === undefined || date === 'today')) {
      date = view === 'month' ? `${fromBar.slice(0, 7)}-01` : fromBar;
    }
    if (view !== 'list') past = false;
    const search = firstString(params['tribe-bar-search'])?.trim() || undefined;
    const paged = Number(firstString(params.paged) ?? firstString(params.page) ?? '');
    return {
      kind: 'view',
      language,
      view,
      date,
      page: page > 1 ? page : Number.isInteger(paged) && paged > 1 ? paged : 1,
      past,
      search,
      term,
      ...extra,
    };
  }
}

/** `page/N` at the end of a path (N ≥ 1), nothing (1), or null when the rest is not understood. */
function pageOf(tail: string[]): number | null {
  if (tail.length === 0) return 1;
  if (tail.length === 2 && tail[0] === 'page' && /^[1-9]\d{0,5}$/.test(tail[1])) return Number(tail[1]);
  return null;
}
