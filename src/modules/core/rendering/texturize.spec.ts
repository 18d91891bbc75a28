import { texturize } from './texturize';

// Expected strings are WordPress's documented wptexturize outputs (its PHPUnit suite).
describe('texturize', () => {
  it.each([
    ['Hey -- boo?', 'Hey &#8212; boo?'],
    [' - ', ' &#8211; '],
    ['&nbsp;-&nbsp;', '&nbsp;&#8211;&nbsp;'],
    ['\u00a0--\u00a0', '\u00a0&#8212;\u00a0'],
    ['- -', '&#8211; &#8211;'],
    ['-- --', '&#8212; &#8212;'],
    ['a---b', 'a&#8212;b'],
    ['pages 10--20', 'pages 10&#8211;20'],
    ['http://xn--bcher-kva.example', 'http://xn--bcher-kva.example'],
  ])('dashes: %j', (input, expected) => {
    expect(texturize(input)).toBe(expected);
  });

  it.each([
    ["test's", 'test&#8217;s'],
    ["'quoted'", '&#8216;quoted&#8217;'],
    ['"quoted"', '&#8220;quoted&#8221;'],
    ['("test")', '(&#8220;test&#8221;)'],
    ["('test')", '(&#8216;test&#8217;)'],
    ["('twas)", '(&#8217;twas)'],
    [" 'test's quoted' ", ' &#8216;test&#8217;s quoted&#8217; '],
    [' "test\'s quoted" ', ' &#8220;test&#8217;s quoted&#8221; '],
    [
      "That means every moment you're working on something without it being in the public it's actually dying.",
      'That means every moment you&#8217;re working on something without it being in the public it&#8217;s actually dying.',
    ],
    ['A test with a finishing number, "like 23".', 'A test with a finishing number, &#8220;like 23&#8221;.'],
    ["Class of '99", 'Class of &#8217;99'],
    ["'Class of '99's'", '&#8216;Class of &#8217;99&#8217;s&#8217;'],
    ['}"Class of \'99"{', '}&#8221;Class of &#8217;99&#8243;{'],
    ['&nbsp;"Testing"', '&nbsp;&#8220;Testing&#8221;'],
    ["WordPress 3.5's release date", 'WordPress 3.5&#8217;s release date'],
    ['word "\'word word', 'word &#8220;&#8216;word word'],
    ['word"word"word', 'word&#8221;word&#8221;word'],
    ['test sentence." word', 'test sentence.&#8221; word'],
    ["word word'- word", 'word word&#8217;- word'],
    ["word <'word word", "word <'word word"],
    ["word'< word", 'word&#8217;< word'],
    ["Contraction: \u03a0's", 'Contraction: \u03a0&#8217;s'],
    [
      'cause today\'s effort makes it worth tomorrow\'s "holiday" ...',
      'cause today&#8217;s effort makes it worth tomorrow&#8217;s &#8220;holiday&#8221; &#8230;',
    ],
    ["'cause 'tis 'em", '&#8217;cause &#8217;tis &#8217;em'],
    ["``old style'' quotes", '&#8220;old style&#8221; quotes'],
    ['Brand (tm)', 'Brand &#8482;'],
  ])('quotes and apostrophes: %j', (input, expected) => {
    expect(texturize(input)).toBe(expected);
  });

  it.each([
    ["9'", '9&#8242;'],
    ['9"', '9&#8243;'],
    ['"a 9\' b"', '&#8220;a 9&#8242; b&#8221;'],
    ["'a 9\" b'", '&#8216;a 9&#8243; b&#8217;'],
    [
      "\"a 9' plus a '9', maybe a 9' '9'\"",
      '&#8220;a 9&#8242; plus a &#8216;9&#8217;, maybe a 9&#8242; &#8216;9&#8217;&#8221;',
    ],
    [
      "according to our source, '33 students scored less than 50' on the test.",
      'according to our source, &#8217;33 students scored less than 50&#8242; on the test.',
    ],
    ["word 99'word", 'word 99&#8217;word'],
  ])('primes: %j', (input, expected) => {
    expect(texturize(input)).toBe(expected);
  });

  it.each([
    ['14x24', '14&#215;24'],
    ['-123x1=-123', '-123&#215;1=-123'],
    ['0.675x1=0.675', '0.675&#215;1=0.675'],
    ['-123x-1', '-123x-1'],
    ['9 x 9', '9 x 9'],
    ['0x70', '0x70'],
  ])('multiplication: %j', (input, expected) => {
    expect(texturize(input)).toBe(expected);
  });

  it.each([
    ['<pre>---&</pre>', '<pre>---&</pre>'],
    ['<pre><code></code>--&</pre>', '<pre><code></code>--&</pre>'],
    ['<code>---&</code>', '<code>---&</code>'],
    ['<kbd>---&</kbd>', '<kbd>---&</kbd>'],
    ['<style>---&</style>', '<style>---&</style>'],
    ['<script>---&</script>', '<script>---&</script>'],
    ['<tt>---&</tt>', '<tt>---&</tt>'],
    ['<code>href="baba"</code> "baba"', '<code>href="baba"</code> &#8220;baba&#8221;'],
    [
      '<pre>"baba"<code>"baba"<pre></pre></code>"baba"</pre>',
      '<pre>"baba"<code>"baba"<pre></pre></code>"baba"</pre>',
    ],
    ['<pre></code>"baba"</pre>', '<pre></code>"baba"</pre>'],
  ])('leaves code and script alone: %j', (input, expected) => {
    expect(texturize(input)).toBe(expected);
  });

  it('never changes tags or comments, but escapes stray ampersands in both text and tags', () => {
    expect(texturize('<a href="http://xx--xx">Hey -- boo?</a>')).toBe(
      '<a href="http://xx--xx">Hey &#8212; boo?</a>',
    );
    expect(texturize("'<strong>")).toBe('&#8216;<strong>');
    expect(texturize("<p>'99<br />'123'<br />'tis<br />'s'</p>")).toBe(
      '<p>&#8217;99<br />&#8216;123&#8217;<br />&#8217;tis<br />&#8216;s&#8217;</p>',
    );
    const comment = "<!--[if !IE]>\"a 9' plus a '9', maybe a 9' '9' \"<![endif]-->";
    expect(texturize(comment)).toBe(comment);
    expect(texturize('AT&T <a href="?a=1&b=2">x</a> &amp; &#8217;')).toBe(
      'AT&#038;T <a href="?a=1&#038;b=2">x</a> &amp; &#8217;',
    );
  });

  it('leaves registered shortcodes alone and skips [code] content', () => {
    expect(texturize('[gallery ids="1,2"] "hi"')).toBe('[gallery ids="1,2"] &#8220;hi&#8221;');
    expect(texturize('[unknown a="b"]')).toBe('[unknown a=&#8221;b&#8221;]');
    expect(texturize('[code]"x" -- y[/code] "z"', { shortcodeTags: ['code'] })).toBe(
      '[code]"x" -- y[/code] &#8220;z&#8221;',
    );
  });

  it('returns empty text unchanged', () => {
    expect(texturize('')).toBe('');
  });
});
