import { createTestApp, TestApp, TestUser } from '../../helpers/test-app';
import { API, createEvent } from '../calendar/events-helpers';

/** Issue 9, point 5: TEC's event update rules for dates and the linked venue (tec-rest.md §3.5). */
describe('fidelity: calendar event updates', () => {
  let t: TestApp;
  let editor: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    editor = await t.user('editor');
  });
  afterAll(() => t.close());

  const update = (id: number, body: object) =>
    t.http().post(`${API}/events/${id}`).set('Authorization', editor.auth).send(body);

  it('changes the dates only when start_date and end_date are sent together', async () => {
    const event = await createEvent(t, editor, {
      start_date: '2030-05-01 10:00:00',
      end_date: '2030-05-01 12:00:00',
    });
    const onlyStart = await update(event.id, { start_date: '2030-05-02 09:00:00' });
    expect(onlyStart.status).toBe(200);
    expect(onlyStart.body.start_date).toBe('2030-05-01 10:00:00');
    expect(onlyStart.body.end_date).toBe('2030-05-01 12:00:00');
    const onlyEnd = await update(event.id, { end_date: '2030-05-03 09:00:00', title: 'Renamed' });
    expect(onlyEnd.status).toBe(200);
    expect(onlyEnd.body.title).toBe('Renamed');
    expect(onlyEnd.body.end_date).toBe('2030-05-01 12:00:00');
    const both = await update(event.id, {
      start_date: '2030-05-02 09:00:00',
      end_date: '2030-05-02 11:00:00',
    });
    expect(both.body.start_date).toBe('2030-05-02 09:00:00');
    expect(both.body.end_date).toBe('2030-05-02 11:00:00');
    const stored = await t.http().get(`${API}/events/${event.id}`);
    expect(stored.body.start_date).toBe('2030-05-02 09:00:00');
  });

  it('keeps the linked venue when an update sends venue 0, "" or []', async () => {
    const venue = await t
      .http()
      .post(`${API}/venues`)
      .set('Authorization', editor.auth)
      .send({ venue: 'Kept hall' });
    const event = await createEvent(t, editor, {
      start_date: '2030-06-01 10:00:00',
      end_date: '2030-06-01 12:00:00',
      venue: venue.body.id,
    });
    for (const empty of [0, '', [], '0']) {
      const res = await update(event.id, { venue: empty });
      expect(res.status).toBe(200);
      expect(res.body.venue.id).toBe(venue.body.id);
    }
    const other = await t
      .http()
      .post(`${API}/venues`)
      .set('Authorization', editor.auth)
      .send({ venue: 'Other hall' });
    const moved = await update(event.id, { venue: other.body.id });
    expect(moved.body.venue.id).toBe(other.body.id);
  });
});
