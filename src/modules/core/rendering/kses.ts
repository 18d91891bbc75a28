import {
  ALLOWED_ENTITY_NAMES,
  ALLOWED_URL_SCHEMES,
  type AllowedElements,
  POST_ELEMENTS,
  POST_GLOBAL_ATTRIBUTES,
  TITLE_ELEMENTS,
  URL_ATTRIBUTES,
} from './kses-allowlists';

export interface SanitizeHtmlOptions {
  /**
   * `false` (default, as WordPress's kses): disallowed tags are removed but the text between them
   * stays, so `<script>oh noes</script>` becomes `oh noes` (inert text).
   * `true`: `<script>`, `<style>`, `<iframe>`, `<object>`, `<svg>`, `<noscript>`, `<template>`… are
   * removed together with their content.
   */
  removeUnsafeElementContent?: boolean;
}

interface SanitizerPolicy {
  elements: AllowedElements;
  globalAttributes: ReadonlySet<string>;
  allowDataAttributes: boolean;
}

interface ParsedAttribute {
  name: string;
  value: string | null;
}

interface ParsedTag {
  name: string;
  isClosing: boolean;
  isSelfClosing: boolean;
  attributes: ParsedAttribute[];
  end: number;
}

const POST_POLICY: SanitizerPolicy = {
  elements: POST_ELEMENTS,
  globalAttributes: POST_GLOBAL_ATTRIBUTES,
  allowDataAttributes: true,
};

const TITLE_POLICY: SanitizerPolicy = {
  elements: TITLE_ELEMENTS,
  globalAttributes: new Set<string>(),
  allowDataAttributes: false,
};

/** Elements whose content is raw text up to their end tag, as a browser parses them. */
const RAW_TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'xmp',
  'noembed',
  'noframes',
  'noscript',
]);
const ELEMENTS_REMOVED_WITH_CONTENT: ReadonlySet<string> = new Set([
  ...RAW_TEXT_ELEMENTS,
  'object',
  'applet',
  'template',
  'svg',
  'math',
]);

const DATA_ATTRIBUTE = /^data(?:-[a-z0-9_]+)+$/;
const RASTER_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|avif|bmp)[;,]/i;
const TAG_WHITESPACE = /[\t\n\f\r ]/;
const ASCII_LETTER = /[a-zA-Z]/;

/**
 * Cleans post content or an excerpt written by a user without `unfiltered_html`, like WordPress's
 * `wp_filter_post_kses`: only allow-listed elements and attributes survive (no `<script>`,
 * `<style>`, `<iframe>`, `<object>`, `<embed>`, `<form>`, no `on*` handlers), URL attributes must
 * use a safe scheme (no `javascript:`, `vbscript:` or `data:` except raster `data:image` in `src`),
 * `style` keeps only harmless declarations, stray `&`, `<` and `>` are escaped, comments (and so
 * block delimiters) are kept.
 */
export function sanitizePostHtml(html: string, options: SanitizeHtmlOptions = {}): string {
  return sanitizeHtml(html, POST_POLICY, options);
}

/**
 * Cleans a title written by a user without `unfiltered_html` (WordPress's `wp_filter_kses`):
 * only inline formatting (`<a href title>`, `<abbr>`, `<b>`, `<cite>`, `<code>`, `<del>`, `<em>`,
 * `<i>`, `<q>`, `<s>`, `<strike>`, `<strong>`, `<blockquote>`) is kept; `<div>div</div>` → `div`.
 */
export function sanitizeTitleHtml(html: string, options: SanitizeHtmlOptions = {}): string {
  return sanitizeHtml(html, TITLE_POLICY, options);
}

function sanitizeHtml(html: string, policy: SanitizerPolicy, options: SanitizeHtmlOptions): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  const input = html.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, '');
  let output = '';
  let position = 0;

  while (position < input.length) {
    const tagStart = input.indexOf('<', position);
    output += escapeText(input.slice(position, tagStart === -1 ? input.length : tagStart));
    if (tagStart === -1) {
      break;
    }
    position = tagStart;

    if (input.startsWith('<!--', position)) {
      const comment = readComment(input, position);
      output += `<!--${comment.body}-->`;
      position = comment.end;
      continue;
    }

    const next = input.charAt(position + 1);
    const afterSlash = input.charAt(position + 2);
    const opensTag = ASCII_LETTER.test(next);
    const closesTag = next === '/' && ASCII_LETTER.test(afterSlash);
    if (!opensTag && !closesTag) {
      if (next === '!' || next === '?' || (next === '/' && afterSlash !== '')) {
        // `<!DOCTYPE>`, `<![CDATA[…]]>`, `<?php … ?>`, `</3 …>`: browsers read these as comments.
        position = skipPast(input, position + 2, '>');
      } else {
        output += '&lt;';
        position += 1;
      }
      continue;
    }

    const tag = readTag(input, position);
    if (tag === null) {
      // A tag cut off by the end of the input is never rendered by a browser either.
      break;
    }
    position = tag.end;
    const allowedAttributes = policy.elements.get(tag.name);
    if (allowedAttributes === undefined) {
      if (
        options.removeUnsafeElementContent === true &&
        !tag.isClosing &&
        !tag.isSelfClosing &&
        ELEMENTS_REMOVED_WITH_CONTENT.has(tag.name)
      ) {
        position = endOfElementContent(input, position, tag.name);
      }
      continue;
    }
    output += tag.isClosing ? `</${tag.name}>` : serializeStartTag(tag, allowedAttributes, policy);
  }
  return output;
}

