import { Injectable, OnModuleInit } from '@nestjs/common';
import { DateTime } from 'luxon';
import { DataSource, EntityManager } from 'typeorm';
import {
  AuthoredContentRegistry,
  canDeleteObject,
  canEditObject,
  canReadObject,
  OwnedObject,
  ownedObject,
  EVENT_CAPS,
  UsersService,
} from '../../../platform/auth';
import { markTranslationOf } from '../../ml';
import { formatWpDate, formatWpDateUtc, parseWpDate } from '../../../platform/common/dates';
import { pickUniqueSlug, slugify, slugSearchPrefix } from '../../../platform/common/slug';
import { AppConfig } from '../../../platform/config';
import { sanitizePostHtml, sanitizeTitleHtml } from '../../core';
import {
  claimUniqueSlug,
  formatDateTime,
  lockRowById,
  lockRowsById,
  PostIds,
  QueryCache,
  Transactions,
  violatesUnique,
} from '../../../platform/database';
import type { Language, RestUser } from '../../../platform/rest';
import { MediaService } from '../../core/media';
import {
  allDaySpan,
  isTruthyFlag,
  parseEventDateInput,
  resolveArchiveDateFilter,
  resolveTimezone,
  ResolvedTimezone,
} from '../dates';
import {
  CALENDAR_CACHE_GROUP,
  archiveStatuses,
  echoedArchiveStatus,
  canSeeProtected,
  nowPostDates,
  registerLookup,
  resolvePostDates,
  scaleBackStatus,
  TRASH_STATUS,
  FLOATING_STATUSES,
  settleFloatingDates,
  trashedSlug,
} from '../shared';
import { costToStored } from './event-cost';
import { EventEntity } from './event.entity';
import { EventLinks } from './event-links';
import { EVENT_LOOKUPS } from './event-lookups';
import { EventArgMessages, EventErrors } from './events.errors';
import {
  EVENT_POST_TYPE,
  EventDateBounds,
  EventListQuery,
  EventPage,
  EventsRepository,
} from './events.repository';
import { boundingBox, haversineKm } from './geo';
import type { CreateEventDto } from './dto/create-event.dto';
import type { ListEventsQueryDto } from './dto/list-events.query.dto';
import type { UpdateEventFieldsDto } from './dto/update-event.dto';
import { isIdLike, isPlainObject, organizerEntries } from './dto/event-arg-rules';

type EventWriteArgs = Partial<CreateEventDto> & UpdateEventFieldsDto;

/** An update: the arguments, and which parameters the client sent (only those change). */
export interface EventWrite {
  args: UpdateEventFieldsDto;
  /** Names of the parameters the request carried (a JSON null counts as sent). */
  sent: ReadonlySet<string>;
}

/** A page of TEC's events archive, with what its `rest_url` echoes. */
/** What decides whether a password-protected event's fields show. */
export interface ProtectedAccess {
  context?: string;
  password?: string;
}

export interface EventArchivePage {
  items: EventEntity[];
  total: number;
  page: number;
  perPage: number;
  /** The date bounds the archive applied (TEC echoes them in `rest_url`). */
  effectiveDates: Record<string, string | undefined>;
  /** The `status` the archive echoes. */
  echoedStatus: string;
}

/** TEC's events: archive filters, the single-event status ladder, writes with linked venue/organizers/terms. */
@Injectable()
export class EventsService implements OnModuleInit {
  constructor(
    private readonly events: EventsRepository,
    private readonly links: EventLinks,
    private readonly media: MediaService,
    private readonly users: UsersService,
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly authored: AuthoredContentRegistry,
    private readonly cache: QueryCache,
    private readonly transactions: Transactions,
    private readonly postIds: PostIds,
  ) {}

  onModuleInit(): void {
    this.authored.register({
      publishedAuthorIds: (userIds) => this.events.publishedAuthorIds(userIds),
      reassignAuthor: (userId, reassignTo, manager) =>
        this.events.reassignAuthor(userId, reassignTo, manager),
    });
    registerLookup(
      this.dataSource,
      EVENT_LOOKUPS.slug,
      async (value, language) => (await this.events.findBySlug(String(value), language)) !== null,
    );
    for (const taxonomy of ['category', 'tag'] as const) {
      registerLookup(this.dataSource, EVENT_LOOKUPS[taxonomy], async (value, language) => {
        const { missing } = await this.links.findTermIds(taxonomy, [String(value)], language);
        return missing.length === 0;
      });
    }
  }

