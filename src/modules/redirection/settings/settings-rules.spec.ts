import { anonymiseIp, clientIp, loggedIp, RequestFacts } from '../engine/request-facts';
import { applySettings, phpBool, phpInt } from './settings-rules';
import { defaultSettings } from './settings.types';

const context = {
  groupIds: [1, 2],
  firstGroupId: 1,
  postTypes: ['post', 'page', 'trash'],
  newToken: () => 'new-token',
  currentVersion: '5.4',
};

describe('PHP coercions', () => {
  it.each([
    [true, true],
    ['false', true],
    ['yes', true],
    [1, true],
    ['0', false],
    ['', false],
    [0, false],
    [false, false],
    [null, false],
  ])('phpBool(%p) = %p', (value, expected) => expect(phpBool(value)).toBe(expected));

  it.each([
    ['30', 30],
    ['monkey', 0],
    [' 12abc', 12],
    [-10, -10],
    [true, 1],
  ])('phpInt(%p) = %p', (value, expected) => expect(phpInt(value)).toBe(expected));
});

describe('applySettings (red_set_options)', () => {
  const base = defaultSettings('token');

  it('clamps expiry, cache and IP logging', () => {
    const next = applySettings(
      base,
      { expire_redirect: 'monkey', expire_404: 99, redirect_cache: -10, ip_logging: 5 },
      context,
    );
    expect(next).toMatchObject({ expire_redirect: 0, expire_404: 60, redirect_cache: 1, ip_logging: 2 });
  });

  it('keeps only host names in aliases, at most 20', () => {
    const next = applySettings(base, { aliases: ['good.com', '', 'http://domain.com', 'bad com'] }, context);
    expect(next.aliases).toEqual(['good.com', 'domain.com', 'badcom']);
  });

  it('relocate normalises and clears the other canonical settings', () => {
    const next = applySettings(
      { ...base, https: true, aliases: ['a.com'], preferred_domain: 'www' },
      { relocate: 'domain.com/' },
      context,
    );
    expect(next).toMatchObject({
      relocate: 'http://domain.com',
      https: false,
      aliases: [],
      preferred_domain: '',
    });
  });

  it('the URL defaults are set together', () => {
    const next = applySettings(base, { flag_trailing: false }, context);
    expect(next).toMatchObject({
      flag_query: 'exact',
      flag_case: false,
      flag_trailing: false,
      flag_regex: false,
    });
  });

  it('monitoring needs post types; an unknown group falls back to the first', () => {
    expect(applySettings(base, { monitor_post: 2 }, context).monitor_post).toBe(0);
    expect(applySettings(base, { monitor_types: ['post', 'event'], monitor_post: 9 }, context)).toMatchObject(
      {
        monitor_types: ['post'],
        monitor_post: 1,
      },
    );
  });

  it('an empty token is regenerated; unknown keys are ignored', () => {
    const next = applySettings(base, { token: '', bogus: 1 }, context);
    expect(next.token).toBe('new-token');
    expect(next).not.toHaveProperty('bogus');
  });
});

describe('client IP and its logged form', () => {
  const facts = (headers: Record<string, string>, remoteAddress = '10.0.0.1'): RequestFacts => ({
    method: 'GET',
    requestUri: '/',
    decodedUri: '/',
    host: 'example.test',
    scheme: 'http',
    headers,
    remoteAddress,
  });

  it('reads the configured headers, only from trusted proxies when some are listed', () => {
    const request = facts({ 'x-forwarded-for': '203.0.113.9, 10.0.0.2' });
    expect(clientIp(request, ['HTTP_X_FORWARDED_FOR'], [])).toBe('203.0.113.9');
    expect(clientIp(request, ['HTTP_X_FORWARDED_FOR'], ['10.0.0.1'])).toBe('203.0.113.9');
    expect(clientIp(request, ['HTTP_X_FORWARDED_FOR'], ['10.9.9.9'])).toBe('10.0.0.1');
    expect(clientIp(request, [], [])).toBe('10.0.0.1');
  });

  it('anonymises IPv4 and IPv6', () => {
    expect(anonymiseIp('192.168.1.66')).toBe('192.168.1.0');
    expect(anonymiseIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3::');
    expect(loggedIp('192.168.1.66', 0)).toBe('');
    expect(loggedIp('192.168.1.66', 1)).toBe('192.168.1.66');
  });
});
