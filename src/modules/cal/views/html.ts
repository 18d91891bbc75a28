/** Markup that is already safe to emit; everything else interpolated into `markup` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

type Interpolated = SafeHtml | string | number | boolean | null | undefined | Interpolated[];

/** Escapes text for element content and quoted attributes (esc_html / esc_attr, entities kept). */
export function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

function render(value: Interpolated): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeText(String(value));
}

/**
 * Tagged template for the calendar views (not named `html`, so formatters leave the markup as written): interpolated strings are escaped, `SafeHtml` (other `markup`
 * results, `raw(...)`) goes in as is, arrays are joined and `null`/`undefined`/`false` print nothing.
 */
export function markup(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/** Trusted markup (rendered, sanitised content; fixed assets). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** A URL for an `href`/`src`: only http(s), protocol-relative-free relative paths and `#`; else empty. */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https') return '';
  return trimmed;
}

/** JSON for a `<script type="application/json|ld+json">` block: `<`, `>`, `&` and U+2028/9 escaped. */
export function scriptJson(value: unknown): SafeHtml {
  return new SafeHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}

/** Text of an HTML fragment (tags removed, entities kept) for titles and attributes. */
export function stripTags(markup: string): string {
  return markup.replace(/<[^>]*>/g, '');
}
