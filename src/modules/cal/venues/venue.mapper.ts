import type { MediaEntity } from '../../core/media';
import { toImageObject } from '../../core/media';
import type { RestUrls } from '../../../platform/rest';
import { globalId, permalink, plainText, renderContent } from '../shared/content';
import type { VenueEntity } from './venue.entity';
import { VENUE_POST_TYPE } from './venues.repository';

export interface VenueObjectOptions {
  urls: Pick<RestUrls, 'site'>;
  image?: MediaEntity | null;
  /** Single-venue context: adds `json_ld`. */
  single?: boolean;
}

const isEmpty = (value: unknown) =>
  value === '' || value === null || value === undefined || value === false || value === 0 || value === '0';

/** Keep only non-empty values, as TEC's `array_filter` does. */
function withoutEmpty(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => !isEmpty(value)));
}

/** schema.org `Place` of a venue, as TEC's `JSON_LD__Venue` builds it (also nested in an event's). */
export function venueJsonLd(venue: VenueEntity): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@type': 'Place',
    name: venue.title,
    description: plainText(venue.description),
    // TEC links a venue's page only with Events Calendar Pro (JSON_LD__Venue::get_link): without it, "".
    url: '',
    address: withoutEmpty({
      '@type': 'PostalAddress',
      streetAddress: venue.address,
      addressLocality: venue.city,
      addressRegion: venue.stateprovince,
      postalCode: venue.zip,
      addressCountry: venue.country,
    }),
    telephone: venue.phone ?? '',
    sameAs: venue.website ?? '',
  };
  if (venue.geoLat && venue.geoLng) {
    data.geo = { '@type': 'GeoCoordinates', latitude: venue.geoLat, longitude: venue.geoLng };
  }
  return data;
}

/**
 * TEC's venue object (`Post_Repository::get_venue_data`): ordered keys, empty values dropped, then
 * `show_map`, `show_map_link`, `global_id`, `global_id_lineage` always present.
 */
export function toVenueObject(venue: VenueEntity, options: VenueObjectOptions): Record<string, unknown> {
  const geo =
    venue.geoLat && venue.geoLng ? { geo_lat: Number(venue.geoLat), geo_lng: Number(venue.geoLng) } : {};
  const id = globalId(options.urls, venue.id);
  return {
    ...withoutEmpty({
      id: venue.id,
      author: String(venue.authorId),
      status: venue.status,
      date: venue.date,
      date_utc: venue.dateGmt,
      modified: venue.modified,
      modified_utc: venue.modifiedGmt,
      url: permalink(options.urls, 'venue', VENUE_POST_TYPE, venue),
      venue: venue.title,
      description: renderContent(venue.description),
      excerpt: '',
      slug: venue.slug ?? '',
      image: toImageObject(options.image, options.urls),
      address: venue.address,
      city: venue.city,
      country: venue.country,
      province: venue.province,
      state: venue.state,
      zip: venue.zip,
      phone: venue.phone,
      website: venue.website,
      stateprovince: venue.stateprovince,
      ...geo,
      json_ld: options.single ? venueJsonLd(venue) : undefined,
    }),
    show_map: Boolean(venue.showMap),
    show_map_link: Boolean(venue.showMapLink),
    global_id: id,
    global_id_lineage: [id],
  };
}

/** TEC's rule: the state for US addresses (or no country), the province elsewhere. */
export function deriveStateProvince(country: string, state: string, province: string): string {
  const normalized = country.trim().toLowerCase();
  const isUs =
    normalized === '' || ['us', 'usa', 'united states', 'united states of america'].includes(normalized);
  return isUs ? state : province;
}
