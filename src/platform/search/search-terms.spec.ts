import { indexedWords, isNumberWord, parseSearchTerms, wordsOf } from './search-terms';

describe('parseSearchTerms (WordPress parse_search)', () => {
  it('splits on spaces, tabs, commas and plus signs', () => {
    expect(parseSearchTerms('foo bar,baz+qux\tquux')).toEqual(['foo', 'bar', 'baz', 'qux', 'quux']);
  });

  it('keeps quoted phrases and exclusions', () => {
    expect(parseSearchTerms('"exact phrase" -not')).toEqual(['exact phrase', '-not']);
    expect(parseSearchTerms('"unterminated phrase')).toEqual(['unterminated phrase']);
  });

  it('drops stopwords and single letters or dashes, keeping digits', () => {
    expect(parseSearchTerms('the excavator of a site - 3')).toEqual(['excavator', 'site', '3']);
    expect(parseSearchTerms('The Machine')).toEqual(['Machine']);
  });

  it('searches the whole string when no term is left or there are more than nine', () => {
    expect(parseSearchTerms('the')).toEqual(['the']);
    expect(parseSearchTerms('a b c')).toEqual(['a b c']);
    expect(parseSearchTerms('one two three four five six seven eight nine ten')).toEqual([
      'one two three four five six seven eight nine ten',
    ]);
  });

  it('ignores line breaks', () => {
    expect(parseSearchTerms('foo\r\nbar')).toEqual(['foobar']);
  });
});

describe('search words', () => {
  it('lowercases runs of letters, marks and digits', () => {
    expect(wordsOf('3D-Machine Control, Ærlig ØVELSE 2026!')).toEqual([
      '3d',
      'machine',
      'control',
      'ærlig',
      'øvelse',
      '2026',
    ]);
  });

  it('normalizes to NFC so composed and decomposed letters meet', () => {
    expect(wordsOf('Cafe\u0301')).toEqual(['café']);
  });

  it('indexes text, not markup, once per word', () => {
    expect(
      indexedWords(
        '<p class="lead">Grade <strong>control</strong> &amp; grade<!-- hidden --> caf&#233;&nbsp;x</p>',
      ),
    ).toEqual(['grade', 'control', 'café', 'x']);
    expect(indexedWords(null)).toEqual([]);
  });

  it('leaves out words longer than the index keeps', () => {
    expect(indexedWords(`short ${'a'.repeat(101)}`)).toEqual(['short']);
  });

  it('tells digit-only words apart', () => {
    expect(isNumberWord('2026')).toBe(true);
    expect(isNumberWord('3d')).toBe(false);
  });
});
