import { registeredShortcodesIn, type ShortcodeOptions } from './shortcodes';
import { escapeRegExp, HTML_TOKEN_SOURCE, phpTrim, TYPOGRAPHIC_SPACE as SPACE } from './text-utils';

const OPENING_DOUBLE_QUOTE = '&#8220;';
const CLOSING_DOUBLE_QUOTE = '&#8221;';
const OPENING_SINGLE_QUOTE = '&#8216;';
const CLOSING_SINGLE_QUOTE = '&#8217;';
const APOSTROPHE = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
const EN_DASH = '&#8211;';
const EM_DASH = '&#8212;';

/** Elements and shortcodes whose content is code or markup, never prose. */
const UNTOUCHED_ELEMENTS: readonly string[] = ['pre', 'code', 'kbd', 'style', 'script', 'tt'];
const UNTOUCHED_SHORTCODES: readonly string[] = ['code'];

// Placeholders keep already-decided characters out of later patterns; being comments, they never
// occur in prose and contain no quote characters.
const APOSTROPHE_FLAG = '<!--apos-->';
const OPENING_SINGLE_QUOTE_FLAG = '<!--osq-->';
const OPENING_DOUBLE_QUOTE_FLAG = '<!--oq-->';
const PRIME_OR_QUOTE_FLAG = '<!--wp-prime-or-quote-->';

/** PCRE `\Z`: the end of the text, or just before a final newline. */
const END = '\\n?$';
const CLOSING_CONTEXT = `(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${SPACE})`;

const FIXED_REPLACEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['...', '&#8230;'],
  ['``', OPENING_DOUBLE_QUOTE],
  ["''", CLOSING_DOUBLE_QUOTE],
  [' (tm)', ' &#8482;'],
  // Words that start with an apostrophe although they look like an opening quote.
  ["'tain't", `${APOSTROPHE}tain${APOSTROPHE}t`],
  ...["'twere", "'twas", "'tis", "'twill", "'til", "'bout", "'nuff", "'round", "'cause", "'em"].map(
    (word) => [word, APOSTROPHE + word.slice(1)] as const,
  ),
];

type PatternReplacement = readonly [RegExp, string];

const SINGLE_QUOTE_PATTERNS: readonly PatternReplacement[] = [
  // '99' and '99" read as an abbreviated year at the end of a quotation.
  [new RegExp(`'(\\d\\d)'${CLOSING_CONTEXT}`, 'g'), `${APOSTROPHE_FLAG}$1${CLOSING_SINGLE_QUOTE}`],
  [new RegExp(`'(\\d\\d)"${CLOSING_CONTEXT}`, 'g'), `${APOSTROPHE_FLAG}$1${CLOSING_DOUBLE_QUOTE}`],
  // '99, '99s, '99's are years; '9, '99%, '999 and '99.0 are not.
  [new RegExp(`'(?=\\d\\d(?:${END}|(?![%\\d]|[.,]\\d)))`, 'g'), APOSTROPHE_FLAG],
  // A quoted number such as '0.42'.
  [
    new RegExp(`(?<=^|${SPACE})'(\\d[.,\\d]*)'`, 'g'),
    `${OPENING_SINGLE_QUOTE_FLAG}$1${CLOSING_SINGLE_QUOTE}`,
  ],
  [new RegExp(`(?<=^|[([{"\\-]|&lt;|${SPACE})'`, 'g'), OPENING_SINGLE_QUOTE_FLAG],
  // An apostrophe inside a word.
  [new RegExp(`(?<!${SPACE})'(?!${END}|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SPACE})`, 'g'), APOSTROPHE_FLAG],
];

const DOUBLE_QUOTE_PATTERNS: readonly PatternReplacement[] = [
  [
    new RegExp(`(?<=^|${SPACE})"(\\d[.,\\d]*)"`, 'g'),
    `${OPENING_DOUBLE_QUOTE_FLAG}$1${CLOSING_DOUBLE_QUOTE}`,
  ],
  [new RegExp(`(?<=^|[([{\\-]|&lt;|${SPACE})"(?!${SPACE})`, 'g'), OPENING_DOUBLE_QUOTE_FLAG],
];

const DASH_PATTERNS: readonly PatternReplacement[] = [
  [/---/g, EM_DASH],
  [new RegExp(`(?<=^|${SPACE})--(?=$|${SPACE})`, 'g'), EM_DASH],
  // `xn--` starts punycode host names.
  [/(?<!xn)--/g, EN_DASH],
  [new RegExp(`(?<=^|${SPACE})-(?=$|${SPACE})`, 'g'), EN_DASH],
];

