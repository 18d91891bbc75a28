import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ancestorSlugs } from '../../common/hierarchy';
import { pickUniqueSlug, slugify, slugSearchPrefix } from '../../common/slug';
import { RestError } from '../../rest';
import { ContentErrors } from '../content.errors';
import type { TaxonomyConfig } from './taxonomies';
import { TermEntity } from './term.entity';
import { TermListQuery, TermsRepository } from './terms.repository';

export interface TermInput {
  name?: string;
  slug?: string;
  description?: string;
  parent?: number;
}

/** Categories and tags: WordPress's wp_insert_term / wp_update_term / wp_delete_term rules. */
@Injectable()
export class TermsService {
  constructor(
    private readonly terms: TermsRepository,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  list(query: TermListQuery): Promise<{ items: TermEntity[]; total: number }> {
    return this.terms.list(query);
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
    const existing = await this.terms.findByName(taxonomy.name, language, name, parentId);
    if (existing) throw ContentErrors.termExists(existing.id);
    const term = new TermEntity();
    term.taxonomy = taxonomy.name;
    term.language = language;
    term.name = name;
    term.description = input.description ?? '';
    term.parentId = parentId;
    term.count = 0;
    term.slug = await this.resolveSlug(taxonomy, language, input.slug, name, 0);
    return this.terms.save(term);
  }

  async update(taxonomy: TaxonomyConfig, term: TermEntity, input: TermInput): Promise<TermEntity> {
    if (input.name !== undefined && input.name.trim() !== '') term.name = input.name.trim();
    if (input.description !== undefined) term.description = input.description;
    if (taxonomy.hierarchical && input.parent !== undefined) {
      if (input.parent) await this.assertParent(taxonomy, input.parent, term.language);
      term.parentId = input.parent;
    }
    if (input.slug !== undefined && input.slug !== term.slug) {
      const taken = await this.terms.findBySlug(taxonomy.name, term.language, input.slug);
      if (taken && taken.id !== term.id) throw ContentErrors.termSlugTaken(input.slug);
      term.slug =
        input.slug || (await this.resolveSlug(taxonomy, term.language, undefined, term.name, term.id));
    }
    return this.terms.save(term);
  }

  async delete(term: TermEntity): Promise<void> {
    await this.dataSource.transaction((manager) => this.terms.delete(term, manager));
  }

  private async assertParent(taxonomy: TaxonomyConfig, parentId: number, language: string): Promise<void> {
    const parent = await this.terms.findById(parentId);
    if (!parent || parent.taxonomy !== taxonomy.name || parent.language !== language) {
      throw ContentErrors.termParentInvalid();
    }
  }

  private async resolveSlug(
    taxonomy: TaxonomyConfig,
    language: string,
    explicit: string | undefined,
    name: string,
    exceptId: number,
  ): Promise<string> {
    if (explicit) {
      const taken = await this.terms.findBySlug(taxonomy.name, language, explicit);
      if (taken && taken.id !== exceptId) throw ContentErrors.termSlugTaken(explicit);
      return explicit;
    }
    const desired = slugify(name) || 'term';
    const taken = await this.terms.slugsLike(taxonomy.name, language, slugSearchPrefix(desired), exceptId);
    return pickUniqueSlug(desired, taken, { isReserved: () => false });
  }
}
