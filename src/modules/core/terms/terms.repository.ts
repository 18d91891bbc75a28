import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { batchLoader, hotRead, LeanLookup, likeContains, lockRowsById } from '../../../platform/database';
import { PostAccess, PostAccessLookup } from '../posts/post-access';
import { prefixCondition } from '../posts/posts.repository';
import { PostTermEntity, TermEntity } from './term.entity';

export interface TermListQuery {
  taxonomy: string;
  language: string;
  page: number;
  perPage: number;
  offset?: number;
  search?: string;
  include: number[];
  exclude: number[];
  slugs: string[];
  parent?: number;
  postId?: number;
  hideEmpty: boolean;
  orderby: string;
  order: 'asc' | 'desc';
}

interface PostTermsKey {
  /** The filter as a string (the batch groups keys by it). */
  shape: string;
  taxonomy: string;
  language: string;
  hideEmpty: boolean;
  orderby: string;
  order: 'asc' | 'desc';
  postId: number;
}

/** A list of one post's terms with no other filter than `hide_empty` (the `wp:term` link's query). */
function postTermsOnly(query: TermListQuery): boolean {
  return (
    query.include.length === 0 &&
    query.exclude.length === 0 &&
    query.slugs.length === 0 &&
    query.parent === undefined &&
    !query.search &&
    query.orderby !== 'include' &&
    query.orderby !== 'include_slugs'
  );
}

function postTermsKey(query: TermListQuery, postId: number): PostTermsKey {
  const { taxonomy, language, hideEmpty, orderby, order } = query;
  return {
    shape: JSON.stringify([taxonomy, language, hideEmpty, orderby, order]),
    taxonomy,
    language,
    hideEmpty,
    orderby,
    order,
    postId,
  };
}

/** A post's terms through `post_terms` (LeanLookup.linkedTo). */
const POST_TERM_LINK = { table: 'post_terms', ownerColumn: 'post_id', keyColumn: 'term_id' };

const ORDER_COLUMNS: Record<string, string> = {
  id: 't.id',
  name: 't.name',
  slug: 't.slug',
  description: 't.description',
  count: 't.count',
  term_group: 't.name',
};

/** Every query of categories, tags and post/term links. */
@Injectable()
export class TermsRepository {
  private readonly terms: Repository<TermEntity>;
  private readonly lookup: LeanLookup<TermEntity>;
  /** Posts as far as the permission of their term lists goes. */
  private readonly postAccess: PostAccessLookup;

  /** The terms of one post (the `wp:term` links of `_embed`), many posts in one query. */
  private readonly ofPost = batchLoader<PostTermsKey, TermEntity[]>((keys) => this.termsByPost(keys));

  constructor(private readonly dataSource: DataSource) {
    this.terms = dataSource.getRepository(TermEntity);
    this.lookup = new LeanLookup(dataSource, TermEntity);
    this.postAccess = new PostAccessLookup(dataSource);
  }

  findById(id: number, manager?: EntityManager): Promise<TermEntity | null> {
    return (manager ?? this.dataSource.manager).getRepository(TermEntity).findOneBy({ id });
  }

  findByIds(ids: number[], manager?: EntityManager): Promise<TermEntity[]> {
    return ids.length === 0
      ? Promise.resolve([])
      : (manager ?? this.dataSource.manager).getRepository(TermEntity).findBy({ id: In(ids) });
  }

  findBySlug(
    taxonomy: string,
    language: string,
    slug: string,
    manager?: EntityManager,
  ): Promise<TermEntity | null> {
    return (manager?.getRepository(TermEntity) ?? this.terms).findOneBy({ taxonomy, language, slug });
  }

  findByName(
    taxonomy: string,
    language: string,
    name: string,
    parentId: number,
    manager?: EntityManager,
  ): Promise<TermEntity | null> {
    return (manager?.getRepository(TermEntity) ?? this.terms).findOneBy({
      taxonomy,
      language,
      name,
      parentId,
    });
  }

  async slugsLike(
    taxonomy: string,
    language: string,
    prefix: string,
    exceptId: number,
    manager?: EntityManager,
  ): Promise<Set<string>> {
    const rows = await (manager?.getRepository(TermEntity) ?? this.terms)
      .createQueryBuilder('t')
      .select('t.slug', 'slug')
      .where('t.taxonomy = :taxonomy AND t.language = :language AND t.id <> :exceptId', {
        taxonomy,
        language,
        exceptId,
      })
      .andWhere(...this.prefix(prefix))
      .getRawMany<{ slug: string }>();
    return new Set(rows.map((row) => row.slug));
  }

  private prefix(prefix: string): [string, { prefix: string }] {
    const [condition, pattern] = prefixCondition('t.slug', prefix, this.dataSource.options.type);
    return [condition, { prefix: pattern }];
  }

