import { PHP_WHITESPACE as WS, phpTrim, replaceInsideTags } from './text-utils';

/** Elements that wpautop never wraps in a paragraph. */
const BLOCK_ELEMENT =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|' +
  'blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|' +
  'figure|figcaption|details|menu|summary)';

const NEWLINE_IN_TAG_MARKER = ' <!-- wpnl --> ';
const PRESERVED_NEWLINE_MARKER = '<WPPreserveNewline />';

const DOUBLE_BR = new RegExp(`<br${WS}*/?>${WS}*<br${WS}*/?>`, 'g');
const BLOCK_OPENING_TAG = new RegExp(`(<${BLOCK_ELEMENT}[ \\t\\n\\v\\f\\r/>])`, 'g');
const BLOCK_CLOSING_TAG = new RegExp(`(</${BLOCK_ELEMENT}>)`, 'g');
const HR_TAG = new RegExp(`(<hr${WS}*?/?>)`, 'g');
const PARAGRAPH_SEPARATOR = new RegExp(`\\n${WS}*\\n`);
const EMPTY_PARAGRAPH = new RegExp(`<p>${WS}*</p>`, 'g');
const PARAGRAPH_AROUND_BLOCK_TAG = new RegExp(`<p>${WS}*(</?${BLOCK_ELEMENT}[^>]*>)${WS}*</p>`, 'g');
const PARAGRAPH_BEFORE_BLOCK_TAG = new RegExp(`<p>${WS}*(</?${BLOCK_ELEMENT}[^>]*>)`, 'g');
const PARAGRAPH_END_AFTER_BLOCK_TAG = new RegExp(`(</?${BLOCK_ELEMENT}[^>]*>)${WS}*</p>`, 'g');
const BR_AFTER_BLOCK_TAG = new RegExp(`(</?${BLOCK_ELEMENT}[^>]*>)${WS}*<br />`, 'g');
const BR_BEFORE_BLOCK_TAG = new RegExp(`<br />(${WS}*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`, 'g');
/**
 * `${WS}*` anchored at the start of a whitespace run. Matches exactly what a bare `${WS}*` prefix
 * matches, without retrying from every position inside a long run of spaces.
 */
const LEADING_WS = `(?<![ \\t\\n\\v\\f\\r])${WS}*`;

/**
 * WordPress's `wpautop`: blank lines separate `<p>` paragraphs, single newlines become `<br />`,
 * block-level elements are never wrapped, `<pre>` content and newlines inside tags are untouched,
 * and newlines inside `<script>`, `<style>`, `<svg>` and `<math>` are preserved.
 * The result ends with `\n` (`'Post content'` → `'<p>Post content</p>\n'`).
 */
