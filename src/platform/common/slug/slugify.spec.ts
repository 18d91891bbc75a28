import { removeAccents } from './remove-accents';
import { percentEncodeNonAscii, slugify } from './slugify';

describe('removeAccents', () => {
  it.each([
    ['Blåbærsyltetøy', 'Blabaersyltetoy'],
    ['ÆØÅ æøå', 'AEOA aeoa'],
    ['Straße', 'Strasse'],
    ['Crème brûlée', 'Creme brulee'],
    ['Łódź', 'Lodz'],
    ['Œuvre', 'OEuvre'],
    ['Þórr', 'THorr'],
    ['Tiếng Việt', 'Tieng Viet'],
    ['Ș ț', 'S t'],
    ['e\u0301te\u0301', 'ete'],
    ['€5 £5', 'E5 5'],
  ])('%s → %s', (input, expected) => {
    expect(removeAccents(input)).toBe(expected);
  });

  it('leaves ASCII and other scripts alone', () => {
    expect(removeAccents('plain ascii')).toBe('plain ascii');
    expect(removeAccents('Привет й Ελλάδα')).toBe('Привет й Ελλάδα');
  });
});

describe('slugify', () => {
  it.each([
    // Cases from WordPress's sanitize_title / sanitize_title_with_dashes behaviour.
    ['tęst-acceńted-chäræcters', 'test-accented-charaecters'],
    ['Captain <strong>Awesome</strong>', 'captain-awesome'],
    ['fran%c3%a7%ois', 'fran%c3%a7ois'],
    ['ABC', 'abc'],
    ['a          t', 'a-t'],
    ['a    \n\n\nt', 'a-t'],
    ['a----t----t----', 'a-t-t'],
    ['penn & teller bull', 'penn-teller-bull'],
    ['No &nbsp; Entities &ndash; Here &amp;', 'no-entities-here'],
    ['One &amp; Two', 'one-two'],
    ['One &#123; Two;', 'one-two'],
    ['One Two™;', 'one-two'],
    ['One &&amp; Two;', 'one-two'],
    ['One&Two', 'onetwo'],
    ["don't\u00a0break\u00a0the space", 'dont-break-the-space'],
    ["don't&nbsp;break&#160;the&nbsp;space", 'dont-break-the-space'],
    ['Do – the Dash', 'do-the-dash'],
    ['Do the — Dash', 'do-the-dash'],
    ['Do &mdash; the &#8212; Dash', 'do-the-dash'],
    ['Just ¡a Slug', 'just-a-slug'],
    ['«Just a Slug»', 'just-a-slug'],
    ['‹Just a Slug›', 'just-a-slug'],
    ['Hey its “Curly Joe”', 'hey-its-curly-joe'],
    ['Hey its „Curly Joe‟', 'hey-its-curly-joe'],
    ['Fancy Title • Amazing', 'fancy-title-amazing'],
    ['Just © a Slug', 'just-a-slug'],
    ['Just a ° Slug', 'just-a-slug'],
    ['songs by Lennon/McCartney', 'songs-by-lennon-mccartney'],
    ['//songs by Lennon///McCartney', 'songs-by-lennon-mccartney'],
    ['6×7 is 42', '6x7-is-42'],
    ['a\u0304a\u0301a\u030ca\u0300', 'aaaa'],
    ['ááa´aˊ', 'aaaa'],
    ['zero\u200bwidth', 'zerowidth'],
    // Project examples.
    ['Blåbærsyltetøy på brødskive', 'blabaersyltetoy-pa-brodskive'],
    ['Große Straße', 'grosse-strasse'],
    ['Version 2.0: What’s new?', 'version-2-0-whats-new'],
    ['  --Hello, World!--  ', 'hello-world'],
    ['snake_case stays', 'snake_case-stays'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('percent-encodes other scripts as lowercase UTF-8 octets, as WordPress', () => {
    expect(slugify('Привет мир')).toBe('%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82-%d0%bc%d0%b8%d1%80');
    expect(slugify('Party 🎉')).toBe('party-%f0%9f%8e%89');
  });

  it('drops non-ASCII characters and octets on request', () => {
    expect(slugify('Привет world 🎉', { nonAscii: 'drop' })).toBe('world');
    expect(slugify('fran%c3%a7ois — Æble', { nonAscii: 'drop' })).toBe('franois-aeble');
  });

  it('cuts long titles to 200 characters before cleaning', () => {
    expect(slugify('a'.repeat(250))).toBe('a'.repeat(200));
    expect(slugify('abc '.repeat(60))).toBe('abc-'.repeat(49) + 'abc');
    const cyrillic = slugify('ж'.repeat(100));
    expect(cyrillic).toBe('%d0%b6'.repeat(33));
  });
});

describe('percentEncodeNonAscii', () => {
  it('never splits a character at the length limit', () => {
    expect(percentEncodeNonAscii('abæ', 7)).toBe('ab');
    expect(percentEncodeNonAscii('abæ', 8)).toBe('ab%c3%a6');
  });
});
