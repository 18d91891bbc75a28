import { Injectable, OnModuleInit } from '@nestjs/common';
import { DateTime } from 'luxon';
import { DataSource, EntityManager } from 'typeorm';
import {
  AuthoredContentRegistry,
  canDeleteObject,
  canEditObject,
  canReadObject,
  EVENT_CAPS,
  UsersService,
} from '../../auth';
import { pickUniqueSlug, slugify } from '../../common/slug';
import { AppConfig } from '../../config';
import { sanitizePostHtml, sanitizeTitleHtml } from '../../content';
import { formatDateTime, QueryCache } from '../../database';
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
  blankProtected,
  canSeeProtected,
  nowPostDates,
  registerLookup,
  resolvePostDates,
  scaleBackStatus,
  tecArchive,
  TRASH_STATUS,
} from '../shared';
import { costToStored } from './event-cost';
import { EventEntity } from './event.entity';
import { EventLinks } from './event-links';
import { EVENT_LOOKUPS } from './event-lookups';
import { EventMapContext, EventRelations, eventRestUrl, globalIdBaseOf, toEventObject } from './event.mapper';
import { EventArgMessages, EventErrors } from './events.errors';
import { EventDateBounds, EventListQuery, EventPage, EventsRepository } from './events.repository';
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
    if (args.categories)
      termGroups.push((await this.links.findTermIds('category', args.categories, call.language)).ids);
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
        query: effectiveQuery(call, filter.effectiveQuery, statuses),
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

  /** An event by ID in the request language, or 404 `rest-event-not-found`. */
  async getOrFail(id: number, language: Language, manager?: EntityManager): Promise<EventEntity> {
    const event = id > 0 ? await this.events.findById(id, language, manager) : null;
    if (!event) throw EventErrors.notFound(id);
    return event;
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
    await this.checkWriteArgs(call, args);
    const zone = this.timezoneOf(args.timezone);
    const span = this.span(
      { start: String(args.start_date), end: String(args.end_date) },
      zone,
      args.all_day === true,
    );
    const created = await this.dataSource.transaction(async (manager) => {
      const event = new EventEntity();
      event.authorId = args.author ?? call.userId;
      event.language = call.language;
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
      event.slug = await this.uniqueSlug(args.slug || args.title, manager);
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
      const saved = await this.events.save(event, manager);
      await this.saveLinks(saved.id, args, call, manager, true);
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
    await this.checkWriteArgs(call, args);
    const has = (name: string) => call.has(name) && (args as Record<string, unknown>)[name] !== undefined;

    const zone = has('timezone') ? this.timezoneOf(args.timezone) : this.timezoneOf(event.timezone);
    const datesTouched = has('start_date') || has('end_date') || has('timezone') || has('all_day');
    const allDay = has('all_day') ? args.all_day === true : event.allDay;
    const span = datesTouched
      ? this.span(
          {
            start: has('start_date') ? String(args.start_date) : undefined,
            end: has('end_date') ? String(args.end_date) : undefined,
            storedStart: event.startDate,
            storedEnd: event.endDate,
          },
          zone,
          allDay,
        )
      : null;

    const updated = await this.dataSource.transaction(async (manager) => {
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
      if (has('slug') && args.slug && slugify(args.slug) !== event.slug) {
        event.slug = await this.uniqueSlug(args.slug, manager, event.slug);
      }
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
      if (call.has('venue')) event.venueId = await this.links.resolveVenue(args.venue, call, manager);
      if (call.has('image')) event.imageId = await this.resolveImage(args.image, call, manager);
      const now = nowPostDates(this.siteZone);
      event.modified = now.date;
      event.modifiedGmt = now.dateGmt;
      const previousTerms = await this.events.termIdsOf(event.id, manager);
      const saved = await this.events.save(event, manager);
      await this.saveLinks(saved.id, args, call, manager, false);
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
    const trashed = await this.dataSource.transaction(async (manager) => {
      event.trashedStatus = event.status;
      event.status = TRASH_STATUS;
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
    const [venues, organizers, terms, images] = await Promise.all([
      this.links.venueObjects(venueIds, call),
      this.links.organizerObjects(
        organizerLinks.map((link) => link.organizerId),
        call,
      ),
      this.links.termObjects(
        termLinks.map((link) => link.termId),
        call,
      ),
      this.media.mapByIds(imageIds),
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
      return toEventObject(event, relations, context);
    });
  }

  /** Linked venue/organizer IDs must exist in the request language (reported together as `rest_invalid_param`). */
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
  ): Promise<void> {
    const sent = (name: string) =>
      creating ? (args as Record<string, unknown>)[name] !== undefined : call.has(name);
    if (sent('organizer')) {
      const ids = await this.links.resolveOrganizers(args.organizer, call, manager);
      await this.events.replaceOrganizers(eventId, ids, manager);
    }
    for (const [param, taxonomy] of [
      ['categories', 'category'],
      ['tags', 'tag'],
    ] as const) {
      if (!sent(param)) continue;
      const values = args[param] ?? [];
      const ids = await this.links.resolveTerms(taxonomy, values, call, manager);
      await this.events.replaceTerms(eventId, taxonomy, ids, manager);
    }
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
    const start = read(input.start, input.storedStart);
    const end = read(input.end, input.storedEnd);
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

  private async uniqueSlug(desired: string, manager: EntityManager, ownSlug?: string): Promise<string> {
    const base = slugify(desired) || 'event';
    const taken = await this.events.slugsLike(base, manager);
    if (ownSlug !== undefined) taken.delete(ownSlug);
    return pickUniqueSlug(base, taken);
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

function eventOwner(event: EventEntity): { authorId: number; status: string } {
  return { authorId: event.authorId, status: event.status };
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
  statuses: string[],
): Record<string, unknown> {
  const { args } = call;
  const query: Record<string, unknown> = { ...dates, status: statuses.join(',') };
  if (args.search) query.search = args.search;
  if (args.include) query.include = args.include.join(',');
  if (args.post_parent !== undefined) query.post_parent = args.post_parent;
  if (args.categories) query.categories = args.categories.join(',');
  if (args.tags) query.tags = args.tags.join(',');
  if (args.venue) query.venue = args.venue.join(',');
  if (args.organizer) query.organizer = args.organizer.join(',');
  if (args.featured !== undefined) query.featured = args.featured ? 1 : 0;
  if (args.ticketed !== undefined) query.ticketed = args.ticketed ? 1 : 0;
  if (args.geoloc !== undefined) query.geoloc = args.geoloc ? 1 : 0;
  if (args.geoloc_lat !== undefined) query.geoloc_lat = args.geoloc_lat;
  if (args.geoloc_lng !== undefined) query.geoloc_lng = args.geoloc_lng;
  if (call.has('strict_dates')) query.strict_dates = String(args.strict_dates);
  return query;
}
