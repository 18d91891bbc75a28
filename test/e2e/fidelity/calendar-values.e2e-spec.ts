import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { API } from '../calendar/events-helpers';

/** Issue 9, point 16: event dates and zones, category filters, venue flag types. */
describe('fidelity: calendar values', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.user('administrator');
  });
  afterAll(() => t.close());

  const post = (path: string, body: object) =>
    t.http().post(`${API}${path}`).set('Authorization', admin.auth).send(body);

  it('an event created with a date was last modified then (wp_insert_post)', async () => {
    const res = await post('/events', {
      title: 'Back-dated',
      start_date: '2031-06-01 10:00:00',
      end_date: '2031-06-01 11:00:00',
      date: '2024-02-03 04:05:06',
    });
    expect(res.status).toBe(201);
    expect(res.body.date).toBe('2024-02-03 04:05:06');
    expect(res.body.modified).toBe('2024-02-03 04:05:06');
    expect(res.body.modified_utc).toBe(res.body.date_utc);
    const venue = await post('/venues', { venue: 'Back-dated hall', date: '2024-02-03 04:05:06' });
    expect(venue.body.modified).toBe('2024-02-03 04:05:06');
    // An update moves modified to now.
    const updated = await post(`/events/${res.body.id}`, { title: 'Back-dated, edited' });
    expect(updated.body.modified).not.toBe('2024-02-03 04:05:06');
  });

  it('prints zone abbreviations as PHP does', async () => {
    const cases: Array<[string, string]> = [
      ['Asia/Tokyo', 'JST'],
      ['Europe/Oslo', 'CEST'],
      ['America/New_York', 'EDT'],
      ['Europe/Istanbul', '+03'],
      ['UTC+2', 'UTC+2'],
    ];
    for (const [timezone, abbreviation] of cases) {
      const res = await post('/events', {
        title: `Zone ${timezone}`,
        start_date: '2031-07-01 10:00:00',
        end_date: '2031-07-01 11:00:00',
        timezone,
      });
      expect(res.status).toBe(201);
      expect(res.body.timezone_abbr).toBe(abbreviation);
    }
  });

  it('categories=<parent slug> includes the events of child categories', async () => {
    const parent = await post('/categories', { name: 'Machines' });
    const child = await post('/categories', { name: 'Excavators', parent: parent.body.id });
    const grandchild = await post('/categories', { name: 'Mini excavators', parent: child.body.id });
    const ids: number[] = [];
    for (const [index, category] of [parent, child, grandchild].entries()) {
      const event = await post('/events', {
        title: `In ${category.body.name}`,
        start_date: `2031-08-0${index + 1} 10:00:00`,
        end_date: `2031-08-0${index + 1} 11:00:00`,
        categories: [category.body.id],
      });
      ids.push(event.body.id);
    }
    const window = 'start_date=2031-08-01&end_date=2031-08-31';
    const all = await t.http().get(`${API}/events?${window}&categories=machines`);
    expect(all.body.events.map((event: any) => event.id)).toEqual(ids);
    const below = await t.http().get(`${API}/events?${window}&categories=excavators`);
    expect(below.body.events.map((event: any) => event.id)).toEqual(ids.slice(1));
  });

  it('venue show_map and show_map_link are strings: a JSON boolean is rest_invalid_type', async () => {
    const res = await post('/venues', { venue: 'Typed hall', show_map: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { show_map: 'show_map is not of type string.' } },
    });
    expect(res.body.data.details.show_map.code).toBe('rest_invalid_type');
    const ok = await post('/venues', { venue: 'Typed hall', show_map: 'true', show_map_link: '0' });
    expect(ok.status).toBe(201);
    expect(ok.body.show_map).toBe(true);
    expect(ok.body.show_map_link).toBe(false);
  });
});