/** `9x9` is a multiplication, `0x9999` is hexadecimal. */
const MULTIPLICATION = /\b(0[\d.,]+|[1-9][\d.,]*)x(\d[\d.,]*)\b/g;
const HTML_TOKEN_SPLITTER = new RegExp(`(${HTML_TOKEN_SOURCE})`);
const AMPERSAND_OUTSIDE_ENTITY = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;

/**
 * WordPress's `wptexturize`: curly quotes, apostrophes, primes, en/em dashes, ellipsis, ™ and ×,
 * written as numeric HTML entities (`"Hi" -- it's...` → `&#8220;Hi&#8221; &#8212; it&#8217;s&#8230;`).
 * Tags, comments and registered shortcodes are left alone, and so is everything inside
 * `<pre>`, `<code>`, `<kbd>`, `<style>`, `<script>`, `<tt>` and `[code]`. Stray `&` become `&#038;`.
 */
export function texturize(text: string, options: ShortcodeOptions = {}): string {
  if (text === '') {
    return text;
  }
  const shortcodes = registeredShortcodesIn(text, options);
  const shortcodeSource = shortcodes.length > 0 ? shortcodeTokenSource(shortcodes) : '';
  const wholeShortcode = shortcodeSource === '' ? null : new RegExp(`^${shortcodeSource}$`);
  const splitter =
    shortcodeSource === '' ? HTML_TOKEN_SPLITTER : new RegExp(`(${HTML_TOKEN_SOURCE}|${shortcodeSource})`);

  const openUntouchedElements: string[] = [];
  const openUntouchedShortcodes: string[] = [];
  const pieces = text.split(splitter).filter((piece) => piece !== '');

  return pieces
    .map((piece) => {
      if (piece.startsWith('<')) {
        if (piece.startsWith('<!--')) {
          return piece;
        }
        trackUntouchedRegion(piece, openUntouchedElements, UNTOUCHED_ELEMENTS);
        return piece.replace(AMPERSAND_OUTSIDE_ENTITY, '&#038;');
      }
      if (phpTrim(piece) === '') {
        return piece;
      }
      if (piece.startsWith('[') && wholeShortcode !== null && wholeShortcode.test(piece)) {
        if (!piece.startsWith('[[') && !piece.endsWith(']]')) {
          trackUntouchedRegion(piece, openUntouchedShortcodes, UNTOUCHED_SHORTCODES);
        }
        return piece;
      }
      if (openUntouchedElements.length > 0 || openUntouchedShortcodes.length > 0) {
        return piece;
      }
      return texturizeProse(piece);
    })
    .join('');
}

function texturizeProse(prose: string): string {
  let curled = prose;
  for (const [search, replacement] of FIXED_REPLACEMENTS) {
    if (curled.includes(search)) {
      curled = curled.split(search).join(replacement);
    }
  }
  if (curled.includes("'")) {
    curled = applyPatterns(curled, SINGLE_QUOTE_PATTERNS);
    curled = resolvePrimesAndClosingQuotes(
      curled,
      "'",
      PRIME,
      OPENING_SINGLE_QUOTE_FLAG,
      CLOSING_SINGLE_QUOTE,
    );
    curled = curled.split(APOSTROPHE_FLAG).join(APOSTROPHE);
    curled = curled.split(OPENING_SINGLE_QUOTE_FLAG).join(OPENING_SINGLE_QUOTE);
  }
  if (curled.includes('"')) {
    curled = applyPatterns(curled, DOUBLE_QUOTE_PATTERNS);
    curled = resolvePrimesAndClosingQuotes(
      curled,
      '"',
      DOUBLE_PRIME,
      OPENING_DOUBLE_QUOTE_FLAG,
      CLOSING_DOUBLE_QUOTE,
    );
    curled = curled.split(OPENING_DOUBLE_QUOTE_FLAG).join(OPENING_DOUBLE_QUOTE);
  }
  if (curled.includes('-')) {
    curled = applyPatterns(curled, DASH_PATTERNS);
  }
  if (/(?<=\d)x\d/.test(curled)) {
    curled = curled.replace(MULTIPLICATION, '$1&#215;$2');
  }
  return curled.replace(AMPERSAND_OUTSIDE_ENTITY, '&#038;');
}

