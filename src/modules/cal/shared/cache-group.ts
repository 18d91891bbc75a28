/** `last_changed` group of the calendar tables: a write to any of them retires cached archive pages. */
export const CALENDAR_CACHE_GROUP = 'calendar';

export const CALENDAR_TABLES = [
  'cal_events',
  'cal_event_terms',
  'cal_event_organizers',
  'cal_venues',
  'cal_organizers',
  'cal_terms',
];