  private get siteZone(): string {
    return this.config.siteTimezone;
  }

  // ---------------------------------------------------------------- reads

  /** `GET /events`: a page of TEC's archive (reference §3.1) as `user` may see it in `language`. */
  async list(user: RestUser | null, args: ListEventsQueryDto, language: Language): Promise<EventArchivePage> {
    const hasLat = args.geoloc_lat !== undefined;
    const hasLng = args.geoloc_lng !== undefined;
    if (hasLat !== hasLng) {
      throw EventErrors.invalidParams({
        [hasLat ? 'geoloc_lng' : 'geoloc_lat']: EventArgMessages.geolocPair,
      });
    }
    // Existence was checked during validation; here the values become IDs.
    const termGroups: number[][] = [];
    if (args.categories) {
      const { ids } = await this.links.findTermIds('category', args.categories, language);
      termGroups.push(await this.links.withDescendants(ids));
    }
    if (args.tags) termGroups.push((await this.links.findTermIds('tag', args.tags, language)).ids);
    const venueIds = args.venue?.map(Number);
    const organizerIds = args.organizer?.map(Number);

    const filter = resolveArchiveDateFilter(
      {
        startDate: dateParam(args.start_date),
        endDate: dateParam(args.end_date),
        startsBefore: dateParam(args.starts_before),
        startsAfter: dateParam(args.starts_after),
        endsBefore: dateParam(args.ends_before),
        endsAfter: dateParam(args.ends_after),
        strictDates: isTruthyFlag(args.strict_dates),
        includePresent: args.include !== undefined,
      },
      this.siteZone,
    );
    const dates: EventDateBounds = {};
    for (const [key, bound] of Object.entries(filter.conditions)) {
      dates[key as keyof EventDateBounds] = formatDateTime(bound as Date);
    }

    const statuses = archiveStatuses(args.status, user, EVENT_CAPS);
    const query: EventListQuery = {
      language,
      // As TEC: whoever may edit events lists every event of the statuses asked for (WP_Query without `perm`).
      statuses,
      dates,
      include: args.include,
      search: args.search,
      termGroups,
      venueIds,
      organizerIds,
      featured: args.featured,
      postParent: args.post_parent,
      ticketed: args.ticketed,
      requireGeo: args.geoloc === true,
    };

    const page = args.page;
    const perPage = args.per_page;
    const center = hasLat && hasLng ? { lat: Number(args.geoloc_lat), lng: Number(args.geoloc_lng) } : null;
    const { ids, total } = await this.cache.remember(
      CALENDAR_CACHE_GROUP,
      JSON.stringify({ archive: 'events', query, page, perPage, center }),
      () => (center ? this.nearbyPage(query, center, page, perPage) : this.events.page(query, page, perPage)),
    );
    const byId = new Map((await this.events.findByIds(ids)).map((event) => [event.id, event]));
    const items = ids.map((id) => byId.get(id)).filter((event): event is EventEntity => event !== undefined);

    return {
      items,
      total,
      page,
      perPage,
      effectiveDates: filter.effectiveQuery,
      echoedStatus: echoedArchiveStatus(args.status, user, EVENT_CAPS),
    };
  }

  /** Events whose venue lies within the configured radius of `center`: by start date, then nearest first. */
  private async nearbyPage(
    query: EventListQuery,
    center: { lat: number; lng: number },
    page: number,
    perPage: number,
  ): Promise<EventPage> {
    const radius = this.config.geolocRadiusKm;
    const candidates = (await this.events.geoCandidates({ ...query, box: boundingBox(center, radius) }))
      .map((candidate) => ({ ...candidate, distance: haversineKm(center, candidate) }))
      .filter((candidate) => candidate.distance <= radius)
      .sort((a, b) => a.startDateUtc.localeCompare(b.startDateUtc) || a.distance - b.distance || a.id - b.id);
    return {
      ids: candidates.slice((page - 1) * perPage, page * perPage).map((candidate) => candidate.id),
      total: candidates.length,
    };
  }

