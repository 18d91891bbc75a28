import { dateFits, readWithStructure } from './permalinks';

describe('permalink migration: old structures', () => {
  it('reads the rewrite tags of a structure, a trailing slash optional', () => {
    expect(readWithStructure('/%year%/%monthnum%/%day%/%postname%/', '/2022/07/06/moved-story/')).toEqual({
      year: 2022,
      monthnum: 7,
      day: 6,
      postname: 'moved-story',
    });
    expect(readWithStructure('/archives/%post_id%', '/archives/12')).toEqual({ post_id: 12 });
    expect(readWithStructure('%category%/%postname%', '/news/tech/story')).toEqual({
      category: 'news/tech',
      postname: 'story',
    });
  });

  it('reads nothing of another shape, nor a structure that names no post', () => {
    expect(readWithStructure('/%year%/%monthnum%/%postname%/', '/2022/07/06/moved-story/')).toBeNull();
    expect(readWithStructure('/%year%/%monthnum%/', '/2022/07/')).toBeNull();
    expect(readWithStructure('/archives/%post_id%', '/archives/x')).toBeNull();
  });

  it('fits a post date to the parts read, as a date query', () => {
    expect(dateFits('2022-07-06 10:00:00', { year: 2022, monthnum: 7 })).toBe(true);
    expect(dateFits('2022-07-06 10:00:00', { year: 2022, monthnum: 8 })).toBe(false);
    expect(dateFits('2022-07-06 10:00:00', { postname: 'x' })).toBe(true);
  });
});
