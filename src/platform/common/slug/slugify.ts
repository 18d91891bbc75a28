import { removeAccents } from './remove-accents';

/** WordPress stores `post_name` in a 200 character column; slugs are cut to fit before cleaning. */
export const MAX_SLUG_LENGTH = 200;

export interface SlugifyOptions {
  /**
   * What happens to characters that are still non-ASCII after accent removal (Cyrillic, CJK, emoji…).
   * - `'percent-encode'` (default, as WordPress): each UTF-8 byte becomes a lowercase `%xx` octet,
   *   e.g. `привет` → `%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82`; `%xx` octets already in the input are kept.
   * - `'drop'`: they are removed, together with any `%xx` octets, so the slug is plain `[a-z0-9_-]`.
   */
  nonAscii?: 'percent-encode' | 'drop';
}

/** Typographic spaces and dashes (as UTF-8 octets and HTML entities) that separate words like a space. */
const WORD_SEPARATORS: readonly string[] = [
  '%c2%a0', // no-break space
  '%e2%80%91', // non-breaking hyphen
  '%e2%80%93', // en dash
  '%e2%80%94', // em dash
  '&nbsp;',
  '&#160;',
  '&#8209;',
  '&ndash;',
  '&#8211;',
  '&mdash;',
  '&#8212;',
  '%e2%80%80',
  '%e2%80%81',
  '%e2%80%82',
  '%e2%80%83',
  '%e2%80%84',
  '%e2%80%85',
  '%e2%80%86',
  '%e2%80%87',
  '%e2%80%88',
  '%e2%80%89',
  '%e2%80%8a',
  '%e2%80%a8', // line separator
  '%e2%80%a9', // paragraph separator
  '%e2%80%af', // narrow no-break space
  '/',
];

/** Punctuation, symbols, stray accents and invisible characters that vanish without a separator. */
const DISCARDED_OCTET_SEQUENCES: readonly string[] = [
  '%c2%ad', // soft hyphen
  '%c2%a1', // ¡
  '%c2%bf', // ¿
  '%c2%ab', // «
  '%c2%bb', // »
  '%e2%80%b9', // ‹
  '%e2%80%ba', // ›
  '%e2%80%98', // ‘
  '%e2%80%99', // ’
  '%e2%80%9c', // “
  '%e2%80%9d', // ”
  '%e2%80%9a', // ‚
  '%e2%80%9b', // ‛
  '%e2%80%9e', // „
  '%e2%80%9f', // ‟
  '%e2%80%a2', // •
  '%c2%a9', // ©
  '%c2%ae', // ®
  '%c2%b0', // °
  '%e2%80%a6', // …
  '%e2%84%a2', // ™
  '%c2%b4', // ´
  '%cb%8a', // ˊ
  '%cc%81', // combining acute
  '%cd%81', // combining acute tone mark
  '%cc%80', // combining grave
  '%cc%84', // combining macron
  '%cc%8c', // combining caron
  '%e2%80%8b', // zero width space
  '%e2%80%8c', // zero width non-joiner
  '%e2%80%8d', // zero width joiner
  '%e2%80%8e', // left-to-right mark
  '%e2%80%8f', // right-to-left mark
  '%e2%80%aa',
  '%e2%80%ab',
  '%e2%80%ac',
  '%e2%80%ad',
  '%e2%80%ae',
  '%ef%bb%bf', // byte order mark
  '%ef%bf%bc', // object replacement character
];

const MULTIPLICATION_SIGN_OCTETS = '%c3%97';
const utf8Encoder = new TextEncoder();

/**
 * Turns a title (or a client-supplied slug) into a URL slug the way WordPress's `sanitize_title`
 * does when saving: accents transliterated, tags stripped, lowercased, whitespace / dots / slashes /
 * dashes collapsed into single `-`, everything else outside `[a-z0-9_-]` removed, dashes trimmed.
 *
 * `slugify('tęst-acceńted-chäræcters')` → `'test-accented-charaecters'`
 */
export function slugify(text: string, options: SlugifyOptions = {}): string {
  const nonAscii = options.nonAscii ?? 'percent-encode';

  let slug = stripTags(removeAccents(text));
  slug = slug.replace(/%(?![0-9a-fA-F]{2})/g, '');
  slug = percentEncodeNonAscii(slug.toLowerCase(), MAX_SLUG_LENGTH).toLowerCase();

  for (const separator of WORD_SEPARATORS) {
    slug = slug.split(separator).join('-');
  }
  for (const discarded of DISCARDED_OCTET_SEQUENCES) {
    slug = slug.split(discarded).join('');
  }
  slug = slug.split(MULTIPLICATION_SIGN_OCTETS).join('x');

  slug = slug.replace(/&.+?;/g, '');
  slug = slug.replace(/\./g, '-');
  if (nonAscii === 'drop') {
    slug = slug.replace(/%[0-9a-f]{2}/g, '');
  }
  slug = slug.replace(/[^%a-z0-9 _-]/g, '');
  slug = slug.replace(/\s+/g, '-');
  slug = slug.replace(/-+/g, '-');
  return slug.replace(/^-+|-+$/g, '');
}

/**
 * Percent-encodes every non-ASCII character as lowercase UTF-8 octets and stops before the
 * encoded text would exceed `maxLength` characters, never splitting a character.
 */
export function percentEncodeNonAscii(text: string, maxLength: number): string {
  let encoded = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (codePoint < 0x80) {
      if (encoded.length >= maxLength) {
        break;
      }
      encoded += character;
      continue;
    }
    const bytes = utf8Encoder.encode(character);
    if (encoded.length + bytes.length * 3 > maxLength) {
      break;
    }
    for (const byte of bytes) {
      encoded += '%' + byte.toString(16).padStart(2, '0');
    }
  }
  return encoded;
}

/** PHP `strip_tags` semantics: a `<` followed by whitespace is text, anything else opens a tag. */
function stripTags(text: string): string {
  return text.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(/<(?!\s)[^>]*(?:>|$)/g, '');
}