function applyPatterns(text: string, patterns: readonly PatternReplacement[]): string {
  return patterns.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

const QUOTE_PATTERNS: Record<string, { closingQuoteCandidate: RegExp; primeAfterDigit: RegExp }> = {
  "'": { closingQuoteCandidate: new RegExp(`'${CLOSING_CONTEXT}`, 'g'), primeAfterDigit: /(?<=\d)'/g },
  '"': { closingQuoteCandidate: new RegExp(`"${CLOSING_CONTEXT}`, 'g'), primeAfterDigit: /(?<=\d)"/g },
};
const FLAG_NOT_AFTER_DIGIT = new RegExp(`(?<!\\d)${escapeRegExp(PRIME_OR_QUOTE_FLAG)}`, 'g');
const FLAG_AFTER_DIGIT = new RegExp(`(?<=\\d)${escapeRegExp(PRIME_OR_QUOTE_FLAG)}`, 'g');

/**
 * Decides, for each remaining straight quote, between a prime (`9'` nine feet) and a closing quote,
 * one opened quotation at a time (`wptexturize_primes`).
 */
function resolvePrimesAndClosingQuotes(
  text: string,
  quote: "'" | '"',
  prime: string,
  openingQuoteFlag: string,
  closingQuote: string,
): string {
  const { closingQuoteCandidate, primeAfterDigit } = QUOTE_PATTERNS[quote];

  const quotations = text.split(openingQuoteFlag).map((quotation, index) => {
    if (!quotation.includes(quote)) {
      return quotation;
    }
    let resolved = quotation;
    if (index !== 0 && !quotation.includes(closingQuote)) {
      const candidateCount = (quotation.match(closingQuoteCandidate) ?? []).length;
      resolved = quotation.replace(closingQuoteCandidate, PRIME_OR_QUOTE_FLAG);
      if (candidateCount > 1) {
        const closedCount = (resolved.match(FLAG_NOT_AFTER_DIGIT) ?? []).length;
        resolved = resolved.replace(FLAG_NOT_AFTER_DIGIT, closingQuote);
        if (closedCount === 0) {
          // Every candidate follows a digit: the quotation most likely ends at the last one,
          // preferably one followed by a period.
          const beforePeriod = resolved.lastIndexOf(PRIME_OR_QUOTE_FLAG + '.');
          const position = beforePeriod !== -1 ? beforePeriod : resolved.lastIndexOf(PRIME_OR_QUOTE_FLAG);
          resolved =
            resolved.slice(0, position) +
            closingQuote +
            resolved.slice(position + PRIME_OR_QUOTE_FLAG.length);
        }
        resolved = resolved.replace(primeAfterDigit, prime);
        resolved = resolved.replace(FLAG_AFTER_DIGIT, prime);
        resolved = resolved.split(PRIME_OR_QUOTE_FLAG).join(closingQuote);
      } else if (candidateCount === 1) {
        resolved = resolved.split(PRIME_OR_QUOTE_FLAG).join(closingQuote);
        resolved = resolved.replace(primeAfterDigit, prime);
      } else {
        resolved = resolved.replace(primeAfterDigit, prime);
      }
    } else {
      resolved = resolved.replace(primeAfterDigit, prime);
      resolved = resolved.replace(closingQuoteCandidate, closingQuote);
    }
    if (quote === '"') {
      resolved = resolved.split('"').join(closingQuote);
    }
    return resolved;
  });
  return quotations.join(openingQuoteFlag);
}

/**
 * Pushes an untouched element or shortcode when it opens and pops it when the innermost one
 * closes, so that text inside e.g. `<pre>…</pre>` is skipped even with bad nesting.
 */
function trackUntouchedRegion(token: string, openRegions: string[], untouchedNames: readonly string[]): void {
  const isOpening = token.length > 1 && token[1] !== '/';
  if (!isOpening && openRegions.length === 0) {
    return;
  }
  const nameStart = isOpening ? 1 : 2;
  const space = token.indexOf(' ');
  const name = space === -1 ? token.slice(nameStart, -1) : token.slice(nameStart, space);
  if (!untouchedNames.includes(name)) {
    return;
  }
  if (isOpening) {
    openRegions.push(name);
  } else if (openRegions[openRegions.length - 1] === name) {
    openRegions.pop();
  }
}

/** A registered shortcode tag as one token: `[name …]`, `[/name]`, `[[name]]`; may contain tags. */
function shortcodeTokenSource(tags: readonly string[]): string {
  const names = tags.map(escapeRegExp).join('|');
  return `\\[[\\/\\[]?(?:${names})(?=[ \\t\\n\\v\\f\\r\\]\\/])(?:[^\\[\\]<>]|<[^\\[\\]>]*>)*\\]\\]?`;
}
