import { DataSource, EntityManager, EntityTarget, In, Repository, SelectQueryBuilder } from 'typeorm';
import type { Language } from '../../../platform/rest';
import { eventTablesExist, UNCOUNTED_EVENT_STATUSES } from './event-tables';
import { likeContains, likePrefix } from '../../../platform/database';
import type { LinkedPostEntity } from './linked-post.entity';

/** How a linked post type is tied to events (tables of the events module). */
export interface EventLinkSql {
  /** SELECT of linked-post ids over events aliased `e` (append WHERE conditions on `e`). */
  linkedIds: string;
  /** SELECT of the linked-post ids of event `:eventId`. */
  idsOfEvent: string;
  /** Statement removing the event links to the posts whose ids fill `placeholders` (`?, ?`). */
  unlink: (placeholders: string) => string;
}

export interface LinkedPostListQuery {
  language: Language;
  statuses: string[];
  /** Non-public rows only of this author (callers who may not edit others' objects). */
  restrictNonPublicTo?: number;
  search?: string;
  eventId?: number;
  hasEvents?: boolean;
  onlyWithUpcoming?: boolean;
  /** `YYYY-MM-DD HH:MM:SS` UTC: "upcoming" means ending at or after this. */
  now: string;
  page: number;
  perPage: number;
}

export type DuplicateCondition = { property: string; value: string; mode: 'ci' | 'like' | 'exact' };

/** Queries shared by venues and organizers; each subclass names its entity, search columns and event links. */
export abstract class LinkedPostsRepository<E extends LinkedPostEntity> {
  protected readonly repo: Repository<E>;

  protected constructor(
    protected readonly dataSource: DataSource,
    private readonly entity: EntityTarget<E>,
    private readonly alias: string,
    /** Entity properties searched besides title and description. */
    private readonly searchProperties: string[],
    private readonly links: EventLinkSql,
  ) {
    this.repo = dataSource.getRepository(entity);
  }

  protected manager(manager?: EntityManager): Repository<E> {
    return manager ? manager.getRepository(this.entity) : this.repo;
  }

  findById(id: number, manager?: EntityManager): Promise<E | null> {
    return id > 0 ? this.manager(manager).findOneBy({ id } as never) : Promise.resolve(null);
  }

  async findByIds(ids: readonly number[], manager?: EntityManager): Promise<E[]> {
    const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
    return unique.length === 0 ? [] : this.manager(manager).findBy({ id: In(unique) } as never);
  }

  findBySlug(slug: string, language: Language): Promise<E | null> {
    return this.repo.findOneBy({ slug, language } as never);
  }

  async exists(id: number): Promise<boolean> {
    // `Number("Infinity")` and `1e400` are numbers too, and a driver writes them into the SQL text.
    return Number.isSafeInteger(id) && id > 0 && (await this.repo.countBy({ id } as never)) > 0;
  }

  /** Slugs starting with `base` (in `language`: slugs are unique per language). */
  async slugsLike(base: string, manager?: EntityManager, language?: string): Promise<Set<string>> {
    const query = this.manager(manager)
      .createQueryBuilder(this.alias)
      .select(`${this.alias}.slug`, 'slug')
      .where(`${this.alias}.slug LIKE :base ESCAPE '!'`, { base: likePrefix(base) });
    if (language !== undefined) query.andWhere(`${this.alias}.language = :language`, { language });
    const rows = await query.getRawMany<{ slug: string }>();
    return new Set(rows.map((row) => row.slug));
  }

  async list(query: LinkedPostListQuery): Promise<{ items: E[]; total: number }> {
    const a = this.alias;
    const qb = this.repo
      .createQueryBuilder(a)
      .where(`${a}.language = :language`, { language: query.language })
      .andWhere(`${a}.status IN (:...statuses)`, { statuses: query.statuses });
    if (query.restrictNonPublicTo !== undefined) {
      qb.andWhere(`(${a}.status = 'publish' OR ${a}.authorId = :owner)`, {
        owner: query.restrictNonPublicTo,
      });
    }
    if (query.search) {
      const columns = ['title', 'description', ...this.searchProperties].map(
        (p) => `${a}.${p} LIKE :search ESCAPE '!'`,
      );
      qb.andWhere(`(${columns.join(' OR ')})`, { search: likeContains(query.search) });
    }
    const needsEvents =
      query.eventId !== undefined || query.hasEvents !== undefined || query.onlyWithUpcoming;
    if (needsEvents) await this.applyEventFilters(qb, query);
    qb.orderBy(`${a}.dateGmt`, 'DESC')
      .addOrderBy(`${a}.id`, 'DESC')
      .offset((query.page - 1) * query.perPage)
      .limit(query.perPage);
    const [items, total] = await Promise.all([qb.getMany(), qb.getCount()]);
    return { items, total };
  }

