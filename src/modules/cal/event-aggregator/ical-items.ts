import ICAL from 'ical.js';

export type ImportItem = Record<string, unknown>;

function wallClock(time: ICAL.Time): string {
  return time.toString().replace('T', ' ').slice(0, 19);
}

/**
 * The VEVENTs of an iCalendar text as import items (the import service's shape: `uid`, `title`, dates with
 * `timezone`, `all_day`, `url`, venue from LOCATION, categories), parsed with ical.js. Floating times are
 * read in `siteZone`; all-day DTEND is exclusive in iCalendar and inclusive in the calendar.
 */
export function icalToItems(text: string, siteZone: string): ImportItem[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(zone);
    if (!ICAL.TimezoneService.has(tz.tzid)) ICAL.TimezoneService.register(tz);
  }
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const start = event.startDate;
    const end = event.endDate ?? start;
    const item: ImportItem = {
      uid: event.uid,
      title: event.summary ?? '',
      description: event.description ?? '',
      url: vevent.getFirstPropertyValue('url') ?? undefined,
    };
    if (start.isDate) {
      const last = end.clone();
      if (end.compare(start) > 0) last.adjust(-1, 0, 0, 0);
      Object.assign(item, { all_day: true, start_date: start.toString(), end_date: last.toString() });
    } else {
      // Wall clock in the time's own zone (UTC for `Z` times, the site's for floating ones).
      const tzid = start.zone?.tzid;
      const zone = !tzid || tzid === 'floating' ? siteZone : tzid === 'Z' ? 'UTC' : tzid;
      Object.assign(item, { start_date: wallClock(start), end_date: wallClock(end), timezone: zone });
    }
    const location = event.location?.trim();
    if (location) {
      const [name, ...address] = location.split(/\s*,\s*/);
      item.venue = { venue: name, address: address.join(', ') };
    }
    const categories = vevent
      .getAllProperties('categories')
      .flatMap((property) => property.getValues().map(String))
      .filter(Boolean);
    if (categories.length) item.categories = categories;
    return item;
  });
}