  async list(query: TermListQuery): Promise<{ items: TermEntity[]; total: number }> {
    if (query.postId !== undefined && postTermsOnly(query)) {
      const all = await this.ofPost.load(postTermsKey(query, query.postId));
      const offset = query.offset ?? (query.page - 1) * query.perPage;
      return { items: all.slice(offset, offset + query.perPage), total: all.length };
    }
    const qb = this.terms.createQueryBuilder('t').where('t.taxonomy = :taxonomy AND t.language = :language', {
      taxonomy: query.taxonomy,
      language: query.language,
    });
    if (query.include.length) qb.andWhere('t.id IN (:...include)', { include: query.include });
    if (query.exclude.length) qb.andWhere('t.id NOT IN (:...exclude)', { exclude: query.exclude });
    if (query.slugs.length) qb.andWhere('t.slug IN (:...slugs)', { slugs: query.slugs });
    if (query.parent !== undefined) qb.andWhere('t.parentId = :parent', { parent: query.parent });
    if (query.hideEmpty) qb.andWhere('t.count > 0');
    if (query.postId !== undefined) {
      qb.andWhere('t.id IN (SELECT pt.term_id FROM post_terms pt WHERE pt.post_id = :postId)', {
        postId: query.postId,
      });
    }
    if (query.search) {
      qb.andWhere("(t.name LIKE :search ESCAPE '!' OR t.slug LIKE :search ESCAPE '!')", {
        search: likeContains(query.search),
      });
    }
    const total = await qb.clone().getCount();
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    if (query.orderby === 'include' && query.include.length) {
      qb.orderBy(
        `CASE t.id ${query.include.map((id, i) => `WHEN ${Number(id)} THEN ${i}`).join(' ')} END`,
        'ASC',
      );
    } else if (query.orderby === 'include_slugs' && query.slugs.length) {
      query.slugs.forEach((slug, i) => qb.setParameter(`os${i}`, slug));
      qb.orderBy(`CASE ${query.slugs.map((_, i) => `WHEN t.slug = :os${i} THEN ${i}`).join(' ')} END`, 'ASC');
    } else {
      qb.orderBy(ORDER_COLUMNS[query.orderby] ?? 't.name', direction).addOrderBy('t.id', direction);
    }
    const items = await qb
      .offset(query.offset ?? (query.page - 1) * query.perPage)
      .limit(query.perPage)
      .getMany();
    return { items, total };
  }

  /** The posts and pages of `ids`, as far as their read permission goes (batched with concurrent reads). */
  postsAccess(ids: number[]): Promise<Map<number, PostAccess>> {
    return this.postAccess.byIds(ids);
  }

  /**
   * The items list() answers for `query` with `postId` set to each of `postIds` in turn (the `wp:term` links of
   * `_embed`): the terms of all the posts in one batch.
   */
  async listOfPosts(query: TermListQuery, postIds: number[]): Promise<TermEntity[][]> {
    if (!postTermsOnly(query)) {
      return Promise.all(postIds.map(async (postId) => (await this.list({ ...query, postId })).items));
    }
    const key = postTermsKey(query, 0);
    const lists = await this.ofPost.loadMany(postIds.map((postId) => ({ ...key, postId })));
    const offset = query.offset ?? (query.page - 1) * query.perPage;
    return lists.map((all) => {
      if (all instanceof Error) throw all;
      return all.slice(offset, offset + query.perPage);
    });
  }

  /**
   * All terms of each key's post, in the order the list query gives them: one query per filter for all the
   * posts, ordered by post and then as the list (so the database's collation orders names, as for one post).
   */
  private async termsByPost(keys: readonly PostTermsKey[]): Promise<TermEntity[][]> {
    const shapes = new Map<string, PostTermsKey[]>();
    for (const key of keys) {
      const group = shapes.get(key.shape);
      if (group) group.push(key);
      else shapes.set(key.shape, [key]);
    }
    const idsOf = new Map<string, number[]>();
    for (const [shape, group] of shapes) {
      const { taxonomy, language, hideEmpty, orderby, order } = group[0];
      const direction = order === 'desc' ? 'DESC' : 'ASC';
      // The list query's SQL as raw text: building it with the query builder costs more than running it.
      const e = (name: string) => this.dataSource.driver.escape(name);
      const posts = [...new Set(group.map((key) => key.postId))];
      const [orderTable, orderColumn] = (ORDER_COLUMNS[orderby] ?? 't.name').split('.');
      const sql =
        `SELECT pt.${e('post_id')} AS post, t.${e('id')} AS id FROM ${e('post_terms')} pt ` +
        `INNER JOIN ${e('terms')} t ON t.${e('id')} = pt.${e('term_id')} ` +
        `WHERE pt.${e('post_id')} IN (${posts.map(() => '?').join(', ')}) ` +
        `AND t.${e('taxonomy')} = ? AND t.${e('language')} = ?${hideEmpty ? ` AND t.${e('count')} > 0` : ''} ` +
        `ORDER BY pt.${e('post_id')} ASC, ${orderTable}.${e(orderColumn)} ${direction}, t.${e('id')} ${direction}`;
      const rows = await hotRead<{ post: number | string; id: number | string }>(this.dataSource, sql, [
        ...posts,
        taxonomy,
        language,
      ]);
      for (const row of rows) {
        const key = `${shape}\u0000${Number(row.post)}`;
        const ids = idsOf.get(key);
        if (ids) ids.push(Number(row.id));
        else idsOf.set(key, [Number(row.id)]);
      }
    }
    const byId = new Map(
      (await this.lookup.byIds([...new Set([...idsOf.values()].flat())])).map((term) => [term.id, term]),
    );
    return keys.map((key) =>
      (idsOf.get(`${key.shape}\u0000${key.postId}`) ?? [])
        .map((id) => byId.get(id))
        .filter((term): term is TermEntity => term !== undefined),
    );
  }

