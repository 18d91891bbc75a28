import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { EVENT_CAPS } from '../../../platform/auth';
import { ancestorSlugs } from '../../../platform/common/hierarchy';
import { slugify, slugSearchPrefix } from '../../../platform/common/slug';
import { claimUniqueSlug, lockRowById, Transactions, violatesUnique } from '../../../platform/database';
import type { Language, RestUser } from '../../../platform/rest';
import { parseList, RestError } from '../../../platform/rest';
import { LinkSite, loadTranslationFields, markTranslationOf, TranslationFields } from '../../ml';
import { registerLookup } from '../shared/validation-lookups';
import { CalendarTaxonomy, CalendarTermEntity } from './term.entity';
import { CalendarTermsRepository, TermListQuery } from './terms.repository';

/** WPML's element types of the calendar's taxonomies. */
const CAL_TERM_TYPES: Record<CalendarTaxonomy, string> = {
  category: 'tax_cal_events_cat',
  tag: 'tax_cal_events_tag',
};

/** Lookup names of the term validators (`id`, `include`, `exclude`, `parent`). */
export const TERM_LOOKUPS: Record<CalendarTaxonomy, string> = {
  category: 'calendar:category-ids',
  tag: 'calendar:tag-ids',
};

/** A term with the number of events carrying it (TEC's `count`) and, when asked for, its translation fields. */
export interface CountedTerm {
  term: CalendarTermEntity;
  count: number;
  translations?: TranslationFields;
  /** The slugs of a child category's ancestors, top first (its archive link's path). */
  ancestors?: string[];
}

export interface TermInput {
  name?: string;
  description?: string;
  slug?: string;
  parentId?: number;
  /** Create as a translation of this term (joins its translation group). */
  translationOf?: number;
}

export const TermErrors = {
  exists: (hierarchical: boolean, termId: number) =>
    new RestError(
      'term_exists',
      hierarchical
        ? 'A term with the name provided already exists with this parent.'
        : 'A term with the name provided already exists in this taxonomy.',
      400,
      { term_id: termId },
    ).withAdditionalData(termId, termId),
  duplicateSlug: (slug: string) =>
    new RestError('duplicate_term_slug', `The slug “${slug}” is already in use by another term.`, 400),
  invalidParent: () =>
    new RestError('rest_invalid_param', 'Invalid parameter(s): parent', 400, {
      params: { parent: 'Invalid parameter.' },
    }),
  unknownIds: (param: string, ids: number[]) =>
    new RestError('rest_invalid_param', `Invalid parameter(s): ${param}`, 400, {
      params: { [param]: `Term ID(s) ${ids.join(', ')} do not exist.` },
    }),
};

/**
 * TEC's rule for writing terms (`Term_Single_Base::can_create`): `edit_cal_events` plus the taxonomy's
 * manage_terms capability (categories: `publish_cal_events`; tags, as WordPress's post_tag: `manage_categories`).
 */
export function canManageTerms(user: RestUser | null, taxonomy: CalendarTaxonomy): boolean {
  if (!user?.can(EVENT_CAPS.edit)) return false;
  return user.can(taxonomy === 'category' ? EVENT_CAPS.publish : 'manage_categories');
}