  /**
   * An event by ID in the request language; 404 `rest-event-not-found`, or 400 `rest-invalid-event-id`
   * when the ID belongs to another post type (one ID space, as TEC's posts: reference §3.2).
   */
  async getOrFail(id: number, language: Language, manager?: EntityManager): Promise<EventEntity> {
    const event = id > 0 ? await this.events.findById(id, language, manager) : null;
    if (event) return event;
    const type = (await this.postIds.typesOf([id], manager)).get(id);
    if (type !== undefined && type !== EVENT_POST_TYPE) throw EventErrors.invalidId();
    throw EventErrors.notFound(id);
  }

  /** An event by slug, or 400 `rest_invalid_param` on `slug` (TEC's `is_event_slug` arg check). */
  async getBySlugOrFail(slug: string, language: Language): Promise<EventEntity> {
    const event = await this.events.findBySlug(slug, language);
    if (!event) throw EventErrors.invalidParams({ slug: EventArgMessages.badSlug });
    return event;
  }

  /** `GET /events/{id}`: TEC's status ladder (reference §3.2) before the single-context object is shown. */
  assertReadable(user: RestUser | null, event: EventEntity, options: ProtectedAccess): void {
    if (event.status === TRASH_STATUS) throw EventErrors.noLongerAvailable();
    if (event.status !== 'publish' && !canReadObject(user, eventOwner(event), EVENT_CAPS))
      throw EventErrors.notAccessible();
    if (!this.showsProtected(user, event, options)) throw EventErrors.passwordProtected();
  }

  /** Whether `user` sees a password-protected event's fields (the right password, or editing it). */
  showsProtected(user: RestUser | null, event: EventEntity, options: ProtectedAccess): boolean {
    const canEdit = options.context === 'edit' && canEditObject(user, eventOwner(event), EVENT_CAPS);
    return canSeeProtected(event.password, canEdit, options.password);
  }

  // ---------------------------------------------------------------- writes

  /** `POST /events` (reference §3.4); 201 with the event. */
  async create(user: RestUser | null, args: CreateEventDto, language: Language): Promise<EventEntity> {
    this.assertMayAuthor(user, args.author, true);
    await this.checkWriteArgs(language, args);
    const zone = this.timezoneOf(args.timezone);
    const span = this.span(
      { start: String(args.start_date), end: String(args.end_date) },
      zone,
      args.all_day === true,
    );
    const created = await this.transactions.run(async (manager) => {
      const event = new EventEntity();
      event.authorId = args.author ?? user?.id ?? 0;
      event.language = language;
      markTranslationOf(event, args.translation_of);
      event.title = this.cleanTitle(args.title, user);
      event.description = this.cleanHtml(args.description ?? '', user);
      event.excerpt = this.cleanHtml(args.excerpt ?? '', user);
      event.password = '';
      event.trashedStatus = null;
      const postDates = resolvePostDates(
        { date: stringArg(args.date), dateUtc: stringArg(args.date_utc) },
        this.siteZone,
      );
      event.date = postDates.date;
      event.dateGmt = postDates.dateGmt;
      const now = nowPostDates(this.siteZone);
      event.modified = now.date;
      event.modifiedGmt = now.dateGmt;
      event.status = futureAware(scaleBackStatus(args.status, user, EVENT_CAPS), event.dateGmt);
      settleFloatingDates(event, {
        creating: true,
        dateSent: Boolean(stringArg(args.date) || stringArg(args.date_utc)),
        siteZone: this.siteZone,
      });
      // A draft or pending event has no slug until it is published, unless one is sent.
      const slugless = !args.slug && FLOATING_STATUSES.has(event.status);
      this.applySpan(event, span, zone);
      event.allDay = args.all_day === true;
      event.hideFromListings = args.hide_from_listings === true;
      event.sticky = args.sticky === true;
      event.featured = args.featured === true;
      // TEC stores omitted map flags as false on create (reference §3.4).
      event.showMap = args.show_map === true;
      event.showMapLink = args.show_map_link === true;
      event.cost = costToStored(args.cost);
      event.website =
        args.website === undefined || args.website === null ? null : String(args.website).trim();
      event.postParent = 0;
      event.venueId = await this.links.resolveVenue(user, args.venue, language, manager);
      event.imageId = await this.resolveImage(args.image, user, manager);
      const saved = slugless
        ? await this.events.save(Object.assign(event, { slug: null }), manager)
        : await this.saveWithSlug(event, args.slug || args.title, manager);
      const given = args as unknown as Record<string, unknown>;
      const sent = new Set(Object.keys(given).filter((name) => given[name] !== undefined));
      await this.saveLinks(saved.id, args, { user, language, sent }, manager, []);
      await this.recountTerms(saved.id, [], manager);
      return saved;
    });
    return created;
  }

