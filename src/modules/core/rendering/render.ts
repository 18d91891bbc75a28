import { autop } from './autop';
import { hasBlocks, stripBlockDelimiters } from './blocks';
import { DEFAULT_EXCERPT_LENGTH, generateExcerpt } from './excerpt';
import { shortcodeUnautop, type ShortcodeOptions } from './shortcodes';
import { texturize } from './texturize';
import { phpTrim } from './text-utils';
import { BoundedMemo } from '../../../platform/common/memo';

/**
 * Rendered text by kind and input: the filters are pure, and a list shows the same stored text on every request
 * until it is edited (a new input is a new key). One memo per kind, keyed on the stored text itself: a key
 * built by concatenation would copy the whole content on every lookup. About 8 million characters at most in all.
 */
const renderedContent = new BoundedMemo<string>(4000, 4_000_000);
const renderedTitles = new BoundedMemo<string>(4000, 400_000);
const renderedEventExcerpts = new BoundedMemo<string>(4000, 400_000);
/** Written excerpts, by the excerpt. */
const writtenExcerpts = new BoundedMemo<string>(4000, 400_000);
/** Excerpts generated from the content at the default length, by the content. */
const generatedExcerpts = new BoundedMemo<string>(4000, 2_500_000);
/** Excerpts generated at other lengths, by `<length>\0<content>`. */
const generatedExcerptsOfLength = new BoundedMemo<string>(1000, 300_000);

function isDefault(options: ShortcodeOptions): boolean {
  return Object.keys(options).length === 0;
}

/**
 * `content.rendered` (the `the_content` filters for static content): block delimiters removed,
 * then texturize, then — only for classic content without blocks — autop, then standalone
 * shortcodes unwrapped from their `<p>`.
 */
export function renderContent(raw: string, options: ShortcodeOptions = {}): string {
  if (!isDefault(options)) return renderContentNow(raw, options);
  return renderedContent.get(raw, () => renderContentNow(raw, options));
}

function renderContentNow(raw: string, options: ShortcodeOptions): string {
  const containsBlocks = hasBlocks(raw);
  let html = texturize(stripBlockDelimiters(raw), options);
  if (!containsBlocks) {
    html = autop(html);
  }
  return shortcodeUnautop(html, options);
}

/** `title.rendered`: texturize, stray `&` escaped, surrounding whitespace trimmed (`the_title`). */
export function renderTitle(raw: string): string {
  return renderedTitles.get(raw, () => phpTrim(convertChars(texturize(raw))));
}

/** An event's `excerpt` (TEC): texturize, stray `&` escaped, autop, trimmed; empty stays empty. */
export function renderEventExcerpt(excerpt: string | null): string {
  if (!excerpt || excerpt.trim() === '') return '';
  return renderedEventExcerpts.get(excerpt, () => autop(convertChars(texturize(excerpt))).trim());
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
  if (!isDefault(options)) return renderExcerptNow(rawExcerpt, content, length, options);
  // A generated excerpt depends on the content and the length; a written one on itself alone.
  const render = () => renderExcerptNow(rawExcerpt, content, length, options);
  if (phpTrim(rawExcerpt) !== '') return writtenExcerpts.get(rawExcerpt, render);
  if (length === DEFAULT_EXCERPT_LENGTH) return generatedExcerpts.get(content, render);
  return generatedExcerptsOfLength.get(`${length}\u0000${content}`, render);
}

function renderExcerptNow(
  rawExcerpt: string,
  content: string,
  length: number,
  options: ShortcodeOptions,
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