function serializeStartTag(
  tag: ParsedTag,
  allowedAttributes: ReadonlySet<string>,
  policy: SanitizerPolicy,
): string {
  const seen = new Set<string>();
  let serialized = `<${tag.name}`;
  for (const attribute of tag.attributes) {
    // Browsers honour the first occurrence of a repeated attribute.
    if (seen.has(attribute.name)) {
      continue;
    }
    seen.add(attribute.name);
    const isAllowed =
      allowedAttributes.has(attribute.name) ||
      policy.globalAttributes.has(attribute.name) ||
      (policy.allowDataAttributes && DATA_ATTRIBUTE.test(attribute.name));
    if (!isAllowed) {
      continue;
    }
    if (attribute.value === null) {
      serialized += ` ${attribute.name}`;
      continue;
    }
    const value = cleanAttributeValue(tag.name, attribute.name, attribute.value);
    if (value !== null) {
      serialized += ` ${attribute.name}="${value.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`;
    }
  }
  return serialized + (tag.isSelfClosing ? ' />' : '>');
}

/** The attribute value to keep, or `null` when the attribute must go. */
function cleanAttributeValue(elementName: string, attributeName: string, rawValue: string): string | null {
  const value = normalizeEntities(rawValue);
  if (URL_ATTRIBUTES.has(attributeName)) {
    const allowsDataImage = attributeName === 'src' && elementName === 'img';
    return isSafeUrl(value, allowsDataImage) ? value : null;
  }
  if (attributeName === 'srcset') {
    const candidateUrls = value
      .split(',')
      .map((candidate) => candidate.trim().split(/\s+/)[0])
      .filter((url) => url !== '');
    return candidateUrls.every((url) => isSafeUrl(url, false)) ? value : null;
  }
  if (attributeName === 'style') {
    const style = sanitizeStyle(value);
    return style === '' ? null : style;
  }
  return value;
}

/** Relative URLs pass; absolute ones need an allowed scheme (decoded the way a browser would). */
function isSafeUrl(value: string, allowsDataImage: boolean): boolean {
  // eslint-disable-next-line no-control-regex -- browsers ignore control characters and spaces in URLs
  const url = decodeNumericReferences(value).replace(/[\x00-\x20\x7f]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
  if (scheme === null) {
    return true;
  }
  if (ALLOWED_URL_SCHEMES.has(scheme[1].toLowerCase())) {
    return true;
  }
  return allowsDataImage && RASTER_DATA_IMAGE.test(url);
}

/** Keeps CSS declarations that cannot run script or load from unsafe URLs. */
function sanitizeStyle(css: string): string {
  return css
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => declaration !== '' && isSafeDeclaration(declaration))
    .join(';');
}

