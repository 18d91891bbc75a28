import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { PostAccess, PostAccessLookup, PostEntity } from '..';
import { batchLoader, hotRead, LeanLookup, likeContains } from '../../../platform/database';
import { CommentEntity } from './comment.entity';
import { CommentSettingsEntity } from './comment-settings.entity';

/** The list query, in storage terms (WP_Comment_Query's arguments). */
export interface CommentListQuery {
  /** Stored statuses to keep; empty: any. */
  statuses: string[];
  /** Comment types to keep; empty: any. */
  types: string[];
  posts: number[];
  parents: number[];
  parentExclude: number[];
  authors: number[];
  authorExclude: number[];
  authorEmail?: string;
  include: number[];
  exclude: number[];
  search?: string;
  /** Local (site time) bounds, exclusive. */
  after?: string;
  before?: string;
  orderby: 'date' | 'date_gmt' | 'id' | 'include' | 'post' | 'parent' | 'type';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

interface PostCountKey {
  /** The status and type filter, as a string (the batch groups keys by it). */
  shape: string;
  statuses: string[];
  types: string[];
  post: number;
}

/** A count of one post's comments filtered by status and type only (the `replies` link's query). */
function onePostOnly(query: CommentListQuery): boolean {
  return (
    query.posts.length === 1 &&
    query.parents.length === 0 &&
    query.parentExclude.length === 0 &&
    query.authors.length === 0 &&
    query.authorExclude.length === 0 &&
    !query.authorEmail &&
    query.include.length === 0 &&
    query.exclude.length === 0 &&
    !query.after &&
    !query.before &&
    !query.search
  );
}

const ORDER_COLUMNS: Record<Exclude<CommentListQuery['orderby'], 'include'>, string> = {
  date: 'c.date',
  date_gmt: 'c.dateGmt',
  id: 'c.id',
  post: 'c.postId',
  parent: 'c.parentId',
  type: 'c.type',
};

/** Every query of comments and the discussion settings. */
@Injectable()
export class CommentsRepository {
  private readonly posts: LeanLookup<PostEntity>;
  /** Posts as far as the permission of their comment lists goes. */
  private readonly postAccess: PostAccessLookup;

