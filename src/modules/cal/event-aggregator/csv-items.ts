import { parse } from 'csv-parse/sync';
import type { ImportItem } from './ical-items';

/** TEC's CSV event columns (`Tribe__Events__Importer__Column_Mapper`), matched case-insensitively. */
const COLUMNS: Record<string, string> = {
  'event name': 'title',
  'event description': 'description',
  'event excerpt': 'excerpt',
  'event start date': 'start_date',
  'event start time': 'start_time',
  'event end date': 'end_date',
  'event end time': 'end_time',
  'all day event': 'all_day',
  timezone: 'timezone',
  'event time zone': 'timezone',
  'event venue name': 'venue',
  'event organizer name': 'organizer',
  'event show map link': 'show_map_link',
  'event show map': 'show_map',
  'event cost': 'cost',
  'event category': 'categories',
  'event tags': 'tags',
  'event website': 'url',
  'event featured image': 'image',
  'hide from event listings': 'hide_from_listings',
  'sticky in month view': 'sticky',
  'event featured': 'featured',
};

/** `2:30 pm`, `14:30`, `14:30:00` → `HH:MM:00`; null when it is no time. */
function time24(text: string): string | null {
  const match = /^\s*(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([ap]\.?m\.?)?\s*$/i.exec(text);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const meridian = match[3]?.toLowerCase().replace(/\./g, '');
  if (meridian === 'pm' && hour < 12) hour += 12;
  if (meridian === 'am' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
}

/**
 * Rows of a CSV file in TEC's event columns as import items. Without an origin ID, an event is identified by
 * its name and start (TEC's CSV importer matches existing events the same way), so a second run updates.
 */
export function csvToItems(text: string): ImportItem[] {
  const rows = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Array<
    Record<string, string>
  >;
  return rows.map((row) => {
    const item: Record<string, string> = {};
    for (const [column, value] of Object.entries(row)) {
      const field = COLUMNS[column.trim().toLowerCase()];
      if (field && value !== '') item[field] = value;
    }
    const out: ImportItem = { ...item };
    for (const edge of ['start', 'end'] as const) {
      const date = item[`${edge}_date`];
      const time = item[`${edge}_time`] ? time24(item[`${edge}_time`]) : null;
      if (date && time && /^\d{4}-\d{2}-\d{2}$/.test(date)) out[`${edge}_date`] = `${date} ${time}`;
      delete out[`${edge}_time`];
    }
    if (item.venue) out.venue = { venue: item.venue };
    if (item.organizer) out.organizer = item.organizer.split(',').map((name) => ({ organizer: name.trim() }));
    if (item.categories) out.categories = item.categories.split(',').map((name) => name.trim());
    out.uid = `csv:${item.title ?? ''}|${out.start_date ?? ''}`;
    return out;
  });
}
