import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import {
  parseSearchTerms,
  removeSearchPostings,
  searchConditions,
  searchDocument,
  SearchObjectType,
  singleWordSearch,
  textSearchTarget,
  writeSearchPostings,
} from '../../../platform/search';
import { isMysql, LeanLookup, PostIds } from '../../../platform/database';
import { EventEntity, EventOrganizerEntity, EventTermEntity } from './event.entity';
import { BoundingBox } from './geo';

/** The events' post type in the shared ID space (TEC's `tribe_events`). */
export const EVENT_POST_TYPE = 'cal_events';

/** Bounds on the event's UTC start/end (`YYYY-MM-DD HH:MM:SS`); operators as in `EventDateConditions`. */
export interface EventDateBounds {
  startsOnOrAfter?: string;
  startsAfter?: string;
  startsBefore?: string;
  endsAfter?: string;
  endsBefore?: string;
  endsOnOrBefore?: string;
}

export interface EventListQuery {
  language: string;
  statuses: string[];
  /** When set, non-published events are only listed if this user wrote them. */
  restrictNonPublicTo?: number;
  dates: EventDateBounds;
  include?: number[];
  search?: string;
  /** Each group is OR-ed; groups are AND-ed (categories AND tags). */
  termGroups: number[][];
  venueIds?: number[];
  organizerIds?: number[];
  featured?: boolean;
  postParent?: number;
  /** No event has tickets: `true` matches nothing. */
  ticketed?: boolean;
  /** Only events whose venue has coordinates. */
  requireGeo?: boolean;
  /** Venue coordinates inside this box (exact distance is checked by the caller). */
  box?: BoundingBox;
  /** Latest first (the past-events list); default earliest first. */
  descending?: boolean;
}

/** One page of an archive: the event IDs in order, and how many events match in all. */
export interface EventPage {
  ids: number[];
  total: number;
}

const EVENT_SEARCH = textSearchTarget(SearchObjectType.event, 'e', 'description');

export interface GeoCandidate {
  id: number;
  startDateUtc: string;
  lat: number;
  lng: number;
}

/** How much more reading and sorting one match costs than probing one event's link (measured on SQLite). */
const PROBE_COST_RATIO = 3;

/** Conditions joined by AND on `from`, with their named parameters. */
interface SqlWhere {
  from: string;
  sql: string;
  params: Record<string, unknown>;
}