  /** Update: only the fields sent change (reference §3.5, deliberately partial). */
  async update(user: RestUser | null, event: EventEntity, write: EventWrite): Promise<EventEntity> {
    if (!canEditObject(user, eventOwner(event), EVENT_CAPS)) throw EventErrors.forbidden(user !== null);
    const { args, sent } = write;
    const language = event.language as Language;
    if (sent.has('author')) this.assertMayAuthor(user, args.author, false);
    await this.checkWriteArgs(language, args);
    const has = (name: string) => sent.has(name) && (args as Record<string, unknown>)[name] !== undefined;

    const updated = await this.transactions.run(async (manager) => {
      // The row as it is now, locked until commit: parallel updates of other fields are kept, not overwritten.
      const latest = await lockRowById(manager, EventEntity, event.id);
      if (!latest) throw EventErrors.notFound(event.id);
      Object.assign(event, latest);
      // Dates, zone and all-day are worked out from that row too: from the row read before the lock, a parallel
      // `{"all_day":true}` and `{"timezone":"UTC"}` each wrote the other's field back as it was.
      const zone = has('timezone') ? this.timezoneOf(args.timezone) : this.timezoneOf(event.timezone);
      // TEC changes the dates only when start and end are sent together (API::prepare_event_date_meta).
      const bothDates = has('start_date') && has('end_date');
      const datesTouched = bothDates || has('timezone') || has('all_day');
      const allDay = has('all_day') ? args.all_day === true : event.allDay;
      const span = datesTouched
        ? this.span(
            {
              start: bothDates ? String(args.start_date) : undefined,
              end: bothDates ? String(args.end_date) : undefined,
              storedStart: event.startDate,
              storedEnd: event.endDate,
            },
            zone,
            allDay,
          )
        : null;
      if (has('title')) event.title = this.cleanTitle(String(args.title), user);
      if (has('description')) event.description = this.cleanHtml(String(args.description), user);
      if (has('excerpt')) event.excerpt = this.cleanHtml(String(args.excerpt), user);
      if (has('author')) event.authorId = Number(args.author);
      if (has('date') || has('date_utc')) {
        const postDates = resolvePostDates(
          { date: stringArg(args.date), dateUtc: stringArg(args.date_utc) },
          this.siteZone,
        );
        event.date = postDates.date;
        event.dateGmt = postDates.dateGmt;
      }
      if (has('status')) event.status = scaleBackStatus(args.status, user, EVENT_CAPS);
      if (has('status') || has('date') || has('date_utc'))
        event.status = futureAware(event.status, event.dateGmt);
      settleFloatingDates(event, { creating: false, dateSent: false, siteZone: this.siteZone });
      const newSlug =
        has('slug') && args.slug && slugify(args.slug) !== event.slug
          ? args.slug
          : event.slug === null && !FLOATING_STATUSES.has(event.status)
            ? event.title
            : null;
      if (span) {
        this.applySpan(event, span, zone);
        event.allDay = allDay;
      }
      if (has('hide_from_listings')) event.hideFromListings = args.hide_from_listings === true;
      if (has('sticky')) event.sticky = args.sticky === true;
      if (has('featured')) event.featured = args.featured === true;
      if (has('show_map')) event.showMap = args.show_map === true;
      if (has('show_map_link')) event.showMapLink = args.show_map_link === true;
      if (has('cost')) event.cost = costToStored(args.cost);
      if (sent.has('website'))
        event.website =
          args.website === null || args.website === undefined ? null : String(args.website).trim();
      if (sent.has('venue')) {
        // An empty venue (0, "", []) keeps the linked one: TEC offers no REST way to unlink a venue (§3.5).
        const venueId = await this.links.resolveVenue(user, args.venue, language, manager);
        if (venueId !== null) event.venueId = venueId;
      }
      if (sent.has('image')) event.imageId = await this.resolveImage(args.image, user, manager);
      const now = nowPostDates(this.siteZone);
      event.modified = now.date;
      event.modifiedGmt = now.dateGmt;
      const previousTerms = await this.events.termIdsOf(event.id, manager);
      const saved = newSlug
        ? await this.saveWithSlug(event, newSlug, manager)
        : await this.events.save(event, manager);
      await this.saveLinks(saved.id, args, { user, language, sent }, manager, previousTerms);
      await this.recountTerms(saved.id, previousTerms, manager);
      return saved;
    });
    return updated;
  }

