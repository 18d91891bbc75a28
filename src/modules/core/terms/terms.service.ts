import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { markTranslationOf } from '../../ml';
import { ancestorSlugs } from '../../../platform/common/hierarchy';
import { slugify, slugSearchPrefix } from '../../../platform/common/slug';
import { claimUniqueSlug, lockRowById, Transactions, violatesUnique } from '../../../platform/database';
import { RestError } from '../../../platform/rest';
import { ContentErrors } from '../content.errors';
import type { PostAccess } from '../posts/post-access';
import type { TaxonomyConfig } from './taxonomies';
import { TermEntity } from './term.entity';
import { TermListQuery, TermsRepository } from './terms.repository';

export interface TermInput {
  name?: string;
  slug?: string;
  description?: string;
  parent?: number;
  /** Create as a translation of this term (joins its translation group). */
  translationOf?: number;
}

/** Categories and tags: WordPress's wp_insert_term / wp_update_term / wp_delete_term rules. */
@Injectable()
export class TermsService {
  constructor(
    private readonly terms: TermsRepository,
    private readonly transactions: Transactions,
  ) {}

  list(query: TermListQuery): Promise<{ items: TermEntity[]; total: number }> {
    return this.terms.list(query);
  }

  /** The posts and pages of `ids`, as far as the permission of their term lists goes. */
  postsAccess(ids: number[]): Promise<Map<number, PostAccess>> {
    return this.terms.postsAccess(ids);
  }

  /** The items of list() for `query` with `postId` set to each of `postIds` in turn, read together. */
  listOfPosts(query: TermListQuery, postIds: number[]): Promise<TermEntity[][]> {
    return this.terms.listOfPosts(query, postIds);
  }

  /** The slugs of each term's ancestors, top first (for `/category/news/tech/` links); one query per level. */
  ancestorSlugs(terms: TermEntity[]): Promise<Map<number, string[]>> {
    return ancestorSlugs(terms, (ids) => this.terms.parentLinks(ids));
  }

  async getOrFail(taxonomy: TaxonomyConfig, id: number, language: string): Promise<TermEntity> {
    const term = id > 0 ? await this.terms.findById(id) : null;
    if (!term || term.taxonomy !== taxonomy.name || term.language !== language)
      throw ContentErrors.termInvalid();
    return term;
  }

  /** The default category ("Uncategorized") of a language, which cannot be deleted. */
  async defaultCategoryId(language: string): Promise<number | null> {
    return (await this.terms.findBySlug('category', language, 'uncategorized'))?.id ?? null;
  }

  async create(taxonomy: TaxonomyConfig, language: string, input: TermInput): Promise<TermEntity> {
    const name = (input.name ?? '').trim();
    if (name === '') throw new RestError('empty_term_name', 'A name is required for this term.', 400);
    const parentId = taxonomy.hierarchical ? (input.parent ?? 0) : 0;
    if (parentId) await this.assertParent(taxonomy, parentId, language);
    return this.transactions.run(async (manager) => {
      await this.assertNameFree(taxonomy, language, name, parentId, manager);
      const term = new TermEntity();
      term.taxonomy = taxonomy.name;
      term.language = language;
      term.name = name;
      term.description = input.description ?? '';
      term.parentId = parentId;
      term.count = 0;
      markTranslationOf(term, input.translationOf);
      return this.saveWithSlug(taxonomy, term, input.slug, manager);
    });
  }

  async update(taxonomy: TaxonomyConfig, term: TermEntity, input: TermInput): Promise<TermEntity> {
    if (taxonomy.hierarchical && input.parent) await this.assertParent(taxonomy, input.parent, term.language);
    return this.transactions.run(async (manager) => {
      // The row as it is now, locked until commit: a parallel update of another field (or the post writes that
      // keep `count`) is kept, not overwritten with what was read before.
      const latest = await lockRowById(manager, TermEntity, term.id);
      if (!latest) throw ContentErrors.termInvalid();
      Object.assign(term, latest);
      if (input.name !== undefined && input.name.trim() !== '') term.name = input.name.trim();
      if (input.description !== undefined) term.description = input.description;
      if (taxonomy.hierarchical && input.parent !== undefined) term.parentId = input.parent;
      if (input.slug !== undefined && input.slug !== term.slug) {
        return this.saveWithSlug(taxonomy, term, input.slug, manager);
      }
      return this.terms.save(term, manager);
    });
  }

  async delete(term: TermEntity): Promise<void> {
    await this.transactions.run((manager) => this.terms.delete(term, manager));
  }

  /** wp_insert_term's `term_exists`: a term of that name under that parent. */
  private async assertNameFree(
    taxonomy: TaxonomyConfig,
    language: string,
    name: string,
    parentId: number,
    manager: EntityManager,
  ): Promise<void> {
    const existing = await this.terms.findByName(taxonomy.name, language, name, parentId, manager);
    if (existing) throw ContentErrors.termExists(existing.id, taxonomy.hierarchical);
  }

  /**
   * Saves with the slug asked for (taken by another term: `duplicate_term_slug`) or one made from the name
   * (`-2`, `-3`, … when taken). The unique index decides between parallel writers: a writer that loses a
   * slug made from the name checks again whether the winner took the name too (`term_exists`).
   */
  private async saveWithSlug(
    taxonomy: TaxonomyConfig,
    term: TermEntity,
    explicit: string | undefined,
    manager: EntityManager,
  ): Promise<TermEntity> {
    const isCollision = (error: unknown) => violatesUnique(error, 'uq_terms_taxonomy_slug', 'slug');
    if (explicit) {
      const taken = await this.terms.findBySlug(taxonomy.name, term.language, explicit, manager);
      if (taken && taken.id !== term.id) throw ContentErrors.termSlugTaken(explicit);
      term.slug = explicit;
      try {
        return await this.terms.save(term, manager);
      } catch (error) {
        if (isCollision(error)) throw ContentErrors.termSlugTaken(explicit);
        throw error;
      }
    }
    const desired = slugify(term.name) || 'term';
    return claimUniqueSlug({
      desired,
      taken: async () => {
        const taken = await this.terms.slugsLike(
          taxonomy.name,
          term.language,
          slugSearchPrefix(desired),
          term.id ?? 0,
          manager,
        );
        // Two creates of one name want one slug: whoever holds it now has the name too (term_exists).
        if (!term.id && taken.has(desired)) {
          const owner = await this.terms.findBySlug(taxonomy.name, term.language, desired, manager);
          if (
            owner &&
            owner.parentId === term.parentId &&
            owner.name.toLowerCase() === term.name.toLowerCase()
          )
            throw ContentErrors.termExists(owner.id, taxonomy.hierarchical);
        }
        return taken;
      },
      write: (slug) => {
        term.slug = slug;
        return this.terms.save(term, manager);
      },
      isCollision,
      afterCollision: () =>
        term.id
          ? Promise.resolve()
          : this.assertNameFree(taxonomy, term.language, term.name, term.parentId, manager),
      options: { isReserved: () => false },
    });
  }

  private async assertParent(taxonomy: TaxonomyConfig, parentId: number, language: string): Promise<void> {
    const parent = await this.terms.findById(parentId);
    if (!parent || parent.taxonomy !== taxonomy.name || parent.language !== language) {
      throw ContentErrors.termParentInvalid();
    }
  }
}
