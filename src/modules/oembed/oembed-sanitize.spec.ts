import { filterUntrustedResult, kses, providerDataToHtml } from './oembed-sanitize';

describe('oembed sanitising', () => {
  it('kses keeps allowed tags and attributes only', () => {
    const allowed = { a: new Set(['href']), b: new Set<string>() };
    expect(
      kses('<a href="http://x" onclick="y()">t</a><script>s()</script><b class="c">b</b><!-- c -->', allowed),
    ).toBe('<a href="http://x">t</a>s()<b>b</b>');
    expect(kses('<a href="javascript:alert(1)">t</a>', allowed)).toBe('<a>t</a>');
    expect(kses("<a href='http://x'>t</a>", allowed)).toBe('<a href="http://x">t</a>');
  });

  it('requires an iframe in untrusted rich HTML', () => {
    expect(filterUntrustedResult('<blockquote>only text</blockquote>')).toBe(false);
  });

  it('sandboxes the iframe and ties it to a secret (wp_filter_oembed_result)', () => {
    expect(filterUntrustedResult('<iframe src="http://p.test/e" width="10"></iframe>', 'S3cr3tS3cr')).toBe(
      '<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" src="http://p.test/e#?secret=S3cr3tS3cr" data-secret="S3cr3tS3cr" width="10"></iframe>',
    );
    expect(
      filterUntrustedResult(
        '<blockquote><a href="http://p.test">x</a></blockquote><iframe src="http://p.test/e"></iframe>',
        'abcdefghij',
      ),
    ).toBe(
      '<blockquote class="wp-embedded-content" data-secret="abcdefghij"><a href="http://p.test">x</a></blockquote>' +
        '<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" style="position: absolute; visibility: hidden;" src="http://p.test/e#?secret=abcdefghij" data-secret="abcdefghij"></iframe>',
    );
  });

  it('turns provider data into HTML by type (data2html)', () => {
    expect(providerDataToHtml({ type: 'link', title: 'A & B' }, 'http://u.test/')).toBe(
      '<a href="http://u.test/">A &amp; B</a>',
    );
    expect(
      providerDataToHtml(
        { type: 'photo', url: 'http://u.test/p.jpg', width: 0, height: 5 },
        'http://u.test/',
      ),
    ).toBe(false);
    expect(providerDataToHtml({ type: 'rich' }, 'http://u.test/')).toBe(false);
    expect(providerDataToHtml({ type: 'other' }, 'http://u.test/')).toBe(false);
  });
});
