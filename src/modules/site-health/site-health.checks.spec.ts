import { median, pageCacheVerdict, sizeFormat, sqlServerVerdict } from './site-health.checks';

describe('site health checks', () => {
  it('formats sizes as WordPress does', () => {
    expect(sizeFormat(0)).toBe('0.00 B');
    expect(sizeFormat(1048576)).toBe('1.00 MB');
    expect(sizeFormat(51160959)).toBe('48.79 MB');
  });

  it('takes the median', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([10, 20])).toBe(15);
  });

  it('judges the page cache by headers and response time', () => {
    expect(pageCacheVerdict(['etag'], 40).status).toBe('good');
    expect(pageCacheVerdict([], 40)).toMatchObject({
      status: 'recommended',
      label: 'Page cache is not detected but the server response time is OK',
    });
    expect(pageCacheVerdict(['etag'], 900).label).toBe(
      'Page cache is detected but the server response time is still slow',
    );
    expect(pageCacheVerdict([], 900).status).toBe('critical');
  });

  it('judges the database server version', () => {
    expect(sqlServerVerdict('mariadb', '10.11.19-MariaDB-0+deb12u1').status).toBe('good');
    expect(sqlServerVerdict('mariadb', '10.3.39-MariaDB').label).toBe('Outdated SQL server');
    expect(sqlServerVerdict('mysql', '8.0.36').status).toBe('good');
    expect(sqlServerVerdict('mysql', '5.7.44').status).toBe('recommended');
    expect(sqlServerVerdict('sqlite', '3.46.1').status).toBe('good');
  });
});
