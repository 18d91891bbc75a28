import { LinkSet, type RestUrls } from '../../../platform/rest';
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

/** The core REST base of each taxonomy (`core/v2/cal_events_cat`, `core/v2/tags`). */
const CORE_BASE: Record<CalendarTaxonomy, string> = { category: 'cal_events_cat', tag: 'tags' };

/** The term's route on the core namespace (WordPress's terms controller, which TEC's term endpoints wrap). */
export function coreTermRoute(
  term: Pick<CalendarTermEntity, 'taxonomy' | 'id'>,
  urls: Pick<RestUrls, 'route'>,
) {
  return urls.route(`/core/v2/${CORE_BASE[term.taxonomy]}/${term.id}`);
}

/**
 * The `_links` WordPress's terms controller gives a single term (TEC's single-term answers pass them on;
 * its archives do not): self and collection on the core route, the taxonomy, parent, and the post types'
 * collections filtered by the term (`post_tag` serves posts and events).
 */
export function termLinks(term: CalendarTermEntity, urls: Urls): ReturnType<LinkSet['toJSON']> {
  const base = `/core/v2/${CORE_BASE[term.taxonomy]}`;
  const links = new LinkSet()
    .add('self', coreTermRoute(term, urls))
    .add('collection', urls.route(base))
    .add('about', urls.route(`/core/v2/taxonomies/${WIRE_TAXONOMY[term.taxonomy]}`));
  if (term.parentId) links.add('up', urls.route(`${base}/${term.parentId}`), { embeddable: true });
  const filter = CORE_BASE[term.taxonomy];
  if (term.taxonomy === 'tag')
    links.add('https://api.w.org/post_type', urls.route('/core/v2/posts', { [filter]: term.id }));
  links.add('https://api.w.org/post_type', urls.route('/core/v2/cal_events', { [filter]: term.id }));
  return links.toJSON();
}

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

/** The term archive page on the site (WordPress's term link: a child category's path holds its ancestors). */
export function termLink(term: CalendarTermEntity, urls: Urls, ancestors: readonly string[] = []): string {
  return urls.site(
    term.taxonomy === 'category'
      ? `/events/category/${[...ancestors, term.slug].join('/')}/`
      : `/tag/${term.slug}/`,
  );
}

/**
 * The term object of the `/categories` and `/tags` endpoints (TEC §4.4): `id`, `count`, `description`,
 * `name`, `slug`, `taxonomy`, `parent` (categories only), `meta`, `url`, `urls`.
 */
export function toTermObject(
  term: CalendarTermEntity,
  urls: Urls,
  count = 0,
  single = false,
  ancestors: readonly string[] = [],
): Record<string, unknown> {
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
  data.url = termLink(term, urls, ancestors);
  data.urls = termUrls(term, urls);
  if (single) data._links = termLinks(term, urls);
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
