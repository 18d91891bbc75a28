import { attributesOf, decodeEntities, headOf } from '../../platform/common/html';

export type ProviderFormat = 'json' | 'xml';

const LINK_TYPES: Record<string, ProviderFormat> = {
  'application/json+oembed': 'json',
  'text/xml+oembed': 'xml',
  'application/xml+oembed': 'xml',
};

/**
 * WP_oEmbed::discover on a fetched page: the oEmbed endpoint announced by a `<link type="…+oembed">` in the
 * head, JSON preferred over XML; relative hrefs are resolved against the page URL. Null when none.
 */
export function discoverProvider(html: string, pageUrl: string): string | null {
  const head = headOf(html);
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
