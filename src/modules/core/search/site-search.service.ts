import { Injectable } from '@nestjs/common';
import { ancestorSlugs } from '../../../platform/common/hierarchy';
import type { RestUser } from '../../../platform/rest';
import { FoundPost, FoundTerm, SiteSearchRepository } from './site-search.repository';

export const SEARCH_TYPES = ['post', 'term', 'post-format'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Subtypes per search type, in the order WordPress lists them in the `subtype` enum. */
export const SEARCH_SUBTYPES = {
  post: ['post', 'page', 'cal_events'],
  term: ['category', 'post_tag', 'cal_events_cat'],
  'post-format': [],
} as const satisfies Record<SearchType, readonly string[]>;

/** WordPress's post format names (`get_post_format_strings`). */
export const POST_FORMAT_NAMES: Record<string, string> = {
  aside: 'Aside',
  chat: 'Chat',
  gallery: 'Gallery',
  link: 'Link',
  image: 'Image',
  quote: 'Quote',
  status: 'Status',
  video: 'Video',
  audio: 'Audio',
};

export interface SiteSearchQuery {
  type: SearchType;
  /** Empty or containing `any`: every subtype of the type. */
  subtypes: string[];
  search?: string;
  page: number;
  perPage: number;
  include: number[];
  exclude: number[];
  language: string;
}

export type SiteSearchResult =
  | { type: 'post'; post: FoundPost }
  | { type: 'term'; term: FoundTerm }
  | { type: 'post-format'; format: string; name: string };

/** `core/v2/search`: WordPress's post, term and post-format search handlers over the site's content. */
@Injectable()
export class SiteSearchService {
  constructor(private readonly repository: SiteSearchRepository) {}

  async search(
    user: RestUser | null,
    query: SiteSearchQuery,
  ): Promise<{ items: SiteSearchResult[]; total: number }> {
    const offset = (query.page - 1) * query.perPage;
    const filter = {
      search: query.search,
      language: query.language,
      include: query.include,
      exclude: query.exclude,
      withProtected: user !== null,
    };
    const subtypes = chosenSubtypes(query.type, query.subtypes);
    if (query.type === 'post') {
      const { items, total } = await this.repository.findPosts(
        filter,
        subtypes as FoundPost['subtype'][],
        offset + query.perPage,
      );
      const page = items
        .sort((a, b) => a.rank - b.rank || (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id))
        .slice(offset, offset + query.perPage);
      const ancestors = await ancestorSlugs(page, (ids) => this.repository.postNodes(ids));
      return {
        items: page.map(({ rank: _rank, ...post }) => ({
          type: 'post',
          post: { ...post, ancestors: ancestors.get(post.id) },
        })),
        total,
      };
    }
    if (query.type === 'term') {
      const { items, total } = await this.repository.findTerms(
        filter,
        subtypes as FoundTerm['taxonomy'][],
        offset,
        query.perPage,
      );
      // Core and calendar categories are separate tables: each its own ancestors (term IDs may repeat).
      const byTaxonomy = new Map<FoundTerm['taxonomy'], Map<number, string[]>>();
      for (const taxonomy of new Set(items.map((term) => term.taxonomy))) {
        const terms = items.filter((term) => term.taxonomy === taxonomy);
        byTaxonomy.set(
          taxonomy,
          await ancestorSlugs(terms, (ids) => this.repository.termNodes(taxonomy, ids)),
        );
      }
      return {
        items: items.map((term) => ({
          type: 'term',
          term: { ...term, ancestors: byTaxonomy.get(term.taxonomy)?.get(term.id) },
        })),
        total,
      };
    }
    const search = query.search?.toLowerCase();
    const formats = (await this.repository.usedPostFormats(query.language))
      .filter((format) => format in POST_FORMAT_NAMES)
      .filter(
        (format) =>
          !search || format.includes(search) || POST_FORMAT_NAMES[format].toLowerCase().includes(search),
      )
      .sort((a, b) => Object.keys(POST_FORMAT_NAMES).indexOf(a) - Object.keys(POST_FORMAT_NAMES).indexOf(b));
    return {
      items: formats
        .slice(offset, offset + query.perPage)
        .map((format) => ({ type: 'post-format', format, name: POST_FORMAT_NAMES[format] })),
      total: formats.length,
    };
  }
}

function chosenSubtypes(type: SearchType, requested: string[]): string[] {
  const all: readonly string[] = SEARCH_SUBTYPES[type];
  if (requested.length === 0 || requested.includes('any')) return [...all];
  const chosen = requested.filter((subtype) => all.includes(subtype));
  return chosen.length ? chosen : [...all];
}
