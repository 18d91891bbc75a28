import { autop } from './autop';

describe('autop', () => {
  it('wraps text in a paragraph and ends with a newline', () => {
    expect(autop('Post content')).toBe('<p>Post content</p>\n');
  });

  it('separates paragraphs on blank lines and turns single newlines into <br />', () => {
    expect(autop('First line\nsecond line\n\nNew paragraph')).toBe(
      '<p>First line<br />\nsecond line</p>\n<p>New paragraph</p>\n',
    );
    expect(autop('Line\r\nLine2')).toBe('<p>Line<br />\nLine2</p>\n');
    expect(autop('a<br><br>b')).toBe('<p>a</p>\n<p>b</p>\n');
  });

  it('does not wrap block-level elements', () => {
    expect(autop('<div>block</div>\ntext')).toBe('<div>block</div>\n<p>text</p>\n');
    expect(autop('Intro\n<ul>\n<li>One</li>\n<li>Two</li>\n</ul>\nOutro')).toBe(
      '<p>Intro</p>\n<ul>\n<li>One</li>\n<li>Two</li>\n</ul>\n<p>Outro</p>\n',
    );
    expect(autop('<h2>Title</h2>\nText under\n<hr>\nAfter')).toBe(
      '<h2>Title</h2>\n<p>Text under</p>\n<hr>\n<p>After</p>\n',
    );
    expect(autop('<blockquote>Quote\n\nSecond</blockquote>')).toBe(
      '<blockquote><p>Quote</p>\n<p>Second</p></blockquote>\n',
    );
  });

  it('leaves <pre> content, newlines inside tags and inline form controls alone', () => {
    expect(
      autop(
        'Look at this code\n\n<pre>Line1<br />Line2<br>Line3<br/>Line4\nActual Line 2\nActual Line 3</pre>\n\nCool, huh?',
      ),
    ).toBe(
      '<p>Look at this code</p>\n<pre>Line1<br />Line2<br>Line3<br/>Line4\nActual Line 2\nActual Line 3</pre>\n<p>Cool, huh?</p>\n',
    );
    expect(autop('<a href="x"\ntitle="y">link</a>\nnext')).toBe(
      '<p><a href="x"\ntitle="y">link</a><br />\nnext</p>\n',
    );
    const form =
      'Username: <input type="text" id="username" name="username" /><br />Password: <input type="password" id="password1" name="password1" />';
    expect(autop(form)).toBe(`<p>${form}</p>\n`);
    const select =
      'Country: <select id="state" name="state"><option value="1">Alabama</option><option value="2">Alaska</option></select>';
    expect(autop(select)).toBe(`<p>${select}</p>\n`);
  });

  it('keeps newlines inside <script>', () => {
    expect(autop('<script>var a;\nvar b;</script>')).toBe('<p><script>var a;\nvar b;</script></p>\n');
  });

  it('can leave single newlines as they are', () => {
    expect(autop('one\ntwo', false)).toBe('<p>one\ntwo</p>\n');
  });

  it('returns an empty string for blank input', () => {
    expect(autop('')).toBe('');
    expect(autop(' \n\t ')).toBe('');
  });

  it('matches WordPress on its first-post fixture', () => {
    const input =
      '\nWelcome to WordPress!  This post contains important information.\n\nFirst things first:\n<ul>\n' +
      '<li><a href="%1$s" title="Subscribe">Subscribe to the mailing list</a></li>\n</ul>\n' +
      'As a subscriber, you will receive an email.\nWhen a new version is released, <a href="%2$s" title="Log in">log in</a> and follow the instructions.\n' +
      'Upgrading is a couple of clicks!\n\nThank you for selecting WordPress.  We wish you happy publishing!\n';
    expect(autop(input)).toBe(
      '<p>Welcome to WordPress!  This post contains important information.</p>\n<p>First things first:</p>\n<ul>\n' +
        '<li><a href="%1$s" title="Subscribe">Subscribe to the mailing list</a></li>\n</ul>\n' +
        '<p>As a subscriber, you will receive an email.<br />\nWhen a new version is released, <a href="%2$s" title="Log in">log in</a> and follow the instructions.<br />\n' +
        'Upgrading is a couple of clicks!</p>\n<p>Thank you for selecting WordPress.  We wish you happy publishing!</p>\n',
    );
  });
});
