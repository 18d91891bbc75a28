import type { TestApp, TestUser } from '../../helpers/test-app';
import { createEvent } from '../calendar/events-helpers';

/**
 * The year of the views suites' calendar: 2030, or once that is no longer ahead the next year with the same
 * calendar (its 1 January a Tuesday, no 29 February), so the weekdays, the month grids and Oslo's DST dates the
 * suites expect stay true on any date.
 */
export const YEAR = (() => {
  let year = 2030;
  const sameCalendar = (y: number) =>
    new Date(Date.UTC(y, 0, 1)).getUTCDay() === 2 && new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 2;
  while (year <= new Date().getUTCFullYear() || !sameCalendar(year)) year++;
  return year;
})();

/** The calendar every views suite shows: March of YEAR in Europe/Oslo, plus a past, a draft, a hidden and a Norwegian event. */
export async function seedCalendar(t: TestApp, admin: TestUser): Promise<Record<string, any>> {
  const workshop = await createEvent(t, admin, {
    title: 'Excavator workshop',
    start_date: `${YEAR}-03-05 14:00:00`,
    end_date: `${YEAR}-03-05 16:00:00`,
    description: '<p>Learn <strong>3D machine control</strong>.</p>',
    excerpt: 'Hands-on training.',
    venue: {
      venue: 'Machine Hall',
      address: 'Storgata 1',
      city: 'Oslo',
      country: 'Norway',
      show_map_link: true,
    },
    organizer: [{ organizer: 'Kari Nordmann', email: 'kari@example.test', phone: '+47 1234' }],
    categories: ['Training'],
    tags: ['machines'],
    cost: '200',
    show_map_link: true,
  });
  const fair = await createEvent(t, admin, {
    title: 'Trade fair',
    start_date: `${YEAR}-03-30`,
    end_date: `${YEAR}-04-02`,
    all_day: true,
  });
  const evening = await createEvent(t, admin, {
    title: 'Evening session',
    start_date: `${YEAR}-03-05 19:00:00`,
    end_date: `${YEAR}-03-05 21:00:00`,
  });
  const draft = await createEvent(t, admin, {
    title: 'Secret draft',
    start_date: `${YEAR}-03-10 10:00:00`,
    end_date: `${YEAR}-03-10 11:00:00`,
    status: 'draft',
  });
  const hidden = await createEvent(t, admin, {
    title: 'Hidden meeting',
    start_date: `${YEAR}-03-12 10:00:00`,
    end_date: `${YEAR}-03-12 11:00:00`,
    hide_from_listings: true,
  });
  const norwegian = await createEvent(t, admin, {
    title: 'Gravekurs',
    start_date: `${YEAR}-03-07 09:00:00`,
    end_date: `${YEAR}-03-07 15:00:00`,
    ml_language: 'no',
  });
  const past = await createEvent(t, admin, {
    title: 'Old seminar',
    start_date: '2020-01-10 10:00:00',
    end_date: '2020-01-10 12:00:00',
  });
  return { workshop, fair, evening, draft, hidden, norwegian, past };
}

/** The nonces a page embeds. */
export function pageNonces(page: string): { primary: string; secondary: string } {
  const match =
    /<script data-js="tribe-events-view-nonce-data" type="application\/json">([^<]*)<\/script>/.exec(page);
  if (!match) throw new Error('no nonce script');
  const data = JSON.parse(match[1]) as Record<string, string>;
  return { primary: data._cal_view_rest_nonce_primary, secondary: data._cal_view_rest_nonce_secondary };
}

/** Inner HTML of the month cell of `date` (up to the next cell). */
export function monthCell(page: string, date: string): string {
  const start = page.indexOf(`data-date="${date}"`);
  if (start < 0) throw new Error(`no cell ${date}`);
  const end = page.indexOf('role="gridcell"', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

export function titlesIn(markup: string): string[] {
  return [
    ...markup.matchAll(
      /class="tribe-events-calendar-(?:list|month|day)__(?:calendar-)?event-title-link">([^<]*)</g,
    ),
  ].map((match) => match[1]);
}
