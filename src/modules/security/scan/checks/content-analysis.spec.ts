import { loadSignatures } from '../signatures';
import { analyseContent, stripFindings } from './content-analysis';

describe('analyseContent', () => {
  const signatures = loadSignatures();
  const rules = (html: string) => analyseContent(html, 'example.test', signatures).map((f) => f.rule);

  it('leaves ordinary markup, own and trusted hosts alone', () => {
    expect(rules('<p>Hello <a href="https://other.example/">link</a></p>')).toEqual([]);
    expect(rules('<script src="https://example.test/app.js"></script>')).toEqual([]);
    expect(rules('<script src="/local.js"></script>')).toEqual([]);
    expect(rules('<iframe src="https://www.youtube.com/embed/x"></iframe>')).toEqual([]);
    expect(rules('<iframe src="/embed/5"></iframe>')).toEqual([]);
    expect(rules('<div style="display:none">no links here</div>')).toEqual([]);
    expect(rules('plain text about evaluation')).toEqual([]);
  });

  it('flags foreign scripts (any quoting, protocol-relative), inline scripts and foreign frames', () => {
    expect(rules('<script src="https://evil.example/x.js"></script>')).toEqual(['foreign-script']);
    expect(rules("<SCRIPT type='text/javascript' src='//evil.example/x.js'></SCRIPT>")).toEqual([
      'foreign-script',
    ]);
    expect(rules('<script src=http://evil.example/x.js></script>')).toEqual(['foreign-script']);
    expect(rules('<script>var a = 1;</script>')).toEqual(['inline-script']);
    expect(rules('<iframe width="1" src="http://ads.example/"></iframe>')).toEqual(['foreign-iframe']);
  });

  it('flags links hidden by style', () => {
    for (const style of [
      'display:none',
      'visibility: hidden',
      'font-size:0',
      'position:absolute;left:-9999px',
      'opacity:0',
    ]) {
      expect(rules(`<div style="${style}"><a href="https://spam.example/">x</a></div>`)).toEqual([
        'hidden-link',
      ]);
    }
    expect(rules('<a href="https://spam.example/" style="display:none">x</a>')).toEqual(['hidden-link']);
  });

  it('applies the signature file: obfuscated JavaScript, miners, spam links', () => {
    expect(rules('<script>eval(atob("YWxlcnQ="))</script>')).toEqual([
      'inline-script',
      'obfuscated-eval-atob',
    ]);
    expect(rules('<img onerror="eval(String.fromCharCode(97,108))">')).toEqual(['obfuscated-eval-charcode']);
    expect(rules('<script>eval(function(p,a,c,k,e,d){})</script>')).toContain('packer');
    expect(rules('<a href="/x">Buy cheap Viagra</a>')).toEqual(['spam-pharma']);
    expect(rules('<p>online casino</p>')).toEqual([]);
    expect(rules(`<span>${'\\x41'.repeat(25)}</span>`)).toEqual(['obfuscated-hex-escapes']);
  });

  it('strips what it found, whole elements included, and nothing else', () => {
    const html =
      '<p>a</p><script src="https://evil.example/x.js"></script><p>b</p><div style="display:none"><a href="https://s.example">s</a></div><p>c <a href="/x">Buy viagra</a></p>';
    const findings = analyseContent(html, 'example.test', signatures);
    const stripped = stripFindings(html, findings);
    expect(stripped).toBe('<p>a</p><p>b</p><p>c </p>');
    expect(analyseContent(stripped, 'example.test', signatures)).toEqual([]);
    const nested = '<p>x</p><script>eval(atob("x"))</script>';
    expect(stripFindings(nested, analyseContent(nested, 'example.test', signatures))).toBe('<p>x</p>');
  });
});