  /** Counts of one post's comments (the `replies` link of `_embed`), many posts in one query. */
  private readonly postCounts = batchLoader<PostCountKey, number>((keys) => this.countByPost(keys));

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.posts = new LeanLookup(dataSource, PostEntity);
    this.postAccess = new PostAccessLookup(dataSource);
  }

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(CommentEntity);
  }

  findById(id: number, manager?: EntityManager): Promise<CommentEntity | null> {
    return id > 0 ? this.repo(manager).findOneBy({ id }) : Promise.resolve(null);
  }

  /** One page of a list and the number of matches (WP_Comment_Query with found rows). */
  async list(query: CommentListQuery): Promise<{ items: CommentEntity[]; total: number }> {
    const total = await this.count(query);
    if (total === 0 || query.limit === 0) return { items: [], total };
    const page = this.filtered(query).select('c.id', 'id');
    if (query.orderby === 'include' && query.include.length > 0) {
      // FIELD() order, written portably: the position of the ID in the include list.
      const cases = query.include.map((id, index) => `WHEN ${Number(id)} THEN ${index}`).join(' ');
      page.addSelect(`CASE c.id ${cases} ELSE ${query.include.length} END`, 'ord');
      page.orderBy('ord', query.order === 'asc' ? 'ASC' : 'DESC');
    } else {
      const key = query.orderby === 'include' ? 'date_gmt' : query.orderby;
      const direction = query.order === 'asc' ? 'ASC' : 'DESC';
      page.orderBy(ORDER_COLUMNS[key], direction);
      if (key !== 'id') page.addOrderBy('c.id', direction);
    }
    page.limit(query.limit).offset(query.offset);
    const ids = (await page.getRawMany<{ id: number | string }>()).map((row) => Number(row.id));
    const rows = await this.repo().findBy({ id: In(ids) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { items: ids.map((id) => byId.get(id)).filter((row): row is CommentEntity => !!row), total };
  }

  /**
   * What list() counts for `query` with `posts` set to each of `postIds` in turn; the counts of a
   * one-post query (the `replies` links of `_embed`) in one query for all.
   */
  async countOfPosts(query: CommentListQuery, postIds: number[]): Promise<number[]> {
    if (postIds.length === 0) return [];
    if (!onePostOnly({ ...query, posts: [postIds[0]] })) {
      return Promise.all(postIds.map((post) => this.count({ ...query, posts: [post] })));
    }
    const shape = JSON.stringify([query.statuses, query.types]);
    const { statuses, types } = query;
    return this.countByPost(postIds.map((post) => ({ shape, statuses, types, post })));
  }

  private async count(query: CommentListQuery): Promise<number> {
    if (onePostOnly(query)) {
      return this.postCounts.load({
        shape: JSON.stringify([query.statuses, query.types]),
        statuses: query.statuses,
        types: query.types,
        post: query.posts[0],
      });
    }
    // COUNT(*) rather than getCount()'s COUNT(DISTINCT id): the index range is counted without lookups.
    const counted = await this.filtered(query).select('COUNT(*)', 'n').getRawOne<{ n: number | string }>();
    return Number(counted?.n ?? 0);
  }

  /** The counts of `keys` (one post each), one grouped query per status/type filter. */
  private async countByPost(keys: readonly PostCountKey[]): Promise<number[]> {
    const counts = new Map<string, number>();
    const shapes = new Map<string, PostCountKey[]>();
    for (const key of keys) {
      const group = shapes.get(key.shape);
      if (group) group.push(key);
      else shapes.set(key.shape, [key]);
    }
    for (const [shape, group] of shapes) {
      const { statuses, types } = group[0];
      // Raw SQL: building it with the query builder costs more than running it.
      const e = (name: string) => this.dataSource.driver.escape(name);
      const posts = [...new Set(group.map((key) => key.post))];
      const conditions = [`c.${e('post_id')} IN (${posts.map(() => '?').join(', ')})`];
      if (statuses.length > 0) conditions.push(`c.${e('status')} IN (${statuses.map(() => '?').join(', ')})`);
      if (types.length > 0) conditions.push(`c.${e('type')} IN (${types.map(() => '?').join(', ')})`);
      const rows = await hotRead<{ post: number | string; n: number | string }>(
        this.dataSource,
        `SELECT c.${e('post_id')} AS post, COUNT(*) AS n FROM ${e('comments')} c WHERE ${conditions.join(' AND ')} ` +
          `GROUP BY c.${e('post_id')}`,
        [...posts, ...statuses, ...types],
      );
      for (const row of rows) counts.set(`${shape}\u0000${Number(row.post)}`, Number(row.n));
    }
    return keys.map((key) => counts.get(`${key.shape}\u0000${key.post}`) ?? 0);
  }

  private filtered(query: CommentListQuery): SelectQueryBuilder<CommentEntity> {
    const qb = this.repo().createQueryBuilder('c');
    if (query.statuses.length > 0) qb.andWhere('c.status IN (:...statuses)', { statuses: query.statuses });
    if (query.types.length > 0) qb.andWhere('c.type IN (:...types)', { types: query.types });
    if (query.posts.length > 0) qb.andWhere('c.postId IN (:...posts)', { posts: query.posts });
    if (query.parents.length > 0) qb.andWhere('c.parentId IN (:...parents)', { parents: query.parents });
    if (query.parentExclude.length > 0)
      qb.andWhere('c.parentId NOT IN (:...parentExclude)', { parentExclude: query.parentExclude });
    if (query.authors.length > 0) qb.andWhere('c.userId IN (:...authors)', { authors: query.authors });
    if (query.authorExclude.length > 0)
      qb.andWhere('c.userId NOT IN (:...authorExclude)', { authorExclude: query.authorExclude });
    if (query.authorEmail) qb.andWhere('c.authorEmail = :email', { email: query.authorEmail });
    if (query.include.length > 0) qb.andWhere('c.id IN (:...include)', { include: query.include });
    if (query.exclude.length > 0) qb.andWhere('c.id NOT IN (:...exclude)', { exclude: query.exclude });
    if (query.after) qb.andWhere('c.date > :after', { after: query.after });
    if (query.before) qb.andWhere('c.date < :before', { before: query.before });
    if (query.search) {
      const like = likeContains(query.search);
      qb.andWhere(
        '(c.authorName LIKE :like OR c.authorEmail LIKE :like OR c.authorUrl LIKE :like OR c.authorIp LIKE :like OR c.content LIKE :like)',
        { like },
      );
    }
    return qb;
  }

  /** IDs among `ids` that have at least one reply (the `children` link), in one query. */
  async withChildren(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.repo()
      .createQueryBuilder('c')
      .select('DISTINCT c.parentId', 'parent')
      .where('c.parentId IN (:...ids)', { ids })
      .getRawMany<{ parent: number | string }>();
    return new Set(rows.map((row) => Number(row.parent)));
  }

  /** Posts by ID (one query), for permissions, links and `up`. */
  async postsByIds(ids: number[], manager?: EntityManager): Promise<Map<number, PostEntity>> {
    const wanted = [...new Set(ids.filter((id) => id > 0))];
    if (wanted.length === 0) return new Map();
    // Outside a transaction: batched with the concurrent lookups (the `wp:term` links' checks of an `_embed`).
    const found = manager ? await this.posts.byIds(wanted, manager) : await this.posts.byIdsBatched(wanted);
    return new Map(
      found.filter((row) => row.type === 'post' || row.type === 'page').map((row) => [row.id, row]),
    );
  }

  /** Posts and pages by ID as far as their read permission goes (batched with concurrent reads). */
  postsAccessByIds(ids: number[]): Promise<Map<number, PostAccess>> {
    return this.postAccess.byIds(ids);
  }

  /** WordPress's duplicate check (wp_allow_comment): same post, parent, author (or e-mail) and content. */
  async findDuplicate(candidate: {
    postId: number;
    parentId: number;
    authorName: string;
    authorEmail: string;
    content: string;
  }): Promise<boolean> {
    const qb = this.repo()
      .createQueryBuilder('c')
      .select('c.id')
      .where('c.postId = :post', { post: candidate.postId })
      .andWhere('c.parentId = :parent', { parent: candidate.parentId })
      .andWhere("c.status <> 'trash'")
      .andWhere('c.content = :content', { content: candidate.content });
    if (candidate.authorEmail) {
      qb.andWhere('(c.authorName = :name OR c.authorEmail = :email)', {
        name: candidate.authorName,
        email: candidate.authorEmail,
      });
    } else {
      qb.andWhere('c.authorName = :name', { name: candidate.authorName });
    }
    return (await qb.limit(1).getRawOne()) !== undefined;
  }

  /** The GMT date of the newest comment since `sinceGmt` by this user (or IP) or e-mail (wp_check_comment_flood). */
  async lastCommentDateGmt(by: {
    userId: number;
    ip: string;
    email: string;
    sinceGmt: string;
  }): Promise<string | null> {
    const qb = this.repo()
      .createQueryBuilder('c')
      .select('c.dateGmt', 'dateGmt')
      .where('c.dateGmt >= :since', { since: by.sinceGmt });
    if (by.userId > 0) {
      qb.andWhere('(c.userId = :user OR c.authorEmail = :email)', { user: by.userId, email: by.email });
    } else {
      qb.andWhere('(c.authorIp = :ip OR c.authorEmail = :email)', { ip: by.ip, email: by.email });
    }
    const row = await qb.orderBy('c.dateGmt', 'DESC').limit(1).getRawOne<{ dateGmt: string }>();
    return row?.dateGmt ?? null;
  }

  /** Whether this author already has an approved comment (comment_previously_approved). */
  async hasApprovedComment(by: {
    userId: number;
    authorName: string;
    authorEmail: string;
  }): Promise<boolean> {
    const qb = this.repo().createQueryBuilder('c').select('c.id').where("c.status = '1'");
    if (by.userId > 0) qb.andWhere('c.userId = :user', { user: by.userId });
    else
      qb.andWhere('c.authorName = :name AND c.authorEmail = :email', {
        name: by.authorName,
        email: by.authorEmail,
      });
    return (await qb.limit(1).getRawOne()) !== undefined;
  }

  save(comment: CommentEntity, manager: EntityManager): Promise<CommentEntity> {
    return this.repo(manager).save(comment);
  }

  async delete(id: number, manager: EntityManager): Promise<void> {
    await this.repo(manager).delete({ id });
  }

  /** wp_delete_comment: the replies move up to the deleted comment's parent. */
  async reparentChildren(id: number, newParent: number, manager: EntityManager): Promise<void> {
    await this.repo(manager).update({ parentId: id }, { parentId: newParent });
  }

  /** wp_update_comment_count_now: the stored approved count of each post. */
  async recountPosts(postIds: number[], manager: EntityManager): Promise<void> {
    for (const postId of new Set(postIds.filter((id) => id > 0))) {
      await manager.query(
        "UPDATE posts SET comment_count = (SELECT COUNT(*) FROM comments WHERE post_id = ? AND status = '1') WHERE id = ?",
        [postId, postId],
      );
    }
  }

  /** wp_trash_post_comments: every comment of the post becomes `post-trashed`, its status kept aside. */
  async trashPostComments(postId: number, manager: EntityManager): Promise<void> {
    await manager.query(
      "UPDATE comments SET previous_status = status, status = 'post-trashed' WHERE post_id = ? AND status <> 'post-trashed'",
      [postId],
    );
  }

  /** wp_untrash_post_comments: the statuses kept aside come back. */
  async untrashPostComments(postId: number, manager: EntityManager): Promise<void> {
    await manager.query(
      "UPDATE comments SET status = COALESCE(previous_status, '0'), previous_status = NULL WHERE post_id = ? AND status = 'post-trashed'",
      [postId],
    );
  }

  /**
   * Comments of the posts and pages `userId` wrote, and comments left without a post: the users module deletes
   * such posts directly, before or after this runs.
   */
  async deleteCommentsOfAuthorPosts(userId: number, manager: EntityManager): Promise<void> {
    await manager.query(
      "DELETE FROM comments WHERE post_id IN (SELECT id FROM posts WHERE author_id = ? AND type IN ('post', 'page'))",
      [userId],
    );
    await manager.query('DELETE FROM comments WHERE post_id > 0 AND post_id NOT IN (SELECT id FROM posts)');
  }

  async deletePostComments(postId: number, manager: EntityManager): Promise<void> {
    await this.repo(manager).delete({ postId });
  }

  async settings(manager?: EntityManager): Promise<CommentSettingsEntity> {
    const repo = (manager ?? this.dataSource.manager).getRepository(CommentSettingsEntity);
    const row = await repo.findOneBy({ id: 1 });
    if (row) return row;
    // The migration writes the row; recreate it if someone removed it by hand.
    await repo.insert({ id: 1, moderationKeys: '', disallowedKeys: '' });
    return (await repo.findOneBy({ id: 1 }))!;
  }

  async saveSettings(settings: CommentSettingsEntity): Promise<CommentSettingsEntity> {
    return this.dataSource.getRepository(CommentSettingsEntity).save({ ...settings, id: 1 });
  }
}
