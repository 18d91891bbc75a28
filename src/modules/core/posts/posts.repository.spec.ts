import { prefixCondition } from './posts.repository';

describe('posts repository helpers', () => {
  it('builds index-friendly prefix conditions', () => {
    expect(prefixCondition('p.slug', 'a_b', 'mysql')).toEqual(["p.slug LIKE :prefix ESCAPE '!'", 'a!_b%']);
    expect(prefixCondition('p.slug', 'a*b', 'better-sqlite3')).toEqual(['p.slug GLOB :prefix', 'a[*]b*']);
  });
});
