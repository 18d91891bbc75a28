import { attributesOf, decodeEntities, headOf } from '../../platform/common/html';

export interface UrlDetails {
  title: string;
  icon: string;
  description: string;
  image: string;
}

/** WordPress's prepare_metadata_for_output: entities decoded, tags stripped, whitespace trimmed. */
function cleanText(text: string): string {
  return decodeEntities(text)
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function absolute(href: string, pageUrl: string): string {
  if (!href) return '';
  try {
    return new URL(decodeEntities(href), pageUrl).toString();
  } catch {
    return '';
  }
}

/**
 * The details the block editor shows for a link (WP_REST_URL_Details_Controller): the `<title>`, the icon
 * `<link>`, the description and Open Graph image `<meta>`s of the page's head. Missing ones are ''.
 */
export function parseUrlDetails(html: string, pageUrl: string): UrlDetails {
  const head = headOf(html);
  const title = /<title[^>]*>([\s\S]*?)<\s*\/\s*title>/i.exec(head)?.[1] ?? '';
  let icon = '';
  const metas: Record<string, string> = {};
  for (const match of head.matchAll(/<(link|meta)\s([^<>]*?)\/?>/gi)) {
    const attributes = attributesOf(match[2]);
    if (match[1].toLowerCase() === 'link') {
      const rel = (attributes.rel ?? '').toLowerCase().trim().split(/\s+/).sort().join(' ');
      if (!icon && (rel === 'icon' || rel === 'icon shortcut' || rel === 'apple-touch-icon'))
        icon = attributes.href ?? '';
      continue;
    }
    const key = (attributes.name ?? attributes.property ?? '').toLowerCase();
    if (key && attributes.content !== undefined && !(key in metas)) metas[key] = attributes.content;
  }
  return {
    title: cleanText(title),
    icon: absolute(icon, pageUrl),
    description: cleanText(metas.description ?? metas['og:description'] ?? ''),
    image: absolute(metas['og:image'] ?? metas['og:image:url'] ?? '', pageUrl),
  };
}
