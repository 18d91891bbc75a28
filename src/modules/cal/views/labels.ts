import type { Language } from '../../../platform/rest';

/** Every label the calendar pages print, in the site's two languages. */
export interface ViewLabels {
  events: string;
  event: string;
  calendarOfEvents: string;
  upcomingEvents: string;
  pastEvents: string;
  list: string;
  month: string;
  day: string;
  today: string;
  previous: string;
  next: string;
  previousEvents: string;
  nextEvents: string;
  previousMonth: string;
  nextMonth: string;
  previousDay: string;
  nextDay: string;
  search: string;
  searchPlaceholder: string;
  findEvents: string;
  date: string;
  noUpcoming: string;
  noEventsInMonth: string;
  noEventsOnDay: string;
  noResults: string;
  allDay: string;
  venue: string;
  address: string;
  organizer: string;
  organizers: string;
  details: string;
  cost: string;
  categories: string;
  tags: string;
  website: string;
  phone: string;
  email: string;
  showMap: string;
  timezone: string;
  start: string;
  end: string;
  addToCalendar: string;
  exportIcal: string;
  googleCalendar: string;
  icalExport: string;
  allEvents: string;
  eventsAt: string;
  eventsBy: string;
  eventsIn: string;
  eventsTagged: string;
  viewsNavigation: string;
  moreEvents: string;
  weekdays: string[];
  weekdaysShort: string[];
}

const EN: ViewLabels = {
  events: 'Events',
  event: 'Event',
  calendarOfEvents: 'Calendar of Events',
  upcomingEvents: 'Upcoming Events',
  pastEvents: 'Past Events',
  list: 'List',
  month: 'Month',
  day: 'Day',
  today: 'Today',
  previous: 'Previous',
  next: 'Next',
  previousEvents: 'Previous Events',
  nextEvents: 'Next Events',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousDay: 'Previous day',
  nextDay: 'Next day',
  search: 'Search',
  searchPlaceholder: 'Search for events',
  findEvents: 'Find Events',
  date: 'Date',
  noUpcoming: 'There are no upcoming events.',
  noEventsInMonth: 'There were no results found for this month.',
  noEventsOnDay: 'No events scheduled for this day.',
  noResults: 'There were no results found.',
  allDay: 'All day',
  venue: 'Venue',
  address: 'Address',
  organizer: 'Organizer',
  organizers: 'Organizers',
  details: 'Details',
  cost: 'Cost',
  categories: 'Event Categories',
  tags: 'Event Tags',
  website: 'Website',
  phone: 'Phone',
  email: 'Email',
  showMap: 'Google Map',
  timezone: 'Time zone',
  start: 'Start',
  end: 'End',
  addToCalendar: 'Add to calendar',
  exportIcal: 'iCalendar',
  googleCalendar: 'Google Calendar',
  icalExport: 'Export Events',
  allEvents: 'All Events',
  eventsAt: 'Events at',
  eventsBy: 'Events by',
  eventsIn: 'Events in',
  eventsTagged: 'Events tagged',
  viewsNavigation: 'Calendar views',
  moreEvents: 'more',
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  weekdaysShort: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
};

const NO: ViewLabels = {
  events: 'Arrangementer',
  event: 'Arrangement',
  calendarOfEvents: 'Arrangementskalender',
  upcomingEvents: 'Kommende arrangementer',
  pastEvents: 'Tidligere arrangementer',
  list: 'Liste',
  month: 'Måned',
  day: 'Dag',
  today: 'I dag',
  previous: 'Forrige',
  next: 'Neste',
  previousEvents: 'Tidligere arrangementer',
  nextEvents: 'Neste arrangementer',
  previousMonth: 'Forrige måned',
  nextMonth: 'Neste måned',
  previousDay: 'Forrige dag',
  nextDay: 'Neste dag',
  search: 'Søk',
  searchPlaceholder: 'Søk etter arrangementer',
  findEvents: 'Finn arrangementer',
  date: 'Dato',
  noUpcoming: 'Det er ingen kommende arrangementer.',
  noEventsInMonth: 'Ingen arrangementer denne måneden.',
  noEventsOnDay: 'Ingen arrangementer denne dagen.',
  noResults: 'Fant ingen arrangementer.',
  allDay: 'Hele dagen',
  venue: 'Sted',
  address: 'Adresse',
  organizer: 'Arrangør',
  organizers: 'Arrangører',
  details: 'Detaljer',
  cost: 'Pris',
  categories: 'Kategorier',
  tags: 'Stikkord',
  website: 'Nettsted',
  phone: 'Telefon',
  email: 'E-post',
  showMap: 'Google Kart',
  timezone: 'Tidssone',
  start: 'Start',
  end: 'Slutt',
  addToCalendar: 'Legg til i kalender',
  exportIcal: 'iCalendar',
  googleCalendar: 'Google Kalender',
  icalExport: 'Eksporter arrangementer',
  allEvents: 'Alle arrangementer',
  eventsAt: 'Arrangementer på',
  eventsBy: 'Arrangementer av',
  eventsIn: 'Arrangementer i',
  eventsTagged: 'Arrangementer merket',
  viewsNavigation: 'Kalendervisninger',
  moreEvents: 'flere',
  weekdays: ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'],
  weekdaysShort: ['man', 'tir', 'ons', 'tor', 'fre', 'lør', 'søn'],
};

export function labelsFor(language: Language): ViewLabels {
  return language === 'no' ? NO : EN;
}

/** Luxon locale of a content language (month and weekday names, date formats). */
export function localeOf(language: Language): string {
  return language === 'no' ? 'nb' : 'en-US';
}
