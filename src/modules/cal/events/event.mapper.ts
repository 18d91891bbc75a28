import { DateTime } from 'luxon';
import { renderContent, renderEventExcerpt, renderTitle, stripAllTags } from '../../core';
import type { JsonSchema, RestUrls } from '../../../platform/rest';
import { NS } from '../../../platform/rest';
import { parseWpDate } from '../../../platform/common/dates';
import { BoundedMemo } from '../../../platform/common/memo';
import { DateDetails, dateDetails, resolveTimezone, timezoneAbbreviation } from '../dates';
import { formatCost, SiteCurrency } from './event-cost';
import type { EventEntity } from './event.entity';
import { escJs, permalink } from '../shared/content';
import { EVENT_POST_TYPE } from './events.repository';

/** Linked objects of one event, already in their wire shape. */
export interface EventRelations {
  venue: Record<string, unknown> | null;
  organizers: Record<string, unknown>[];
  categories: Record<string, unknown>[];
  tags: Record<string, unknown>[];
  image: Record<string, unknown> | false;
}

export interface EventMapContext {
  urls: RestUrls;
  siteZone: string;
  /** `<home host><home path>`, e.g. `example.test`. */
  globalIdBase: string;
  /** Single-event context: adds `json_ld`. */
  single: boolean;
  /** The site's currency: shown with costs that name none, and the JSON-LD offer's `priceCurrency`. */
  currency: SiteCurrency & { code: string };
}

export function eventRestUrl(urls: RestUrls, id: number): string {
  return urls.route(`/${NS.calendar}/events/${id}`);
}

export function eventPermalink(
  urls: RestUrls,
  event: { id: number; slug: string | null; status: string },
): string {
  return permalink(urls, 'event', EVENT_POST_TYPE, event);
}

/** `example.test?id=5` (TEC's Global_ID): site host and path without scheme. */
export function globalIdBaseOf(siteUrl: string): string {
  let base = globalIdBases.get(siteUrl);
  if (base === undefined) {
    const home = new URL(siteUrl);
    base = `${home.hostname}${home.pathname.replace(/\/+$/, '')}`;
    if (globalIdBases.size >= 16) globalIdBases.clear();
    globalIdBases.set(siteUrl, base);
  }
  return base;
}

/** Parsed once per site URL (every event answer needs it). */
const globalIdBases = new Map<string, string>();

/** The date fields of an event object that depend on its stored dates and zone alone. */
interface EventDates {
  start: DateDetails;
  end: DateDetails;
  utcStart: DateDetails;
  utcEnd: DateDetails;
  abbreviation: string;
}

/**
 * Date fields by stored dates and zone: a list shows the same events on every request, and each reading costs
 * luxon zone look-ups. Shared values: callers copy the detail objects into the answer.
 */
const eventDatesMemo = new BoundedMemo<EventDates>(4000, 1_000_000, () => 256);

function eventDates(event: EventEntity, siteZone: string): EventDates {
  const key = [
    siteZone,
    event.timezone,
    event.startDate,
    event.endDate,
    event.startDateUtc,
    event.endDateUtc,
  ];
  return eventDatesMemo.get(key.join('\u0000'), () => {
    const resolved = resolveTimezone(event.timezone, siteZone);
    const zone = resolved?.zone ?? 'UTC';
    const start = parseWpDate(event.startDate, zone) ?? DateTime.fromISO('1970-01-01T00:00:00Z');
    const end = parseWpDate(event.endDate, zone) ?? start;
    const utcStart = parseWpDate(event.startDateUtc, 'UTC') ?? start.toUTC();
    const utcEnd = parseWpDate(event.endDateUtc, 'UTC') ?? end.toUTC();
    return Object.freeze({
      start: Object.freeze(dateDetails(start)),
      end: Object.freeze(dateDetails(end)),
      utcStart: Object.freeze(dateDetails(utcStart)),
      utcEnd: Object.freeze(dateDetails(utcEnd)),
      abbreviation: event.timezone ? (resolved?.abbreviation ?? timezoneAbbreviation(zone, start)) : '',
    });
  });
}

