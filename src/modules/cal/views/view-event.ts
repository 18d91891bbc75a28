import { DateTime } from 'luxon';
import type { EventEntity } from '..';

export interface ViewLink {
  name: string;
  url: string;
}

export interface ViewVenue {
  name: string;
  url: string;
  address: string;
  city: string;
  stateprovince: string;
  zip: string;
  country: string;
  phone: string;
  website: string;
  showMapLink: boolean;
}

export interface ViewOrganizer {
  name: string;
  url: string;
  phone: string;
  email: string;
  website: string;
}

/** An event as the pages show it: times in the site zone, linked objects reduced to what is printed. */
export interface ViewEvent {
  id: number;
  slug: string;
  /** Rendered title HTML (entities, no tags). */
  title: string;
  url: string;
  excerpt: string;
  description: string;
  image: { url: string; alt: string } | null;
  allDay: boolean;
  /** Site-zone start and end (all-day: the event's own dates at 00:00 / 23:59:59). */
  start: DateTime;
  end: DateTime;
  /** Event's own zone name and abbreviation at the start. */
  timezone: string;
  timezoneAbbr: string;
  cost: string;
  featured: boolean;
  website: string;
  venue: ViewVenue | null;
  organizers: ViewOrganizer[];
  categories: ViewLink[];
  tags: ViewLink[];
  jsonLd: Record<string, unknown> | null;
  /** UTC storage values (iCal). */
  startUtc: string;
  endUtc: string;
  modifiedUtc: string;
  /** Wall clock in the event zone (iCal all-day dates). */
  startLocal: string;
  endLocal: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function link(term: Record<string, unknown>, termUrl: (slug: string) => string): ViewLink {
  return { name: text(term.name), url: termUrl(text(term.slug)) };
}

/** A venue wire object (`VenuesService.presentByIds`) as the pages print it. */
export function toViewVenue(object: Record<string, unknown>, showMapLink: boolean): ViewVenue {
  return {
    name: text(object.venue),
    url: text(object.url),
    address: text(object.address),
    city: text(object.city),
    stateprovince: text(object.stateprovince),
    zip: text(object.zip),
    country: text(object.country),
    phone: text(object.phone),
    website: text(object.website),
    showMapLink,
  };
}

/** The page model of an event from its entity and its wire object (`EventsService.toObjects`). */
export function toViewEvent(
  entity: EventEntity,
  object: Record<string, unknown>,
  siteZone: string,
  urls: { event: (slug: string) => string; term: (taxonomy: 'category' | 'tag', slug: string) => string },
): ViewEvent {
  const start = entity.allDay
    ? DateTime.fromSQL(entity.startDate, { zone: siteZone })
    : DateTime.fromSQL(entity.startDateUtc, { zone: 'UTC' }).setZone(siteZone);
  const end = entity.allDay
    ? DateTime.fromSQL(entity.endDate, { zone: siteZone })
    : DateTime.fromSQL(entity.endDateUtc, { zone: 'UTC' }).setZone(siteZone);
  const venueObject = object.venue as Record<string, unknown> | unknown[];
  const venue =
    venueObject && !Array.isArray(venueObject) && typeof venueObject === 'object'
      ? toViewVenue(venueObject, entity.showMapLink)
      : null;
  const organizers = ((object.organizer as Record<string, unknown>[]) ?? []).map((o) => ({
    name: text(o.organizer),
    url: text(o.url),
    phone: text(o.phone),
    email: text(o.email),
    website: text(o.website),
  }));
  const image = object.image as Record<string, unknown> | false;
  return {
    id: entity.id,
    // Only published events are shown, and those always have a slug.
    slug: entity.slug ?? '',
    title: text(object.title),
    url: urls.event(entity.slug ?? ''),
    excerpt: text(object.excerpt),
    description: text(object.description),
    image: image ? { url: text(image.url), alt: text(image.alt) } : null,
    allDay: entity.allDay,
    start: start.isValid ? start : DateTime.fromMillis(0, { zone: siteZone }),
    end: end.isValid ? end : DateTime.fromMillis(0, { zone: siteZone }),
    timezone: text(object.timezone),
    timezoneAbbr: text(object.timezone_abbr),
    cost: text(object.cost),
    featured: entity.featured,
    website: entity.website ?? '',
    venue,
    organizers,
    categories: ((object.categories as Record<string, unknown>[]) ?? []).map((t) =>
      link(t, (slug) => urls.term('category', slug)),
    ),
    tags: ((object.tags as Record<string, unknown>[]) ?? []).map((t) =>
      link(t, (slug) => urls.term('tag', slug)),
    ),
    jsonLd: (object.json_ld as Record<string, unknown> | undefined) ?? null,
    startUtc: entity.startDateUtc,
    endUtc: entity.endDateUtc,
    modifiedUtc: entity.modifiedGmt,
    startLocal: entity.startDate,
    endLocal: entity.endDate,
  };
}

/** Site-local days (`YYYY-MM-DD`) an event covers, clipped to [from, to]. */
export function daysCovered(event: ViewEvent, from: string, to: string): string[] {
  const first = event.start.toISODate() ?? from;
  // An event ending exactly at midnight does not cover the day that starts then.
  const endMoment = event.end > event.start && !event.allDay ? event.end.minus({ seconds: 1 }) : event.end;
  const last = endMoment.toISODate() ?? first;
  const days: string[] = [];
  let day = DateTime.fromISO(first > from ? first : from, { zone: 'UTC' });
  const stop = last < to ? last : to;
  while ((day.toISODate() ?? '') <= stop && days.length < 400) {
    days.push(day.toISODate() ?? '');
    day = day.plus({ days: 1 });
  }
  return days;
}
