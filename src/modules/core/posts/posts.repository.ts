import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { hotRead, LeanLookup, likePrefix, PostIds } from '../../../platform/database';
import {
  parseSearchTerms,
  relevanceRank,
  removeSearchPostings,
  SEARCHABLE_POST_TYPES,
  searchConditions,
  searchDocument,
  SearchField,
  SearchObjectType,
  singleWordSearch,
  SqlCondition,
  textSearchTarget,
  writeSearchPostings,
} from '../../../platform/search';
import { PostEntity } from './post.entity';

export interface TaxClause {
  termIds: number[];
  /** IN: any of the terms; AND: all of them; NOT IN: none of them. */
  operator: 'IN' | 'AND' | 'NOT IN';
}

export interface PostListQuery {
  type: string;
  language: string;
  statuses: string[];
  page: number;
  perPage: number;
  offset?: number;
  search?: string;
  searchColumns: string[];
  exactSearch: boolean;
  /** WP_Query::parse_search for visitors not logged in: a search leaves out password-protected posts. */
  searchSkipsProtected?: boolean;
  /** Local (site time) bounds, exclusive. */
  after?: string;
  before?: string;
  modifiedAfter?: string;
  modifiedBefore?: string;
  authors: number[];
  authorExclude: number[];
  include: number[];
  exclude: number[];
  slugs: string[];
  parents: number[];
  parentExclude: number[];
  menuOrder?: number;
  taxClauses: TaxClause[];
  taxRelation: 'AND' | 'OR';
  sticky?: boolean;
  formats: string[];
  orderby: string;
  order: 'asc' | 'desc';
}

/** WordPress's `search_columns` values as fields of the search index. */
const SEARCH_FIELDS: Record<string, number> = {
  post_title: SearchField.title,
  post_excerpt: SearchField.excerpt,
  post_content: SearchField.content,
};

const POST_SEARCH = textSearchTarget(SearchObjectType.post, 'p', 'content');

const ORDER_COLUMNS: Record<string, string> = {
  author: 'p.author_id',
  date: 'p.date',
  id: 'p.id',
  modified: 'p.modified',
  parent: 'p.parent_id',
  slug: 'p.slug',
  title: 'p.title',
  menu_order: 'p.menu_order',
};

/** Conditions joined by AND, with their named parameters (`:name`, `:...list`), for the driver to bind. */
interface SqlWhere {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * `column` starts with `prefix`, in a form the slug index can serve: SQLite's LIKE is case-insensitive
 * and so never uses a BINARY index, its GLOB is and does; MySQL's LIKE uses the index.
 */
export function prefixCondition(column: string, prefix: string, dialect: string): [string, string] {
  if (dialect === 'mysql' || dialect === 'mariadb')
    return [`${column} LIKE :prefix ESCAPE '!'`, likePrefix(prefix)];
  return [`${column} GLOB :prefix`, `${prefix.replace(/[*?[]/g, (c) => `[${c}]`)}*`];
}

/** How much more reading and sorting one match costs than probing one post's link (measured on SQLite). */
const PROBE_COST_RATIO = 3;

/** Every query of posts, pages and their revisions. */
@Injectable()
export class PostsRepository {
  private readonly posts: Repository<PostEntity>;
  private readonly lookup: LeanLookup<PostEntity>;

  constructor(
    private readonly dataSource: DataSource,
    postIds: PostIds,
  ) {
    // Posts, pages, revisions and autosaves: the row's own `type`.
    postIds.register('posts', (row) => String(row.type));
    this.posts = dataSource.getRepository(PostEntity);
    this.lookup = new LeanLookup(dataSource, PostEntity);
  }

  findById(id: number, manager?: EntityManager): Promise<PostEntity | null> {
    return this.lookup.byId(id, manager);
  }

  /** id, parent and slug of these posts (one query), for building hierarchical links. */
  async parentLinks(
    ids: number[],
    manager?: EntityManager,
  ): Promise<Array<{ id: number; parentId: number; slug: string | null }>> {
    if (ids.length === 0) return [];
    return (manager ?? this.dataSource.manager)
      .getRepository(PostEntity)
      .find({ select: { id: true, parentId: true, slug: true }, where: { id: In(ids) } });
  }

  findByIds(ids: number[]): Promise<PostEntity[]> {
    return this.lookup.byIds(ids);
  }

