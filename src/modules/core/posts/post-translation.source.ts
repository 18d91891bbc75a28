import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { isReservedPageSlug, isReservedSlug, slugify, slugSearchPrefix } from '../../../platform/common/slug';
import { claimUniqueSlug, violatesUnique } from '../../../platform/database';
import {
  markTranslationOf,
  SaveTranslationInput,
  TranslatableItem,
  TranslatableRegistry,
  TranslatableSource,
  TranslationGroups,
} from '../../ml';
import { sanitizePostHtml, sanitizeTitleHtml } from '../rendering';
import { TermEntity } from '../terms/term.entity';
import { TermsRepository } from '../terms/terms.repository';
import { nowPair } from './post-dates';
import { PostLifecycle } from './post-lifecycle';
import { postLink } from './post-links';
import { PostEntity } from './post.entity';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';

const ELEMENT_TYPES = ['post_post', 'post_page'] as const;
const TAXONOMIES = ['category', 'post_tag'];

/**
 * Posts and pages for translation management: their texts as XLIFF fields (title, body, excerpt, the footnotes
 * meta, term names) and the writing of a translation (a post in the target language joining the original's
 * group, its terms mapped to their translations, created when the XLIFF names them).
 */
@Injectable()
export class PostTranslationSource implements TranslatableSource, OnModuleInit {
  readonly elementTypes = ELEMENT_TYPES;

  constructor(
    private readonly registry: TranslatableRegistry,
    private readonly groups: TranslationGroups,
    private readonly lifecycle: PostLifecycle,
    private readonly posts: PostsRepository,
    private readonly terms: TermsRepository,
    private readonly service: PostsService,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
    this.lifecycle.register({
      // Deleting an original leaves its translations standing: only its own group row goes.
      deleting: (postId, manager) => this.groups.removePostLike(manager, postId),
      updated: async (before, after) => {
        if (
          before.title !== after.title ||
          before.content !== after.content ||
          before.excerpt !== after.excerpt
        ) {
          await this.registry.originalChanged(`post_${after.type}`, after.id);
        }
      },
    });
  }

  async load(
    elementType: string,
    ids: readonly number[],
    manager?: EntityManager,
  ): Promise<Map<number, TranslatableItem>> {
    const type = elementType.replace(/^post_/, '');
    const repo = (manager ?? this.dataSource.manager).getRepository(PostEntity);
    const rows = ids.length ? await repo.find({ where: { id: In([...ids]), type } }) : [];
    const terms = await this.terms.termsOfPosts(rows.map((row) => row.id));
    const ancestors = await this.service.ancestorSlugs(rows, manager);
    return new Map(
      rows.map((post) => {
        const fields = [
          { id: 'title', group: 'Main Content', value: post.title },
          { id: 'body', group: 'Main Content', value: post.content ?? '' },
          { id: 'excerpt', group: 'Main Content', value: post.excerpt },
        ];
        if (post.footnotes)
          fields.push({ id: 'field-footnotes', group: 'Custom Fields', value: post.footnotes });
        for (const term of terms.get(post.id) ?? []) {
          fields.push({ id: `t_${term.id}`, group: 'Main Content/Taxonomies', value: term.name });
        }
        const item: TranslatableItem = {
          elementType,
          id: post.id,
          language: post.language,
          title: post.title,
          status: post.status,
          link: postLink(this.service.siteUrl, post, ancestors.get(post.id) ?? []),
          authorId: post.authorId,
          fields,
        };
        return [post.id, item];
      }),
    );
  }

  async saveTranslation(elementType: string, input: SaveTranslationInput): Promise<number> {
    const { manager, original, texts } = input;
    const repo = manager.getRepository(PostEntity);
    const source = await repo.findOne({ where: { id: original.id } });
    if (!source) throw new Error(`original ${original.id} vanished`);
    const existing = input.translationId ? await repo.findOne({ where: { id: input.translationId } }) : null;
    const now = nowPair(this.service.timeZone);
    const post = existing ? ({ ...existing } as PostEntity) : this.newTranslation(source, input.language);
    // As a post write: without unfiltered_html, what the translator wrote is sanitised (not the original's copy).
    const clean = (value: string, html: (raw: string) => string) =>
      input.unfilteredHtml ? value : html(value);
    const text = (id: string, fallback: string, html: (raw: string) => string) => {
      const value = texts.get(id);
      return value === undefined ? fallback : clean(value, html);
    };
    post.title = text('title', source.title, sanitizeTitleHtml);
    post.content = text('body', source.content ?? '', sanitizePostHtml);
    post.excerpt = text('excerpt', source.excerpt, sanitizeTitleHtml);
    if (texts.has('field-footnotes') || input.copiedFields.includes('footnotes'))
      post.footnotes = text('field-footnotes', source.footnotes ?? '', (raw) => raw);
    post.modified = now.local;
    post.modifiedGmt = now.gmt;
    if (!existing) {
      post.parentId = await this.translatedParent(source, input.language, manager);
      markTranslationOf(post, source.id);
    }
    const saved = await this.saveWithSlug(post, existing === null, manager);
    if (!existing) {
      const ancestors = (await this.service.ancestorSlugs([saved], manager)).get(saved.id) ?? [];
      saved.guid = postLink(this.service.siteUrl, saved, ancestors);
      await repo.update({ id: saved.id }, { guid: saved.guid });
    } else {
      await this.service.saveRevision(saved, input.actorId, manager);
    }
    if (saved.type === 'post') await this.translateTerms(source, saved, input, manager);
    return saved.id;
  }

