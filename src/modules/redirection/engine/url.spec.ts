import type { SourceFlags } from '../shared/redirect-types';
import {
  matchUrlOf,
  matchUrlWithParams,
  passQueryToTarget,
  pathMatches,
  queryMatches,
  sourceQueryOf,
} from './url';
import { compileRedirect, chooseTarget, regexTarget, sourceMatches } from './compiled-redirect';
import { sanitizeSourceUrl } from '../redirects/redirect-sanitizer';

const flags = (overrides: Partial<SourceFlags> = {}): SourceFlags => ({
  flag_query: 'exact',
  flag_case: false,
  flag_trailing: false,
  flag_regex: false,
  ...overrides,
});

describe('matchUrlOf (Red_Url_Match::get_url)', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/test1/', '/test1'],
    ['/Test1?x=1', '/test1'],
    ['/a b/c', '/a%20b/c'],
    ['/中国/thing', '/%e4%b8%ad%e5%9b%bd/thing'],
    ['/keep:[]@~,();/', '/keep:[]@~,();'],
    ['http://example.com/path/', '/path'],
    ['/a%20b', '/a%20b'],
  ])('%s → %s', (url, expected) => {
    expect(matchUrlOf(url)).toBe(expected);
  });

  it('exactorder keys carry the sorted parameters', () => {
    expect(matchUrlWithParams('/This?b=2&A=1')).toBe('/this?a=1&b=2');
  });
});

describe('path matching (test-url-path)', () => {
  it('trailing slash only with flag_trailing', () => {
    expect(pathMatches('/test1', '/test1/', flags())).toBe(false);
    expect(pathMatches('/test1', '/test1/', flags({ flag_trailing: true }))).toBe(true);
  });
  it('case only with flag_case', () => {
    expect(pathMatches('/test1', '/teSt1', flags())).toBe(false);
    expect(pathMatches('/test1', '/teSt1', flags({ flag_case: true }))).toBe(true);
  });
});

describe('query matching (test-url-query)', () => {
  const match = (source: string, request: string, f = flags()) =>
    queryMatches(sourceQueryOf(source, f.flag_case), request, f);
  it('order does not matter', () => expect(match('/this?a=1&b=2', '/this?b=2&a=1')).toBe(true));
  it('exact: no extra parameters either way', () => {
    expect(match('/test', '/test?a')).toBe(false);
    expect(match('/test?a=1', '/test')).toBe(false);
    expect(match('/test?a=1', '/test?a=2')).toBe(false);
  });
  it('ignore and pass allow extra request parameters', () => {
    expect(match('/test?a=1', '/test?a=1&b=2', flags({ flag_query: 'ignore' }))).toBe(true);
    expect(match('/test?a=1', '/test?b=2', flags({ flag_query: 'pass' }))).toBe(false);
  });
  it('nested parameters compare recursively', () => {
    expect(match('/t?a[]=1&a[]=2', '/t?a[]=1&a[]=2')).toBe(true);
    expect(match('/t?a[b]=1', '/t?a[b]=2')).toBe(false);
  });
  it('case-insensitive values with flag_case', () => {
    expect(match('/t?A=Cat', '/t?a=cat', flags({ flag_case: true }))).toBe(true);
    expect(match('/t?A=Cat', '/t?a=cat')).toBe(false);
  });
  it('an unparsable source query is compared as a string', () => {
    expect(match('/t?=2', '/t?=2')).toBe(true);
    expect(match('/t?=2', '/t?=3')).toBe(false);
  });
});

describe('passQueryToTarget (add_to_target)', () => {
  const pass = flags({ flag_query: 'pass' });
  it('adds request parameters the target lacks, never overriding its own', () => {
    expect(passQueryToTarget('/cats?cat=a', '/target?cat=b', pass)).toBe('/cats?cat=a');
    expect(passQueryToTarget('/cats', '/src?x=1&y=2', pass)).toBe('/cats?x=1&y=2');
  });
  it('encodes spaces as +', () => {
    expect(passQueryToTarget('/cats', '/src?x=a cat', pass)).toBe('/cats?x=a+cat');
  });
  it('keeps the fragment last and [] literal', () => {
    expect(passQueryToTarget('/cats#frag', '/src?a[]=1', pass)).toBe('/cats?a[]=1#frag');
  });
  it('does nothing without the pass flag', () => {
    expect(passQueryToTarget('/cats', '/src?x=1', flags())).toBe('/cats');
  });
});

describe('sanitizeSourceUrl', () => {
  it.each([
    ['http://domain.com/some/url', '/some/url'],
    ['/line\nnext', '/line'],
    ['no-slash', '/no-slash'],
    ['/%E4%B8%AD%E5%9B%BD/thing?other=%E4%B8%AD%E5%9B%BD', '/中国/thing?other=中国'],
    ['<b>/bold</b>', '/bold'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeSourceUrl(input, false)).toBe(expected);
  });
  it('leaves regular expressions without a leading slash', () => {
    expect(sanitizeSourceUrl('^blog/(.*)$', true)).toBe('^blog/(.*)$');
  });
});

describe('compiled redirects', () => {
  const row = (overrides: Record<string, unknown>) =>
    compileRedirect(
      {
        id: 1,
        url: '/x',
        match_url: '/x',
        match_data: null,
        regex: 0,
        position: 0,
        action_type: 'url',
        action_code: 301,
        action_data: '/y',
        match_type: 'url',
        ...overrides,
      },
      flags({ flag_case: true, flag_trailing: true }),
    );

  it('regex sources match the whole decoded URL, captures go to the target', () => {
    const redirect = row({ url: '^/blog/(.*)$', regex: 1, match_url: 'regex' });
    expect(sourceMatches(redirect, '/BLOG/hello')).toBe(true);
    expect(regexTarget(redirect, '/blog/hello world', '/$1/')).toBe('/hello%20world/');
    expect(regexTarget(redirect, '/blog/a?b=c d', '/x/$1')).toBe('/x/a?b=c+d');
  });

  it('an invalid pattern never matches', () => {
    expect(sourceMatches(row({ url: '^/(unclosed', regex: 1, match_url: 'regex' }), '/unclosed')).toBe(false);
  });

  it('from/notfrom targets: empty means continue', () => {
    const redirect = row({
      match_type: 'agent',
      action_data: JSON.stringify({ agent: 'x', url_from: '/from', url_notfrom: '' }),
    });
    expect(chooseTarget(redirect, true)).toBe('/from');
    expect(chooseTarget(redirect, false)).toBeNull();
  });

  it('actions without a target fire only when the condition holds', () => {
    const redirect = row({
      match_type: 'ip',
      action_type: 'error',
      action_code: 403,
      action_data: JSON.stringify({ ip: ['1.2.3.4'] }),
    });
    expect(chooseTarget(redirect, true)).toBe(false);
    expect(chooseTarget(redirect, false)).toBeNull();
  });
});
