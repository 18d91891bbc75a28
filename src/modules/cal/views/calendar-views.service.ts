import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { formatWpDateUtc } from '../../../platform/common/dates';
import { EventEntity, EventPresenter } from '..';
import { presentLinkedPost, toVenueObject, VenuesService } from '..';
import { AppConfig } from '../../../platform/config';
import { Language, RestServer, RestUser } from '../../../platform/rest';
import { buildIcal } from './calendar-ical';
import { CalendarViewsRepository, UtcWindow, ViewFilter } from './calendar-views.repository';
import { markup, SafeHtml, scriptJson } from './html';
import { labelsFor } from './labels';
import { daysCovered, toViewEvent, toViewVenue, ViewEvent, ViewVenue } from './view-event';
import { formatMonth, formatLongDay } from './view-format';
import { ViewNonces } from './view-nonces';
import type { CalendarViewRequest, ViewRequest } from './view-request';
import {
  CalendarView,
  MonthDay,
  Nonces,
  organizerIntro,
  renderDocument,
  renderSingleEvent,
  renderView,
  venueBlock,
  ViewEnv,
} from './view-templates';
import { ViewUrls } from './view-urls';

/** Events per list page (TEC's `postsPerPage` default). */
export const LIST_PER_PAGE = 12;
/** Events in a list's iCal feed (TEC's `tribe_events_ical_feed_posts_per_page`). */
export const ICAL_LIST_LIMIT = 30;

