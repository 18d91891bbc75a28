import { autop } from './autop';
import { excerptRemoveBlocks } from './blocks';
import { shortcodeUnautop, stripShortcodes, type ShortcodeOptions } from './shortcodes';
import { texturize } from './texturize';
import { stripAllTags } from './text-utils';

export const DEFAULT_EXCERPT_LENGTH = 55;
export const EXCERPT_MORE = ' [&hellip;]';

/** Footnote references (`<sup data-fn=…><a …>1</a></sup>`) would leave stray numbers in an excerpt. */
const FOOTNOTE_REFERENCE =
  /<sup data-fn="[^"]+" class="[^"]+">\s*<a href="[^"]+" id="[^"]+">\d+<\/a>\s*<\/sup>/g;

/**
 * WordPress's `wp_trim_words`: strips all tags (and `<script>`/`<style>` content), then keeps
 * the first `count` words (separated by spaces, tabs or newlines) joined by single spaces,
 * appending `more` only when words were cut.
 */
export function trimWords(text: string, count = DEFAULT_EXCERPT_LENGTH, more = EXCERPT_MORE): string {
  const words = stripAllTags(text)
    .split(/[\n\r\t ]+/)
    .filter((word) => word !== '');
  const limit = Number.isFinite(count) ? Math.max(0, Math.trunc(count)) : words.length;
  if (words.length > limit) {
    return words.slice(0, limit).join(' ') + more;
  }
  return words.join(' ');
}

/**
 * The teaser WordPress shows outside single-post views: the first page (before `<!--nextpage-->`)
 * up to the first `<!--more-->`.
 */
export function teaserOf(content: string): string {
  const firstPage = content.replace(/^<!--nextpage-->/, '').split('<!--nextpage-->')[0];
  const moreTag = /<!--more(.*?)-->/.exec(firstPage);
  if (moreTag === null) {
    return firstPage;
  }
  const withoutMoreBlock = firstPage.replace(/<!-- \/?wp:more(.*?) -->/g, '');
  return withoutMoreBlock.split(moreTag[0])[0];
}

/**
 * WordPress's `wp_trim_excerpt` for a post without a hand-written excerpt: the teaser, without
 * shortcodes, non-text blocks and footnote references, rendered like content, stripped of all
 * tags and cut to `length` words, with ` [&hellip;]` appended only when words were cut.
 * The result is plain text with entities; {@link renderExcerpt} turns it into `<p>…</p>`.
 */
export function generateExcerpt(
  content: string,
  length = DEFAULT_EXCERPT_LENGTH,
  options: ShortcodeOptions = {},
): string {
  let text = stripShortcodes(teaserOf(content), options);
  text = excerptRemoveBlocks(text);
  text = text.replace(FOOTNOTE_REFERENCE, '');
  text = shortcodeUnautop(autop(texturize(text, options)), options);
  text = text.split(']]>').join(']]&gt;');
  return trimWords(text, length, EXCERPT_MORE);
}
