import { escapeRegExp, TYPOGRAPHIC_SPACE } from './text-utils';

/**
 * Shortcodes a stock WordPress install registers. Only registered shortcodes are recognised:
 * `[1]` or `[sic]` in prose stay text.
 */
export const DEFAULT_SHORTCODE_TAGS: readonly string[] = [
  'audio',
  'caption',
  'embed',
  'gallery',
  'playlist',
  'video',
  'wp_caption',
];

export interface ShortcodeOptions {
  /** Registered shortcode names. Defaults to {@link DEFAULT_SHORTCODE_TAGS}. */
  shortcodeTags?: readonly string[];
}

/** Names that follow `[` or `[/` in the text (`[gallery ids="1"]` → `gallery`). */
export function shortcodeNamesIn(text: string): Set<string> {
  const names = new Set<string>();
  // eslint-disable-next-line no-control-regex -- names end at any control character or space
  for (const match of text.matchAll(/\[\/?([^<>&/[\]\x00-\x20=]+)/g)) {
    names.add(match[1]);
  }
  return names;
}

export function registeredShortcodesIn(text: string, options: ShortcodeOptions = {}): string[] {
  if (!text.includes('[')) {
    return [];
  }
  const present = shortcodeNamesIn(text);
  return (options.shortcodeTags ?? DEFAULT_SHORTCODE_TAGS).filter((tag) => present.has(tag));
}

interface ShortcodeMatch {
  /** Index of the first `[`, the escaping one included. */
  start: number;
  /** Where the opening tag ends, i.e. the end of a shortcode used without content. */
  openingTagEnd: number;
  /** Where `[/name]` ends, when the shortcode encloses content; `null` when it does not. */
  enclosingEnd: number | null;
  /** `[[` opens it (escaping, when `]]` closes it too). */
  hasLeadingBracket: boolean;
  /** A `]` follows it (escaping, when `[[` opens it too). */
  hasTrailingBracket: boolean;
}

/**
 * Finds registered shortcodes — `[name attrs]`, `[name attrs /]`, `[name attrs]content[/name]`,
 * optionally escaped as `[[…]]` — in one left-to-right pass. Unlike WordPress's single regular
 * expression, attributes may not contain `[`; that keeps the scan linear on unclosed brackets.
 */
function* findShortcodes(text: string, tags: readonly string[]): Generator<ShortcodeMatch> {
  const names = tags.map(escapeRegExp).join('|');
  const openingTag = new RegExp(
    `\\[(\\[?)(${names})(?![\\w-])[^\\[\\]\\/]*(?:\\/(?!\\])[^\\[\\]\\/]*)*?(\\/)?\\]`,
    'g',
  );
  const nextClosingTag = closingTagFinder(text);
  for (let match = openingTag.exec(text); match !== null; match = openingTag.exec(text)) {
    const [openingTagText, openingEscape, name, selfClosingSlash] = match;
    const openingTagEnd = match.index + openingTagText.length;
    const closingTagStart = selfClosingSlash === undefined ? nextClosingTag(name, openingTagEnd) : -1;
    const enclosingEnd = closingTagStart === -1 ? null : closingTagStart + name.length + 3;
    const hasTrailingBracket = text[enclosingEnd ?? openingTagEnd] === ']';
    yield {
      start: match.index,
      openingTagEnd,
      enclosingEnd,
      hasLeadingBracket: openingEscape === '[',
      hasTrailingBracket,
    };
  }
}

/** `indexOf('[/name]')` that remembers earlier answers, so repeated lookups stay linear overall. */
function closingTagFinder(text: string): (name: string, from: number) => number {
  const lastAnswers = new Map<string, number>();
  return (name, from) => {
    const remembered = lastAnswers.get(name);
    if (remembered !== undefined && (remembered === -1 || remembered >= from)) {
      return remembered;
    }
    const found = text.indexOf(`[/${name}]`, from);
    lastAnswers.set(name, found);
    return found;
  };
}

/**
 * WordPress's `strip_shortcodes`: removes registered shortcodes together with their content;
 * an escaped `[[name]]` becomes the literal `[name]`.
 */
export function stripShortcodes(content: string, options: ShortcodeOptions = {}): string {
  const tags = registeredShortcodesIn(content, options);
  if (tags.length === 0) {
    return content;
  }
  let stripped = '';
  let copiedUpTo = 0;
  for (const shortcode of findShortcodes(content, tags)) {
    if (shortcode.start < copiedUpTo) {
      continue;
    }
    const end = shortcode.enclosingEnd ?? shortcode.openingTagEnd;
    stripped += content.slice(copiedUpTo, shortcode.start);
    if (shortcode.hasLeadingBracket && shortcode.hasTrailingBracket) {
      stripped += content.slice(shortcode.start + 1, end);
    } else {
      stripped += (shortcode.hasLeadingBracket ? '[' : '') + (shortcode.hasTrailingBracket ? ']' : '');
    }
    copiedUpTo = shortcode.hasTrailingBracket ? end + 1 : end;
  }
  return stripped + content.slice(copiedUpTo);
}

/** WordPress's `shortcode_unautop`: a shortcode alone in a paragraph loses its `<p>` wrapper. */
export function shortcodeUnautop(html: string, options: ShortcodeOptions = {}): string {
  const tags = options.shortcodeTags ?? DEFAULT_SHORTCODE_TAGS;
  if (tags.length === 0 || !html.includes('<p>') || !html.includes('[')) {
    return html;
  }
  const paragraphEnd = new RegExp(`${TYPOGRAPHIC_SPACE}*</p>`, 'y');
  let unwrapped = '';
  let copiedUpTo = 0;
  for (const shortcode of findShortcodes(html, tags)) {
    const paragraph = paragraphOpeningBefore(html, shortcode.start);
    if (shortcode.hasLeadingBracket || paragraph === -1 || paragraph < copiedUpTo) {
      continue;
    }
    // With content when the paragraph closes after it, else the opening tag alone (as WordPress tries).
    for (const end of [shortcode.enclosingEnd, shortcode.openingTagEnd]) {
      if (end === null) {
        continue;
      }
      paragraphEnd.lastIndex = end;
      if (paragraphEnd.test(html)) {
        unwrapped += html.slice(copiedUpTo, paragraph) + html.slice(shortcode.start, end);
        copiedUpTo = paragraphEnd.lastIndex;
        break;
      }
    }
  }
  return unwrapped + html.slice(copiedUpTo);
}

/** Index of the `<p>` that precedes `position` with only typographic spaces between, or -1. */
function paragraphOpeningBefore(html: string, position: number): number {
  let index = position;
  for (;;) {
    if (index > 0 && ' \t\r\n\u00a0'.includes(html[index - 1])) {
      index--;
    } else if (html.endsWith('&nbsp;', index)) {
      index -= '&nbsp;'.length;
    } else {
      break;
    }
  }
  return html.endsWith('<p>', index) ? index - '<p>'.length : -1;
}