  private newTranslation(source: PostEntity, language: string): PostEntity {
    const post = new PostEntity();
    Object.assign(post, { ...source, id: undefined, guid: null, slug: null, uniqueSlug: null });
    post.language = language;
    post.sticky = false;
    post.trashMetaStatus = null;
    post.desiredSlug = null;
    return post;
  }

  /** A page's parent in the target language: the parent's translation, or none. */
  private async translatedParent(
    source: PostEntity,
    language: string,
    manager: EntityManager,
  ): Promise<number> {
    if (!source.parentId) return 0;
    const translations = await this.translationsOf(
      `post_${source.type}`,
      [source.parentId],
      language,
      manager,
    );
    return translations.get(source.parentId) ?? 0;
  }

  /** The translations in `language` of these elements (original ID → translation ID). */
  private async translationsOf(
    elementType: string,
    ids: number[],
    language: string,
    manager: EntityManager,
  ): Promise<Map<number, number>> {
    const rows = await this.groups.rowsOf(elementType, ids, manager);
    const members = await this.groups.membersOf(
      rows.map((row) => row.trid),
      manager,
    );
    const result = new Map<number, number>();
    for (const row of rows) {
      const member = members.find((m) => m.trid === row.trid && m.languageCode === language);
      if (member) result.set(row.elementId, member.elementId);
    }
    return result;
  }

  /** The translation's terms: each original term's translation, created from the XLIFF's `t_<id>` name if missing. */
  private async translateTerms(
    source: PostEntity,
    post: PostEntity,
    input: SaveTranslationInput,
    manager: EntityManager,
  ): Promise<void> {
    const originalTermIds = await this.terms.termIdsOfPost(source.id, manager);
    const originals = originalTermIds.length ? await this.terms.findByIds(originalTermIds, manager) : [];
    const changed: number[] = [];
    for (const taxonomy of TAXONOMIES) {
      const ofTaxonomy = originals.filter((term) => term.taxonomy === taxonomy);
      const translated = await this.translationsOf(
        `tax_${taxonomy}`,
        ofTaxonomy.map((term) => term.id),
        input.language,
        manager,
      );
      // A group row may outlive its term (deleted outside the routes): only existing terms count.
      const existing = new Set(
        (await this.terms.findByIds([...translated.values()], manager)).map((term) => term.id),
      );
      const ids: number[] = [];
      for (const term of ofTaxonomy) {
        let id = translated.get(term.id);
        if (id !== undefined && !existing.has(id)) id = undefined;
        if (id === undefined)
          id = await this.createTermTranslation(
            term,
            input.texts.get(`t_${term.id}`),
            input.language,
            manager,
          );
        ids.push(id);
      }
      changed.push(...(await this.terms.setPostTerms(post.id, taxonomy, ids, manager)));
    }
    await this.terms.recount([...changed, ...(await this.terms.termIdsOfPost(post.id, manager))], manager);
  }

  private async createTermTranslation(
    original: TermEntity,
    name: string | undefined,
    language: string,
    manager: EntityManager,
  ): Promise<number> {
    // A term of the same slug in the target language, alone in its group, is the translation (the default category).
    const sameSlug = await manager
      .getRepository(TermEntity)
      .findOne({ where: { taxonomy: original.taxonomy, language, slug: original.slug } });
    if (sameSlug && (await this.groups.adopt(manager, `tax_${original.taxonomy}`, sameSlug.id, original.id)))
      return sameSlug.id;
    const term = new TermEntity();
    term.taxonomy = original.taxonomy;
    term.name = (name ?? original.name).trim() || original.name;
    term.description = '';
    term.parentId = 0;
    term.count = 0;
    term.language = language;
    const desired = slugify(term.name) || original.slug;
    markTranslationOf(term, original.id);
    const saved = await claimUniqueSlug({
      desired,
      taken: () => this.terms.slugsLike(term.taxonomy, language, slugSearchPrefix(desired), 0, manager),
      write: (slug) => {
        term.slug = slug;
        return this.terms.save(term, manager);
      },
      isCollision: (error) => violatesUnique(error, 'uq_terms_taxonomy_slug', 'slug'),
      options: { isReserved: () => false },
    });
    return saved.id;
  }

  /** The slug of the title, unique in the target language (the unique index decides between parallel writers). */
  private saveWithSlug(post: PostEntity, creating: boolean, manager: EntityManager): Promise<PostEntity> {
    const floating = post.status === 'draft' || post.status === 'pending' || post.status === 'auto-draft';
    if (floating && !post.slug) return this.posts.save(post, manager);
    const desired =
      (creating ? '' : post.slug) || slugify(post.title) || String(post.id ?? '') || 'translation';
    return claimUniqueSlug({
      desired,
      taken: () =>
        this.posts.slugsLike(
          post.type,
          post.language,
          slugSearchPrefix(desired),
          post.id ?? 0,
          post.type === 'page' ? post.parentId : null,
          manager,
        ),
      write: (slug) => {
        post.slug = slug;
        return this.posts.save(post, manager);
      },
      isCollision: (error) => violatesUnique(error, 'uq_posts_type_slug', 'unique_slug'),
      options: { isReserved: post.type === 'page' ? isReservedPageSlug : isReservedSlug },
    });
  }
}