function isSafeDeclaration(declaration: string): boolean {
  const colon = declaration.indexOf(':');
  if (colon < 1) {
    return false;
  }
  const property = declaration.slice(0, colon).trim().toLowerCase();
  if (
    !/^(?:-?[a-z][a-z0-9-]*|--[a-z0-9_-]+)$/.test(property) ||
    /^(?:-ms-)?behavior$|binding$/.test(property)
  ) {
    return false;
  }
  const value = declaration.slice(colon + 1);
  if (/[\\<>{}&]|\/\*|expression|javascript:|vbscript:|behavior|-moz-binding|@import/i.test(value)) {
    return false;
  }
  const urlOpenings = value.match(/url\s*\(/gi) ?? [];
  const urlArguments = [...value.matchAll(/url\s*\(\s*(['"]?)([^'"()]*)\1\s*\)/gi)].map((match) => match[2]);
  return urlArguments.length === urlOpenings.length && urlArguments.every((url) => isSafeUrl(url, false));
}

/**
 * Escapes `&` that does not start a valid entity (unknown names included) and `>` in text,
 * and writes numeric references canonically (`wp_kses_normalize_entities`).
 */
function normalizeEntities(text: string): string {
  return text.replace(
    /&(?:#(0*[0-9]{1,7});|#[xX](0*[0-9a-fA-F]{1,6});|([A-Za-z]{2,8}[0-9]{0,2});)?/g,
    (match: string, decimal?: string, hexadecimal?: string, name?: string) => {
      if (decimal !== undefined) {
        return isValidCharacter(parseInt(decimal, 10))
          ? `&#${decimal.replace(/^0+/, '').padStart(3, '0')};`
          : `&amp;#${decimal};`;
      }
      if (hexadecimal !== undefined) {
        return isValidCharacter(parseInt(hexadecimal, 16))
          ? `&#x${hexadecimal.replace(/^0+/, '')};`
          : `&amp;#x${hexadecimal};`;
      }
      if (name !== undefined) {
        return ALLOWED_ENTITY_NAMES.has(name) ? match : `&amp;${name};`;
      }
      return '&amp;';
    },
  );
}

function escapeText(text: string): string {
  return normalizeEntities(text).replace(/>/g, '&gt;');
}

function isValidCharacter(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

function decodeNumericReferences(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_match, hexadecimal: string) =>
      String.fromCodePoint(parseInt(hexadecimal, 16)),
    )
    .replace(/&#([0-9]+);/g, (_match, decimal: string) => String.fromCodePoint(parseInt(decimal, 10)));
}

/**
 * Reads a comment the way the HTML tokenizer does: `<!-->` and `<!--->` are complete (empty)
 * comments, otherwise it ends at the first `-->` or `--!>`, or at the end of the input.
 */
function readComment(input: string, start: number): { body: string; end: number } {
  const bodyStart = start + 4;
  if (input.startsWith('>', bodyStart)) {
    return { body: '', end: bodyStart + 1 };
  }
  if (input.startsWith('->', bodyStart)) {
    return { body: '', end: bodyStart + 2 };
  }
  const candidates = [
    { at: input.indexOf('-->', bodyStart), length: 3 },
    { at: input.indexOf('--!>', bodyStart), length: 4 },
  ].filter((candidate) => candidate.at !== -1);
  if (candidates.length === 0) {
    return { body: input.slice(bodyStart), end: input.length };
  }
  const close = candidates.reduce((first, candidate) => (candidate.at < first.at ? candidate : first));
  return { body: input.slice(bodyStart, close.at), end: close.at + close.length };
}

function skipPast(input: string, from: number, terminator: string): number {
  const at = input.indexOf(terminator, from);
  return at === -1 ? input.length : at + terminator.length;
}

/**
 * Reads a start or end tag at `start` (which holds `<`) following the HTML tokenizer's rules for
 * names, quoted/unquoted attribute values and `/>`. Returns `null` when the input ends inside it.
 */
function readTag(input: string, start: number): ParsedTag | null {
  const isClosing = input[start + 1] === '/';
  let position = start + (isClosing ? 2 : 1);
  let name = '';
  while (
    position < input.length &&
    !TAG_WHITESPACE.test(input[position]) &&
    !'/>'.includes(input[position])
  ) {
    name += input[position++];
  }
  const attributes: ParsedAttribute[] = [];
  let isSelfClosing = false;

  while (position < input.length) {
    const character = input[position];
    if (TAG_WHITESPACE.test(character)) {
      position++;
    } else if (character === '>') {
      return { name: name.toLowerCase(), isClosing, isSelfClosing, attributes, end: position + 1 };
    } else if (character === '/') {
      position++;
      isSelfClosing = input[position] === '>';
    } else {
      isSelfClosing = false;
      const attribute = readAttribute(input, position);
      if (attribute === null) {
        return null;
      }
      attributes.push({ name: attribute.name, value: attribute.value });
      position = attribute.end;
    }
  }
  return null;
}

function readAttribute(input: string, start: number): (ParsedAttribute & { end: number }) | null {
  let position = start;
  let name = input[position++];
  while (
    position < input.length &&
    !TAG_WHITESPACE.test(input[position]) &&
    !'/>='.includes(input[position])
  ) {
    name += input[position++];
  }
  while (position < input.length && TAG_WHITESPACE.test(input[position])) {
    position++;
  }
  if (input[position] !== '=') {
    return { name: name.toLowerCase(), value: null, end: position };
  }
  position++;
  while (position < input.length && TAG_WHITESPACE.test(input[position])) {
    position++;
  }
  if (position >= input.length) {
    return null;
  }
  const quote = input[position];
  if (quote === '"' || quote === "'") {
    const closingQuote = input.indexOf(quote, position + 1);
    if (closingQuote === -1) {
      return null;
    }
    return {
      name: name.toLowerCase(),
      value: input.slice(position + 1, closingQuote),
      end: closingQuote + 1,
    };
  }
  if (quote === '>') {
    return { name: name.toLowerCase(), value: '', end: position };
  }
  let value = '';
  while (position < input.length && !TAG_WHITESPACE.test(input[position]) && input[position] !== '>') {
    value += input[position++];
  }
  return position >= input.length ? null : { name: name.toLowerCase(), value, end: position };
}

/** Where the content of a removed element ends: after its end tag, or at the end of the input. */
function endOfElementContent(input: string, from: number, name: string): number {
  const tagPattern = new RegExp(`<(/?)${name}(?=[\\t\\n\\f\\r />])`, 'gi');
  tagPattern.lastIndex = from;
  let depth = 1;
  for (let match = tagPattern.exec(input); match !== null; match = tagPattern.exec(input)) {
    if (match[1] === '/') {
      depth--;
    } else if (!RAW_TEXT_ELEMENTS.has(name)) {
      depth++;
    }
    if (depth === 0) {
      return skipPast(input, match.index, '>');
    }
  }
  return input.length;
}