export interface PageResult {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

const HTML = 'text/html; charset=UTF-8';

function sqlUtc(moment: DateTime): string {
  return formatWpDateUtc(moment);
}

/**
 * TEC's front end: list, month and day views, single event, venue and organizer pages and their iCal feeds,
 * rendered on the server from the published, listed events of the language.
 */
@Injectable()
export class CalendarViewsService {
  constructor(
    private readonly repository: CalendarViewsRepository,
    private readonly events: EventPresenter,
    private readonly viewNonces: ViewNonces,
    private readonly venues: VenuesService,
    private readonly server: RestServer,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  env(language: Language): ViewEnv {
    const rest = this.server.urls(language);
    return {
      language,
      labels: labelsFor(language),
      urls: new ViewUrls(this.config.siteUrl, language, rest),
      now: DateTime.now().setZone(this.config.siteTimezone),
      siteName: this.config.siteName,
      siteZone: this.config.siteTimezone,
    };
  }

  /** The nonces a page rendered for `viewer` embeds (`tvn2`: the logged-out one, for a logged-in viewer). */
  async pageNonces(viewer: RestUser | null): Promise<Nonces> {
    return {
      primary: await this.viewNonces.create(viewer?.id ?? 0),
      secondary: viewer ? await this.viewNonces.create(0) : '',
    };
  }

  /** Whether either nonce verifies for the caller (or for a logged-out visitor). */
  async verifyNonces(values: unknown[], viewer: RestUser | null): Promise<boolean> {
    for (const value of values) {
      if (await this.viewNonces.verify(value, viewer?.id ?? 0)) return true;
      if (viewer && (await this.viewNonces.verify(value, 0))) return true;
    }
    return false;
  }

  /** A whole page (or feed) for a calendar URL; 404 page when the slug is unknown. */
  async page(request: ViewRequest, viewer: RestUser | null): Promise<PageResult> {
    const env = this.env(request.language);
    if (request.kind === 'event') return this.eventPage(request.slug, request.ical, env);
    const view = await this.buildView(request, env, request.ical);
    if (!view) return this.notFound(env);
    if (request.ical) {
      const byStart = [...view.events].sort((a, b) => a.start.toMillis() - b.start.toMillis() || a.id - b.id);
      return this.icalResult(byStart, env, view.fileName);
    }
    const markup = renderView(view.view, env, await this.pageNonces(viewer), view.jsonLd);
    return {
      status: 200,
      contentType: HTML,
      body: renderDocument(env, {
        title: view.view.title,
        canonical: view.view.url,
        main: markup,
        bodyClass: `tribe-events-page-template tribe-theme-default tribe-events-view-${view.view.slug}`,
      }),
    };
  }

  /** The view markup the views route returns (container plus nonce script); unknown slugs fall back to the list. */
  async fragment(request: ViewRequest, viewer: RestUser | null): Promise<string> {
    const env = this.env(request.language);
    const viewRequest: ViewRequest =
      request.kind === 'event'
        ? { kind: 'view', language: request.language, view: 'list', page: 1, past: false, ical: false }
        : { ...request, ical: false };
    const view =
      (await this.buildView(viewRequest, env, false)) ??
      (await this.buildView(
        { kind: 'view', language: request.language, view: 'list', page: 1, past: false, ical: false },
        env,
        false,
      ));
    if (!view) throw new Error('the default view always renders');
    return renderView(view.view, env, await this.pageNonces(viewer), view.jsonLd).value;
  }

  // ------------------------------------------------------------------ single event

  private async eventPage(slug: string, ical: boolean, env: ViewEnv): Promise<PageResult> {
    const entity = await this.repository.findEventBySlug(slug, env.language);
    if (!entity || entity.status !== 'publish' || entity.password !== '') return this.notFound(env);
    const [event] = await this.toViewEvents([entity], env);
    if (ical) return this.icalResult([event], env, `${entity.slug}.ics`);
    const jsonLd = this.jsonLd(event);
    return {
      status: 200,
      contentType: HTML,
      body: renderDocument(env, {
        title: event.title,
        canonical: event.url,
        main: renderSingleEvent(event, env),
        head: markup`<script type="application/ld+json">${scriptJson([jsonLd])}</script>
<link rel="alternate" type="text/calendar" href="${env.urls.eventIcal(event.slug)}" />`,
        bodyClass: 'single-tribe_events tribe-events-page-template',
      }),
    };
  }

  /** schema.org Event (the API's `json_ld`) with the venue's postal address and times in the site zone. */
  private jsonLd(event: ViewEvent): Record<string, unknown> {
    const ld: Record<string, unknown> = { ...(event.jsonLd ?? {}) };
    ld.startDate = event.allDay ? event.start.toISODate() : event.start.toISO({ suppressMilliseconds: true });
    ld.endDate = event.allDay ? event.end.toISODate() : event.end.toISO({ suppressMilliseconds: true });
    if (event.venue) {
      ld.location = {
        '@type': 'Place',
        name: event.venue.name,
        url: event.venue.url || undefined,
        address: {
          '@type': 'PostalAddress',
          streetAddress: event.venue.address || undefined,
          addressLocality: event.venue.city || undefined,
          addressRegion: event.venue.stateprovince || undefined,
          postalCode: event.venue.zip || undefined,
          addressCountry: event.venue.country || undefined,
        },
        telephone: event.venue.phone || undefined,
      };
    }
    return ld;
  }

  // ------------------------------------------------------------------ views

  private async buildView(
    request: ViewRequest,
    env: ViewEnv,
    ical: boolean,
  ): Promise<{ view: CalendarView; events: ViewEvent[]; jsonLd: unknown[]; fileName: string } | null> {
    if (request.kind === 'event') return null;
    const filter: ViewFilter = { language: env.language };
    let title = env.labels.events;
    let intro: SafeHtml | null = null;
    let base: ((page: number) => string) | null = null;
    let fileName = 'events.ics';
    let location: CalendarViewRequest;
    if (request.kind === 'venue' || request.kind === 'organizer') {
      const found =
        request.kind === 'venue'
          ? await this.repository.findVenue(request.slug, env.language)
          : await this.repository.findOrganizer(request.slug, env.language);
      if (!found || found.password !== '') return null;
      if (request.kind === 'venue') {
        filter.venueId = found.id;
        intro = venueBlock(await this.venueOf(found.id, env), env.labels, false);
        title = `${env.labels.eventsAt} ${found.title}`;
      } else {
        filter.organizerId = found.id;
        const o = found as unknown as { title: string; phone?: string; email?: string; website?: string };
        intro = organizerIntro(
          { name: o.title, url: '', phone: o.phone ?? '', email: o.email ?? '', website: o.website ?? '' },
          env.labels,
        );
        title = `${env.labels.eventsBy} ${found.title}`;
      }
      const pageBase =
        request.kind === 'venue' ? env.urls.venue(request.slug) : env.urls.organizer(request.slug);
      base = (page) => (page > 1 ? `${pageBase}page/${page}/` : pageBase);
      fileName = `${request.kind}-${request.slug}.ics`;
      location = {
        kind: 'view',
        language: env.language,
        view: 'list',
        page: request.page,
        past: false,
        ical,
      };
    } else if (request.kind === 'view') {
      location = request;
      if (request.term) {
        const term = await this.repository.findTerm(request.term.taxonomy, request.term.slug, env.language);
        if (!term) return null;
        filter.termIds = [term.id];
        title = `${request.term.taxonomy === 'category' ? env.labels.eventsIn : env.labels.eventsTagged} ${term.name}`;
        fileName = `${request.term.taxonomy}-${term.slug}.ics`;
      }
    } else {
      return null;
    }
    if (location.search) filter.search = location.search;

    const view = location.view;
    if (view === 'month') return this.monthView(location, filter, env, title, ical, fileName);
    if (view === 'day') return this.dayView(location, filter, env, title, ical, fileName);
    return this.listView(location, filter, env, title, intro, base, ical, fileName);
  }

  private async listView(
    location: CalendarViewRequest,
    filter: ViewFilter,
    env: ViewEnv,
    title: string,
    intro: SafeHtml | null,
    base: ((page: number) => string) | null,
    ical: boolean,
    fileName: string,
  ) {
    const fromDay = location.date && location.date !== 'today' ? location.date : null;
    const from = fromDay ? DateTime.fromISO(fromDay, { zone: env.siteZone }).startOf('day') : env.now;
    const perPage = ical ? ICAL_LIST_LIMIT : LIST_PER_PAGE;
    const page = ical ? 1 : location.page;
    const { events: entities, hasMore } = await this.repository.listPage(
      filter,
      sqlUtc(from),
      location.past,
      page,
      perPage,
    );
    const events = await this.toViewEvents(entities, env);
    if (location.past) events.reverse();
    const at = (changes: Partial<CalendarViewRequest>) => {
      const target = { ...location, ...changes };
      if (base && !target.past) return base(target.page ?? 1);
      return env.urls.view({ ...target, ical: false });
    };
    let prevUrl: string | null;
    let nextUrl: string | null;
    if (location.past) {
      prevUrl = hasMore ? at({ page: page + 1 }) : null;
      nextUrl = page > 1 ? at({ page: page - 1 }) : at({ past: false, page: 1 });
    } else {
      prevUrl = page > 1 ? at({ page: page - 1 }) : base ? null : at({ past: true, page: 1 });
      nextUrl = hasMore ? at({ page: page + 1 }) : null;
    }
    const calendarView: CalendarView = {
      slug: 'list',
      title: location.past ? `${title} – ${env.labels.pastEvents}` : title,
      location,
      url: at({}),
      prevUrl,
      nextUrl,
      todayUrl: base ? base(1) : env.urls.view({ view: 'list', term: location.term }),
      icalUrl: base ? `${base(1)}?ical=1` : env.urls.view({ ...location, ical: true, page: 1 }),
      intro,
      body: { view: 'list', events, past: location.past },
    };
    return { view: calendarView, events, jsonLd: events.map((e) => this.jsonLd(e)), fileName };
  }

  private async monthView(
    location: CalendarViewRequest,
    filter: ViewFilter,
    env: ViewEnv,
    title: string,
    ical: boolean,
    fileName: string,
  ) {
    const month = (
      location.date && location.date !== 'today'
        ? DateTime.fromISO(location.date, { zone: env.siteZone })
        : env.now
    ).startOf('month');
    const gridStart = month.minus({ days: month.weekday - 1 });
    const monthEnd = month.endOf('month').startOf('day');
    const gridEnd = monthEnd.plus({ days: 7 - monthEnd.weekday });
    const window: UtcWindow = ical
      ? { start: sqlUtc(month), end: sqlUtc(month.plus({ months: 1 })) }
      : { start: sqlUtc(gridStart), end: sqlUtc(gridEnd.plus({ days: 1 })) };
    const events = sortForDay(await this.toViewEvents(await this.repository.inWindow(filter, window), env));
    const first = gridStart.toISODate() ?? '';
    const last = gridEnd.toISODate() ?? '';
    const byDay = new Map<string, ViewEvent[]>();
    for (const event of events) {
      for (const day of daysCovered(event, first, last)) {
        const list = byDay.get(day) ?? [];
        list.push(event);
        byDay.set(day, list);
      }
    }
    const today = env.now.toISODate() ?? '';
    const weeks: MonthDay[][] = [];
    for (let day = gridStart; day <= gridEnd; day = day.plus({ days: 1 })) {
      if (day.weekday === 1) weeks.push([]);
      const iso = day.toISODate() ?? '';
      weeks[weeks.length - 1].push({
        date: iso,
        day: day.day,
        inMonth: day.month === month.month,
        isToday: iso === today,
        isPast: iso < today,
        events: byDay.get(iso) ?? [],
      });
    }
    const calendarView: CalendarView = {
      slug: 'month',
      title: `${title} – ${formatMonth(month, env.language)}`,
      location,
      ...datedNavigation('month', month, location, env),
      intro: null,
      body: { view: 'month', month, weeks },
    };
    const inMonth = ical
      ? events
      : events.filter((event) => event.end >= month && event.start < month.plus({ months: 1 }));
    return { view: calendarView, events: inMonth, jsonLd: inMonth.map((e) => this.jsonLd(e)), fileName };
  }

  private async dayView(
    location: CalendarViewRequest,
    filter: ViewFilter,
    env: ViewEnv,
    title: string,
    ical: boolean,
    fileName: string,
  ) {
    const day = (
      location.date && location.date !== 'today'
        ? DateTime.fromISO(location.date, { zone: env.siteZone })
        : env.now
    ).startOf('day');
    const window: UtcWindow = { start: sqlUtc(day), end: sqlUtc(day.plus({ days: 1 })) };
    const events = sortForDay(await this.toViewEvents(await this.repository.inWindow(filter, window), env));
    const calendarView: CalendarView = {
      slug: 'day',
      title: `${title} – ${formatLongDay(day, env.language)}`,
      location,
      ...datedNavigation('day', day, location, env),
      intro: null,
      body: { view: 'day', day, events },
    };
    return { view: calendarView, events, jsonLd: events.map((e) => this.jsonLd(e)), fileName };
  }

  // ------------------------------------------------------------------ helpers

  private async venueOf(id: number, env: ViewEnv): Promise<ViewVenue> {
    const view = (await this.venues.viewsByIds([id], null)).get(id);
    const object = view ? presentLinkedPost(view, toVenueObject, this.server.urls(env.language), true) : {};
    return toViewVenue(object, true);
  }

  /** Page models of events: relations batch-loaded by the events service (a fixed number of queries). */
  private async toViewEvents(entities: EventEntity[], env: ViewEnv): Promise<ViewEvent[]> {
    if (entities.length === 0) return [];
    const viewer = { user: null, urls: this.server.urls(env.language) };
    const objects = await this.events.toObjects(entities, viewer, true);
    return entities.map((entity, index) =>
      toViewEvent(entity, objects[index], env.siteZone, {
        event: (slug) => env.urls.event(slug),
        term: (taxonomy, slug) => env.urls.term(taxonomy, slug),
      }),
    );
  }

  private icalResult(events: ViewEvent[], env: ViewEnv, fileName: string): PageResult {
    const body = buildIcal({
      siteName: env.siteName,
      siteZone: env.siteZone,
      host: new URL(this.config.siteUrl).host,
      events,
    });
    return {
      status: 200,
      contentType: 'text/calendar; charset=utf-8',
      body,
      headers: { 'Content-Disposition': `attachment; filename="${fileName}"` },
    };
  }

  private notFound(env: ViewEnv): PageResult {
    return {
      status: 404,
      contentType: HTML,
      body: renderDocument(env, {
        title: env.labels.noResults,
        canonical: env.urls.eventsHome(),
        main: markup`<div class="tribe-events-c-messages"><p class="tribe-events-c-messages__message" role="status">${env.labels.noResults}</p>
<p><a href="${env.urls.eventsHome()}">${env.labels.allEvents}</a></p></div>`,
        bodyClass: 'error404',
      }),
    };
  }
}

/** All-day and multi-day events first, then by start time, then by title. */
function sortForDay(events: ViewEvent[]): ViewEvent[] {
  const long = (event: ViewEvent) => event.allDay || !event.start.hasSame(event.end, 'day');
  return [...events].sort(
    (a, b) =>
      Number(long(b)) - Number(long(a)) ||
      a.start.toMillis() - b.start.toMillis() ||
      a.title.localeCompare(b.title) ||
      a.id - b.id,
  );
}

/** The links of a dated view (month or day): its own URL, the previous and next period, today, and its iCal feed. */
function datedNavigation(view: 'month' | 'day', at: DateTime, location: CalendarViewRequest, env: ViewEnv) {
  const unit = view === 'month' ? 'months' : 'days';
  const urlAt = (target: DateTime) =>
    env.urls.view({
      view,
      date: target.toISODate() ?? undefined,
      term: location.term,
      search: location.search,
    });
  return {
    url: urlAt(at),
    prevUrl: urlAt(at.minus({ [unit]: 1 })),
    nextUrl: urlAt(at.plus({ [unit]: 1 })),
    todayUrl: env.urls.view({ view, term: location.term }),
    icalUrl: env.urls.view({ view, date: at.toISODate() ?? undefined, term: location.term, ical: true }),
  };
}
