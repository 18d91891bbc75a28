import { generateExcerpt, teaserOf, trimWords } from './excerpt';

const sixtyWords = Array.from({ length: 60 }, (_, index) => `w${index + 1}`).join(' ');
const firstWords = (count: number): string => sixtyWords.split(' ').slice(0, count).join(' ');

describe('trimWords', () => {
  it('keeps the first words and appends the marker only when it cut something', () => {
    expect(trimWords(sixtyWords, 5)).toBe('w1 w2 w3 w4 w5 [&hellip;]');
    expect(trimWords('a b c', 3)).toBe('a b c');
    expect(trimWords('a b c d', 3, '&hellip;')).toBe('a b c&hellip;');
    expect(trimWords(sixtyWords)).toBe(`${firstWords(55)} [&hellip;]`);
  });

  it('counts words of the tag-stripped text and collapses whitespace', () => {
    expect(trimWords('<p>Hello <b>big</b>\n\tworld</p>')).toBe('Hello big world');
    expect(trimWords('<script>var x = 1;</script><style>p{}</style>one two', 1)).toBe('one [&hellip;]');
    expect(trimWords('word&nbsp;joined other', 1)).toBe('word&nbsp;joined [&hellip;]');
  });

  it('handles zero and empty input', () => {
    expect(trimWords('a b', 0)).toBe(' [&hellip;]');
    expect(trimWords('', 5)).toBe('');
  });
});

describe('teaserOf', () => {
  it('stops at the first <!--more--> and the first page', () => {
    expect(teaserOf('Teaser<!--more Read on-->Rest')).toBe('Teaser');
    expect(teaserOf('Page one<!--nextpage-->Page two')).toBe('Page one');
    expect(
      teaserOf(
        '<!-- wp:paragraph --><p>A</p><!-- /wp:paragraph --><!-- wp:more --><!--more--><!-- /wp:more -->B',
      ),
    ).toBe('<!-- wp:paragraph --><p>A</p><!-- /wp:paragraph -->');
    expect(teaserOf('No more tag')).toBe('No more tag');
  });
});

describe('generateExcerpt', () => {
  it('cuts to 55 words by default and to the requested length', () => {
    expect(generateExcerpt(sixtyWords)).toBe(`${firstWords(55)} [&hellip;]`);
    expect(generateExcerpt(sixtyWords, 43)).toBe(`${firstWords(43)} [&hellip;]`);
    expect(generateExcerpt('Short post.')).toBe('Short post.');
  });

  it('drops tags, registered shortcodes and non-text blocks, and texturizes', () => {
    expect(generateExcerpt('It\'s [gallery ids="1"] a <strong>test</strong> -- done')).toBe(
      'It&#8217;s a test &#8212; done',
    );
    expect(
      generateExcerpt(
        '<!-- wp:paragraph -->\n<p>First para</p>\n<!-- /wp:paragraph -->\n\n' +
          '<!-- wp:image {"id":5} -->\n<figure><img src="x.jpg" alt=""/><figcaption>Caption</figcaption></figure>\n<!-- /wp:image -->\n\n' +
          '<!-- wp:paragraph -->\n<p>Second para</p>\n<!-- /wp:paragraph -->',
      ),
    ).toBe('First para Second para');
  });

  it('uses only the teaser and removes footnote references', () => {
    expect(generateExcerpt('Teaser text<!--more-->Rest of post')).toBe('Teaser text');
    expect(
      generateExcerpt('Claim<sup data-fn="abc" class="fn"><a href="#abc" id="abc-link">1</a></sup> stands.'),
    ).toBe('Claim stands.');
  });

  it('is empty for empty content', () => {
    expect(generateExcerpt('')).toBe('');
  });
});
