import type { Language } from '../../../platform/rest';
import { parseViewRequest, VIEW_SLUGS, ViewRequest, ViewSlug } from './view-request';
import type { ViewUrls } from './view-urls';

const VIEW_DATA_KEYS = ['tribe-bar-search', 'tribe-bar-date', 'eventDisplay', 'paged'];

/**
 * The view a views-route call asks for (TEC's `View::make_for_rest`): the URL's path and query, overridden by
 * `view_data`, with `view` naming the slug; URLs outside the calendar (or the site) give the default view.
 */
export function resolveViewTarget(
  urls: ViewUrls,
  args: { url: string; view?: string; view_data?: Record<string, unknown> | unknown[] },
  language: Language,
): ViewRequest {
  const local = urls.localPath(args.url);
  const params: Record<string, unknown> = {};
  if (local) new URLSearchParams(local.search).forEach((value, key) => (params[key] = value));
  const data = args.view_data && !Array.isArray(args.view_data) ? args.view_data : {};
  const nested = data['tribe-events-views'];
  for (const source of [
    data,
    nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : {},
  ]) {
    for (const key of VIEW_DATA_KEYS) {
      const value = source[key];
      if (typeof value === 'string' || typeof value === 'number') params[key] = String(value);
    }
  }
  const parsed = (local && parseViewRequest(local.pathname, params)) ?? {
    kind: 'view' as const,
    language: local ? languageOf(local.pathname, language) : language,
    view: 'list' as ViewSlug,
    page: 1,
    past: false,
    ical: false,
  };
  if (parsed.kind === 'view' && args.view && args.view !== parsed.view) {
    if ((VIEW_SLUGS as readonly string[]).includes(args.view)) {
      return {
        ...parsed,
        view: args.view as ViewSlug,
        past: false,
      };
    }
  }
  return parsed;
}

function languageOf(pathname: string, fallback: Language): Language {
  return /^\/no(\/|$)/.test(pathname) ? 'no' : fallback;
}
