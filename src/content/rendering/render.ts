import { autop } from './autop';
import { hasBlocks, stripBlockDelimiters } from './blocks';
import { DEFAULT_EXCERPT_LENGTH, generateExcerpt } from './excerpt';
import { shortcodeUnautop, type ShortcodeOptions } from './shortcodes';
import { texturize } from './texturize';
import { phpTrim } from './text-utils';

/**
 * `content.rendered` (the `the_content` filters for static content): block delimiters removed,
 * then texturize, then — only for classic content without blocks — autop, then standalone
 * shortcodes unwrapped from their `<p>`.
 */
export function renderContent(raw: string, options: ShortcodeOptions = {}): string {
  const containsBlocks = hasBlocks(raw);
  let html = texturize(stripBlockDelimiters(raw), options);
  if (!containsBlocks) {
    html = autop(html);
  }
  return shortcodeUnautop(html, options);
}

/** `title.rendered`: texturize, stray `&` escaped, surrounding whitespace trimmed (`the_title`). */
export function renderTitle(raw: string): string {
  return phpTrim(convertChars(texturize(raw)));
}

/**
 * `excerpt.rendered`: a hand-written excerpt is used whole; an empty one is generated from the
 * content ({@link generateExcerpt}, `length` words). Either way it then goes through the
 * `the_excerpt` filters: texturize, stray `&` escaped, autop, shortcode unwrapping.
 */
export function renderExcerpt(
  rawExcerpt: string,
  content: string,
  length = DEFAULT_EXCERPT_LENGTH,
  options: ShortcodeOptions = {},
): string {
  const excerpt = phpTrim(rawExcerpt) === '' ? generateExcerpt(content, length, options) : rawExcerpt;
  return shortcodeUnautop(autop(convertChars(texturize(excerpt, options))), options);
}

/** WordPress's `convert_chars`: an `&` that does not start an entity becomes `&#038;`. */
export function convertChars(html: string): string {
  if (!html.includes('&')) {
    return html;
  }
  return html.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, '&#038;$1');
}
