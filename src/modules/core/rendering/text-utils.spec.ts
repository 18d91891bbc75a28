import { replaceInsideTags, splitHtml, stripAllTags, stripTags } from './text-utils';

describe('stripTags', () => {
  it('removes tags and comments like PHP strip_tags', () => {
    expect(stripTags('<p class="a">Hello <b>world</b></p><!-- note -->!')).toBe('Hello world!');
    expect(stripTags('<a title="x>y">link</a>')).toBe('link');
    expect(stripTags('1 < 2 and <3')).toBe('1 < 2 and ');
  });
});

describe('stripAllTags', () => {
  it('drops script and style content and trims', () => {
    expect(stripAllTags('  <script>alert(1)</script><style>p{}</style><p>Text</p>\n')).toBe('Text');
  });
});

describe('splitHtml / replaceInsideTags', () => {
  it('separates text from tags and comments', () => {
    expect(splitHtml('a<b>c<!-- d > e -->f')).toEqual(['a', '<b>', 'c', '<!-- d > e -->', 'f']);
  });

  it('replaces only inside tags', () => {
    expect(replaceInsideTags('x\n<a\nhref="y">z\n</a>', '\n', ' ')).toBe('x\n<a href="y">z\n</a>');
  });
});
