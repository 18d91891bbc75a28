import { parseViewRequest } from './view-request';

describe('parseViewRequest', () => {
  const view = (path: string, params: Record<string, unknown> = {}) => parseViewRequest(path, params);

  it('reads the views, dates and pages of the calendar URLs', () => {
    expect(view('/events/')).toMatchObject({
      kind: 'view',
      view: 'list',
      page: 1,
      past: false,
      language: 'en',
    });
    expect(view('/events/list/page/3/')).toMatchObject({ view: 'list', page: 3 });
    expect(view('/events/list/', { eventDisplay: 'past' })).toMatchObject({ view: 'list', past: true });
    expect(view('/events/month/')).toMatchObject({ view: 'month', date: undefined });
    expect(view('/events/month/2030-03/')).toMatchObject({ view: 'month', date: '2030-03-01' });
    expect(view('/events/today/')).toMatchObject({ view: 'day', date: 'today' });
    expect(view('/events/2030-03-05/')).toMatchObject({ view: 'day', date: '2030-03-05' });
    expect(view('/events/', { eventDisplay: 'month' })).toMatchObject({ view: 'month' });
  });

  it('takes tribe-bar-date and tribe-bar-search', () => {
    expect(view('/events/month/', { 'tribe-bar-date': '2030-04' })).toMatchObject({ date: '2030-04-01' });
    expect(view('/events/month/', { 'tribe-bar-date': '2030-04-17' })).toMatchObject({ date: '2030-04-01' });
    expect(view('/events/list/', { 'tribe-bar-date': '2030-04-17' })).toMatchObject({ date: '2030-04-17' });
    expect(view('/events/list/', { 'tribe-bar-date': 'soon' })).toMatchObject({ date: undefined });
    expect(view('/events/list/', { 'tribe-bar-search': '  dig  ' })).toMatchObject({ search: 'dig' });
  });

  it('reads taxonomy archives, singles, venues, organizers, feeds and the language prefix', () => {
    expect(view('/events/category/training/month/2030-03/')).toMatchObject({
      view: 'month',
      date: '2030-03-01',
      term: { taxonomy: 'category', slug: 'training' },
    });
    expect(view('/events/tag/machines/')).toMatchObject({
      view: 'list',
      term: { taxonomy: 'tag', slug: 'machines' },
    });
    expect(view('/event/dig-day/')).toEqual({ kind: 'event', language: 'en', slug: 'dig-day', ical: false });
    expect(view('/event/dig-day/ical/')).toEqual({
      kind: 'event',
      language: 'en',
      slug: 'dig-day',
      ical: true,
    });
    expect(view('/venue/hall/page/2/')).toEqual({
      kind: 'venue',
      language: 'en',
      slug: 'hall',
      page: 2,
      ical: false,
    });
    expect(view('/organizer/ann/', { ical: '1' })).toMatchObject({ kind: 'organizer', ical: true });
    expect(view('/events/', { ical: '1' })).toMatchObject({ view: 'list', ical: true });
    expect(view('/no/events/month/2030-03/')).toMatchObject({ language: 'no', view: 'month' });
  });

  it('refuses what is not a calendar page', () => {
    for (const path of [
      '/',
      '/eventsx/',
      '/events/month/2030-13/',
      '/events/2030-02-30/',
      '/events/list/page/0/',
      '/event/a/b/',
      '/events/nope/',
      '/en/events/',
    ]) {
      expect(view(path)).toBeNull();
    }
  });
});
