import { likeEscape } from '../database';
import { searchConditions, SearchTarget } from './search-index';

const target: SearchTarget = {
  objectType: 'event',
  idColumn: 'e.id',
  columns: { 1: 'e.title', 4: 'e.body' },
};

describe('searchConditions', () => {
  it('answers a one-word term from the word index alone', () => {
    const [condition] = searchConditions(['Grade'], target, [], 's');
    expect(condition.sql).toContain('e.id IN (SELECT');
    expect(condition.sql).toContain('is_number = 0');
    expect(condition.sql).not.toContain('e.title');
    expect(condition.params).toMatchObject({ s0type: 'event', s0w0: '%grade%' });
  });

  it('does not restrict digit-only words to number words (they occur inside words like 3d)', () => {
    const [condition] = searchConditions(['3'], target, [], 's');
    expect(condition.sql).not.toContain('is_number');
  });

  it('narrows phrases by each word, then checks the columns', () => {
    const [condition] = searchConditions(['machine control'], target, [], 's');
    expect(condition.params).toMatchObject({
      s0w0: '%machine%',
      s0w1: '%control%',
      s0like: '%machine control%',
    });
    expect(condition.sql).toContain("COALESCE(e.title, '') LIKE :s0like ESCAPE '!'");
    expect(condition.sql).toContain("COALESCE(e.body, '') LIKE :s0like");
  });

  it('excludes with NOT for -term', () => {
    const [word, phrase] = searchConditions(['-grade', '-3d-machine'], target, [], 's');
    expect(word.sql.startsWith('NOT (e.id IN')).toBe(true);
    expect(phrase.sql.startsWith('NOT (')).toBe(true);
    expect(phrase.sql).not.toContain('search_postings');
  });

  it('scans the columns for terms without letters or digits', () => {
    const [condition] = searchConditions(['%!'], target, [], 's');
    expect(condition.sql).not.toContain('search_postings');
    expect(condition.params).toEqual({ s0like: `%${likeEscape('%!')}%` });
  });

  it('limits the words to the searched fields', () => {
    const [condition] = searchConditions(['grade'], target, [1], 's');
    expect(condition.sql).toContain('field_mask & :s0mask');
    expect(condition.params.s0mask).toBe(1);
  });
});

describe('likeEscape', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(likeEscape('50%_off!')).toBe('50!%!_off!!');
  });
});