  async list(query: PostListQuery): Promise<{ items: PostEntity[]; total: number }> {
    const offset = query.offset ?? (query.page - 1) * query.perPage;
    const maintained = await this.maintainedTotal(query);
    // With one term or word, the page is found either by walking the date index in order and probing each
    // post's link (cost: the posts passed over, about (offset + limit) / density), or from the links (cost:
    // every match, read and sorted). The counts tell which is cheaper.
    const probe =
      maintained?.window !== undefined &&
      maintained.total > 0 &&
      query.orderby === 'date' &&
      ((offset + query.perPage) * maintained.window) / maintained.total < PROBE_COST_RATIO * maintained.total;
    const where = this.filtered(query, probe);
    const total = maintained?.total ?? (await this.count(where));
    // The page's ids by SQL written here (no query builder to re-alias it per request), the rows by the lean lookup.
    const params = { ...where.params, limit: query.perPage, offset };
    const [sql, values] = this.dataSource.driver.escapeQueryWithParameters(
      `SELECT p.id AS id FROM posts p WHERE ${where.sql} ORDER BY ${this.orderOf(query, params)} LIMIT :limit OFFSET :offset`,
      params,
    );
    const rows = await hotRead<{ id: number | string }>(this.dataSource, sql, values);
    const items = await this.lookup.byIds(rows.map((row) => Number(row.id)));
    return { items, total };
  }

