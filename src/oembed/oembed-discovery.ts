import { decodeEntities } from '../common/html';

export type ProviderFormat = 'json' | 'xml';

const LINK_TYPES: Record<string, ProviderFormat> = {
  'application/json+oembed': 'json',
  'text/xml+oembed': 'xml',
  'application/xml+oembed': 'xml',
};

const ATTRIBUTE = /([\w-]+)\s*=\s*"([^"]*)"|([\w-]+)\s*=\s*'([^']*)'|([\w-]+)\s*=\s*([^\s'"]+)/g;

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? match[3] ?? match[5]).toLowerCase();
    attributes[name] = match[2] ?? match[4] ?? match[6] ?? '';
  }
  return attributes;
}

/**
 * WP_oEmbed::discover on a fetched page: the oEmbed endpoint announced by a `<link type="…+oembed">` in the
 * head, JSON preferred over XML; relative hrefs are resolved against the page URL. Null when none.
 */
export function discoverProvider(html: string, pageUrl: string): string | null {
  const headEnd = html.search(/<\/head>/i);
  const head = headEnd > 0 ? html.slice(0, headEnd) : html;
  const lower = head.toLowerCase();
  if (!Object.keys(LINK_TYPES).some((type) => lower.includes(type))) return null;
  const found: Partial<Record<ProviderFormat, string>> = {};
  for (const match of head.matchAll(/<link([^<>]+)\/?>/gi)) {
    const attributes = attributesOf(match[1]);
    const format = attributes.type ? LINK_TYPES[attributes.type] : undefined;
    if (!format || !attributes.href) continue;
    found[format] = decodeEntities(attributes.href);
    if (format === 'json') break;
  }
  const href = found.json ?? found.xml;
  if (!href) return null;
  try {
    return new URL(href, pageUrl).toString();
  } catch {
    return null;
  }
}