  /** Terms of many posts in one query, ordered by name. */
  /** id, parent and slug of these terms (one query). */
  async parentLinks(ids: number[]): Promise<Array<{ id: number; parentId: number; slug: string }>> {
    if (ids.length === 0) return [];
    return this.dataSource.manager
      .getRepository(TermEntity)
      .find({ select: { id: true, parentId: true, slug: true }, where: { id: In(ids) } });
  }

  async termsOfPosts(postIds: number[]): Promise<Map<number, TermEntity[]>> {
    const result = new Map<number, TermEntity[]>();
    if (postIds.length === 0) return result;
    // The links and their terms in one read: a list page asks for these on every request.
    for (const [postId, term] of await this.lookup.linkedTo(POST_TERM_LINK, postIds)) {
      const list = result.get(postId);
      if (list) list.push(term);
      else result.set(postId, [term]);
    }
    for (const list of result.values()) list.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    return result;
  }

  /** Ids among `ids` that are terms of `taxonomy` in `language`. */
  async existingIds(
    taxonomy: string,
    language: string,
    ids: number[],
    manager?: EntityManager,
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await (manager ?? this.dataSource.manager)
      .getRepository(TermEntity)
      .find({ select: { id: true }, where: { taxonomy, language, id: In(ids) } });
    const found = new Set(rows.map((row) => row.id));
    return [...new Set(ids)].filter((id) => found.has(id));
  }

  /** `ids` plus all their descendants (include_children). */
  async withDescendants(taxonomy: string, ids: number[]): Promise<number[]> {
    const all = new Set(ids);
    let frontier = ids;
    while (frontier.length > 0) {
      const children = await this.terms.find({
        select: { id: true },
        where: { taxonomy, parentId: In(frontier) },
      });
      frontier = children.map((c) => c.id).filter((id) => !all.has(id));
      frontier.forEach((id) => all.add(id));
    }
    return [...all];
  }

  /** Replaces the post's terms of one taxonomy; returns the term ids whose counts may change. */
  async setPostTerms(
    postId: number,
    taxonomy: string,
    termIds: number[],
    manager: EntityManager,
  ): Promise<number[]> {
    const current: Array<{ term_id: number }> = await manager.query(
      'SELECT pt.term_id AS term_id FROM post_terms pt JOIN terms t ON t.id = pt.term_id WHERE pt.post_id = ? AND t.taxonomy = ?',
      [postId, taxonomy],
    );
    const before = current.map((row) => Number(row.term_id));
    const removed = before.filter((id) => !termIds.includes(id));
    const added = termIds.filter((id) => !before.includes(id));
    if (removed.length) {
      await manager.getRepository(PostTermEntity).delete({ postId, termId: In(removed) });
    }
    if (added.length) {
      await manager.getRepository(PostTermEntity).insert(added.map((termId) => ({ postId, termId })));
    }
    return [...removed, ...added];
  }

  termIdsOfPost(postId: number, manager: EntityManager): Promise<number[]> {
    return manager
      .getRepository(PostTermEntity)
      .findBy({ postId })
      .then((rows) => rows.map((row) => row.termId));
  }

  /** Recomputes `count` (published posts) of the given terms. */
  async recount(termIds: number[], manager: EntityManager): Promise<void> {
    if (termIds.length === 0) return;
    const ids = [...new Set(termIds)].sort((a, b) => a - b);
    // Lock the term rows first (in ID order): a parallel writer's links are then committed before this
    // transaction's count statement reads them, so the stored count never misses one.
    await lockRowsById(manager, 'terms', ids);
    await manager.query(
      `UPDATE terms SET count = (SELECT COUNT(*) FROM post_terms pt JOIN posts p ON p.id = pt.post_id WHERE pt.term_id = terms.id AND p.status = 'publish') WHERE id IN (${ids.map(() => '?').join(',')})`,
      ids,
    );
  }

  save(term: TermEntity, manager?: EntityManager): Promise<TermEntity> {
    return (manager ?? this.dataSource.manager).getRepository(TermEntity).save(term);
  }

  async delete(term: TermEntity, manager: EntityManager): Promise<void> {
    await manager.getRepository(PostTermEntity).delete({ termId: term.id });
    await manager
      .getRepository(TermEntity)
      .update({ parentId: term.id, taxonomy: term.taxonomy }, { parentId: term.parentId });
    await manager.getRepository(TermEntity).delete({ id: term.id });
  }
}
