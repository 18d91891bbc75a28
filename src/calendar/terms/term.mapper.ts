import type { RestUrls } from '../../rest';
import type { CalendarTaxonomy, CalendarTermEntity } from './term.entity';

/** Wire taxonomy names (TEC's `tribe_events_cat` with the vendor name neutralised, and `post_tag`). */
export const WIRE_TAXONOMY: Record<CalendarTaxonomy, string> = {
  category: 'cal_events_cat',
  tag: 'post_tag',
};
/** Route segment of each taxonomy under `cal/events/v1`. */
export const TAXONOMY_ROUTE: Record<CalendarTaxonomy, 'categories' | 'tags'> = {
  category: 'categories',
  tag: 'tags',
};

type Urls = Pick<RestUrls, 'route' | 'site'>;

/** `{self, collection, up?}` (TEC `prepare_term_data`). */
export function termUrls(term: CalendarTermEntity, urls: Urls): Record<string, string> {
  const base = `/cal/events/v1/${TAXONOMY_ROUTE[term.taxonomy]}`;
  const result: Record<string, string> = {
    self: urls.route(`${base}/${term.id}`),
    collection: urls.route(base),
  };
  if (term.parentId) result.up = urls.route(`${base}/${term.parentId}`);
  return result;
}

/** The term archive page on the site (WordPress's term link). */
export function termLink(term: CalendarTermEntity, urls: Urls): string {
  return urls.site(term.taxonomy === 'category' ? `/events/category/${term.slug}/` : `/tag/${term.slug}/`);
}

/**
 * The term object of the `/categories` and `/tags` endpoints (TEC §4.4): `id`, `count`, `description`,
 * `name`, `slug`, `taxonomy`, `parent` (categories only), `meta`, `url`, `urls`.
 */
export function toTermObject(term: CalendarTermEntity, urls: Urls, count = 0): Record<string, unknown> {
  const data: Record<string, unknown> = {
    id: term.id,
    count,
    description: term.description ?? '',
    name: term.name,
    slug: term.slug,
    taxonomy: WIRE_TAXONOMY[term.taxonomy],
  };
  if (term.taxonomy === 'category') data.parent = term.parentId;
  data.meta = [];
  data.url = termLink(term, urls);
  data.urls = termUrls(term, urls);
  return data;
}

/**
 * The term as embedded in an event's `categories`/`tags` (TEC `Post_Repository::get_terms`): the WordPress
 * term record with `term_id` moved to the end as `id`, plus `urls`.
 */
export function toEmbeddedTermObject(
  term: CalendarTermEntity,
  urls: Urls,
  count = 0,
): Record<string, unknown> {
  return {
    name: term.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: WIRE_TAXONOMY[term.taxonomy],
    description: term.description ?? '',
    parent: term.parentId,
    count,
    filter: 'raw',
    id: term.id,
    urls: termUrls(term, urls),
  };
}