/** The event object of TEC's `Post_Repository::get_event_data`, key by key (reference §4.1). */
export function toEventObject(
  event: EventEntity,
  relations: EventRelations,
  context: EventMapContext,
): Record<string, unknown> {
  const dates = eventDates(event, context.siteZone);
  const url = eventPermalink(context.urls, event);
  const cost = formatCost(event.cost, context.currency);
  const globalId = `${context.globalIdBase}?id=${event.id}`;
  const data: Record<string, unknown> = {
    id: event.id,
    global_id: globalId,
    global_id_lineage: [globalId],
    author: String(event.authorId),
    status: event.status,
    date: event.date,
    date_utc: event.dateGmt,
    modified: event.modified,
    modified_utc: event.modifiedGmt,
    url,
    rest_url: eventRestUrl(context.urls, event.id),
    title: renderTitle(event.title),
    description: renderContent(event.description ?? '').trim(),
    excerpt: renderEventExcerpt(event.excerpt),
    slug: event.slug ?? '',
    image: relations.image,
    all_day: event.allDay,
    start_date: event.startDate,
    start_date_details: { ...dates.start },
    end_date: event.endDate,
    end_date_details: { ...dates.end },
    utc_start_date: event.startDateUtc,
    utc_start_date_details: { ...dates.utcStart },
    utc_end_date: event.endDateUtc,
    utc_end_date_details: { ...dates.utcEnd },
    timezone: event.timezone,
    timezone_abbr: dates.abbreviation,
    cost: cost.cost,
    cost_details: cost.details,
    website: event.website === null ? url : event.website,
    show_map: event.showMap,
    show_map_link: event.showMapLink,
    hide_from_listings: event.hideFromListings,
    sticky: event.sticky,
    featured: event.featured,
    categories: relations.categories,
    tags: relations.tags,
    venue: relations.venue ?? [],
    organizer: relations.organizers,
  };
  if (context.single) data.json_ld = eventJsonLd(event, data, relations, context);
  return data;
}

/**
 * The event link as TEC's JSON-LD carries it (`tribe_get_event_link`): a plain `?post_type=…&p=ID` link of an
 * unpublished event gets a slash added, which its query rebuilding encodes, and one more (`&p=154%2F/`).
 */
function jsonLdLink(url: string): string {
  return url.includes('?') ? `${url}%2F/` : url;
}

/**
 * The schema.org `Event` of TEC's `JSON_LD__Event` (single-event answers only): the venue and first
 * organizer as their own JSON-LD objects, dates in the event's zone with their offset, and an offer when
 * the cost has a number.
 */
function eventJsonLd(
  event: EventEntity,
  data: Record<string, unknown>,
  relations: EventRelations,
  context: EventMapContext,
): Record<string, unknown> {
  const resolved = resolveTimezone(event.timezone, context.siteZone);
  // TEC prints a `UTC±N` event's JSON-LD dates with that offset, not its mapped zone's (see resolveTimezone).
  const zone = resolved?.abbreviation ?? resolved?.zone ?? 'UTC';
  const atom = (value: string) => parseWpDate(value, zone)?.toFormat("yyyy-MM-dd'T'HH:mm:ssZZ") ?? undefined;
  const ld: Record<string, unknown> = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: stripAllTags(String(data.title)),
    description: escJs(renderContent(event.description ?? '')),
  };
  if (relations.image) ld.image = relations.image.url;
  Object.assign(ld, {
    url: jsonLdLink(String(data.url)),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    startDate: atom(event.startDate),
    endDate: atom(event.endDate),
  });
  const venueLd = (relations.venue as { json_ld?: unknown } | null)?.json_ld;
  if (venueLd) ld.location = venueLd;
  const organizerLd = (relations.organizers[0] as { json_ld?: unknown } | undefined)?.json_ld;
  if (organizerLd) ld.organizer = organizerLd;
  const cost = data.cost_details as { values: string[]; currency_code: string };
  if (cost.values.length) {
    ld.offers = {
      '@type': 'Offer',
      price: formatCost(event.cost, undefined, { withoutSymbol: true }).cost,
      priceCurrency: cost.currency_code || context.currency.code,
      url: jsonLdLink(String(data.url)),
      category: 'primary',
      availability: 'inStock',
      // strtotime of the publication day, in PHP's UTC.
      validFrom: `${event.date.slice(0, 10)}T00:00:00+00:00`,
    };
  }
  ld.performer = 'Organization';
  return ld;
}

const str = (description: string): JsonSchema => ({ type: 'string', description });
const bool = (description: string): JsonSchema => ({ type: 'boolean', description });
const dateDetailsSchema: JsonSchema = {
  title: 'DateDetails',
  type: 'object',
  description: 'Date components, zero-padded strings.',
  properties: {
    year: str('Year'),
    month: str('Month'),
    day: str('Day'),
    hour: str('Hour'),
    minutes: str('Minutes'),
    seconds: str('Seconds'),
  },
};

