import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { formatDateTime } from '../../../platform/common/dates';
import { EventEntity, EventListQuery, EventsRepository } from '..';
import { OrganizerEntity } from '..';
import { CalendarTermEntity, CalendarTaxonomy } from '..';
import { VenueEntity } from '..';
import { LongestEvent } from './longest-event';

/** Filters a calendar view puts on the published, listed events of one language. */
export interface ViewFilter {
  language: string;
  search?: string;
  termIds?: number[];
  venueId?: number;
  organizerId?: number;
}

/** `YYYY-MM-DD HH:MM:SS` bounds, UTC. */
export interface UtcWindow {
  start: string;
  end: string;
}

/** The views only ever show published events (`hide_from_listings` ones are left out by the archive query). */
const VIEW_STATUSES = ['publish'];

function shiftSeconds(utc: string, seconds: number): string {
  const date = new Date(`${utc.replace(' ', 'T')}Z`);
  return formatDateTime(new Date(date.getTime() - seconds * 1000));
}

/**
 * The calendar views' reads: pages and date windows of events through the events repository (served by the
 * listing index on language, status and start), and the venue/organizer/term a page is about.
 */
@Injectable()
export class CalendarViewsRepository {
  constructor(
    private readonly events: EventsRepository,
    private readonly dataSource: DataSource,
    private readonly longest: LongestEvent,
  ) {}

  /**
   * Upcoming events (those not yet over at `from`), earliest first; or, `past`, those over before `from`,
   * latest first. The lower start bound (`from` minus the longest event) keeps the scan on the index.
   */
  async listPage(
    filter: ViewFilter,
    from: string,
    past: boolean,
    page: number,
    perPage: number,
  ): Promise<{ events: EventEntity[]; hasMore: boolean }> {
    const longest = await this.longestEventSeconds(filter.language);
    const query = this.query(
      filter,
      past
        ? { endsBefore: from }
        : { endsAfter: shiftSeconds(from, 1), startsOnOrAfter: shiftSeconds(from, longest + 1) },
    );
    query.descending = past;
    // One more than the page tells whether another follows, without counting every match.
    const ids = await this.events.slice(query, (page - 1) * perPage, perPage + 1);
    return { events: await this.load(ids.slice(0, perPage)), hasMore: ids.length > perPage };
  }

  /** Every event overlapping the window (month grid, day), by start. */
  async inWindow(filter: ViewFilter, window: UtcWindow, limit = 5000): Promise<EventEntity[]> {
    const longest = await this.longestEventSeconds(filter.language);
    const query = this.query(filter, {
      startsOnOrAfter: shiftSeconds(window.start, longest + 1),
      startsBefore: window.end,
      endsAfter: shiftSeconds(window.start, 1),
    });
    return this.load(await this.events.slice(query, 0, limit));
  }

  /** The longest event of the language, in seconds (stored, raised by every event write). */
  longestEventSeconds(language: string): Promise<number> {
    return this.longest.seconds(language);
  }

  findEventBySlug(slug: string, language: string): Promise<EventEntity | null> {
    return this.events.findBySlug(slug, language);
  }

  findTerm(taxonomy: CalendarTaxonomy, slug: string, language: string): Promise<CalendarTermEntity | null> {
    return this.dataSource.getRepository(CalendarTermEntity).findOneBy({ taxonomy, slug, language });
  }

  /** Published venue by slug. */
  findVenue(slug: string, language: string): Promise<VenueEntity | null> {
    return this.dataSource.getRepository(VenueEntity).findOneBy({ slug, language, status: 'publish' });
  }

  findOrganizer(slug: string, language: string): Promise<OrganizerEntity | null> {
    return this.dataSource.getRepository(OrganizerEntity).findOneBy({ slug, language, status: 'publish' });
  }

  private query(filter: ViewFilter, dates: EventListQuery['dates']): EventListQuery {
    return {
      language: filter.language,
      statuses: VIEW_STATUSES,
      dates,
      search: filter.search,
      termGroups: filter.termIds ? [filter.termIds] : [],
      venueIds: filter.venueId !== undefined ? [filter.venueId] : undefined,
      organizerIds: filter.organizerId !== undefined ? [filter.organizerId] : undefined,
    };
  }

  private async load(ids: number[]): Promise<EventEntity[]> {
    const byId = new Map((await this.events.findByIds(ids)).map((event) => [event.id, event]));
    return ids.map((id) => byId.get(id)).filter((event): event is EventEntity => event !== undefined);
  }
}
