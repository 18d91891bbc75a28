import { likeEscape, parseSearchTerms, prefixCondition } from './posts.repository';

describe('posts repository helpers', () => {
  it('splits search strings like WordPress parse_search', () => {
    expect(parseSearchTerms('foo bar,baz+qux')).toEqual(['foo', 'bar', 'baz', 'qux']);
    expect(parseSearchTerms('"exact phrase" -not')).toEqual(['exact phrase', '-not']);
    expect(parseSearchTerms('a b c d e f g h i j')).toEqual(['a b c d e f g h i j']);
  });

  it('escapes LIKE wildcards and builds index-friendly prefix conditions', () => {
    expect(likeEscape('50%_off!')).toBe('50!%!_off!!');
    expect(prefixCondition('p.slug', 'a_b', 'mysql')).toEqual(["p.slug LIKE :prefix ESCAPE '!'", 'a!_b%']);
    expect(prefixCondition('p.slug', 'a*b', 'better-sqlite3')).toEqual(['p.slug GLOB :prefix', 'a[*]b*']);
  });
});