  /** `DELETE`: to the trash (200 with `status: trash`); already trashed → 410 (reference §3.6). */
  async trash(user: RestUser | null, event: EventEntity): Promise<EventEntity> {
    if (!canDeleteObject(user, eventOwner(event), EVENT_CAPS)) throw EventErrors.forbidden(user !== null);
    if (event.status === TRASH_STATUS) throw EventErrors.isInTrash();
    const trashed = await this.transactions.run(async (manager) => {
      event.trashedStatus = event.status;
      event.status = TRASH_STATUS;
      const trashSlug = trashedSlug(event.slug);
      const taken = await this.events.slugsLike(trashSlug, manager, event.language);
      if (event.slug !== null) taken.delete(event.slug);
      event.slug = pickUniqueSlug(trashSlug, taken, { isReserved: () => false });
      // A draft never dated is dated now (wp_update_post clears its date, wp_insert_post sets it).
      settleFloatingDates(event, { creating: false, dateSent: false, siteZone: this.siteZone });
      const now = nowPostDates(this.siteZone);
      event.modified = now.date;
      event.modifiedGmt = now.dateGmt;
      const saved = await this.events.save(event, manager);
      await this.recountTerms(saved.id, [], manager);
      return saved;
    });
    return trashed;
  }

  // ---------------------------------------------------------------- helpers

  /** Keeps the stored term counts right: the terms the event had before and has now. */
  private async recountTerms(
    eventId: number,
    previousTermIds: number[],
    manager: EntityManager,
  ): Promise<void> {
    const current = await this.events.termIdsOf(eventId, manager);
    await this.links.recountTerms([...previousTermIds, ...current], manager);
  }

  /** Linked venue/organizer IDs must exist in the request language (reported together as `rest_invalid_param`). */
  /** Only those who may edit others' events may write one in another user's name (core refuses it, 403). */
  private assertMayAuthor(user: RestUser | null, author: unknown, creating: boolean): void {
    if (author === undefined || author === null || Number(author) === (user?.id ?? 0)) return;
    if (!user?.can(EVENT_CAPS.editOthers)) throw EventErrors.cannotActAsOther(creating);
  }

  private async checkWriteArgs(language: Language, args: EventWriteArgs): Promise<void> {
    const problems: Record<string, string> = {};
    const venue = args.venue;
    const venueId = isIdLike(venue)
      ? Number(venue)
      : isPlainObject(venue) && isIdLike(venue.id)
        ? Number(venue.id)
        : null;
    if (venueId !== null && (await this.links.existingIds('venue', [venueId], language)).size === 0) {
      problems.venue = EventArgMessages.unknownVenue;
    }
    const organizerIds = organizerEntries(args.organizer)
      .map((entry) =>
        isIdLike(entry)
          ? Number(entry)
          : isPlainObject(entry) && isIdLike(entry.id)
            ? Number(entry.id)
            : null,
      )
      .filter((id): id is number => id !== null);
    if (organizerIds.length) {
      const existing = await this.links.existingIds('organizer', organizerIds, language);
      if (existing.size !== new Set(organizerIds).size)
        problems.organizer = EventArgMessages.unknownOrganizer;
    }
    if (Object.keys(problems).length) throw EventErrors.invalidParams(problems);
  }

  private async saveLinks(
    eventId: number,
    args: EventWriteArgs,
    actor: { user: RestUser | null; language: Language; sent: ReadonlySet<string> },
    manager: EntityManager,
    previousTermIds: number[],
  ): Promise<void> {
    const { user, language } = actor;
    const sent = (name: string) => actor.sent.has(name);
    if (sent('organizer')) {
      const ids = await this.links.resolveOrganizers(user, args.organizer, language, manager);
      await this.events.replaceOrganizers(eventId, ids, manager);
    }
    const replacements: Array<{ taxonomy: 'category' | 'tag'; ids: number[] }> = [];
    for (const [param, taxonomy] of [
      ['categories', 'category'],
      ['tags', 'tag'],
    ] as const) {
      if (!sent(param)) continue;
      const values = args[param] ?? [];
      const ids = await this.links.resolveTerms(user, taxonomy, values, language, manager);
      replacements.push({ taxonomy, ids });
    }
    // Every term whose count changes, locked at once in ID order before the links are written (their foreign
    // key checks would otherwise share-lock the terms one by one and deadlock with a parallel writer).
    await lockRowsById(manager, 'cal_terms', [...previousTermIds, ...replacements.flatMap((r) => r.ids)]);
    for (const { taxonomy, ids } of replacements)
      await this.events.replaceTerms(eventId, taxonomy, ids, manager);
  }