  private async applyEventFilters(qb: SelectQueryBuilder<E>, query: LinkedPostListQuery): Promise<void> {
    const a = this.alias;
    if (!(await eventTablesExist(this.dataSource))) {
      // No events yet: nothing is linked, nothing has (upcoming) events.
      if (query.eventId !== undefined || query.hasEvents === true || query.onlyWithUpcoming)
        qb.andWhere('1 = 0');
      return;
    }
    const counted = `e.status NOT IN (${UNCOUNTED_EVENT_STATUSES.map((s) => `'${s}'`).join(', ')})`;
    if (query.eventId !== undefined) {
      qb.andWhere(`${a}.id IN (${this.links.idsOfEvent})`, { eventId: query.eventId });
    }
    if (query.hasEvents !== undefined) {
      qb.andWhere(`${a}.id ${query.hasEvents ? 'IN' : 'NOT IN'} (${this.links.linkedIds} AND ${counted})`);
    }
    if (query.onlyWithUpcoming) {
      qb.andWhere(`${a}.id IN (${this.links.linkedIds} AND ${counted} AND e.end_date_utc >= :upcomingFrom)`, {
        upcomingFrom: query.now,
      });
    }
  }

  /** First non-trashed post of the language matching every condition (TEC's duplicate detection). */
  findDuplicate(
    conditions: DuplicateCondition[],
    language: Language,
    manager?: EntityManager,
  ): Promise<E | null> {
    const a = this.alias;
    const qb = this.manager(manager)
      .createQueryBuilder(a)
      .where(`${a}.language = :language`, { language })
      .andWhere(`${a}.status <> 'trash'`);
    conditions.forEach(({ property, value, mode }, index) => {
      const param = `dup${index}`;
      if (mode === 'ci') qb.andWhere(`LOWER(${a}.${property}) = LOWER(:${param})`, { [param]: value });
      else if (mode === 'like')
        qb.andWhere(`${a}.${property} LIKE :${param} ESCAPE '!'`, { [param]: likeContains(value) });
      else qb.andWhere(`${a}.${property} = :${param}`, { [param]: value });
    });
    return qb.orderBy(`${a}.id`, 'ASC').getOne();
  }

  save(entity: E, manager?: EntityManager): Promise<E> {
    return this.manager(manager).save(entity);
  }

  /** Removes the event links to these posts (TEC unlinks events from a trashed venue/organizer). */
  async unlinkFromEvents(ids: number[], manager: EntityManager): Promise<void> {
    if (ids.length === 0 || !(await eventTablesExist(this.dataSource))) return;
    await manager.query(this.links.unlink(ids.map(() => '?').join(', ')), ids);
  }

  async publishedAuthorIds(userIds?: number[]): Promise<number[]> {
    if (userIds?.length === 0) return [];
    // Raw SQL: an embedded author link asks on every request, and building the query costs more than it.
    const e = (name: string) => this.repo.manager.connection.driver.escape(name);
    const { metadata } = this.repo;
    const column = (property: string) =>
      e(metadata.findColumnWithPropertyName(property)?.databaseName ?? property);
    const [author, status] = [column('authorId'), column('status')];
    const only = userIds ? ` AND a.${author} IN (${userIds.map(() => '?').join(', ')})` : '';
    const rows: Array<{ authorId: number | string }> = await this.repo.manager.query(
      `SELECT DISTINCT a.${author} AS authorId FROM ${e(metadata.tableName)} a ` +
        `WHERE a.${status} = 'publish' AND a.${author} > 0${only}`,
      userIds ?? [],
    );
    return rows.map((row) => Number(row.authorId));
  }

  /** Moves `userId`'s posts to `reassignTo`, or deletes them (unlinking events) when null. */
  async reassignAuthor(userId: number, reassignTo: number | null, manager: EntityManager): Promise<void> {
    const repo = this.manager(manager);
    if (reassignTo !== null) {
      await repo.update({ authorId: userId } as never, { authorId: reassignTo } as never);
      return;
    }
    const owned = await repo.find({ select: { id: true } as never, where: { authorId: userId } as never });
    const ids = owned.map((post) => post.id);
    await this.unlinkFromEvents(ids, manager);
    if (ids.length > 0) await repo.delete({ id: In(ids) } as never);
  }
}
