import { Injectable } from '@nestjs/common';
import { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { CalendarTermEntity } from '../../cal';
import { EventEntity } from '../../cal';
import { PostEntity, TermEntity } from '..';
import type { HierarchyNode } from '../../../platform/common/hierarchy';
import { likeContains } from '../../../platform/database';
import {
  parseSearchTerms,
  relevanceRank,
  SearchObjectType,
  searchConditions,
  textSearchTarget,
} from '../../../platform/search';

/** One published post, page or event found by a site search. */
export interface FoundPost {
  id: number;
  subtype: 'post' | 'page' | 'cal_events';
  title: string;
  slug: string;
  status: string;
  date: string;
  language: string;
  /** A page's parent (0 for the rest). */
  parentId: number;
  /** A child page's ancestors' slugs, top first (its link's path). */
  ancestors?: string[];
}

/** One term found by a site search. */
export interface FoundTerm {
  id: number;
  taxonomy: 'category' | 'post_tag' | 'cal_events_cat';
  name: string;
  slug: string;
  parentId: number;
  language: string;
  /** A child category's ancestors' slugs, top first (its link's path). */
  ancestors?: string[];
}

export interface SiteSearchFilter {
  search?: string;
  language: string;
  include: number[];
  exclude: number[];
  /** Visitors who are not logged in never find password-protected content (WordPress's parse_search). */
  withProtected: boolean;
}

const POST_SEARCH = textSearchTarget(SearchObjectType.post, 'p', 'content');
const EVENT_SEARCH = textSearchTarget(SearchObjectType.event, 'p', 'description');

/** The queries of `core/v2/search`: published content and terms, ranked as WordPress ranks a search. */
@Injectable()
export class SiteSearchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The first `limit` matches of each source, ranked, with the totals. Posts/pages and events live in two
   * tables, so each gives its best `limit` rows and the caller merges them.
   */
  async findPosts(
    filter: SiteSearchFilter,
    subtypes: FoundPost['subtype'][],
    limit: number,
  ): Promise<{ items: Array<FoundPost & { rank: number }>; total: number }> {
    const sources: Array<Promise<{ items: Array<FoundPost & { rank: number }>; total: number }>> = [];
    const postTypes = subtypes.filter((subtype) => subtype !== 'cal_events');
    if (postTypes.length) {
      const qb = this.dataSource
        .getRepository(PostEntity)
        .createQueryBuilder('p')
        .select(['p.id AS id', 'p.type AS subtype', 'p.parent_id AS parentId'])
        .where('p.type IN (:...types)', { types: postTypes });
      sources.push(this.rankedPage(qb, filter, POST_SEARCH, limit));
    }
    if (subtypes.includes('cal_events')) {
      const qb = this.dataSource
        .getRepository(EventEntity)
        .createQueryBuilder('p')
        .select(['p.id AS id', "'cal_events' AS subtype", '0 AS parentId']);
      sources.push(this.rankedPage(qb, filter, EVENT_SEARCH, limit));
    }
    const results = await Promise.all(sources);
    return {
      items: results.flatMap((result) => result.items),
      total: results.reduce((sum, result) => sum + result.total, 0),
    };
  }

  private async rankedPage(
    qb: SelectQueryBuilder<ObjectLiteral>,
    filter: SiteSearchFilter,
    target: typeof POST_SEARCH,
    limit: number,
  ): Promise<{ items: Array<FoundPost & { rank: number }>; total: number }> {
    qb.addSelect([
      'p.title AS title',
      'p.slug AS slug',
      'p.status AS status',
      'p.date AS date',
      'p.language AS language',
    ])
      .andWhere('p.status = :status', { status: 'publish' })
      .andWhere('p.language = :language', { language: filter.language });
    if (!filter.withProtected) qb.andWhere("p.password = ''");
    if (filter.include.length) qb.andWhere('p.id IN (:...include)', { include: filter.include });
    if (filter.exclude.length) qb.andWhere('p.id NOT IN (:...exclude)', { exclude: filter.exclude });
    if (filter.search) {
      for (const condition of searchConditions(parseSearchTerms(filter.search), target, [], 'search')) {
        qb.andWhere(condition.sql, condition.params);
      }
      const rank = relevanceRank(filter.search, target);
      qb.addSelect(rank.sql, 'search_rank').setParameters(rank.params);
    } else {
      qb.addSelect('1', 'search_rank');
    }
    const total = await qb.clone().getCount();
    const rows = await qb
      .orderBy('search_rank', 'ASC')
      .addOrderBy('p.date', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .limit(limit)
      .getRawMany<Record<string, unknown>>();
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        subtype: String(row.subtype) as FoundPost['subtype'],
        title: String(row.title ?? ''),
        slug: String(row.slug ?? ''),
        status: String(row.status),
        date: String(row.date),
        language: String(row.language),
        parentId: Number(row.parentId ?? row.parentid ?? 0),
        rank: Number(row.search_rank),
      })),
      total,
    };
  }

  /** Terms whose name or slug contains the search, by name (WordPress's term search handler). */
  async findTerms(
    filter: SiteSearchFilter,
    taxonomies: FoundTerm['taxonomy'][],
    offset: number,
    limit: number,
  ): Promise<{ items: FoundTerm[]; total: number }> {
    const sources: Array<SelectQueryBuilder<ObjectLiteral>> = [];
    const coreTaxonomies = taxonomies.filter((taxonomy) => taxonomy !== 'cal_events_cat');
    if (coreTaxonomies.length) {
      sources.push(
        this.dataSource
          .getRepository(TermEntity)
          .createQueryBuilder('t')
          .select(['t.id AS id', 't.taxonomy AS taxonomy'])
          .where('t.taxonomy IN (:...taxonomies)', { taxonomies: coreTaxonomies }),
      );
    }
    if (taxonomies.includes('cal_events_cat')) {
      sources.push(
        this.dataSource
          .getRepository(CalendarTermEntity)
          .createQueryBuilder('t')
          .select(['t.id AS id', "'cal_events_cat' AS taxonomy"])
          .where("t.taxonomy = 'category'"),
      );
    }
    const pages = await Promise.all(
      sources.map(async (qb) => {
        qb.addSelect([
          't.name AS name',
          't.slug AS slug',
          't.parent_id AS parentId',
          't.language AS language',
        ]).andWhere('t.language = :language', { language: filter.language });
        if (filter.include.length) qb.andWhere('t.id IN (:...include)', { include: filter.include });
        if (filter.exclude.length) qb.andWhere('t.id NOT IN (:...exclude)', { exclude: filter.exclude });
        if (filter.search) {
          qb.andWhere("(t.name LIKE :termSearch ESCAPE '!' OR t.slug LIKE :termSearch ESCAPE '!')", {
            termSearch: likeContains(filter.search),
          });
        }
        const total = await qb.clone().getCount();
        const rows = await qb
          .orderBy('t.name', 'ASC')
          .addOrderBy('t.id', 'ASC')
          .limit(offset + limit)
          .getRawMany<Record<string, unknown>>();
        return { rows, total };
      }),
    );
    const items = pages
      .flatMap((page) => page.rows)
      .map((row) => ({
        id: Number(row.id),
        taxonomy: String(row.taxonomy) as FoundTerm['taxonomy'],
        name: String(row.name),
        slug: String(row.slug),
        parentId: Number(row.parentId ?? row.parentid ?? 0),
        language: String(row.language),
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
      .slice(offset, offset + limit);
    return { items, total: pages.reduce((sum, page) => sum + page.total, 0) };
  }

  /** Posts' or pages' places in their hierarchy, for their ancestors' slugs. */
  postNodes(ids: number[]): Promise<HierarchyNode[]> {
    return this.nodes(this.dataSource.getRepository(PostEntity).createQueryBuilder('n'), ids);
  }

  /** Terms' places in their hierarchy (core or calendar categories), for their ancestors' slugs. */
  termNodes(taxonomy: FoundTerm['taxonomy'], ids: number[]): Promise<HierarchyNode[]> {
    const entity = taxonomy === 'cal_events_cat' ? CalendarTermEntity : TermEntity;
    return this.nodes(this.dataSource.getRepository<ObjectLiteral>(entity).createQueryBuilder('n'), ids);
  }

  private async nodes(qb: SelectQueryBuilder<ObjectLiteral>, ids: number[]): Promise<HierarchyNode[]> {
    const rows = await qb
      .select(['n.id AS id', 'n.parent_id AS parentId', 'n.slug AS slug'])
      .where('n.id IN (:...ids)', { ids })
      .getRawMany<Record<string, unknown>>();
    return rows.map((row) => ({
      id: Number(row.id),
      parentId: Number(row.parentId ?? row.parentid ?? 0),
      slug: row.slug === null || row.slug === undefined ? null : String(row.slug),
    }));
  }

  /** Post formats that have at least one post (WordPress lists a format once its term exists). */
  async usedPostFormats(language: string): Promise<string[]> {
    const rows = await this.dataSource
      .getRepository(PostEntity)
      .createQueryBuilder('p')
      .select('DISTINCT p.format', 'format')
      .where("p.type = 'post' AND p.language = :language AND p.format <> 'standard'", { language })
      .getRawMany<{ format: string }>();
    return rows.map((row) => row.format);
  }
}
