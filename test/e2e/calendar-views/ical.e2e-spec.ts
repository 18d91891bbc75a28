import ICAL from 'ical.js';
import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { seedCalendar, YEAR } from './views-helpers';

/** Parses a feed with ical.js (a different library from the one that wrote it). */
function parse(text: string): { calendar: ICAL.Component; events: ICAL.Event[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

describe('iCal export', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
    await seedCalendar(t, admin);
  });
  afterAll(() => t.close());

  it('exports one event with its zone, a stable UID and its details', async () => {
    const res = await t.http().get('/event/excavator-workshop/ical/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="excavator-workshop.ics"');
    const { calendar, events } = parse(res.text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Oslo');
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.summary).toBe('Excavator workshop');
    expect(event.description).toBe('Learn 3D machine control.');
    expect(event.location).toBe('Machine Hall, Storgata 1, Oslo, Norway');
    expect(event.startDate.zone.tzid).toBe('Europe/Oslo');
    expect(event.startDate.toString()).toBe(`${YEAR}-03-05T14:00:00`);
    expect(event.startDate.toJSDate().toISOString()).toBe(`${YEAR}-03-05T13:00:00.000Z`);
    expect(event.endDate.toJSDate().toISOString()).toBe(`${YEAR}-03-05T15:00:00.000Z`);
    expect(event.component.getFirstPropertyValue('url')).toBe(
      'http://example.test/event/excavator-workshop/',
    );
    expect(event.component.getFirstPropertyValue('categories')).toBe('Training');
    expect(String(event.component.getFirstPropertyValue('organizer'))).toBe('mailto:kari@example.test');
    const again = parse((await t.http().get('/event/excavator-workshop/ical/')).text).events[0];
    expect(again.uid).toBe(event.uid);
    expect(event.uid).toMatch(/@example\.test$/);
  });

  it('exports a month with all-day events as dates (end exclusive)', async () => {
    const res = await t.http().get(`/events/month/${YEAR}-03/?ical=1`);
    expect(res.status).toBe(200);
    const { events } = parse(res.text);
    expect(events.map((event) => event.summary)).toEqual([
      'Excavator workshop',
      'Evening session',
      'Trade fair',
    ]);
    const fair = events[2];
    expect(fair.startDate.isDate).toBe(true);
    expect(fair.startDate.toString()).toBe(`${YEAR}-03-30`);
    expect(fair.endDate.toString()).toBe(`${YEAR}-04-03`);
    expect(res.text).not.toContain('Secret draft');
    expect(res.text).not.toContain('Hidden meeting');
  });

  it('exports the upcoming list, category feeds and the Norwegian calendar', async () => {
    const list = parse((await t.http().get('/events/?ical=1')).text).events.map((event) => event.summary);
    expect(list).toEqual(['Excavator workshop', 'Evening session', 'Trade fair']);
    const category = parse((await t.http().get('/events/category/training/?ical=1')).text).events;
    expect(category.map((event) => event.summary)).toEqual(['Excavator workshop']);
    const norwegian = parse((await t.http().get('/no/events/?ical=1')).text).events;
    expect(norwegian.map((event) => event.summary)).toEqual(['Gravekurs']);
    expect(norwegian[0].component.getFirstPropertyValue('url')).toBe(
      'http://example.test/no/event/gravekurs/',
    );
    expect((await t.http().get('/events/category/nope/?ical=1')).status).toBe(404);
    expect((await t.http().get('/event/no-such-event/ical/')).status).toBe(404);
  });
});