/** Image shape (TEC `Image_Definition_Provider`); the media module's own schema wins in /doc when it declares one. */
export const imageSchema: JsonSchema = {
  title: 'Image',
  type: 'object',
  description: 'Featured image.',
  properties: {
    url: { type: 'string', format: 'uri', description: 'The URL of the full size image' },
    id: { type: 'integer', description: 'The image unique post ID' },
    extension: str('The image file extension'),
    width: { type: 'integer', description: 'The image natural width in pixels' },
    height: { type: 'integer', description: 'The image natural height in pixels' },
    sizes: {
      type: 'object',
      description: 'The details about each size available for the image',
      additionalProperties: {
        title: 'ImageSize',
        type: 'object',
        properties: {
          width: { type: 'integer', description: 'The image width in pixels in the specified size' },
          height: { type: 'integer', description: 'The image height in pixels in the specified size' },
          'mime-type': str('The image mime-type'),
          url: { type: 'string', format: 'uri', description: 'The link to the image in the specified size' },
        },
      },
    },
  },
};

/** Item schema of the event routes (OPTIONS and the /doc `Event` component). */
export function eventSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'Event',
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The event WordPress post ID' },
      global_id: str('The event ID used to globally identify in Event Aggregator'),
      global_id_lineage: {
        type: 'array',
        items: { type: 'string' },
        description: 'An Array containing the lineage of where this event comes from',
      },
      author: str('The event author WordPress post ID'),
      status: str('The event post status'),
      date: str('The event creation date in the site time zone'),
      date_utc: str('The event creation date in UTC time'),
      modified: str('The event last modification date in the site time zone'),
      modified_utc: str('The event last modification date in UTC time'),
      url: { type: 'string', format: 'uri', description: 'The URL to the event page' },
      rest_url: { type: 'string', format: 'uri', description: 'The TEC REST API link to fetch this event' },
      title: str('The event name'),
      description: str('The event long description'),
      excerpt: str('The event short description'),
      slug: str('The event slug'),
      image: {
        ...imageSchema,
        type: ['object', 'boolean'],
        description: 'The event featured image details if set',
      },
      all_day: bool('Whether or not this event is an all day Event'),
      start_date: str('The event start date in the event or site timezone'),
      start_date_details: {
        ...dateDetailsSchema,
        description: 'An array of each component of the event start date',
      },
      end_date: str('The event end date in the event or site timezone'),
      end_date_details: {
        ...dateDetailsSchema,
        description: 'An array of each component of the event end date',
      },
      utc_start_date: str('The event start date in UTC time'),
      utc_start_date_details: {
        ...dateDetailsSchema,
        description: 'An array of each component of the event start date in UTC time',
      },
      utc_end_date: str('The event end date in UTC time'),
      utc_end_date_details: {
        ...dateDetailsSchema,
        description: 'An array of each component of the event end date in UTC time',
      },
      timezone: str('The event timezone string'),
      timezone_abbr: str('The abbreviated version of the event timezone string'),
      cost: str('The event cost including the currency symbol'),
      cost_details: {
        title: 'CostDetails',
        type: 'object',
        description: 'The event cost details',
        properties: {
          currency_symbol: str('The cost currency symbol'),
          currency_code: str('The cost currency code'),
          currency_position: {
            type: 'string',
            enum: ['prefix', 'postfix', ''],
            description: 'The position of the currency symbol in the cost string',
          },
          values: {
            type: 'array',
            items: { type: 'string' },
            description: 'A sorted array of all the numeric values for the cost',
          },
        },
      },
      website: { type: 'string', description: 'The event website URL' },
      show_map: bool('Whether the map should be shown for the event or not'),
      show_map_link: bool('Whether the map link should be shown for the event or not'),
      hide_from_listings: bool('Whether an event should be hidden from the calendar view or not'),
      sticky: bool('Whether an event is sticky in the calendar view or not'),
      featured: bool('Whether the event is featured in the calendar or not'),
      categories: {
        type: 'array',
        items: { title: 'Term', type: 'object' },
        description: 'The event categories',
      },
      tags: { type: 'array', items: { title: 'Term', type: 'object' }, description: 'The event tags' },
      venue: { title: 'Venue', type: ['object', 'array'], description: 'The event venue' },
      organizer: {
        type: 'array',
        items: { title: 'Organizer', type: 'object' },
        description: 'The event organizers',
      },
      json_ld: { type: 'object', description: 'The JSON-LD data of the event (single event only)' },
    },
  };
}
