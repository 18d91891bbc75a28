import { globalId, permalink, renderContent } from './content';
import { resolvePostDates } from './post-dates';

const urls = { site: (path = '/') => `http://example.test${path}` };

describe('content helpers', () => {
  it('renders descriptions as paragraphs', () => {
    expect(renderContent('')).toBe('');
    expect(renderContent(null)).toBe('');
    expect(renderContent('Hello')).toBe('<p>Hello</p>');
    expect(renderContent('One\n\nTwo\nlines')).toBe('<p>One</p>\n<p>Two<br />\nlines</p>');
    expect(renderContent('<p>Already</p>')).toBe('<p>Already</p>');
  });

  it('builds global IDs and permalinks', () => {
    expect(globalId(urls, 5)).toBe('example.test?id=5');
    expect(globalId({ site: (p = '/') => `http://example.test/no${p}` }, 5)).toBe('example.test?id=5');
    const venue = { id: 7, slug: 'hall', status: 'publish' };
    expect(permalink(urls, 'venue', 'cal_venue', venue)).toBe('http://example.test/venue/hall/');
    expect(permalink(urls, 'venue', 'cal_venue', { ...venue, slug: null })).toBe(
      'http://example.test/?post_type=cal_venue&p=7',
    );
    for (const status of ['draft', 'pending', 'future', 'trash'])
      expect(permalink(urls, 'venue', 'cal_venue', { ...venue, status })).toBe(
        'http://example.test/?post_type=cal_venue&p=7',
      );
    expect(globalId({ site: (p = '/') => `http://example.test:8081${p}` }, 5)).toBe('example.test?id=5');
  });

  it('derives post dates from site time or UTC', () => {
    expect(resolvePostDates({ date: '2020-07-01 12:00:00' }, 'Europe/Oslo')).toEqual({
      date: '2020-07-01 12:00:00',
      dateGmt: '2020-07-01 10:00:00',
    });
    expect(resolvePostDates({ dateUtc: '2020-01-01 10:00:00', date: '1999-01-01' }, 'Europe/Oslo')).toEqual({
      date: '2020-01-01 11:00:00',
      dateGmt: '2020-01-01 10:00:00',
    });
    const now = new Date('2021-03-04T05:06:07Z');
    expect(resolvePostDates({}, 'UTC', now)).toEqual({
      date: '2021-03-04 05:06:07',
      dateGmt: '2021-03-04 05:06:07',
    });
  });
});
