import type { RestUrls } from '../../../platform/rest';

const BLOCK_START =
  /^\s*<(?:p|div|h[1-6]|ul|ol|li|table|blockquote|pre|figure|section|article|header|footer|aside|nav|hr|form|dl|address)\b/i;

/**
 * The `the_content` rendering TEC applies to descriptions, reduced to wpautop's common case: paragraphs
 * separated by blank lines become `<p>`s, single line breaks `<br />`; HTML that already opens with a
 * block element is kept. Trimmed, as TEC trims.
 */
export function renderContent(raw: string | null | undefined): string {
  const text = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  if (text === '') return '';
  if (BLOCK_START.test(text)) return text;
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br />\n')}</p>`)
    .join('\n');
}

/**
 * TEC's global ID (`Tribe__Utils__Global_ID`): `<home host><home path>?id=<ID>` without scheme or port,
 * e.g. `example.com?id=5`.
 */
export function globalId(urls: Pick<RestUrls, 'site'>, id: number): string {
  const home = new URL(urls.site('/'));
  const path = home.pathname.replace(/^\/(?:no)\/$/, '/').replace(/\/+$/, '');
  return `${home.hostname}${path}?id=${id}`;
}

/** Statuses without a pretty permalink (get_post_permalink's draft_or_pending, and TEC's trash). */
const PLAIN_LINK_STATUSES = new Set(['draft', 'pending', 'auto-draft', 'future', 'trash']);

/**
 * The site URL of a calendar object's page (`/venue/<slug>/`); drafts, pending, future and trashed objects
 * and objects without a slug get the plain `?post_type=<type>&p=<ID>` form.
 */
export function permalink(
  urls: Pick<RestUrls, 'site'>,
  base: string,
  postType: string,
  post: { id: number; slug: string | null; status: string },
): string {
  return post.slug && !PLAIN_LINK_STATUSES.has(post.status)
    ? urls.site(`/${base}/${post.slug}/`)
    : urls.site(`/?post_type=${postType}&p=${post.id}`);
}

/** WordPress's esc_js: HTML special characters as entities, quotes slashed, newlines as a literal `\\n`. */
export function escJs(text: string): string {
  return text
    .replace(/&(?!#?\w+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, "\\'")
    .replace(/\r/g, '')
    .replace(/\n/g, '\\n');
}

/**
 * An e-mail address as HTML character references (WordPress's antispambot, which picks at random per
 * character; here every character is encoded, so answers do not change between requests).
 */
export function antispambot(email: string): string {
  return [...email].map((char) => `&#${char.codePointAt(0)};`).join('');
}

/** Tags removed and whitespace collapsed (wp_strip_all_tags), for JSON-LD descriptions. */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
