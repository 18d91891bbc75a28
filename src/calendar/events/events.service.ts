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
} from '../../auth';
import { markTranslationOf, TranslationLinks, withFields } from '../../translation';
import { claimUniqueSlug, pickUniqueSlug, slugify, slugSearchPrefix } from '../../common/slug';
import { AppConfig } from '../../config';
import { sanitizePostHtml, sanitizeTitleHtml } from '../../content';
import {
  formatDateTime,
  lockRowById,
  lockRowsById,
  PostIds,
  QueryCache,
  Transactions,
  violatesUnique,
} from '../../database';
import { Language, NS, RestCall, RestResponse } from '../../rest';
import { MediaService, toImageObject } from '../../media';
import {
  allDaySpan,
  formatWpDate,
  formatWpDateUtc,
  isTruthyFlag,
  parseEventDateInput,
  parseWpDate,
  resolveArchiveDateFilter,
  resolveTimezone,
  ResolvedTimezone,
} from '../dates';
import {
  CALENDAR_CACHE_GROUP,
  archiveStatuses,
  echoedArchiveStatus,
  blankProtected,
  canSeeProtected,
  nowPostDates,
  registerLookup,
  resolvePostDates,
  scaleBackStatus,
  tecArchive,
  TRASH_STATUS,
  FLOATING_STATUSES,
  settleFloatingDates,
  trashedSlug,
} from '../shared';
import { costToStored } from './event-cost';
import { EventEntity } from './event.entity';
import { EventLinks } from './event-links';
import { EVENT_LOOKUPS } from './event-lookups';
import { EventMapContext, EventRelations, eventRestUrl, globalIdBaseOf, toEventObject } from './event.mapper';
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
    private readonly translationLinks: TranslationLinks,
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

  private mapContext(call: RestCall<any>, single: boolean): EventMapContext {
    return {
      urls: call.urls,
      siteZone: this.siteZone,
      globalIdBase: globalIdBaseOf(this.config.siteUrl),
      single,
      currency: {
        symbol: this.config.calendarCurrencySymbol,
        position: this.config.calendarCurrencyPosition,
        code: this.config.calendarCurrencyCode,
      },
    };
  }

  // ---------------------------------------------------------------- reads

  /** `GET /events`: TEC's archive (reference §3.1) with the envelope and X-TEC-* headers. */
  async list(call: RestCall<ListEventsQueryDto>): Promise<RestResponse> {
    const { args } = call;
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
      const { ids } = await this.links.findTermIds('category', args.categories, call.language);
      termGroups.push(await this.links.withDescendants(ids));
    }
    if (args.tags) termGroups.push((await this.links.findTermIds('tag', args.tags, call.language)).ids);
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

    const statuses = archiveStatuses(args.status, call, EVENT_CAPS);
    const user = call.user;
    const query: EventListQuery = {
      language: call.language,
      statuses,
      restrictNonPublicTo:
        user && !user.can(EVENT_CAPS.editOthers) && statuses.some((s) => s !== 'publish')
          ? user.id
          : undefined,
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

    const objects = await this.toObjects(items, call, false);
    const shown = objects.map((object, index) => {
      const event = items[index];
      const canEdit = args.context === 'edit' && canEditObject(user, eventOwner(event), EVENT_CAPS);
      return canSeeProtected(event.password, canEdit, args.password) ? object : blankProtected(object);
    });

    return tecArchive(
      call,
      { items: shown, total, page, perPage },
      {
        key: 'events',
        route: `/${NS.calendar}/events/`,
        query: effectiveQuery(
          call,
          filter.effectiveQuery,
          echoedArchiveStatus(args.status, call, EVENT_CAPS),
        ),
        pageNotFound: 'eventArchivePageNotFound',
      },
    );
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

  /** `GET /events/{id}`: TEC's status ladder (reference §3.2), then the single-context object. */
  async read(
    event: EventEntity,
    call: RestCall<{ password?: string; context?: string }>,
  ): Promise<Record<string, unknown>> {
    if (event.status === TRASH_STATUS) throw EventErrors.noLongerAvailable();
    const owner = eventOwner(event);
    if (event.status !== 'publish' && !canReadObject(call.user, owner, EVENT_CAPS))
      throw EventErrors.notAccessible();
    const canEdit = call.args.context === 'edit' && canEditObject(call.user, owner, EVENT_CAPS);
    if (!canSeeProtected(event.password, canEdit, call.args.password)) throw EventErrors.passwordProtected();
    return (await this.toObjects([event], call, true))[0];
  }

  // ---------------------------------------------------------------- writes

  /** `POST /events` (reference §3.4); 201 with the event. */
  async create(call: RestCall<CreateEventDto>): Promise<RestResponse> {
    const { args } = call;
    this.assertMayAuthor(call, args.author, true);
    await this.checkWriteArgs(call, args);
    const zone = this.timezoneOf(args.timezone);
    const span = this.span(
      { start: String(args.start_date), end: String(args.end_date) },
      zone,
      args.all_day === true,
    );
    const created = await this.transactions.run(async (manager) => {
      const event = new EventEntity();
      event.authorId = args.author ?? call.userId;
      event.language = call.language;
      markTranslationOf(event, args.translation_of);
      event.title = this.cleanTitle(args.title, call);
      event.description = this.cleanHtml(args.description ?? '', call);
      event.excerpt = this.cleanHtml(args.excerpt ?? '', call);
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
      event.status = futureAware(scaleBackStatus(args.status, call.user, EVENT_CAPS), event.dateGmt);
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
      event.venueId = await this.links.resolveVenue(args.venue, call, manager);
      event.imageId = await this.resolveImage(args.image, call, manager);
      const saved = slugless
        ? await this.events.save(Object.assign(event, { slug: null }), manager)
        : await this.saveWithSlug(event, args.slug || args.title, manager);
      await this.saveLinks(saved.id, args, call, manager, true, []);
      await this.recountTerms(saved.id, [], manager);
      return saved;
    });
    const object = (await this.toObjects([created], call, false))[0];
    return RestResponse.created(object, eventRestUrl(call.urls, created.id));
  }

  /** Update: only the fields sent change (reference §3.5, deliberately partial). */
  async update(event: EventEntity, call: RestCall<UpdateEventFieldsDto>): Promise<Record<string, unknown>> {
    if (!canEditObject(call.user, eventOwner(event), EVENT_CAPS))
      throw EventErrors.forbidden(call.user !== null);
    const { args } = call;
    if (call.has('author')) this.assertMayAuthor(call, args.author, false);
    await this.checkWriteArgs(call, args);
    const has = (name: string) => call.has(name) && (args as Record<string, unknown>)[name] !== undefined;

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

    const updated = await this.transactions.run(async (manager) => {
      // The row as it is now, locked until commit: parallel updates of other fields are kept, not overwritten.
      const latest = await lockRowById(manager, EventEntity, event.id);
      if (!latest) throw EventErrors.notFound(event.id);
      Object.assign(event, latest);
      if (has('title')) event.title = this.cleanTitle(String(args.title), call);
      if (has('description')) event.description = this.cleanHtml(String(args.description), call);
      if (has('excerpt')) event.excerpt = this.cleanHtml(String(args.excerpt), call);
      if (has('author')) event.authorId = Number(args.author);
      if (has('date') || has('date_utc')) {
        const postDates = resolvePostDates(
          { date: stringArg(args.date), dateUtc: stringArg(args.date_utc) },
          this.siteZone,
        );
        event.date = postDates.date;
        event.dateGmt = postDates.dateGmt;
      }
      if (has('status')) event.status = scaleBackStatus(args.status, call.user, EVENT_CAPS);
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
      if (call.has('website'))
        event.website =
          args.website === null || args.website === undefined ? null : String(args.website).trim();
      if (call.has('venue')) {
        // An empty venue (0, "", []) keeps the linked one: TEC offers no REST way to unlink a venue (§3.5).
        const venueId = await this.links.resolveVenue(args.venue, call, manager);
        if (venueId !== null) event.venueId = venueId;
      }
      if (call.has('image')) event.imageId = await this.resolveImage(args.image, call, manager);
      const now = nowPostDates(this.siteZone);
      event.modified = now.date;
      event.modifiedGmt = now.dateGmt;
      const previousTerms = await this.events.termIdsOf(event.id, manager);
      const saved = newSlug
        ? await this.saveWithSlug(event, newSlug, manager)
        : await this.events.save(event, manager);
      await this.saveLinks(saved.id, args, call, manager, false, previousTerms);
      await this.recountTerms(saved.id, previousTerms, manager);
      return saved;
    });
    return (await this.toObjects([updated], call, false))[0];
  }

  /** `DELETE`: to the trash (200 with `status: trash`); already trashed → 410 (reference §3.6). */
  async trash(event: EventEntity, call: RestCall<unknown>): Promise<Record<string, unknown>> {
    if (!canDeleteObject(call.user, eventOwner(event), EVENT_CAPS))
      throw EventErrors.forbidden(call.user !== null);
    if (event.status === TRASH_STATUS) throw EventErrors.isInTrash();
    const trashed = await this.transactions.run(async (manager) => {
      event.trashedStatus = event.status;
      event.status = TRASH_STATUS;
      const trashSlug = trashedSlug(event.slug);
      const taken = await this.events.slugsLike(trashSlug, manager, event.language);
      if (event.slug !== null) taken.delete(event.slug);
      event.slug = pickUniqueSlug(trashSlug, taken, { isReserved: () => false });
      const now = nowPostDates(this.siteZone);
      event.modified = now.date;
      event.modifiedGmt = now.dateGmt;
      const saved = await this.events.save(event, manager);
      await this.recountTerms(saved.id, [], manager);
      return saved;
    });
    return (await this.toObjects([trashed], call, false))[0];
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

  /** Wire objects of a page of events; relations loaded with a constant number of `IN (...)` queries. */
  async toObjects(
    events: EventEntity[],
    call: RestCall<any>,
    single: boolean,
  ): Promise<Record<string, unknown>[]> {
    if (events.length === 0) return [];
    const ids = events.map((event) => event.id);
    const [organizerLinks, termLinks] = await Promise.all([
      this.events.organizerLinks(ids),
      this.events.termLinks(ids),
    ]);
    const venueIds = events.map((event) => event.venueId).filter((id): id is number => id !== null && id > 0);
    const imageIds = events.map((event) => event.imageId).filter((id): id is number => id !== null && id > 0);
    const [venues, organizers, terms, images, translations] = await Promise.all([
      this.links.venueObjects(venueIds, call, single),
      this.links.organizerObjects(
        organizerLinks.map((link) => link.organizerId),
        call,
        single,
      ),
      this.links.termObjects(
        termLinks.map((link) => link.termId),
        call,
      ),
      this.media.mapByIds(imageIds),
      this.translationLinks.fieldsOf(
        events.map((event) => ({ elementType: 'post_cal_events', id: event.id, language: event.language })),
      ),
    ]);
    const context = this.mapContext(call, single);
    return events.map((event) => {
      const eventTerms = termLinks
        .filter((link) => link.eventId === event.id)
        .map((link) => terms.get(link.termId))
        .filter((term): term is NonNullable<typeof term> => term !== undefined)
        .sort((a, b) => String(a.object.name).localeCompare(String(b.object.name)));
      const relations: EventRelations = {
        venue: event.venueId ? (venues.get(event.venueId) ?? null) : null,
        organizers: organizerLinks
          .filter((link) => link.eventId === event.id)
          .map((link) => organizers.get(link.organizerId))
          .filter((object): object is Record<string, unknown> => object !== undefined),
        categories: eventTerms.filter((term) => term.taxonomy === 'category').map((term) => term.object),
        tags: eventTerms.filter((term) => term.taxonomy === 'tag').map((term) => term.object),
        image: event.imageId ? imageObject(toImageObject(images.get(event.imageId), call.urls)) : false,
      };
      return withFields(
        toEventObject(event, relations, context),
        translations.get(`post_cal_events:${event.id}`),
      );
    });
  }

  /** Linked venue/organizer IDs must exist in the request language (reported together as `rest_invalid_param`). */
  /** Only those who may edit others' events may write one in another user's name (core refuses it, 403). */
  private assertMayAuthor(call: RestCall<unknown>, author: unknown, creating: boolean): void {
    if (author === undefined || author === null || Number(author) === call.userId) return;
    if (!call.user?.can(EVENT_CAPS.editOthers)) throw EventErrors.cannotActAsOther(creating);
  }

  private async checkWriteArgs(call: RestCall<unknown>, args: EventWriteArgs): Promise<void> {
    const problems: Record<string, string> = {};
    const venue = args.venue;
    const venueId = isIdLike(venue)
      ? Number(venue)
      : isPlainObject(venue) && isIdLike(venue.id)
        ? Number(venue.id)
        : null;
    if (venueId !== null && (await this.links.existingIds('venue', [venueId], call.language)).size === 0) {
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
      const existing = await this.links.existingIds('organizer', organizerIds, call.language);
      if (existing.size !== new Set(organizerIds).size)
        problems.organizer = EventArgMessages.unknownOrganizer;
    }
    if (Object.keys(problems).length) throw EventErrors.invalidParams(problems);
  }

  private async saveLinks(
    eventId: number,
    args: EventWriteArgs,
    call: RestCall<unknown>,
    manager: EntityManager,
    creating: boolean,
    previousTermIds: number[],
  ): Promise<void> {
    const sent = (name: string) =>
      creating ? (args as Record<string, unknown>)[name] !== undefined : call.has(name);
    if (sent('organizer')) {
      const ids = await this.links.resolveOrganizers(args.organizer, call, manager);
      await this.events.replaceOrganizers(eventId, ids, manager);
    }
    const replacements: Array<{ taxonomy: 'category' | 'tag'; ids: number[] }> = [];
    for (const [param, taxonomy] of [
      ['categories', 'category'],
      ['tags', 'tag'],
    ] as const) {
      if (!sent(param)) continue;
      const values = args[param] ?? [];
      replacements.push({ taxonomy, ids: await this.links.resolveTerms(taxonomy, values, call, manager) });
    }
    // Every term whose count changes, locked at once in ID order before the links are written (their foreign
    // key checks would otherwise share-lock the terms one by one and deadlock with a parallel writer).
    await lockRowsById(manager, 'cal_terms', [...previousTermIds, ...replacements.flatMap((r) => r.ids)]);
    for (const { taxonomy, ids } of replacements)
      await this.events.replaceTerms(eventId, taxonomy, ids, manager);
  }

  private async resolveImage(
    input: unknown,
    call: RestCall<unknown>,
    manager: EntityManager,
  ): Promise<number | null> {
    if (input === undefined || input === null || input === '' || input === 0 || input === '0') return null;
    if (isIdLike(input)) return Number(input); // validated as an image by IMAGE_ARG
    const media = await this.media.createFromUrl(String(input).trim(), call.userId, manager);
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

  private cleanHtml(html: string, call: RestCall<unknown>): string {
    return call.user?.can('unfiltered_html') ? html : sanitizePostHtml(html);
  }

  private cleanTitle(title: string, call: RestCall<unknown>): string {
    return call.user?.can('unfiltered_html') ? title : sanitizeTitleHtml(title);
  }
}

function imageObject(image: false | object): false | Record<string, unknown> {
  return image === false ? false : { ...image };
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

/** The effective query TEC echoes in `rest_url` / `next_rest_url` (reference §2). */
function effectiveQuery(
  call: RestCall<ListEventsQueryDto>,
  dates: Record<string, string | undefined>,
  status: string,
): Record<string, unknown> {
  const { args } = call;
  // TEC leaves out what it turned into a tax query (categories, tags) and strict_dates (§2).
  const query: Record<string, unknown> = { ...dates, status };
  if (args.search) query.search = args.search;
  if (args.include) query.include = args.include.join(',');
  if (args.post_parent !== undefined) query.post_parent = args.post_parent;
  if (args.venue) query.venue = args.venue.join(',');
  if (args.organizer) query.organizer = args.organizer.join(',');
  if (args.featured !== undefined) query.featured = args.featured ? 1 : 0;
  if (args.ticketed !== undefined) query.ticketed = args.ticketed ? 1 : 0;
  if (args.geoloc !== undefined) query.geoloc = args.geoloc ? 1 : 0;
  if (args.geoloc_lat !== undefined) query.geoloc_lat = args.geoloc_lat;
  if (args.geoloc_lng !== undefined) query.geoloc_lng = args.geoloc_lng;
  return query;
}