/** Event categories and event tags: one implementation parametrised by taxonomy. */
@Injectable()
export class CalendarTermsService {
  constructor(
    private readonly terms: CalendarTermsRepository,
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {
    for (const taxonomy of ['category', 'tag'] as const) {
      registerLookup(dataSource, TERM_LOOKUPS[taxonomy], async (value) => {
        const ids = parseList(value).map(Number);
        if (ids.some((id) => !Number.isInteger(id) || id <= 0)) return false;
        return (await terms.countOfTaxonomy(taxonomy, ids)) === new Set(ids).size;
      });
    }
  }

  findById(id: number, manager?: EntityManager): Promise<CalendarTermEntity | null> {
    return this.terms.findById(id, manager);
  }

  /** Batch load for the event mapper (one query). */
  findByIds(ids: readonly number[], manager?: EntityManager): Promise<CalendarTermEntity[]> {
    return this.terms.findByIds(ids, manager);
  }

  /** Published-event counts per term id, one grouped query. */
  counts(ids: readonly number[], manager?: EntityManager): Promise<Map<number, number>> {
    return this.terms.counts(ids, manager);
  }

  /** Refreshes the stored counts after events carrying these terms changed. */
  recount(ids: readonly number[], manager: EntityManager): Promise<void> {
    return this.terms.recount(ids, manager);
  }

  async getOrFail(taxonomy: CalendarTaxonomy, id: number): Promise<CalendarTermEntity> {
    const term = await this.terms.findById(id);
    if (!term || term.taxonomy !== taxonomy) {
      throw new RestError('rest_invalid_param', 'Invalid parameter(s): id', 400, {
        params: { id: 'Invalid parameter.' },
      });
    }
    return term;
  }

  async list(query: TermListQuery): Promise<{ items: CalendarTermEntity[]; total: number }> {
    return this.terms.list(query);
  }

  /**
   * The terms with their event counts (one grouped query), their ancestors' slugs (one query per level, none
   * without a parent) and, given the site's links, their translation fields.
   */
  async withCounts(terms: CalendarTermEntity[], site?: LinkSite): Promise<CountedTerm[]> {
    const [counts, ancestors, translations] = await Promise.all([
      this.counts(terms.map((term) => term.id)),
      ancestorSlugs(terms, (ids) => this.terms.findByIds(ids)),
      site
        ? loadTranslationFields(
            this.dataSource,
            site,
            terms.map((term) => ({
              elementType: CAL_TERM_TYPES[term.taxonomy],
              id: term.id,
              language: term.language,
            })),
          )
        : undefined,
    ]);
    return terms.map((term) => ({
      term,
      count: counts.get(term.id) ?? 0,
      translations: translations?.get(`${CAL_TERM_TYPES[term.taxonomy]}:${term.id}`),
      ancestors: ancestors.get(term.id),
    }));
  }

  /** POST: WordPress's wp_insert_term (duplicate name under the same parent → 400 `term_exists`). */
  create(taxonomy: CalendarTaxonomy, input: TermInput, language: Language): Promise<CalendarTermEntity> {
    return this.transactions.run((manager) => this.createWith(taxonomy, input, language, manager));
  }

  private async createWith(
    taxonomy: CalendarTaxonomy,
    input: TermInput,
    language: Language,
    manager: EntityManager,
  ): Promise<CalendarTermEntity> {
    const name = (input.name ?? '').trim();
    const parentId = taxonomy === 'category' ? (input.parentId ?? 0) : 0;
    const existing = await this.terms.findSameName(taxonomy, name, parentId, language, manager);
    if (existing) throw TermErrors.exists(taxonomy === 'category', existing.id);
    const term = new CalendarTermEntity();
    term.taxonomy = taxonomy;
    term.name = name;
    term.description = input.description ?? '';
    term.parentId = parentId;
    term.language = language;
    markTranslationOf(term, input.translationOf);
    const isCollision = (error: unknown) =>
      violatesUnique(error, 'uq_cal_terms_taxonomy_slug_language', 'slug');
    const requested = input.slug !== undefined ? slugify(input.slug) : '';
    if (requested) {
      if (await this.terms.findBySlug(taxonomy, requested, language, manager))
        throw TermErrors.duplicateSlug(requested);
      term.slug = requested;
      try {
        return await this.terms.save(term, manager);
      } catch (error) {
        if (isCollision(error)) throw TermErrors.duplicateSlug(requested);
        throw error;
      }
    }
    // The unique index decides between parallel creates; the loser checks whether the winner took the name.
    const base = slugify(name) || 'term';
    return claimUniqueSlug({
      desired: base,
      taken: async () => {
        const taken = await this.terms.slugsLike(taxonomy, slugSearchPrefix(base), language, manager);
        // Two creates of one name want one slug: whoever holds it now has the name too (term_exists).
        if (taken.has(base)) {
          const owner = await this.terms.findBySlug(taxonomy, base, language, manager);
          if (owner && owner.parentId === parentId && owner.name.toLowerCase() === name.toLowerCase())
            throw TermErrors.exists(taxonomy === 'category', owner.id);
        }
        return taken;
      },
      write: (slug) => {
        term.slug = slug;
        return this.terms.save(term, manager);
      },
      isCollision,
      afterCollision: async () => {
        const winner = await this.terms.findSameName(taxonomy, name, parentId, language, manager);
        if (winner) throw TermErrors.exists(taxonomy === 'category', winner.id);
      },
    });
  }

  /** Update: only sent fields change; an explicit slug taken by another term → 400 `duplicate_term_slug`. */
  update(term: CalendarTermEntity, input: TermInput, language: Language): Promise<CalendarTermEntity> {
    return this.transactions.run(async (manager) => {
      // The row as it is now, locked until commit: a parallel update of another field (or the event writes
      // that keep `count`) is kept, not overwritten with what was read before.
      const latest = await lockRowById(manager, CalendarTermEntity, term.id);
      if (!latest) throw TermErrors.unknownIds('id', [term.id]);
      Object.assign(term, latest);
      if (input.name !== undefined) term.name = input.name.trim();
      if (input.description !== undefined) term.description = input.description;
      if (input.parentId !== undefined && term.taxonomy === 'category') {
        if (input.parentId === term.id) throw TermErrors.invalidParent();
        term.parentId = input.parentId;
      }
      if (input.slug !== undefined && input.slug !== term.slug) {
        const slug = slugify(input.slug) || term.slug;
        const owner = await this.terms.findBySlug(term.taxonomy, slug, language, manager);
        if (owner && owner.id !== term.id) throw TermErrors.duplicateSlug(slug);
        term.slug = slug;
      }
      try {
        return await this.terms.save(term, manager);
      } catch (error) {
        if (violatesUnique(error, 'uq_cal_terms_taxonomy_slug_language', 'slug'))
          throw TermErrors.duplicateSlug(term.slug);
        throw error;
      }
    });
  }

  /** DELETE: always permanent; returns the term as it was (count included). */
  async delete(term: CalendarTermEntity, site?: LinkSite): Promise<CountedTerm> {
    const [previous] = await this.withCounts([term], site);
    await this.transactions.run((manager) => this.terms.delete(term, manager));
    return previous;
  }

  /**
   * The term ids of an event being saved (TEC `translate_terms_to_ids`): numeric entries must be term IDs of
   * the taxonomy (else 400 `rest_invalid_param` on `categories`/`tags`); other entries are matched by name or
   * slug in the request's language and created when missing if the caller may manage the taxonomy's terms
   * (otherwise skipped). Order kept, duplicates dropped.
   */
  async resolveForEvent(
    user: RestUser | null,
    taxonomy: CalendarTaxonomy,
    values: ReadonlyArray<number | string>,
    language: Language,
    manager: EntityManager,
  ): Promise<number[]> {
    const param = taxonomy === 'category' ? 'categories' : 'tags';
    const entries = values
      .map((value) => (typeof value === 'string' ? value.trim() : value))
      .filter((v) => v !== '');
    const numeric = entries.filter((v) => typeof v === 'number' || /^\d+$/.test(v)).map(Number);
    const known = new Map(
      (await this.terms.findByIds(numeric, manager))
        .filter((t) => t.taxonomy === taxonomy)
        .map((t) => [t.id, t]),
    );
    const unknown = numeric.filter((id) => !known.has(id));
    if (unknown.length > 0) throw TermErrors.unknownIds(param, unknown);

    const ids: number[] = [];
    for (const entry of entries) {
      let id: number | undefined;
      if (typeof entry === 'number' || /^\d+$/.test(entry)) id = Number(entry);
      else {
        const found = await this.terms.findByNameOrSlug(taxonomy, entry, language, manager);
        if (found) id = found.id;
        else if (canManageTerms(user, taxonomy)) {
          id = await this.createWith(taxonomy, { name: entry }, language, manager).then(
            (term) => term.id,
            (error: unknown) => {
              // A parallel writer created the same term first: use it.
              const winner = error instanceof RestError ? error.extraData.term_id : undefined;
              if (typeof winner === 'number') return winner;
              throw error;
            },
          );
        }
      }
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    }
    return ids;
  }
}
