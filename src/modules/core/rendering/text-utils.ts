/**
 * Whitespace as WordPress's regular expressions see it (PCRE `\s` without the `u` flag).
 * JavaScript's `\s` also matches U+00A0 and other Unicode spaces, which WordPress treats as text.
 */
export const PHP_WHITESPACE = '[ \\t\\n\\v\\f\\r]';

/** WordPress's `wp_spaces_regexp()`: the spaces around which quotes and dashes are curled. */
export const TYPOGRAPHIC_SPACE = '(?:[\\r\\n\\t \\u00a0]|&nbsp;)';

const PHP_TRIMMED_CHARACTERS = new Set([' ', '\t', '\n', '\r', '\0', '\v']);

/** Trims the characters PHP's `trim()` removes by default (not U+00A0). */
export function phpTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PHP_TRIMMED_CHARACTERS.has(text[start])) {
    start++;
  }
  while (end > start && PHP_TRIMMED_CHARACTERS.has(text[end - 1])) {
    end--;
  }
  return text.slice(start, end);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * Matches one HTML comment (ends at the first `-->`, or runs to the end when unterminated),
 * one CDATA section, or one tag-like run from `<` to the next `>` (or to the end).
 */
export const HTML_TOKEN_SOURCE =
  '<(?:(?=!--)!(?:-(?!->)[^-]*)*(?:-->)?' +
  '|(?=!\\[CDATA\\[)!\\[CDATA\\[[^\\]]*(?:\\](?!\\]>)[^\\]]*)*(?:\\]\\]>)?' +
  '|[^>]*>?)';

const HTML_TOKEN_SPLITTER = new RegExp(`(${HTML_TOKEN_SOURCE})`);

/**
 * Splits HTML into text and markup pieces: even indexes are text (possibly empty),
 * odd indexes are comments, CDATA sections or tags (`wp_html_split`).
 */
export function splitHtml(html: string): string[] {
  return html.split(HTML_TOKEN_SPLITTER);
}

/** Replaces `search` with `replacement` inside tags and comments only, never in text. */
export function replaceInsideTags(html: string, search: string, replacement: string): string {
  const pieces = splitHtml(html);
  for (let index = 1; index < pieces.length; index += 2) {
    pieces[index] = pieces[index].split(search).join(replacement);
  }
  return pieces.join('');
}

/**
 * PHP `strip_tags()`: removes tags, comments and `<?…?>` blocks. A `<` followed by whitespace is
 * kept as text; any other `<` starts a tag that lasts until its `>` (quoted `>` does not count).
 */
export function stripTags(html: string): string {
  let text = '';
  let index = 0;
  while (index < html.length) {
    const tagStart = html.indexOf('<', index);
    if (tagStart === -1) {
      text += html.slice(index);
      break;
    }
    text += html.slice(index, tagStart);
    const next = html.charAt(tagStart + 1);
    if (/[ \t\n\r\v\f]/.test(next)) {
      text += '<';
      index = tagStart + 1;
    } else if (html.startsWith('<!--', tagStart)) {
      const commentEnd = html.indexOf('-->', tagStart + 4);
      index = commentEnd === -1 ? html.length : commentEnd + 3;
    } else {
      index = endOfTag(html, tagStart);
    }
  }
  return text;
}

function endOfTag(html: string, tagStart: number): number {
  let depth = 0;
  let quote = '';
  for (let index = tagStart; index < html.length; index++) {
    const character = html[index];
    if (quote !== '') {
      if (character === quote) {
        quote = '';
      }
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === '<') {
      depth++;
    } else if (character === '>') {
      depth--;
      if (depth === 0) {
        return index + 1;
      }
    }
  }
  return html.length;
}

/** WordPress's `wp_strip_all_tags()`: drops `<script>`/`<style>` with their content, then all tags. */
export function stripAllTags(html: string): string {
  const withoutScripts = html.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '');
  return phpTrim(stripTags(withoutScripts));
}