export function autop(text: string, convertLineBreaks = true): string {
  if (phpTrim(text) === '') {
    return '';
  }

  const preElements = new Map<string, string>();
  let html = hidePreElements(text + '\n', preElements);

  html = html.replace(DOUBLE_BR, '\n\n');
  html = html.replace(BLOCK_OPENING_TAG, '\n\n$1');
  html = html.replace(BLOCK_CLOSING_TAG, '$1\n\n');
  html = html.replace(HR_TAG, '$1\n\n');
  html = html.replace(/\r\n|\r/g, '\n');
  html = replaceInsideTags(html, '\n', NEWLINE_IN_TAG_MARKER);
  html = collapseWhitespaceAroundInnerElements(html);
  html = html.replace(/\n\n+/g, '\n\n');

  html = html
    .split(PARAGRAPH_SEPARATOR)
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph.replace(/^\n+|\n+$/g, '')}</p>\n`)
    .join('');

  html = html.replace(EMPTY_PARAGRAPH, '');
  html = html.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  html = html.replace(PARAGRAPH_AROUND_BLOCK_TAG, '$1');
  html = html.replace(/<p>(<li[^\n]+?)<\/p>/g, '$1');
  html = html.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>');
  html = html.split('</blockquote></p>').join('</p></blockquote>');
  html = html.replace(PARAGRAPH_BEFORE_BLOCK_TAG, '$1');
  html = html.replace(PARAGRAPH_END_AFTER_BLOCK_TAG, '$1');

  if (convertLineBreaks) {
    html = html.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (element) =>
      element.split('\n').join(PRESERVED_NEWLINE_MARKER),
    );
    html = html.split('<br>').join('<br />').split('<br/>').join('<br />');
    html = html.replace(new RegExp(`${WS}+`, 'g'), newlinesToBreak);
    html = html.split(PRESERVED_NEWLINE_MARKER).join('\n');
  }

  html = html.replace(BR_AFTER_BLOCK_TAG, '$1');
  html = html.replace(BR_BEFORE_BLOCK_TAG, '$1');
  html = html.replace(/\n<\/p>(?=\n?$)/, '</p>');

  for (const [placeholder, preElement] of preElements) {
    html = html.split(placeholder).join(preElement);
  }
  if (html.includes('<!-- wpnl -->')) {
    html = html.split(NEWLINE_IN_TAG_MARKER).join('\n').split('<!-- wpnl -->').join('\n');
  }
  return html;
}

/**
 * Within one whitespace run, everything up to its last newline becomes `<br />\n`, unless the run
 * directly follows a `<br />` (then its first character is kept and only the rest may match).
 */
function newlinesToBreak(run: string, offset: number, html: string): string {
  const lastNewline = run.lastIndexOf('\n');
  if (lastNewline === -1) {
    return run;
  }
  if (html.slice(Math.max(0, offset - 6), offset) !== '<br />') {
    return '<br />\n' + run.slice(lastNewline + 1);
  }
  return lastNewline === 0 ? run : run[0] + '<br />\n' + run.slice(lastNewline + 1);
}

/** Swaps each `<pre>…</pre>` for a placeholder so that paragraphing cannot touch its content. */
function hidePreElements(html: string, preElements: Map<string, string>): string {
  if (!html.includes('<pre')) {
    return html;
  }
  const chunks = html.split('</pre>');
  const afterLastPre = chunks.pop() ?? '';
  let rebuilt = '';
  for (const chunk of chunks) {
    const preStart = chunk.indexOf('<pre');
    if (preStart === -1) {
      // A `</pre>` without an opening tag is dropped, as WordPress does.
      rebuilt += chunk;
      continue;
    }
    const placeholder = `<pre wp-pre-tag-${preElements.size}></pre>`;
    preElements.set(placeholder, chunk.slice(preStart) + '</pre>');
    rebuilt += chunk.slice(0, preStart) + placeholder;
  }
  return rebuilt + afterLastPre;
}

/** Keeps `<option>`, `<param>`/`<embed>`, `<source>`/`<track>` and `<figcaption>` off their own lines. */
function collapseWhitespaceAroundInnerElements(html: string): string {
  let collapsed = html;
  if (collapsed.includes('<option')) {
    collapsed = collapsed.replace(new RegExp(`${LEADING_WS}<option`, 'g'), '<option');
    collapsed = collapsed.replace(new RegExp(`</option>${WS}*`, 'g'), '</option>');
  }
  if (collapsed.includes('</object>')) {
    collapsed = collapsed.replace(new RegExp(`(<object[^>]*>)${WS}*`, 'g'), '$1');
    collapsed = collapsed.replace(new RegExp(`${LEADING_WS}</object>`, 'g'), '</object>');
    collapsed = collapsed.replace(new RegExp(`${LEADING_WS}(</?(?:param|embed)[^>]*>)${WS}*`, 'g'), '$1');
  }
  if (collapsed.includes('<source') || collapsed.includes('<track')) {
    collapsed = collapsed.replace(new RegExp(`([<\\[](?:audio|video)[^>\\]]*[>\\]])${WS}*`, 'g'), '$1');
    collapsed = collapsed.replace(new RegExp(`${LEADING_WS}([<\\[]/(?:audio|video)[>\\]])`, 'g'), '$1');
    collapsed = collapsed.replace(new RegExp(`${LEADING_WS}(<(?:source|track)[^>]*>)${WS}*`, 'g'), '$1');
  }
  if (collapsed.includes('<figcaption')) {
    collapsed = collapsed.replace(new RegExp(`${LEADING_WS}(<figcaption[^>]*>)`, 'g'), '$1');
    collapsed = collapsed.replace(new RegExp(`</figcaption>${WS}*`, 'g'), '</figcaption>');
  }
  return collapsed;
}
