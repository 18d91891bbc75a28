import { LinearRegex, LinearRegexSet } from './linear-regex';

describe('LinearRegex', () => {
  it('matches a catastrophic pattern against a long input without backtracking', () => {
    // On V8's RegExp this input would take about 2^16000 steps; completing at all proves linear matching.
    const regex = LinearRegex.compile('^/(a+)+$', { dotAll: true });
    expect(regex.test(`/${'a'.repeat(16000)}!`)).toBe(false);
    expect(regex.test(`/${'a'.repeat(16000)}`)).toBe(true);
    expect(LinearRegex.compile('(x+x+)+y').test('x'.repeat(16000))).toBe(false);
  });

  it('supports the usual PCRE syntax: classes, named groups, inline flags, lookbehind', () => {
    expect(LinearRegex.compile('^/docs/(\\w+)/(?P<rest>.*)$').test('/docs/a/b')).toBe(true);
    expect(LinearRegex.compile('^/(?<year>\\d{4})/').test('/2024/x')).toBe(true);
    expect(LinearRegex.compile('(?i)^/ABC').test('/abc')).toBe(true);
    expect(LinearRegex.compile('^/abc', { ignoreCase: true }).test('/ABC')).toBe(true);
    expect(LinearRegex.compile('(?<=/x)y').test('/xy')).toBe(true);
    expect(LinearRegex.compile('(?<!/x)y').test('/xy')).toBe(false);
    expect(LinearRegex.compile('a.b', { dotAll: true }).test('a\nb')).toBe(true);
    expect(LinearRegex.compile('a.b').test('a\nb')).toBe(false);
  });

  it('replaces with JavaScript replacement syntax', () => {
    const regex = LinearRegex.compile('^/docs/(\\w+)/(.*)$');
    expect(regex.replaceAll('/docs/intro/start', '/manual/$2?topic=$1')).toBe('/manual/start?topic=intro');
    expect(regex.replaceAll('/docs/intro/start', '[$&] $$')).toBe('[/docs/intro/start] $');
  });

  it.each([
    ['^/(a)\\1$', 'backreferences'],
    ['^/(?P<x>a)\\k<x>$', 'backreferences'],
    ['^/a(?=b)', 'lookahead assertions'],
    ['^/a(?!b)', 'lookahead assertions'],
    ['^/(?>a+)b', 'atomic groups'],
    ['^/a++b', 'possessive quantifiers'],
    ['^/a*+b', 'possessive quantifiers'],
    ['^/(?<=(a))b', 'capturing groups inside lookbehind'],
    ['^/(a|(?R))', 'recursion and conditional groups'],
  ])('refuses %s: %s', (pattern, construct) => {
    const refusal = LinearRegex.refusal(pattern);
    expect(refusal?.construct).toBe(construct);
    expect(refusal?.message).toContain(`${construct} are not supported`);
    expect(LinearRegex.tryCompile(pattern)).toBeNull();
  });

  it('reports syntax errors and oversized programs without naming a construct', () => {
    expect(LinearRegex.refusal('^/broken/(.*$')).toEqual({
      construct: null,
      message: 'missing closing ): ^/broken/(.*$',
    });
    expect(LinearRegex.refusal('[a-z]{1000}'.repeat(10))?.message).toMatch(/too large/);
  });

  it('matches all in a set, answering the first pattern in order', () => {
    const set = new LinearRegexSet(['b', 'a', 'c'], { ignoreCase: true });
    expect(set.firstMatch('xAx')).toBe(1);
    expect(set.firstMatch('ABC')).toBe(0);
    expect(set.firstMatch('zzz')).toBe(-1);
    expect(new LinearRegexSet([]).firstMatch('a')).toBe(-1);
    expect(() => new LinearRegexSet(['(a)\\1'])).toThrow(/backreferences/);
  });
});