/** `?, ?, ?` for a list of values. */
function marks(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/** The day after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Every query on `cal_events` and its link tables. */
@Injectable()
export class EventsRepository {
  private readonly events: Repository<EventEntity>;

  private readonly lookup: LeanLookup<EventEntity>;

  constructor(
    private readonly dataSource: DataSource,
    postIds: PostIds,
  ) {
    postIds.register('cal_events', EVENT_POST_TYPE);
    this.events = dataSource.getRepository(EventEntity);
    this.lookup = new LeanLookup(dataSource, EventEntity);
  }

  private manager(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  async findById(id: number, language: string, manager?: EntityManager): Promise<EventEntity | null> {
    const event = await this.lookup.byId(id, manager);
    return event?.language === language ? event : null;
  }

  findBySlug(slug: string, language: string): Promise<EventEntity | null> {
    return this.events.findOneBy({ slug, language });
  }

  async existingIds(ids: number[], language: string): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.events.find({ select: { id: true }, where: { id: In(ids), language } });
    return new Set(rows.map((row) => row.id));
  }

  /** Slugs starting with `base` (in `language`: slugs are unique per language). */
  async slugsLike(base: string, manager?: EntityManager, language?: string): Promise<Set<string>> {
    const query = this.manager(manager)
      .getRepository(EventEntity)
      .createQueryBuilder('e')
      .select('e.slug', 'slug')
      .where('e.slug LIKE :base', { base: `${base}%` });
    if (language !== undefined) query.andWhere('e.language = :language', { language });
    const rows = await query.getRawMany<{ slug: string }>();
    return new Set(rows.map((row) => row.slug));
  }

  /**
   * One page of event IDs, ordered by start date, plus the total. IDs only, so the default listing is read
   * from its covering index; the caller loads the rows of the page.
   */
  async page(query: EventListQuery, page: number, perPage: number): Promise<EventPage> {
    const offset = (page - 1) * perPage;
    const maintained = await this.maintainedTotal(query);
    // With one term or word, the page is found either by walking the listing index in start order and
    // probing each event's link (cost: the events passed over, about (offset + limit) / density), or from the
    // links (cost: every match, read and sorted). The counts tell which is cheaper.
    const probe =
      maintained?.window !== undefined &&
      maintained.total > 0 &&
      ((offset + perPage) * maintained.window) / maintained.total < PROBE_COST_RATIO * maintained.total;
    const ids = await this.slice(query, offset, perPage, probe);
    if (maintained !== null) return { ids, total: maintained.total };
    const where = this.filtered(query);
    const counted: Array<{ total: number | string }> = await this.run(
      `SELECT COUNT(*) AS total FROM ${where.from} WHERE ${where.sql}`,
      where.params,
    );
    return { ids, total: Number(counted[0]?.total ?? 0) };
  }

  /**
   * IDs `offset`..`offset + limit` in archive order, without the total (ask for one more to learn if more follow).
   * `probe`: test each event's term or search word per event, walking the listing index in order.
   */
  async slice(query: EventListQuery, offset: number, limit: number, probe = false): Promise<number[]> {
    const order = query.descending ? 'DESC' : 'ASC';
    const where = this.filtered(query, probe);
    const rows: Array<{ id: number | string }> = await this.run(
      `SELECT e.id AS id FROM ${where.from} WHERE ${where.sql} ` +
        `ORDER BY e.start_date_utc ${order}, e.id ${order} LIMIT :limit OFFSET :offset`,
      { ...where.params, limit, offset },
    );
    return rows.map((row) => Number(row.id));
  }

  /**
   * The total of a date window (`startsOnOrAfter`, optionally `endsOnOrBefore`), optionally narrowed to one
   * term or one search word, from the counts the database maintains per start and end day
   * (`cal_event_counts`, migration ListingCounts): the whole days inside the window are summed, and only the
   * events starting on its first day or ending on its last day are counted row by row, so the cost does not
   * grow with the events stored. Null for the other filters (then every match is counted).
   *
   * The window's events start on or after A and end on or before B. By start day: those starting on A's day
   * are counted exactly; those starting later either end before B's day (summed from the counters by end
   * day), or on B's day (counted exactly, from the index on the end), or after B (not in the window).
   */
  private async maintainedTotal(query: EventListQuery): Promise<{ total: number; window?: number } | null> {
    const d = query.dates;
    if (!d.startsOnOrAfter || d.startsAfter || d.startsBefore || d.endsAfter || d.endsBefore) return null;
    if (
      query.restrictNonPublicTo !== undefined ||
      query.include ||
      query.venueIds ||
      query.organizerIds ||
      query.featured !== undefined ||
      query.postParent !== undefined ||
      query.ticketed ||
      query.requireGeo ||
      query.box ||
      query.statuses.length === 0 ||
      query.termGroups.length > 1 ||
      (query.termGroups.length === 1 && (new Set(query.termGroups[0]).size !== 1 || query.search))
    ) {
      return null;
    }
    let link: { counts: string; column: string; id: number; exists: string } | null = null;
    if (query.termGroups.length === 1) {
      link = {
        counts: 'cal_event_term_counts',
        column: 'term_id',
        id: query.termGroups[0][0],
        exists: 'EXISTS (SELECT 1 FROM cal_event_terms l WHERE l.event_id = e.id AND l.term_id = ?)',
      };
    } else if (query.search) {
      const words = await singleWordSearch(this.dataSource.manager, query.search);
      if (words === null || words.length > 1) return null;
      if (words.length === 0) return { total: 0 };
      link = {
        counts: 'cal_event_word_counts',
        column: 'word_id',
        id: words[0],
        exists: `EXISTS (SELECT 1 FROM search_postings l WHERE l.object_type = '${SearchObjectType.event}' AND l.word_id = ? AND l.object_id = e.id)`,
      };
    }
    const first = d.startsOnOrAfter;
    const last = d.endsOnOrBefore;
    const firstDay = first.slice(0, 10);
    const afterFirstDay = `${nextDay(firstDay)} 00:00:00`;
    const statuses = query.statuses.map(() => '?').join(', ');
    const linkParams = link ? [link.id] : [];

    const sum = async (counts: string, linkColumn?: string): Promise<number> => {
      const rows: Array<{ n: number | string | null }> = await this.dataSource.query(
        `SELECT SUM(n) AS n FROM ${counts} WHERE ${linkColumn ? `${linkColumn} = ? AND ` : ''}` +
          `language = ? AND status IN (${statuses}) AND start_day > ?${last ? ' AND end_day < ?' : ''}`,
        [
          ...(linkColumn ? linkParams : []),
          query.language,
          ...query.statuses,
          firstDay,
          ...(last ? [last.slice(0, 10)] : []),
        ],
      );
      return Number(rows[0]?.n ?? 0);
    };
    const summed = await sum(link?.counts ?? 'cal_event_counts', link?.column);
    const listed = `e.language = ? AND e.status IN (${statuses}) AND e.hide_from_listings = 0`;
    const linked = link ? ` AND ${link.exists}` : '';
    const onFirstDay: Array<{ n: number | string }> = await this.dataSource.query(
      `SELECT COUNT(*) AS n FROM cal_events e WHERE ${listed} AND e.start_date_utc >= ? AND e.start_date_utc < ?` +
        `${last ? ' AND e.end_date_utc <= ?' : ''}${linked}`,
      [query.language, ...query.statuses, first, afterFirstDay, ...(last ? [last] : []), ...linkParams],
    );
    let onLastDay = 0;
    if (last) {
      const hint = isMysql(this.dataSource)
        ? 'FORCE INDEX (ix_cal_events_ends)'
        : 'INDEXED BY ix_cal_events_ends';
      const rows: Array<{ n: number | string }> = await this.dataSource.query(
        `SELECT COUNT(*) AS n FROM cal_events e ${hint} WHERE ${listed} AND e.end_date_utc >= ? ` +
          `AND e.end_date_utc <= ? AND e.start_date_utc >= ?${linked}`,
        [
          query.language,
          ...query.statuses,
          `${last.slice(0, 10)} 00:00:00`,
          last,
          afterFirstDay,
          ...linkParams,
        ],
      );
      onLastDay = Number(rows[0]?.n ?? 0);
    }
    const total = summed + Number(onFirstDay[0]?.n ?? 0) + onLastDay;
    // The window's size without the term or word (whole days only: it only chooses the page's plan).
    return link ? { total, window: await sum('cal_event_counts') } : { total };
  }

  /** Events matching the filters whose venue lies in `query.box`, with the venue coordinates. */
  async geoCandidates(query: EventListQuery): Promise<GeoCandidate[]> {
    const where = this.filtered(query);
    const rows: Array<{ id: number; start: string; lat: number; lng: number }> = await this.run(
      `SELECT e.id AS id, e.start_date_utc AS start, v.geo_lat AS lat, v.geo_lng AS lng ` +
        `FROM ${where.from} WHERE ${where.sql}`,
      where.params,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      startDateUtc: row.start,
      lat: Number(row.lat),
      lng: Number(row.lng),
    }));
  }

  findByIds(ids: number[]): Promise<EventEntity[]> {
    return this.lookup.byIds(ids);
  }

  /** SQL with named parameters (`:name`, `:...list`), bound by the driver as the query builder would. */
  private run<T>(sql: string, params: Record<string, unknown>): Promise<T[]> {
    const [text, values] = this.dataSource.driver.escapeQueryWithParameters(sql, params);
    return this.dataSource.query(text, values);
  }

  /**
   * The archive's tables and conditions as SQL written here (column names, named parameters): the hot listing
   * skips the query builder, which would rebuild and re-alias the same statement on every request.
   */
  private filtered(query: EventListQuery, probe = false): SqlWhere {
    const where = ['e.language = :language', 'e.hide_from_listings = :hidden'];
    const params: Record<string, unknown> = { language: query.language, hidden: false };
    const and = (condition: string, values: Record<string, unknown> = {}) => {
      where.push(condition);
      Object.assign(params, values);
    };
    and(query.statuses.length ? 'e.status IN (:...statuses)' : '1 = 0', { statuses: query.statuses });
    if (query.restrictNonPublicTo !== undefined) {
      and("(e.status = 'publish' OR e.author_id = :owner)", { owner: query.restrictNonPublicTo });
    }
    const d = query.dates;
    if (d.startsOnOrAfter) and('e.start_date_utc >= :sooa', { sooa: d.startsOnOrAfter });
    if (d.startsAfter) and('e.start_date_utc > :sa', { sa: d.startsAfter });
    if (d.startsBefore) and('e.start_date_utc < :sb', { sb: d.startsBefore });
    if (d.endsAfter) and('e.end_date_utc > :ea', { ea: d.endsAfter });
    if (d.endsBefore) and('e.end_date_utc < :eb', { eb: d.endsBefore });
    if (d.endsOnOrBefore) and('e.end_date_utc <= :eoob', { eoob: d.endsOnOrBefore });
    // Every event starts no later than it ends, so an upper bound on the end bounds the start too; with it the
    // listing index (language, status, start) serves the whole date window.
    const latestEnd = d.endsOnOrBefore ?? d.endsBefore;
    if (latestEnd) and('e.start_date_utc <= :latestEnd', { latestEnd });
    if (query.include) {
      and(query.include.length ? 'e.id IN (:...include)' : '1 = 0', { include: query.include });
    }
    if (query.search) {
      const terms = parseSearchTerms(query.search);
      for (const condition of searchConditions(terms, EVENT_SEARCH, [], 'search', { probe })) {
        and(condition.sql, condition.params);
      }
    }
    query.termGroups.forEach((group, index) => {
      const et = `et${index}`;
      and(
        !group.length
          ? '1 = 0'
          : probe
            ? `EXISTS (SELECT 1 FROM cal_event_terms ${et} WHERE ${et}.event_id = e.id AND ${et}.term_id IN (:...terms${index}))`
            : `e.id IN (SELECT ${et}.event_id FROM cal_event_terms ${et} WHERE ${et}.term_id IN (:...terms${index}))`,
        { [`terms${index}`]: group },
      );
    });
    if (query.venueIds) {
      and(query.venueIds.length ? 'e.venue_id IN (:...venues)' : '1 = 0', { venues: query.venueIds });
    }
    if (query.organizerIds) {
      and(
        query.organizerIds.length
          ? 'e.id IN (SELECT eo.event_id FROM cal_event_organizers eo WHERE eo.organizer_id IN (:...organizers))'
          : '1 = 0',
        { organizers: query.organizerIds },
      );
    }
    if (query.featured !== undefined) and('e.featured = :featured', { featured: query.featured });
    if (query.postParent !== undefined) and('e.post_parent = :parent', { parent: query.postParent });
    if (query.ticketed === true) and('1 = 0');
    let from = 'cal_events e';
    if (query.requireGeo || query.box) {
      from = 'cal_events e INNER JOIN cal_venues v ON v.id = e.venue_id';
      and('v.geo_lat IS NOT NULL');
      and('v.geo_lng IS NOT NULL');
    }
    if (query.box) {
      const box = query.box;
      and('v.geo_lat BETWEEN :minLat AND :maxLat', { minLat: box.minLat, maxLat: box.maxLat });
      and(
        box.minLng <= box.maxLng
          ? 'v.geo_lng BETWEEN :minLng AND :maxLng'
          : '(v.geo_lng >= :minLng OR v.geo_lng <= :maxLng)',
        { minLng: box.minLng, maxLng: box.maxLng },
      );
    }
    return { from, sql: where.join(' AND '), params };
  }

  /** Organizer links of these events, in link order. */
  async organizerLinks(eventIds: number[], manager?: EntityManager): Promise<EventOrganizerEntity[]> {
    if (eventIds.length === 0) return [];
    const rows: Array<{
      event_id: number | string;
      organizer_id: number | string;
      position: number | string;
    }> = await this.manager(manager).query(
      `SELECT event_id, organizer_id, position FROM cal_event_organizers WHERE event_id IN (${marks(eventIds)}) ` +
        'ORDER BY event_id ASC, position ASC',
      eventIds,
    );
    return rows.map((row) =>
      Object.assign(new EventOrganizerEntity(), {
        eventId: Number(row.event_id),
        organizerId: Number(row.organizer_id),
        position: Number(row.position),
      }),
    );
  }

  async termLinks(eventIds: number[], manager?: EntityManager): Promise<EventTermEntity[]> {
    if (eventIds.length === 0) return [];
    const rows: Array<{ event_id: number | string; term_id: number | string }> = await this.manager(
      manager,
    ).query(`SELECT event_id, term_id FROM cal_event_terms WHERE event_id IN (${marks(eventIds)})`, eventIds);
    return rows.map((row) =>
      Object.assign(new EventTermEntity(), { eventId: Number(row.event_id), termId: Number(row.term_id) }),
    );
  }

  /** Saves the event and its words in the search index. */
  async save(event: EventEntity, manager: EntityManager): Promise<EventEntity> {
    const saved = await manager.getRepository(EventEntity).save(event);
    await writeSearchPostings(manager, SearchObjectType.event, [
      searchDocument(saved.id, { title: saved.title, excerpt: saved.excerpt, content: saved.description }),
    ]);
    return saved;
  }

  async replaceOrganizers(eventId: number, organizerIds: number[], manager: EntityManager): Promise<void> {
    const links = manager.getRepository(EventOrganizerEntity);
    await links.delete({ eventId });
    const unique = [...new Set(organizerIds)];
    if (unique.length) {
      await links.insert(unique.map((organizerId, position) => ({ eventId, organizerId, position })));
    }
  }

  /** Ids of the terms (both taxonomies) the event carries. */
  async termIdsOf(eventId: number, manager: EntityManager): Promise<number[]> {
    const rows = await manager.getRepository(EventTermEntity).findBy({ eventId });
    return rows.map((row) => row.termId);
  }

  /** Replaces the event's terms of one taxonomy (`category` or `tag`), keeping the other's. */
  async replaceTerms(
    eventId: number,
    taxonomy: string,
    termIds: number[],
    manager: EntityManager,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .delete()
      .from(EventTermEntity)
      .where('event_id = :eventId', { eventId })
      .andWhere('term_id IN (SELECT t.id FROM cal_terms t WHERE t.taxonomy = :taxonomy)', { taxonomy })
      .execute();
    const unique = [...new Set(termIds)];
    if (unique.length) {
      await manager.getRepository(EventTermEntity).insert(unique.map((termId) => ({ eventId, termId })));
    }
  }

  /** Authors (among `userIds`) with published events. */
  async publishedAuthorIds(userIds?: number[]): Promise<number[]> {
    if (userIds?.length === 0) return [];
    // Raw SQL: an embedded author link asks on every request, and building the query costs more than it.
    const e = (name: string) => this.dataSource.driver.escape(name);
    const only = userIds ? ` AND e.${e('author_id')} IN (${userIds.map(() => '?').join(', ')})` : '';
    const rows: Array<{ authorId: number | string }> = await this.dataSource.query(
      `SELECT DISTINCT e.${e('author_id')} AS authorId FROM ${e('cal_events')} e ` +
        `WHERE e.${e('status')} = 'publish' AND e.${e('author_id')} > 0${only}`,
      userIds ?? [],
    );
    return rows.map((row) => Number(row.authorId));
  }

  async reassignAuthor(userId: number, reassignTo: number | null, manager: EntityManager): Promise<void> {
    const repo = manager.getRepository(EventEntity);
    if (reassignTo !== null) {
      await repo.update({ authorId: userId }, { authorId: reassignTo });
      return;
    }
    const ids = (await repo.find({ select: { id: true }, where: { authorId: userId } })).map((e) => e.id);
    if (ids.length === 0) return;
    await manager.getRepository(EventOrganizerEntity).delete({ eventId: In(ids) });
    await manager.getRepository(EventTermEntity).delete({ eventId: In(ids) });
    await removeSearchPostings(manager, SearchObjectType.event, ids);
    await repo.delete({ id: In(ids) });
  }
}
