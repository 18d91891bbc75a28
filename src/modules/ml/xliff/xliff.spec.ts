import { buildXliff, fileOriginal, parseXliff, XliffError, XliffJob } from './xliff';

const job = (units: XliffJob['units']): XliffJob => ({
  jobId: 7,
  originalId: 42,
  sourceLanguage: 'en',
  targetLanguage: 'no',
  postType: 'post',
  originalUrl: 'http://example.test/2024/01/02/hello/',
  sender: { id: 1, username: 'admin', email: 'admin@example.test', displayName: 'Admin' },
  units,
});

describe('XLIFF 1.2', () => {
  it('writes WPML’s structure: file original, languages, header, CDATA units', () => {
    const xml = buildXliff(job([{ id: 'title', source: 'Hello', target: 'Hello' }]));
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8" standalone="no"?>\n<xliff')).toBe(true);
    expect(xml).toContain('xmlns="urn:oasis:names:tc:xliff:document:1.2"');
    expect(xml).toContain('version="1.2"');
    expect(xml).toContain(`original="${fileOriginal(7, 42)}"`);
    expect(xml).toContain('source-language="en" target-language="no"');
    expect(xml).toContain('<external-file href="http://example.test/2024/01/02/hello/"/>');
    expect(xml).toContain(
      '<trans-unit resname="title" restype="string" datatype="html" id="title"><source><![CDATA[Hello]]></source><target><![CDATA[Hello]]></target></trans-unit>',
    );
    expect(fileOriginal(7, 42)).toMatch(/^7-[0-9a-f]{32}$/);
  });

  it('round-trips markup, entities, CDATA terminators, quotes and non-ASCII text', () => {
    const tricky = [
      { id: 'title', source: 'Tom & Jerry <3 "quotes" \'single\'', target: 'Tom & Jerry <3' },
      {
        id: 'body',
        source: '<p class="x">Hello <b>world</b></p>\n<!-- c -->',
        target: '<p>Hei <b>verden</b></p>',
      },
      { id: 'excerpt', source: 'a ]]> b ]]]]> c', target: 'x ]]> y' },
      { id: 'field-footnotes', source: '[{"id":"1","content":"<em>n</em>"}]', target: 'æøå ÆØÅ 🎉 &amp;' },
      { id: 't_5', source: 'News', target: 'Nyheter' },
    ];
    const parsed = parseXliff(buildXliff(job(tricky)));
    expect(parsed.original).toBe(fileOriginal(7, 42));
    expect(parsed.sourceLanguage).toBe('en');
    expect(parsed.targetLanguage).toBe('no');
    expect(parsed.units).toEqual(
      tricky.map((unit) => ({ id: unit.id, source: unit.source, target: unit.target })),
    );
  });

  it('strips control characters XML cannot hold', () => {
    const parsed = parseXliff(buildXliff(job([{ id: 'title', source: 'a\u0001b\u0008c\td', target: 'x' }])));
    expect(parsed.units[0].source).toBe('abc\td');
  });

  it('reads targets a translation tool wrote without CDATA: entities decoded, markup kept as HTML', () => {
    const xml = `<?xml version="1.0"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="7-abc" source-language="en" target-language="no" datatype="plaintext">
    <body>
      <group id="g">
        <trans-unit id="body"><source>x</source><target>Hei &amp; &lt;p&gt; <b class="y">verden</b> &#233;<br class="xliff-newline"/>linje<br/></target></trans-unit>
      </group>
      <trans-unit id="title"><source>x</source><target state="translated"><![CDATA[<i>Tittel</i>]]> og mer</target></trans-unit>
    </body>
  </file>
</xliff>`;
    const parsed = parseXliff(xml);
    expect(parsed.units).toEqual([
      { id: 'body', source: 'x', target: 'Hei & <p> <b class="y">verden</b> é\nlinje<br />' },
      { id: 'title', source: 'x', target: '<i>Tittel</i> og mer' },
    ]);
  });

  it.each([
    ['empty', ''],
    ['not XML', 'this is not xml'],
    ['unclosed tags', '<xliff version="1.2"><file><body></xliff>'],
    ['another root', '<html version="1.2"><file/></html>'],
    ['a version it does not know', '<xliff version="2.0"><file><body/></file></xliff>'],
    ['no file', '<xliff version="1.2"></xliff>'],
    ['two files', '<xliff version="1.2"><file><body/></file><file><body/></file></xliff>'],
    ['no body', '<xliff version="1.2"><file/></xliff>'],
    [
      'a unit without target',
      '<xliff version="1.2"><file><body><trans-unit id="a"><source>x</source></trans-unit></body></file></xliff>',
    ],
    [
      'a unit without id',
      '<xliff version="1.2"><file><body><trans-unit><target>x</target></trans-unit></body></file></xliff>',
    ],
    [
      'a unit twice',
      '<xliff version="1.2"><file><body><trans-unit id="a"><target>x</target></trans-unit><trans-unit id="a"><target>y</target></trans-unit></body></file></xliff>',
    ],
    [
      'an undefined entity',
      '<xliff version="1.2"><file><body><trans-unit id="a"><target>&nbsp;</target></trans-unit></body></file></xliff>',
    ],
  ])('refuses %s', (_name, xml) => {
    expect(() => parseXliff(xml)).toThrow(XliffError);
  });
});
