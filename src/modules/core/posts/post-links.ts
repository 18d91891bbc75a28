import type { PostTypeName } from './post-types';

export interface LinkablePost {
  id: number;
  type: string;
  status: string;
  slug: string | null;
  /** Local publication date, `Y-m-d H:i:s`. */
  date: string;
  language: string;
}

/** The site root for a content language (`/no` prefix for Norwegian). */
export function siteRoot(siteUrl: string, language: string): string {
  return `${siteUrl}${language === 'en' ? '' : `/${language}`}`;
}

const PRETTY_STATUSES = new Set(['publish', 'private']);

/**
 * The public URL of a post or page: `/{ancestors}/{slug}/` for pages (`ancestors`: the slugs of its parent
 * pages, top first), `/{yyyy}/{mm}/{dd}/{slug}/` for posts; unpublished items (and items without a slug) get
 * the plain `?p=ID` / `?page_id=ID` form.
 */
export function postLink(siteUrl: string, post: LinkablePost, ancestors: readonly string[] = []): string {
  const root = siteRoot(siteUrl, post.language);
  if (!PRETTY_STATUSES.has(post.status) || !post.slug) return plainLink(siteUrl, post);
  if (post.type === 'page') return `${root}/${[...ancestors, post.slug].join('/')}/`;
  const [day] = post.date.split(' ');
  const [year, month, date] = day.split('-');
  return `${root}/${year}/${month}/${date}/${post.slug}/`;
}

/** `?p=ID` (posts) or `?page_id=ID` (pages), as WordPress's guid and plain permalinks. */
export function plainLink(siteUrl: string, post: Pick<LinkablePost, 'id' | 'type' | 'language'>): string {
  const root = siteRoot(siteUrl, post.language);
  return post.type === 'page' ? `${root}/?page_id=${post.id}` : `${root}/?p=${post.id}`;
}

/**
 * `permalink_template` (edit context, get_sample_permalink): a child page's template keeps its ancestors'
 * path; a trashed post has no pretty permalink, so its template is the plain link, while a page's sample link
 * stays pretty (WordPress's _get_page_link builds it whatever the status).
 */
export function permalinkTemplate(
  siteUrl: string,
  post: Pick<LinkablePost, 'id' | 'status' | 'language'> & { type: PostTypeName },
  ancestors: readonly string[] = [],
): string {
  if (post.status === 'trash' && post.type !== 'page') return plainLink(siteUrl, post);
  const root = siteRoot(siteUrl, post.language);
  return post.type === 'page'
    ? `${root}/${[...ancestors, '%pagename%'].join('/')}/`
    : `${root}/%year%/%monthnum%/%day%/%postname%/`;
}

/** Parses a URL produced by {@link postLink} back into its parts (for oEmbed lookups). */
export function parsePostLink(
  siteUrl: string,
  url: string,
): {
  language: string;
  type: PostTypeName | null;
  slug?: string;
  /** A page's ancestors' slugs, top first. */
  ancestors?: string[];
  date?: string;
  id?: number;
} | null {
  let rest: string;
  let parsed: URL;
  try {
    parsed = new URL(url);
    const site = new URL(siteUrl);
    if (parsed.host !== site.host) return null;
    rest = parsed.pathname.slice(site.pathname.replace(/\/$/, '').length);
  } catch {
    return null;
  }
  let language = 'en';
  const languageMatch = /^\/(no)(\/|$)/.exec(rest);
  if (languageMatch) {
    language = languageMatch[1];
    rest = rest.slice(3) || '/';
  }
  const p = parsed.searchParams.get('p');
  const pageId = parsed.searchParams.get('page_id');
  if ((rest === '/' || rest === '') && (p || pageId)) {
    return { language, type: p ? 'post' : 'page', id: Number(p ?? pageId) };
  }
  const dated = /^\/(\d{4})\/(\d{2})\/(\d{2})\/([^/]+)\/?$/.exec(rest);
  if (dated)
    return {
      language,
      type: 'post',
      slug: decodeURIComponent(dated[4]),
      date: `${dated[1]}-${dated[2]}-${dated[3]}`,
    };
  const page = /^\/((?:[^/]+\/)*[^/]+)\/?$/.exec(rest);
  if (page) {
    const segments = page[1].split('/').map((segment) => decodeURIComponent(segment));
    return { language, type: 'page', slug: segments.pop(), ancestors: segments };
  }
  return null;
}
