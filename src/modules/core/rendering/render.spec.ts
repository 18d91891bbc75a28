import { convertChars, renderContent, renderExcerpt, renderTitle } from './render';

const sixtyWords = Array.from({ length: 60 }, (_, index) => `w${index + 1}`).join(' ');
const firstWords = (count: number): string => sixtyWords.split(' ').slice(0, count).join(' ');

describe('renderContent', () => {
  it('texturizes and paragraphs classic content', () => {
    expect(renderContent('Post content')).toBe('<p>Post content</p>\n');
    expect(renderContent('It\'s a "test" -- ok\nnext line\n\nNew paragraph')).toBe(
      '<p>It&#8217;s a &#8220;test&#8221; &#8212; ok<br />\nnext line</p>\n<p>New paragraph</p>\n',
    );
  });

  it('strips block delimiters and skips autop for block content', () => {
    expect(renderContent("<!-- wp:paragraph -->\n<p>It's a block</p>\n<!-- /wp:paragraph -->")).toBe(
      '\n<p>It&#8217;s a block</p>\n',
    );
  });

  it('does not wrap a standalone registered shortcode in a paragraph', () => {
    expect(renderContent('Hello\n\n[gallery ids="1,2"]\n\nBye')).toBe(
      '<p>Hello</p>\n[gallery ids="1,2"]\n<p>Bye</p>\n',
    );
  });

  it('leaves <pre> content untouched', () => {
    expect(renderContent('<pre>it\'s "code"\n\nline</pre>\n\nAfter')).toBe(
      '<pre>it\'s "code"\n\nline</pre>\n<p>After</p>\n',
    );
  });

  it('renders nothing for empty content', () => {
    expect(renderContent('')).toBe('');
  });
});

describe('renderTitle', () => {
  it('texturizes, escapes stray ampersands and trims', () => {
    expect(renderTitle("O'Rourke")).toBe('O&#8217;Rourke');
    expect(renderTitle('  Tom & Jerry -- "Live"  ')).toBe('Tom &#038; Jerry &#8212; &#8220;Live&#8221;');
    expect(renderTitle('<em>Keep</em> tags &amp; entities')).toBe('<em>Keep</em> tags &amp; entities');
  });
});

describe('renderExcerpt', () => {
  it('uses a hand-written excerpt whole', () => {
    expect(renderExcerpt('Post excerpt', 'Content')).toBe('<p>Post excerpt</p>\n');
    expect(renderExcerpt(sixtyWords, 'Content', 10)).toBe(`<p>${sixtyWords}</p>\n`);
    expect(renderExcerpt("It's here", '')).toBe('<p>It&#8217;s here</p>\n');
  });

  it('generates one from the content when empty, cut to the requested length', () => {
    expect(renderExcerpt('', sixtyWords)).toBe(`<p>${firstWords(55)} [&hellip;]</p>\n`);
    expect(renderExcerpt('   ', sixtyWords, 43)).toBe(`<p>${firstWords(43)} [&hellip;]</p>\n`);
    expect(renderExcerpt('', '<p>Short <b>content</b>.</p>')).toBe('<p>Short content.</p>\n');
  });

  it('is empty when both excerpt and content are empty', () => {
    expect(renderExcerpt('', '')).toBe('');
  });
});

describe('convertChars', () => {
  it('escapes ampersands that do not start an entity', () => {
    expect(convertChars('A & B &amp; C &#8217; D&E')).toBe('A &#038; B &amp; C &#8217; D&#038;E');
  });
});