  private async count(where: SqlWhere): Promise<number> {
    const [sql, values] = this.dataSource.driver.escapeQueryWithParameters(
      `SELECT COUNT(*) AS n FROM posts p WHERE ${where.sql}`,
      where.params,
    );
    const rows: Array<{ n: number | string }> = await this.dataSource.query(sql, values);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * The total of a list filtered by type, language and status only, or also by one term or one search word,
   * from the counts the database maintains (`post_counts`, `post_term_counts`, `post_word_counts`: migration
   * ListingCounts): a sum over a few rows instead of reading every match. Null for other filters.
   */
  private async maintainedTotal(query: PostListQuery): Promise<{ total: number; window?: number } | null> {
    const clause = query.taxClauses[0];
    if (
      query.statuses.length === 0 ||
      query.include.length ||
      query.exclude.length ||
      query.authors.length ||
      query.authorExclude.length ||
      query.slugs.length ||
      query.parents.length ||
      query.parentExclude.length ||
      query.formats.length ||
      query.menuOrder !== undefined ||
      query.after ||
      query.before ||
      query.modifiedAfter ||
      query.modifiedBefore ||
      query.sticky !== undefined ||
      query.taxClauses.length > 1 ||
      (clause && (clause.operator === 'NOT IN' || new Set(clause.termIds).size !== 1 || query.search))
    ) {
      return null;
    }
    const statuses = query.statuses.map(() => '?').join(', ');
    const key = `type = ? AND language = ? AND status IN (${statuses})`;
    const keyParams = [query.type, query.language, ...query.statuses];
    let sql = `SELECT SUM(n) AS n FROM post_counts WHERE ${key}`;
    let params: unknown[] = keyParams;
    if (clause) {
      sql = `SELECT SUM(n) AS n FROM post_term_counts WHERE term_id = ? AND ${key}`;
      params = [clause.termIds[0], ...keyParams];
    } else if (query.search) {
      const allFields =
        query.searchColumns.length === 0 ||
        Object.keys(SEARCH_FIELDS).every((column) => query.searchColumns.includes(column));
      if (query.exactSearch || !allFields) return null;
      const words = await singleWordSearch(this.dataSource.manager, query.search);
      if (words === null || words.length > 1) return null;
      if (words.length === 0) return { total: 0 };
      sql = `SELECT SUM(n) AS n FROM post_word_counts WHERE word_id = ? AND ${key}${query.searchSkipsProtected ? ' AND protected = 0' : ''}`;
      params = [words[0], ...keyParams];
    }
    const sum = async (statement: string, values: unknown[]) => {
      const rows = await hotRead<{ n: number | string | null }>(this.dataSource, statement, values);
      return Number(rows[0]?.n ?? 0);
    };
    const total = await sum(sql, params);
    if (!clause && !query.search) return { total };
    // The list's size without the term or word: it only chooses the page's plan.
    return { total, window: await sum(`SELECT SUM(n) AS n FROM post_counts WHERE ${key}`, keyParams) };
  }

  /** Published sticky posts matching the base filters (prepended on page 1 unless ignore_sticky). */
  async stickyPosts(type: string, language: string): Promise<PostEntity[]> {
    const rows: Array<{ id: number | string }> = await this.dataSource.query(
      'SELECT id FROM posts WHERE type = ? AND language = ? AND status = ? AND sticky = ? ORDER BY date DESC',
      [type, language, 'publish', true],
    );
    return this.lookup.byIds(rows.map((row) => Number(row.id)));
  }

  /** The list's conditions on `posts p`, as SQL with named parameters (column names, not property names). */
  private filtered(query: PostListQuery, probe = false): SqlWhere {
    const where = ['p.type = :type', 'p.language = :language'];
    const params: Record<string, unknown> = { type: query.type, language: query.language };
    const and = (condition: string, values: Record<string, unknown> = {}) => {
      where.push(condition);
      Object.assign(params, values);
    };
    if (query.statuses.length) and('p.status IN (:...statuses)', { statuses: query.statuses });
    if (query.include.length) and('p.id IN (:...include)', { include: query.include });
    if (query.exclude.length) and('p.id NOT IN (:...exclude)', { exclude: query.exclude });
    if (query.authors.length) and('p.author_id IN (:...authors)', { authors: query.authors });
    if (query.authorExclude.length)
      and('p.author_id NOT IN (:...authorExclude)', { authorExclude: query.authorExclude });
    if (query.slugs.length) and('p.slug IN (:...slugs)', { slugs: query.slugs });
    if (query.parents.length) and('p.parent_id IN (:...parents)', { parents: query.parents });
    if (query.parentExclude.length)
      and('p.parent_id NOT IN (:...parentExclude)', { parentExclude: query.parentExclude });
    if (query.menuOrder !== undefined) and('p.menu_order = :menuOrder', { menuOrder: query.menuOrder });
    if (query.after) and('p.date > :after', { after: query.after });
    if (query.before) and('p.date < :before', { before: query.before });
    if (query.modifiedAfter) and('p.modified > :modifiedAfter', { modifiedAfter: query.modifiedAfter });
    if (query.modifiedBefore) and('p.modified < :modifiedBefore', { modifiedBefore: query.modifiedBefore });
    if (query.sticky !== undefined) and('p.sticky = :sticky', { sticky: query.sticky });
    if (query.formats.length) and('p.format IN (:...formats)', { formats: query.formats });
    if (query.search) {
      for (const condition of this.searchConditions(query, probe)) and(condition.sql, condition.params);
      if (query.searchSkipsProtected) and("p.password = ''");
    }
    if (query.taxClauses.length) {
      const values: Record<string, unknown> = {};
      const clauses = query.taxClauses.map((clause, index) => {
        const name = `tax${index}`;
        values[name] = clause.termIds.length ? clause.termIds : [0];
        if (clause.operator === 'AND') {
          values[`${name}n`] = new Set(clause.termIds).size;
          return `p.id IN (SELECT pt.post_id FROM post_terms pt WHERE pt.term_id IN (:...${name}) GROUP BY pt.post_id HAVING COUNT(DISTINCT pt.term_id) = :${name}n)`;
        }
        const not = clause.operator === 'NOT IN' ? 'NOT ' : '';
        if (probe && !not) {
          return `EXISTS (SELECT 1 FROM post_terms pt WHERE pt.post_id = p.id AND pt.term_id IN (:...${name}))`;
        }
        return `p.id ${not}IN (SELECT pt.post_id FROM post_terms pt WHERE pt.term_id IN (:...${name}))`;
      });
      and(`(${clauses.join(` ${query.taxRelation} `)})`, values);
    }
    return { sql: where.join(' AND '), params };
  }

  private searchConditions(query: PostListQuery, probe: boolean): SqlCondition[] {
    const search = query.search as string;
    const fields = query.searchColumns.map((column) => SEARCH_FIELDS[column]).filter(Boolean);
    if (query.exactSearch) {
      // search_semantics=exact: a whole field equals the string; no index helps, and none is needed often.
      const columns = (fields.length ? fields : Object.values(SEARCH_FIELDS)).map(
        (f) => POST_SEARCH.columns[f],
      );
      return [
        {
          sql: `(${columns.map((column) => `${column} = :exactSearch`).join(' OR ')})`,
          params: { exactSearch: search },
        },
      ];
    }
    return searchConditions(parseSearchTerms(search), POST_SEARCH, fields, 'search', { probe });
  }

  /** The ORDER BY of the list; parameters it needs are added to `params`. */
  private orderOf(query: PostListQuery, params: Record<string, unknown>): string {
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    if (query.orderby === 'include' && query.include.length) {
      const cases = query.include.map((id, index) => `WHEN ${Number(id)} THEN ${index}`).join(' ');
      return `CASE p.id ${cases} END ASC`;
    }
    if (query.orderby === 'include_slugs' && query.slugs.length) {
      const cases = query.slugs.map((_, index) => `WHEN p.slug = :orderSlug${index} THEN ${index}`).join(' ');
      query.slugs.forEach((slug, index) => (params[`orderSlug${index}`] = slug));
      return `CASE ${cases} END ASC`;
    }
    if (query.orderby === 'relevance' && query.search) {
      const rank = relevanceRank(query.search, POST_SEARCH);
      Object.assign(params, rank.params);
      return `${rank.sql} ASC, p.date DESC, p.id DESC`;
    }
    return `${ORDER_COLUMNS[query.orderby] ?? 'p.date'} ${direction}, p.id ${direction}`;
  }

  /** Slugs of the type starting with `prefix` (for pickUniqueSlug), except the post itself. */
  async slugsLike(
    type: string,
    language: string,
    prefix: string,
    exceptId: number,
    parentId: number | null,
    manager?: EntityManager,
  ): Promise<Set<string>> {
    const qb = (manager ?? this.dataSource.manager)
      .getRepository(PostEntity)
      .createQueryBuilder('p')
      .select('p.slug', 'slug')
      .where('p.type = :type AND p.language = :language AND p.id <> :exceptId', { type, language, exceptId });
    const [condition, pattern] = prefixCondition('p.slug', prefix, this.dataSource.options.type);
    qb.andWhere(condition, { prefix: pattern });
    if (parentId !== null) qb.andWhere('p.parentId = :parentId', { parentId });
    const rows = await qb.getRawMany<{ slug: string }>();
    return new Set(rows.map((row) => row.slug));
  }

  /** Trashed posts holding `slug` (renamed when a live post takes it). */
  trashedWithSlug(
    type: string,
    language: string,
    slug: string,
    manager: EntityManager,
  ): Promise<PostEntity[]> {
    return manager.getRepository(PostEntity).findBy({ type, language, slug: `${slug}__trashed` });
  }

  /** Number of revisions (autosaves included) and the latest one, per parent. */
  async revisionStats(parentIds: number[]): Promise<Map<number, { count: number; latest: number }>> {
    const result = new Map<number, { count: number; latest: number }>();
    if (parentIds.length === 0) return result;
    const rows = await hotRead<{ parent: number | string; count: number | string; latest: number | string }>(
      this.dataSource,
      `SELECT parent_id AS parent, COUNT(*) AS count, MAX(id) AS latest FROM posts WHERE type = ? AND parent_id IN (${parentIds.map(() => '?').join(', ')}) GROUP BY parent_id`,
      ['revision', ...parentIds],
    );
    for (const row of rows)
      result.set(Number(row.parent), { count: Number(row.count), latest: Number(row.latest) });
    return result;
  }

  /** Revisions of a post, newest first (autosaves are revisions too). */
  revisionsOf(parentId: number, manager?: EntityManager): Promise<PostEntity[]> {
    return (manager ?? this.dataSource.manager).getRepository(PostEntity).find({
      where: { type: 'revision', parentId },
      order: { date: 'DESC', id: 'DESC' },
    });
  }

  async latestRevision(parentId: number, manager?: EntityManager): Promise<PostEntity | null> {
    return (manager ?? this.dataSource.manager)
      .getRepository(PostEntity)
      .createQueryBuilder('p')
      .where('p.type = :type AND p.parentId = :parentId', { type: 'revision', parentId })
      .andWhere("p.slug NOT LIKE '%-autosave-v1'")
      .orderBy('p.id', 'DESC')
      .limit(1)
      .getOne();
  }

  autosavesOf(parentId: number): Promise<PostEntity[]> {
    return this.posts.find({
      where: { type: 'revision', parentId, slug: `${parentId}-autosave-v1` },
      order: { modified: 'DESC', id: 'DESC' },
    });
  }

  async userAutosave(
    parentId: number,
    authorId: number,
    manager?: EntityManager,
  ): Promise<PostEntity | null> {
    return (manager ?? this.dataSource.manager)
      .getRepository(PostEntity)
      .findOneBy({ type: 'revision', parentId, slug: `${parentId}-autosave-v1`, authorId });
  }

  /**
   * The ancestors of a post, nearest first (parent, grandparent, ...): one query per level, stopping at
   * the root, at a loop, or after `limit` levels.
   */
  async ancestors(id: number, manager?: EntityManager, limit = 100): Promise<PostEntity[]> {
    const repo = (manager ?? this.dataSource.manager).getRepository(PostEntity);
    const found: PostEntity[] = [];
    const seen = new Set<number>([id]);
    let current = await repo.findOneBy({ id });
    while (current && current.parentId > 0 && !seen.has(current.parentId) && found.length < limit) {
      seen.add(current.parentId);
      const parent = await repo.findOneBy({ id: current.parentId });
      if (!parent) break;
      found.push(parent);
      current = parent;
    }
    return found;
  }

  /** Saves the post; posts and pages also get their words in the search index. */
  async save(post: PostEntity, manager: EntityManager): Promise<PostEntity> {
    post.uniqueSlug = uniqueSlugOf(post);
    const saved = await manager.getRepository(PostEntity).save(post);
    if (SEARCHABLE_POST_TYPES.includes(saved.type)) {
      await writeSearchPostings(manager, SearchObjectType.post, [searchDocument(saved.id, saved)]);
    }
    return saved;
  }

  /** Deletes a post with its revisions and term links. */
  async deleteWithRevisions(id: number, manager: EntityManager): Promise<void> {
    const revisionIds = (
      await manager
        .getRepository(PostEntity)
        .find({ select: { id: true }, where: { type: 'revision', parentId: id } })
    ).map((row) => row.id);
    const ids = [id, ...revisionIds];
    await manager.query(`DELETE FROM post_terms WHERE post_id IN (${ids.map(() => '?').join(',')})`, ids);
    await removeSearchPostings(manager, SearchObjectType.post, [id]);
    await manager.getRepository(PostEntity).delete({ id: In(ids) });
  }

  deleteOne(id: number, manager: EntityManager): Promise<unknown> {
    return manager.getRepository(PostEntity).delete({ id });
  }

  /** Authors (among `userIds`) with published posts or pages. */
  async publishedAuthorIds(userIds?: number[]): Promise<number[]> {
    if (userIds?.length === 0) return [];
    // Raw SQL: an embedded author link asks on every request, and building the query costs more than it.
    const e = (name: string) => this.dataSource.driver.escape(name);
    const only = userIds ? ` AND p.${e('author_id')} IN (${userIds.map(() => '?').join(', ')})` : '';
    const rows: Array<{ author: number | string }> = await this.dataSource.query(
      `SELECT DISTINCT p.${e('author_id')} AS author FROM ${e('posts')} p ` +
        `WHERE p.${e('type')} IN (?, ?) AND p.${e('status')} = ?${only}`,
      ['post', 'page', 'publish', ...(userIds ?? [])],
    );
    return rows.map((row) => Number(row.author));
  }

  async reassignAuthor(userId: number, reassignTo: number | null, manager: EntityManager): Promise<void> {
    const repo = manager.getRepository(PostEntity);
    if (reassignTo !== null) {
      await repo.update({ authorId: userId }, { authorId: reassignTo });
      return;
    }
    const owned = await repo.find({
      select: { id: true },
      where: { authorId: userId, type: In(['post', 'page']) },
    });
    const ids = owned.map((post) => post.id);
    const termIds = ids.length
      ? (
          (await manager.query(
            `SELECT DISTINCT term_id FROM post_terms WHERE post_id IN (${ids.map(() => '?').join(',')})`,
            ids,
          )) as Array<{ term_id: number }>
        ).map((row) => Number(row.term_id))
      : [];
    for (const id of ids) await this.deleteWithRevisions(id, manager);
    await repo.delete({ authorId: userId, type: 'revision' });
    if (termIds.length) {
      await manager.query(
        `UPDATE terms SET count = (SELECT COUNT(*) FROM post_terms pt JOIN posts p ON p.id = pt.post_id WHERE pt.term_id = terms.id AND p.status = 'publish') WHERE id IN (${termIds.map(() => '?').join(',')})`,
        termIds,
      );
    }
  }

  /** Published post or page by type, language and slug (oEmbed lookups). */
  findPublishedBySlug(type: string, language: string, slug: string): Promise<PostEntity[]> {
    return this.posts.find({ where: { type, language, slug, status: 'publish' }, order: { id: 'ASC' } });
  }

  /** Raw query helper for tables owned by other modules (featured media). */
  async existingIds(table: string, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    try {
      const rows: Array<{ id: number }> = await this.dataSource.query(
        `SELECT id FROM ${table} WHERE id IN (${ids.map(() => '?').join(',')})`,
        ids,
      );
      return new Set(rows.map((row) => Number(row.id)));
    } catch {
      return new Set();
    }
  }
}

/** Revisions share their parent's `N-revision-v1`, trashed posts keep `slug__trashed`, drafts may have none. */
export function uniqueSlugOf(post: Pick<PostEntity, 'type' | 'status' | 'slug'>): string | null {
  return post.type !== 'revision' && post.status !== 'trash' && post.slug ? post.slug : null;
}
