/**
 * Latin letters that Unicode canonical decomposition cannot reduce to an ASCII base letter,
 * mapped the way WordPress's `remove_accents` does for its default locale.
 * `ß` deliberately maps to `ss` (WordPress's German locales; its default locale gives `s`).
 */
const LETTERS_WITHOUT_CANONICAL_DECOMPOSITION: Readonly<Record<string, string>> = {
  ª: 'a',
  º: 'o',
  Æ: 'AE',
  æ: 'ae',
  Ð: 'D',
  ð: 'd',
  Ø: 'O',
  ø: 'o',
  Þ: 'TH',
  þ: 'th',
  ß: 'ss',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ĳ: 'IJ',
  ĳ: 'ij',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  Ł: 'L',
  ł: 'l',
  ŉ: 'n',
  Ŋ: 'N',
  ŋ: 'n',
  Œ: 'OE',
  œ: 'oe',
  ſ: 's',
  Ŧ: 'T',
  ŧ: 't',
  Ə: 'E',
  ǝ: 'e',
  ɑ: 'a',
  '€': 'E',
  '£': '',
};

const ASCII_LETTER_WITH_COMBINING_MARKS = /^[A-Za-z][\u0300-\u036f]+$/;
const COMBINING_MARKS_AFTER_ASCII_LETTER = /(?<=[A-Za-z])[\u0300-\u036f]+/g;
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Transliterates accented Latin letters to ASCII (`é` → `e`, `æ` → `ae`, `ø` → `o`, `å` → `a`).
 *
 * Covers every letter of WordPress's default-locale table. Any other Latin letter whose canonical
 * decomposition is an ASCII letter plus combining marks is reduced as well (a superset of WordPress).
 * Letters of other scripts (Cyrillic, Greek, CJK, …) are left untouched.
 */
export function removeAccents(text: string): string {
  if (!NON_ASCII.test(text)) {
    return text;
  }
  let transliterated = '';
  for (const character of text.normalize('NFC')) {
    const replacement = LETTERS_WITHOUT_CANONICAL_DECOMPOSITION[character];
    if (replacement !== undefined) {
      transliterated += replacement;
      continue;
    }
    const decomposed = character.normalize('NFD');
    transliterated += ASCII_LETTER_WITH_COMBINING_MARKS.test(decomposed) ? decomposed[0] : character;
  }
  // Marks that NFC could not fold into a precomposed letter (e.g. `q̃`) are still accents.
  return transliterated.replace(COMBINING_MARKS_AFTER_ASCII_LETTER, '');
}
