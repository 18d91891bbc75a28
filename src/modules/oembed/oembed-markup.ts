import { randomInt } from 'node:crypto';
import { decodeEntities } from '../../platform/common/html';

const SECRET_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** WordPress's wp_generate_password(10, false): letters and digits. */
export function generateSecret(length = 10): string {
  let secret = '';
  for (let i = 0; i < length; i++) secret += SECRET_CHARS[randomInt(SECRET_CHARS.length)];
  return secret;
}

/** esc_html / esc_attr: escapes markup characters without double-encoding existing entities. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** esc_url for output in an attribute: only http(s) and relative URLs, `&` as `&#038;`. */
export function escapeUrl(url: string): string {
  const trimmed = url.trim().replace(/\s/g, '%20');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme && !['http', 'https'].includes(scheme)) return '';
  return trimmed
    .replace(/&(?!#038;)(?:amp;)?/g, '&#038;')
    .replace(/"/g, '%22')
    .replace(/'/g, '&#039;')
    .replace(/</g, '%3C')
    .replace(/>/g, '%3E');
}

/** The embed URL of a permalink (get_post_embed_url): `…/slug/embed/`, or `&embed=true` for query permalinks. */
export function embedUrlOf(link: string): string {
  if (link.includes('?')) return `${link}&embed=true`;
  return `${link.replace(/\/?$/, '/')}embed/`;
}

/**
 * The host page's side of WordPress's wp-embed script: resizes the iframe when the embedded page reports its
 * height, and follows links it reports, for the iframe whose secret matches.
 */
export const EMBED_HOST_SCRIPT =
  '!function(w,d){if(w.wpEmbedHost)return;w.wpEmbedHost=1;w.addEventListener("message",function(e){' +
  'var m=e.data;if(!m||!m.secret||!m.message)return;var s=String(m.secret).replace(/[^a-zA-Z0-9]/g,"");' +
  "var q=d.querySelectorAll('blockquote[data-secret=\"'+s+'\"]'),f=d.querySelectorAll('iframe[data-secret=\"'+s+'\"]');" +
  'for(var i=0;i<f.length;i++){var el=f[i];if(e.source!==el.contentWindow)continue;el.removeAttribute("style");' +
  'for(var j=0;j<q.length;j++)q[j].style.display="none";' +
  'if(m.message==="height"){var h=Math.min(Math.max(parseInt(m.value,10)||0,200),1000);if(h!==+el.height)el.height=h}' +
  'else if(m.message==="link"){try{var u=new URL(m.value),c=new URL(el.src);if(u.host===c.host&&d.activeElement===el)w.top.location.href=m.value}catch(x){}}}' +
  '},false)}(window,document);';

/** The embedded page's side: reports its height and clicked links to the host page with the secret. */
export const EMBED_PAGE_SCRIPT =
  '(function(){var m=/secret=([A-Za-z0-9]+)/.exec(location.hash);if(!m||window.parent===window)return;var s=m[1];' +
  'function h(){parent.postMessage({message:"height",value:Math.ceil(document.documentElement.getBoundingClientRect().height),secret:s},"*")}' +
  'window.addEventListener("load",h);window.addEventListener("resize",h);' +
  'document.addEventListener("click",function(e){var a=e.target&&e.target.closest&&e.target.closest("a");' +
  'if(a&&a.href){e.preventDefault();parent.postMessage({message:"link",value:a.href,secret:s},"*")}})})();';

export interface PostEmbedHtmlInput {
  link: string;
  /** Rendered title (HTML). */
  title: string;
  siteName: string;
  width: number;
  height: number;
  secret?: string;
}

/** get_post_embed_html: the fallback blockquote, the sandboxed iframe to the embed URL, and the host script. */
export function postEmbedHtml(input: PostEmbedHtmlInput): string {
  const secret = input.secret ?? generateSecret();
  const src = `${embedUrlOf(input.link)}#?secret=${secret}`;
  const iframeTitle = `&#8220;${input.title}&#8221; &#8212; ${input.siteName}`;
  return (
    `<blockquote class="wp-embedded-content" data-secret="${escapeHtml(secret)}">` +
    `<a href="${escapeUrl(input.link)}">${input.title}</a></blockquote>` +
    `<iframe sandbox="allow-scripts" security="restricted" src="${escapeUrl(src)}" ` +
    `width="${Math.abs(Math.trunc(input.width))}" height="${Math.abs(Math.trunc(input.height))}" ` +
    `title="${escapeHtml(iframeTitle)}" data-secret="${escapeHtml(secret)}" frameborder="0" marginwidth="0" ` +
    `marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>` +
    `<script>\n${EMBED_HOST_SCRIPT}\n</script>`
  );
}

function xmlNodes(data: Record<string, unknown> | unknown[]): string {
  let xml = '';
  for (const [key, value] of Object.entries(data)) {
    const name = /^\d+$/.test(key) ? 'oembed' : key;
    if (value !== null && typeof value === 'object') {
      xml += `<${name}>${xmlNodes(value as Record<string, unknown>)}</${name}>`;
    } else if (value === null || value === undefined || value === false) {
      xml += `<${name}/>`;
    } else {
      xml += `<${name}>${escapeHtml(String(value === true ? 1 : value))}</${name}>`;
    }
  }
  return xml;
}

/** _oembed_create_xml: `<oembed>` with one element per key (values HTML-escaped); null when there is no data. */
export function oembedXml(data: Record<string, unknown>): string | null {
  if (Object.keys(data).length === 0) return null;
  return `<?xml version="1.0"?>\n<oembed>${xmlNodes(data)}</oembed>\n`;
}

/** WP_oEmbed::_parse_xml for the flat documents providers send; null when it is not an `<oembed>` document. */
export function parseOEmbedXml(xml: string): Record<string, string> | null {
  const root = /<oembed>([\s\S]*)<\/oembed>/i.exec(xml);
  if (!root) return null;
  const data: Record<string, string> = {};
  const element = /<([a-zA-Z_][\w-]*)\s*>([\s\S]*?)<\/\1\s*>|<([a-zA-Z_][\w-]*)\s*\/>/g;
  for (let match = element.exec(root[1]); match; match = element.exec(root[1])) {
    if (match[3]) data[match[3]] = '';
    else data[match[1]] = decodeEntities(match[2].replace(/^<!\[CDATA\[([\s\S]*)\]\]>$/, '$1'));
  }
  return Object.keys(data).length > 0 ? data : null;
}
