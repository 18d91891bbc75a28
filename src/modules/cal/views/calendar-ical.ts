import ical, { ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { ViewEvent } from './view-event';
import { htmlToText, venueAddress } from './view-format';

/**
 * The VTIMEZONE of a zone from the library's tz data, under the zone's own name (the library shares one block
 * between zones with the same rules); null for UTC and unknown zones.
 */
export function vtimezone(zone: string): string | null {
  if (zone === 'UTC' || zone === 'Etc/UTC') return null;
  const block = tzlib_get_ical_block(zone);
  if (!Array.isArray(block) || !block[0]) return null;
  return block[0]
    .replace(/^TZID:.*$/m, `TZID:${zone}`)
    .replace(/^X-LIC-LOCATION:.*$/m, `X-LIC-LOCATION:${zone}`)
    .replace(/\r?\n/g, '\r\n')
    .replace(/(\r\n)*$/, '\r\n');
}

export interface IcalFeed {
  siteName: string;
  siteZone: string;
  /** Host of the site, the right-hand side of every UID. */
  host: string;
  events: ViewEvent[];
}

/**
 * An iCalendar feed (TEC's `iCal.php`): one VEVENT per event with a UID stable per event, times in the
 * site zone with its VTIMEZONE, all-day events as DATE values (end exclusive).
 */
export function buildIcal(feed: IcalFeed): string {
  const calendar = ical({
    name: feed.siteName,
    prodId: { company: feed.siteName, product: 'Events Calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    x: { 'X-WR-CALDESC': `Events for ${feed.siteName}`, 'X-WR-TIMEZONE': feed.siteZone },
  });
  const zoneBlock = vtimezone(feed.siteZone);
  for (const event of feed.events) {
    const start = event.allDay
      ? DateTime.fromISO(event.start.toISODate() ?? '', { zone: 'UTC' })
      : event.start;
    const end = event.allDay
      ? DateTime.fromISO(event.end.toISODate() ?? '', { zone: 'UTC' }).plus({ days: 1 })
      : event.end;
    calendar.createEvent({
      id: `${event.id}-${event.slug}@${feed.host}`,
      start: event.allDay ? start.toJSDate() : start,
      end: event.allDay ? end.toJSDate() : end,
      allDay: event.allDay,
      timezone: event.allDay || !zoneBlock ? null : feed.siteZone,
      summary: htmlToText(event.title),
      description: htmlToText(event.description),
      url: event.url,
      stamp: DateTime.fromSQL(event.modifiedUtc, { zone: 'UTC' }).toJSDate(),
      lastModified: DateTime.fromSQL(event.modifiedUtc, { zone: 'UTC' }).toJSDate(),
      location: event.venue
        ? [htmlToText(event.venue.name), venueAddress(event.venue)].filter(Boolean).join(', ')
        : null,
      categories: event.categories.map((category) => ({ name: category.name })),
      // ORGANIZER is a CAL-ADDRESS: only organizers with an e-mail address can be named.
      organizer: event.organizers[0]?.email
        ? { name: htmlToText(event.organizers[0].name), email: event.organizers[0].email }
        : null,
      attachments: event.image ? [event.image.url] : [],
    });
  }
  // The zone block goes in by hand: a calendar-wide zone in the library would also write DTSTAMP as local time.
  const text = calendar.toString();
  if (!zoneBlock) return text;
  const at = text.search(/BEGIN:VEVENT|END:VCALENDAR/);
  return text.slice(0, at) + zoneBlock + text.slice(at);
}