  private async resolveImage(
    input: unknown,
    user: RestUser | null,
    manager: EntityManager,
  ): Promise<number | null> {
    if (input === undefined || input === null || input === '' || input === 0 || input === '0') return null;
    if (isIdLike(input)) return Number(input); // validated as an image by ImageArg
    const media = await this.media.createFromUrl(String(input).trim(), user?.id ?? 0, manager);
    return media.id;
  }

  private timezoneOf(value: string | undefined): ResolvedTimezone {
    return resolveTimezone(value, this.siteZone) ?? { zone: 'UTC', name: 'UTC' };
  }

  /** Start/end read in the event zone; end before start → 400; all-day widened to whole days. */
  private span(
    input: { start?: string; end?: string; storedStart?: string; storedEnd?: string },
    zone: ResolvedTimezone,
    allDay: boolean,
  ): { start: DateTime<true>; end: DateTime<true> } {
    const read = (value: string | undefined, stored: string | undefined) =>
      value !== undefined
        ? parseEventDateInput(value, zone.zone)
        : stored
          ? parseWpDate(stored, zone.zone)
          : null;
    // Years 0–9999 only: the stored `Y-m-d H:i:s` form (and MySQL's DATETIME range) has four digits.
    const storable = <D extends DateTime>(date: D | null): D | null =>
      date && [date, date.toUTC()].every((d) => d.year >= 0 && d.year <= 9999) ? date : null;
    const start = storable(read(input.start, input.storedStart));
    const end = storable(read(input.end, input.storedEnd));
    const problems: Record<string, string> = {};
    if (!start) problems.start_date = 'Invalid parameter.';
    if (!end) problems.end_date = 'Invalid parameter.';
    if (start && end && end.toMillis() < start.toMillis())
      problems.end_date = EventArgMessages.endBeforeStart;
    if (!start || !end || Object.keys(problems).length) throw EventErrors.invalidParams(problems);
    return allDay ? allDaySpan(start, end) : { start, end };
  }

  private applySpan(
    event: EventEntity,
    span: { start: DateTime; end: DateTime },
    zone: ResolvedTimezone,
  ): void {
    event.timezone = zone.name;
    event.startDate = formatWpDate(span.start);
    event.endDate = formatWpDate(span.end);
    event.startDateUtc = formatWpDateUtc(span.start);
    event.endDateUtc = formatWpDateUtc(span.end);
  }

  /** Saves with the first free slug; a parallel writer that took it first makes this one take the next. */
  private saveWithSlug(event: EventEntity, desired: string, manager: EntityManager): Promise<EventEntity> {
    const base = slugify(desired) || 'event';
    return claimUniqueSlug({
      desired: base,
      taken: async () => {
        const taken = await this.events.slugsLike(slugSearchPrefix(base), manager, event.language);
        if (event.id && event.slug) taken.delete(event.slug);
        return taken;
      },
      write: (slug) => {
        event.slug = slug;
        return this.events.save(event, manager);
      },
      isCollision: (error) => violatesUnique(error, 'uq_cal_events_slug', 'slug'),
    });
  }

  private cleanHtml(html: string, user: RestUser | null): string {
    return user?.can('unfiltered_html') ? html : sanitizePostHtml(html);
  }

  private cleanTitle(title: string, user: RestUser | null): string {
    return user?.can('unfiltered_html') ? title : sanitizeTitleHtml(title);
  }
}

function eventOwner(event: EventEntity): OwnedObject {
  return ownedObject(event.authorId, event.status, event.trashedStatus);
}

function dateParam(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value);
}

function stringArg(value: unknown): string | undefined {
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/** WordPress: `publish` with a date in the future becomes `future`, and `future` in the past `publish`. */
function futureAware(status: string, dateGmt: string): string {
  const now = formatDateTime(new Date());
  if (status === 'publish' && dateGmt > now) return 'future';
  if (status === 'future' && dateGmt <= now) return 'publish';
  return status;
}
