import { DateTime } from 'luxon';
import { decodeEntities } from '../../../platform/common/html';
import type { Language } from '../../../platform/rest';
import { localeOf } from './labels';
import type { ViewEvent } from './view-event';

/** `January 5` / `5. januar`, with the year when it is not the current one. */
export function formatDay(date: DateTime, language: Language, now: DateTime): string {
  const local = date.setLocale(localeOf(language));
  const sameYear = date.year === now.year;
  if (language === 'no') return local.toFormat(sameYear ? 'd. MMMM' : 'd. MMMM yyyy');
  return local.toFormat(sameYear ? 'MMMM d' : 'MMMM d, yyyy');
}

/** `2:00 pm` / `14:00`. */
export function formatTime(date: DateTime, language: Language): string {
  if (language === 'no') return date.toFormat('HH:mm');
  return date.setLocale('en-US').toFormat('h:mm a').toLowerCase();
}

export function formatMonth(date: DateTime, language: Language): string {
  return date.setLocale(localeOf(language)).toFormat('LLLL yyyy');
}

export function formatLongDay(date: DateTime, language: Language): string {
  const local = date.setLocale(localeOf(language));
  return language === 'no' ? local.toFormat('cccc d. MMMM yyyy') : local.toFormat('cccc, MMMM d, yyyy');
}

/** TEC's schedule line: start, and end when it differs, with `@` before times. */
export function scheduleParts(
  event: ViewEvent,
  language: Language,
  now: DateTime,
): { start: string; end: string | null } {
  const sameDay = event.start.hasSame(event.end, 'day');
  const at = (date: DateTime) => `${formatDay(date, language, now)} @ ${formatTime(date, language)}`;
  if (event.allDay) {
    return {
      start: formatDay(event.start, language, now),
      end: sameDay ? null : formatDay(event.end, language, now),
    };
  }
  if (sameDay) {
    return {
      start: at(event.start),
      end: event.end.equals(event.start) ? null : formatTime(event.end, language),
    };
  }
  return { start: at(event.start), end: at(event.end) };
}

export function scheduleText(event: ViewEvent, language: Language, now: DateTime): string {
  const parts = scheduleParts(event, language, now);
  return parts.end ? `${parts.start} - ${parts.end}` : parts.start;
}

/** One-line venue address (street, city, region, zip, country). */
export function venueAddress(venue: NonNullable<ViewEvent['venue']>): string {
  return [venue.address, venue.city, venue.stateprovince, venue.zip, venue.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** TEC's map link (`tribe_get_map_link`): a Google Maps query for the full address. */
export function mapLink(venue: NonNullable<ViewEvent['venue']>): string | null {
  const address = venueAddress(venue);
  if (!address) return null;
  return `https://maps.google.com/maps?f=q&source=s_q&hl=en&geocode=&q=${encodeURIComponent(address)}`;
}

/** TEC's "+ Google Calendar" link (`Tribe__Events__Main::googleCalendarLink`). */
export function googleCalendarLink(event: ViewEvent, siteZone: string, descriptionText: string): string {
  const dates = event.allDay
    ? `${event.start.toFormat('yyyyMMdd')}/${event.end.plus({ days: 1 }).toFormat('yyyyMMdd')}`
    : `${event.start.toFormat("yyyyMMdd'T'HHmmss")}/${event.end.toFormat("yyyyMMdd'T'HHmmss")}`;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    dates,
    text: htmlToText(event.title),
    details: descriptionText.slice(0, 996),
    location: event.venue ? [event.venue.name, venueAddress(event.venue)].filter(Boolean).join(', ') : '',
    trp: 'false',
    ctz: siteZone,
    sprop: `website:${event.url}`,
  });
  return `https://www.google.com/calendar/event?${params.toString()}`;
}

/** Plain text of rendered HTML (tags removed, the common entities decoded). */
export function htmlToText(markup: string): string {
  const text = markup
    .replace(/<(?:br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeBasicEntities(text).replace(/\s+/g, ' ').trim();
}

export function decodeBasicEntities(text: string): string {
  return decodeEntities(text.replace(/&nbsp;/g, ' '));
}
