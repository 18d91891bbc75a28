import { escapeHtml, escapeUrl, generateSecret } from './oembed-markup';

type AllowedHtml = Record<string, Set<string>>;

const URL_ATTRIBUTES = new Set(['href', 'src']);
const ATTRIBUTE = /([a-zA-Z_:][\w:.-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function safeUrl(value: string): string | null {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return scheme && !['http', 'https'].includes(scheme) ? null : value;
}

/**
 * WordPress's wp_kses for a small allow-list: disallowed tags and comments are removed (their text stays),
 * allowed tags keep only their allowed attributes, re-quoted, and URL attributes only with http(s).
 */
export function kses(html: string, allowed: AllowedHtml): string {
  return html.replace(/<!--[\s\S]*?(?:-->|$)|<[^>]*>?/g, (token) => {
    const tag = /^<\s*(\/)?\s*([a-zA-Z][a-zA-Z0-9]*)([\s\S]*?)(\/)?\s*>$/.exec(token);
    if (!tag) return token.startsWith('<!--') ? '' : escapeHtml(token);
    const name = tag[2].toLowerCase();
    const attributes = allowed[name];
    if (!attributes) return '';
    if (tag[1]) return `</${name}>`;
    let kept = '';
    for (const match of tag[3].matchAll(ATTRIBUTE)) {
      const attribute = match[1].toLowerCase();
      if (!attributes.has(attribute)) continue;
      let value = match[2] ?? match[3] ?? match[4] ?? '';
      if (URL_ATTRIBUTES.has(attribute)) {
        const checked = safeUrl(value);
        if (checked === null) continue;
        value = checked;
      }
      kept += ` ${attribute}="${value.replace(/"/g, '&quot;')}"`;
    }
    return `<${name}${kept}${tag[4] ? ' /' : ''}>`;
  });
}

const PROVIDER_HTML: AllowedHtml = {
  a: new Set(['href']),
  blockquote: new Set(),
  iframe: new Set([
    'src',
    'width',
    'height',
    'frameborder',
    'marginwidth',
    'marginheight',
    'scrolling',
    'title',
  ]),
};

/**
 * wp_filter_oembed_result for untrusted (discovered) providers: keep only an iframe and an optional leading
 * blockquote, sandbox the iframe and tie both to a fresh secret. False when there is no iframe.
 */
export function filterUntrustedResult(html: string, secret = generateSecret()): string | false {
  const cleaned = kses(html, PROVIDER_HTML);
  const content = /(<blockquote>[\s\S]*?<\/blockquote>)?[\s\S]*(<iframe[\s\S]*?><\/iframe>)/.exec(cleaned);
  if (!content?.[2]) return false;
  let result = (content[1] ?? '') + content[2];
  const src = / src=(['"])(.*?)\1/.exec(result);
  if (src) {
    const url = escapeUrl(`${src[2]}#?secret=${secret}`);
    const quote = src[1];
    result = result.replace(src[0], ` src=${quote}${url}${quote} data-secret=${quote}${secret}${quote}`);
    result = result.split('<blockquote').join(`<blockquote data-secret="${secret}"`);
  }
  if (content[1]) {
    result = result.split('<iframe').join('<iframe style="position: absolute; visibility: hidden;"');
    result = result.split('<blockquote').join('<blockquote class="wp-embedded-content"');
  }
  return result.replace(
    /<iframe/gi,
    '<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted"',
  );
}

const isNumeric = (value: unknown) =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

/** WP_oEmbed::data2html followed by the untrusted-provider filter: the HTML to show for a provider response. */
export function providerDataToHtml(data: Record<string, unknown>, url: string): string | false {
  switch (data.type) {
    case 'photo': {
      const { url: photo, width, height, title } = data;
      if (typeof photo !== 'string' || !photo || !isNumeric(width) || !isNumeric(height)) return false;
      if (!Number(width) || !Number(height)) return false;
      const alt = typeof title === 'string' ? title : '';
      return (
        `<a href="${escapeUrl(url)}"><img src="${escapeUrl(photo)}" alt="${escapeHtml(alt)}" ` +
        `width="${escapeHtml(String(width))}" height="${escapeHtml(String(height))}" /></a>`
      );
    }
    case 'video':
    case 'rich':
      return typeof data.html === 'string' && data.html !== '' ? filterUntrustedResult(data.html) : false;
    case 'link':
      return typeof data.title === 'string' && data.title !== ''
        ? `<a href="${escapeUrl(url)}">${escapeHtml(data.title)}</a>`
        : false;
    default:
      return false;
  }
}
