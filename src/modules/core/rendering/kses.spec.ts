import { sanitizePostHtml, sanitizeTitleHtml } from './kses';

describe('sanitizePostHtml', () => {
  it('keeps formatting, structure, block delimiters and allowed attributes', () => {
    const blockContent =
      '<!-- wp:paragraph {"align":"center"} -->\n<p class="has-text-align-center">Hi <strong>there</strong> <em>you</em></p>\n<!-- /wp:paragraph -->';
    expect(sanitizePostHtml(blockContent)).toBe(blockContent);
    expect(
      sanitizePostHtml(
        '<h2 id="s1">T</h2><ul><li>a</li></ul><table><tr><td colspan="2">c</td></tr></table><figure><img src="a.jpg" alt="A" width="10"><figcaption>c</figcaption></figure>',
      ),
    ).toBe(
      '<h2 id="s1">T</h2><ul><li>a</li></ul><table><tr><td colspan="2">c</td></tr></table><figure><img src="a.jpg" alt="A" width="10"><figcaption>c</figcaption></figure>',
    );
    expect(sanitizePostHtml('<div data-id="5" aria-label="l" role="note">d</div><br/><hr />')).toBe(
      '<div data-id="5" aria-label="l" role="note">d</div><br /><hr />',
    );
  });

  it('removes disallowed tags but keeps their text, as WordPress does', () => {
    expect(sanitizePostHtml('<div>div</div> <strong>strong</strong> <script>oh noes</script>')).toBe(
      '<div>div</div> <strong>strong</strong> oh noes',
    );
    expect(
      sanitizePostHtml(
        '<style>p{}</style><iframe src="https://x"></iframe><object data="x"></object><embed src="x.swf">t',
      ),
    ).toBe('p{}t');
    expect(
      sanitizePostHtml('<form action="/x"><input name="q"><button type="submit">Go</button></form>'),
    ).toBe('<button type="submit">Go</button>');
  });

  it('can remove script, style, iframe and object elements together with their content', () => {
    expect(
      sanitizePostHtml(
        '<script>alert(1)</script><style>p{}</style><iframe src="x">fallback</iframe><object><b>f</b></object><svg><svg></svg><text>t</text></svg><p>kept</p>',
        { removeUnsafeElementContent: true },
      ),
    ).toBe('<p>kept</p>');
    // Like a browser, script content ends at the first </script>, even inside a string.
    expect(
      sanitizePostHtml('<script>var s = "</script>"; alert(1)</script>after', {
        removeUnsafeElementContent: true,
      }),
    ).toBe('"; alert(1)after');
  });

  it('drops event handlers and any attribute not allow-listed', () => {
    expect(sanitizePostHtml('<img src=x onerror=alert(1)><p ONCLICK="x()" onmouseover=y>t</p>')).toBe(
      '<img src="x"><p>t</p>',
    );
    expect(sanitizePostHtml('<a href="/x" formaction="javascript:x" data-x-="1">a</a>')).toBe(
      '<a href="/x">a</a>',
    );
  });

  it.each([
    ['<a href="javascript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="  JaVaScRiPt:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="jav\tascript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="&#106;avascript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="java&#x53;cript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="javascript&colon;alert(1)">a</a>', '<a href="javascript&amp;colon;alert(1)">a</a>'],
    ['<a href="vbscript:msgbox(1)">a</a>', '<a>a</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">a</a>', '<a>a</a>'],
    ['<img src="data:image/svg+xml,&lt;svg&gt;">', '<img>'],
    ['<video poster="javascript:x" src="v.mp4"></video>', '<video src="v.mp4"></video>'],
    ['<img src="a.jpg" srcset="a.jpg 1x, javascript:alert(1) 2x">', '<img src="a.jpg">'],
  ])('refuses unsafe URLs: %j', (input, expected) => {
    expect(sanitizePostHtml(input)).toBe(expected);
  });

  it.each([
    [
      '<a href="https://example.com/?a=1&b=2" target="_blank" rel="noopener">x</a>',
      '<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener">x</a>',
    ],
    [
      '<a href="mailto:a@example.com">m</a><a href="tel:+4712345678">t</a>',
      '<a href="mailto:a@example.com">m</a><a href="tel:+4712345678">t</a>',
    ],
    [
      '<a href="/path:with-colon">r</a><a href="#top">h</a><a href="//cdn.example.com/x">c</a>',
      '<a href="/path:with-colon">r</a><a href="#top">h</a><a href="//cdn.example.com/x">c</a>',
    ],
    [
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">',
    ],
    [
      '<img src="a.jpg" srcset="a.jpg 1x, b.jpg 2x" loading="lazy">',
      '<img src="a.jpg" srcset="a.jpg 1x, b.jpg 2x" loading="lazy">',
    ],
  ])('keeps safe URLs: %j', (input, expected) => {
    expect(sanitizePostHtml(input)).toBe(expected);
  });

  it('keeps harmless style declarations only', () => {
    expect(
      sanitizePostHtml(
        '<p style="color: red; background: url(javascript:alert(1)); width: expression(alert(1)); margin:0">s</p>',
      ),
    ).toBe('<p style="color: red;margin:0">s</p>');
    expect(
      sanitizePostHtml(
        '<p style="background-image: url(\'https://x/y.png\'); --wp--preset--color: #fff">s</p>',
      ),
    ).toBe('<p style="background-image: url(\'https://x/y.png\');--wp--preset--color: #fff">s</p>');
    expect(sanitizePostHtml('<p style="behavior: url(x.htc)">s</p>')).toBe('<p>s</p>');
  });

  it('escapes stray characters and normalises entities', () => {
    expect(sanitizePostHtml('a < b && c > d; AT&T &copy; &colon; &#0039; &#x0027; &#1114112;')).toBe(
      'a &lt; b &amp;&amp; c &gt; d; AT&amp;T &copy; &amp;colon; &#039; &#x27; &amp;#1114112;',
    );
    expect(sanitizePostHtml('<a title=\'say "hi"\'>q</a><a title="x>y">z</a>')).toBe(
      '<a title="say &quot;hi&quot;">q</a><a title="x&gt;y">z</a>',
    );
  });

  it('cannot be tricked by comment, bogus-comment or broken-tag edge cases', () => {
    expect(sanitizePostHtml('<!--><script>alert(1)</script>-->')).toBe('<!---->alert(1)--&gt;');
    expect(sanitizePostHtml('<!---><img src=x onerror=alert(1)>-->')).toBe('<!----><img src="x">--&gt;');
    expect(sanitizePostHtml('<!-- a --!><img src=x onerror=alert(1)>')).toBe('<!-- a --><img src="x">');
    expect(sanitizePostHtml('<!DOCTYPE html><?php echo 1; ?><![CDATA[x]]>after')).toBe('after');
    expect(sanitizePostHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
    expect(sanitizePostHtml('<p>cut <a href="x" onclick="y')).toBe('<p>cut ');
    expect(sanitizePostHtml('<textarea><img src=x onerror=alert(1)></textarea>')).toBe(
      '<textarea><img src="x"></textarea>',
    );
    expect(sanitizePostHtml('null\u0000byte')).toBe('nullbyte');
  });
});

describe('sanitizeTitleHtml', () => {
  it('keeps inline formatting only', () => {
    expect(sanitizeTitleHtml('<div>div</div> <strong>strong</strong> <script>oh noes</script>')).toBe(
      'div <strong>strong</strong> oh noes',
    );
    expect(sanitizeTitleHtml('<a href="/x" class="c" onclick="x">link</a> <img src="x"> & <em>e</em>')).toBe(
      '<a href="/x">link</a>  &amp; <em>e</em>',
    );
    expect(sanitizeTitleHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });
});
