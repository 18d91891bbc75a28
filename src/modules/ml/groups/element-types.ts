/**
 * The translatable element types, named as WPML's `icl_translations.element_type` (`post_<post type>`,
 * `tax_<taxonomy>`), with where their rows live and where the REST API serves them.
 */
export interface ElementTypeInfo {
  /** WPML's element type, e.g. `post_page`. */
  readonly elementType: string;
  /** The kind of job WPML makes of it (`post` for post-like types, terms go with their posts). */
  readonly kind: 'post' | 'term';
  /** The table of the rows (every row has `id`, `language`). */
  readonly table: string;
  /** A condition that narrows the table to this type (`type = 'page'`), or null. */
  readonly where: string | null;
  /** The column of the title shown in `ml_translations` (`post_title`). */
  readonly titleColumn: string;
  /** The status column, or null for terms (always public). */
  readonly statusColumn: string | null;
  /** The REST collection route (`/core/v2/pages`). */
  readonly route: string;
  /** The label WPML's job view-model shows (`element.type.label`). */
  readonly label: string;
}

const post = (
  type: string,
  table: string,
  where: string | null,
  route: string,
  label: string,
): ElementTypeInfo => ({
  elementType: `post_${type}`,
  kind: 'post',
  table,
  where,
  titleColumn: 'title',
  statusColumn: 'status',
  route,
  label,
});

const term = (
  taxonomy: string,
  table: string,
  where: string,
  route: string,
  label: string,
): ElementTypeInfo => ({
  elementType: `tax_${taxonomy}`,
  kind: 'term',
  table,
  where,
  titleColumn: 'name',
  statusColumn: null,
  route,
  label,
});

export const ELEMENT_TYPES: readonly ElementTypeInfo[] = [
  post('post', 'posts', "type = 'post'", '/core/v2/posts', 'Post'),
  post('page', 'posts', "type = 'page'", '/core/v2/pages', 'Page'),
  post('cal_events', 'cal_events', null, '/cal/events/v1/events', 'Event'),
  post('cal_venue', 'cal_venues', null, '/cal/events/v1/venues', 'Venue'),
  post('cal_organizer', 'cal_organizers', null, '/cal/events/v1/organizers', 'Organizer'),
  term('category', 'terms', "taxonomy = 'category'", '/core/v2/categories', 'Category'),
  term('post_tag', 'terms', "taxonomy = 'post_tag'", '/core/v2/tags', 'Tag'),
  term('cal_events_cat', 'cal_terms', "taxonomy = 'category'", '/cal/events/v1/categories', 'Event Category'),
  term('cal_events_tag', 'cal_terms', "taxonomy = 'tag'", '/cal/events/v1/tags', 'Event Tag'),
];

const BY_TYPE = new Map(ELEMENT_TYPES.map((info) => [info.elementType, info]));

export function elementTypeInfo(elementType: string): ElementTypeInfo | undefined {
  return BY_TYPE.get(elementType);
}

/**
 * The element type of a row about to be stored in `table`, or null when rows of that kind are not translated
 * (revisions and autosaves in `posts`).
 */
export function elementTypeOfRow(table: string, row: Record<string, unknown>): string | null {
  switch (table) {
    case 'posts':
      return row.type === 'post' || row.type === 'page' ? `post_${String(row.type)}` : null;
    case 'cal_events':
      return 'post_cal_events';
    case 'cal_venues':
      return 'post_cal_venue';
    case 'cal_organizers':
      return 'post_cal_organizer';
    case 'terms':
      return row.taxonomy === 'category' || row.taxonomy === 'post_tag'
        ? `tax_${String(row.taxonomy)}`
        : null;
    case 'cal_terms':
      return row.taxonomy === 'category'
        ? 'tax_cal_events_cat'
        : row.taxonomy === 'tag'
          ? 'tax_cal_events_tag'
          : null;
    default:
      return null;
  }
}

export const TRANSLATED_TABLES = new Set(ELEMENT_TYPES.map((info) => info.table));

/** WPML's locales of the site's languages (`ml_current_locale`, the XLIFF's language names). */
export const LOCALES: Record<string, string> = { en: 'en_US', no: 'nb_NO' };
export const LANGUAGE_NAMES: Record<string, string> = { en: 'English', no: 'Norwegian Bokmål' };
