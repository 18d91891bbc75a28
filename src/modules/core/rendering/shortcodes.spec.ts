import { shortcodeUnautop, stripShortcodes } from './shortcodes';

describe('stripShortcodes', () => {
  it('removes registered shortcodes with their content', () => {
    expect(stripShortcodes('a [gallery ids="1,2"] b')).toBe('a  b');
    expect(stripShortcodes('a [caption id="x"]<img src="i.jpg"> Cap[/caption] b')).toBe('a  b');
    expect(stripShortcodes('a [video src="v.mp4" /] b')).toBe('a  b');
    expect(stripShortcodes('a [caption][gallery][/caption] b [gallery] c')).toBe('a  b  c');
  });

  it('keeps unregistered brackets and unescapes [[escaped]] shortcodes', () => {
    expect(stripShortcodes('Footnote [1] and [sic]')).toBe('Footnote [1] and [sic]');
    expect(stripShortcodes('Write [[gallery]] to show one')).toBe('Write [gallery] to show one');
    expect(stripShortcodes('[[gallery] and [gallery]]')).toBe('[ and ]');
    expect(stripShortcodes('[tribe_events view="list"] x', { shortcodeTags: ['tribe_events'] })).toBe(' x');
  });

  it('stays fast on unclosed brackets', () => {
    const unclosed = '[gallery '.repeat(20000) + '[caption]x';
    const started = Date.now();
    expect(stripShortcodes(unclosed)).toBe('[gallery '.repeat(20000) + 'x');
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('shortcodeUnautop', () => {
  it('unwraps a shortcode that is alone in its paragraph', () => {
    expect(shortcodeUnautop('<p>[gallery ids="1"]</p>\n<p>Text [gallery] inline</p>\n')).toBe(
      '[gallery ids="1"]\n<p>Text [gallery] inline</p>\n',
    );
    expect(shortcodeUnautop('<p>[caption]<img src="a.jpg"> c[/caption]</p>')).toBe(
      '[caption]<img src="a.jpg"> c[/caption]',
    );
    expect(shortcodeUnautop('<p>&nbsp; [video src="v.mp4" /] </p>')).toBe('[video src="v.mp4" /]');
  });

  it('leaves escaped shortcodes and shortcodes sharing their paragraph wrapped', () => {
    expect(shortcodeUnautop('<p>[[gallery]]</p>')).toBe('<p>[[gallery]]</p>');
    expect(shortcodeUnautop('<p>[gallery] tail</p>')).toBe('<p>[gallery] tail</p>');
  });
});
