import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Language, RestUrls, RestUser } from '../../../platform/rest';
import { OrganizersService, toOrganizerObject } from '../organizers';
import { presentLinkedPost } from '../shared';
import { CalendarTermsService, toEmbeddedTermObject } from '../terms';
import { toVenueObject, VenuesService } from '../venues';

export type EventTaxonomy = 'category' | 'tag';

export interface LinkedTerm {
  taxonomy: EventTaxonomy;
  object: Record<string, unknown>;
}

/**
 * Everything the events module needs from venues, organizers and terms, in one place: resolving
 * write input (IDs, `{id}`, inline objects, term names) and batch-loading wire objects for a page.
 */
@Injectable()
export class EventLinks {
  constructor(
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly terms: CalendarTermsService,
    private readonly dataSource: DataSource,
  ) {}

  resolveVenue(
    user: RestUser | null,
    input: unknown,
    language: Language,
    manager: EntityManager,
  ): Promise<number | null> {
    return this.venues.resolveForEvent(user, input, language, manager);
  }

  resolveOrganizers(
    user: RestUser | null,
    input: unknown,
    language: Language,
    manager: EntityManager,
  ): Promise<number[]> {
    return this.organizers.resolveForEvent(user, input, language, manager);
  }

  resolveTerms(
    user: RestUser | null,
    taxonomy: EventTaxonomy,
    values: Array<number | string>,
    language: Language,
    manager: EntityManager,
  ): Promise<number[]> {
    return this.terms.resolveForEvent(user, taxonomy, values, language, manager);
  }

  /** Which of `ids` are venues/organizers of `language`. */
  async existingIds(kind: 'venue' | 'organizer', ids: number[], language: Language): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const service = kind === 'venue' ? this.venues : this.organizers;
    const found = await service.findByIds(ids);
    return new Set(found.filter((row) => row.language === language).map((row) => row.id));
  }

  /**
   * The archive's `categories`/`tags` filter values (slug first, then ID, TEC's `is_event_category`)
   * as term IDs; `missing` lists values that match no term of the taxonomy and language.
   */
  /**
   * The categories and all their descendants (WordPress's tax query `include_children`, on by default for
   * hierarchical taxonomies): one query per level below them.
   */
  async withDescendants(ids: number[]): Promise<number[]> {
    const all = new Set(ids);
    let level = [...all];
    for (let depth = 0; level.length > 0 && depth < 50; depth += 1) {
      const rows = await this.dataSource
        .createQueryBuilder()
        .select('t.id', 'id')
        .from('cal_terms', 't')
        .where('t.parent_id IN (:...level)', { level })
        .getRawMany<{ id: number }>();
      level = rows.map((row) => Number(row.id)).filter((id) => !all.has(id));
      for (const id of level) all.add(id);
    }
    return [...all];
  }

  async findTermIds(
    taxonomy: EventTaxonomy,
    values: string[],
    language: Language,
  ): Promise<{ ids: number[]; missing: string[] }> {
    const numeric = values.filter((value) => /^\d+$/.test(value)).map(Number);
    const qb = this.dataSource
      .createQueryBuilder()
      .select('t.id', 'id')
      .addSelect('t.slug', 'slug')
      .from('cal_terms', 't')
      .where('t.taxonomy = :taxonomy', { taxonomy })
      .andWhere('t.language = :language', { language })
      .andWhere(
        numeric.length ? '(t.slug IN (:...values) OR t.id IN (:...numeric))' : 't.slug IN (:...values)',
        {
          values,
          numeric,
        },
      );
    const rows = await qb.getRawMany<{ id: number; slug: string }>();
    const bySlug = new Map(rows.map((row) => [row.slug, Number(row.id)]));
    const byId = new Set(rows.map((row) => Number(row.id)));
    const ids: number[] = [];
    const missing: string[] = [];
    for (const value of values) {
      const id =
        bySlug.get(value) ?? (/^\d+$/.test(value) && byId.has(Number(value)) ? Number(value) : undefined);
      if (id === undefined) missing.push(value);
      else ids.push(id);
    }
    return { ids, missing };
  }

  /** Venue objects for events; `single` (a single-event answer) adds their `json_ld`. */
  async venueObjects(
    ids: number[],
    viewer: { user: RestUser | null; urls: RestUrls },
    single = false,
  ): Promise<Map<number, Record<string, unknown>>> {
    const views = await this.venues.viewsByIds(unique(ids), viewer.user);
    return new Map(
      [...views].map(([id, view]) => [id, presentLinkedPost(view, toVenueObject, viewer.urls, single)]),
    );
  }

  async organizerObjects(
    ids: number[],
    viewer: { user: RestUser | null; urls: RestUrls },
    single = false,
  ): Promise<Map<number, Record<string, unknown>>> {
    const views = await this.organizers.viewsByIds(unique(ids), viewer.user);
    return new Map(
      [...views].map(([id, view]) => [id, presentLinkedPost(view, toOrganizerObject, viewer.urls, single)]),
    );
  }

  /** Embedded term objects (TEC's event shape) with their counts: two queries for the whole page. */
  /** Term counts are stored; call after an event's terms or status changed, with its old and new terms. */
  recountTerms(termIds: number[], manager: EntityManager): Promise<void> {
    return this.terms.recount(termIds, manager);
  }

  async termObjects(ids: number[], urls: RestUrls): Promise<Map<number, LinkedTerm>> {
    const terms = await this.terms.findByIds(unique(ids));
    const counts = await this.terms.counts(terms.map((term) => term.id));
    return new Map(
      terms.map((term) => [
        term.id,
        { taxonomy: term.taxonomy, object: toEmbeddedTermObject(term, urls, counts.get(term.id) ?? 0) },
      ]),
    );
  }
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}
