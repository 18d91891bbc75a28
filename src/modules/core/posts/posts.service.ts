import { Inject, Injectable, Optional } from '@nestjs/common';
import { DateTime } from 'luxon';
import { EntityManager } from 'typeorm';
import {
  canDeleteObject,
  canEditObject,
  canReadObject,
  OwnedObject,
  ownedObject,
  UsersService,
} from '../../../platform/auth';
import {
  isReservedPageSlug,
  isReservedSlug,
  pickUniqueSlug,
  slugify,
  slugSearchPrefix,
  truncateSlug,
} from '../../../platform/common/slug';
import { ancestorSlugs } from '../../../platform/common/hierarchy';
import { AppConfig } from '../../../platform/config';
import {
  changedFields,
  claimUniqueSlug,
  lockRowById,
  lockRowsById,
  Transactions,
  violatesUnique,
} from '../../../platform/database';
import { MediaService } from '../media';
import { markTranslationOf, TranslationLinks } from '../../ml';
import { currentLanguage, Language, RestUser, SchemaContext } from '../../../platform/rest';
import { sanitizePostHtml, sanitizeTitleHtml } from '../rendering';
import { ContentErrors } from '../content.errors';
import { TermsRepository } from '../terms/terms.repository';
import { rawOf, TermFilter, WriteArgs } from './dto/post-args.dto';
import { formatWpDate, formatWpDateUtc } from '../../../platform/common/dates';
import { fromGmt, fromLocal, nowPair, resolveDatePair } from './post-dates';
import { PostLifecycle } from './post-lifecycle';
import { parsePostLink, postLink } from './post-links';
import { ANY_STATUSES, PostTypeConfig, POST_TYPES, PostTypeName } from './post-types';
import { PostEntity, ZERO_DATE } from './post.entity';
import { PostView } from './post.mapper';
import { PostListQuery, PostsRepository, TaxClause } from './posts.repository';

/** The list arguments of either post type, as the service reads them. */
export interface ListArgs {
  context: SchemaContext;
  page: number;
  per_page: number;
  search?: string;
  after?: string;
  modified_after?: string;
  before?: string;
  modified_before?: string;
  author: number[];
  author_exclude: number[];
  exclude: number[];
  include: number[];
  search_semantics?: 'exact';
  offset?: number;
  order: 'asc' | 'desc';
  orderby: string;
  search_columns: string[];
  slug?: string[];
  status: string[];
  tax_relation?: 'AND' | 'OR';
  categories?: TermFilter;
  categories_exclude?: TermFilter;
  tags?: TermFilter;
  tags_exclude?: TermFilter;
  sticky?: boolean;
  ignore_sticky?: boolean;
  format?: string[];
  menu_order?: number;
  parent?: number[];
  parent_exclude?: number[];
}

/** A create or update: the arguments, and which parameters the client sent (partial updates, null resets). */
export interface PostWrite {
  args: WriteArgs;
  /** Names of the parameters the request carried (a JSON null counts as sent). */
  sent: ReadonlySet<string>;
}

const FLOATING_STATUSES = new Set(['draft', 'pending', 'auto-draft']);

/** Whitespace-normalised text, as wp_save_post_revision compares fields. */
function normalise(text: string): string {
  return text
    .replace(/\r\n|\r/g, '\n')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The object WordPress's meta capabilities look at; a trashed post counts with its pre-trash status. */
export function ownedOf(post: PostEntity): OwnedObject {
  return ownedObject(post.authorId, post.status, post.trashMetaStatus);
}

/**
 * Posts and pages: WordPress's posts controller rules (permissions, wp_insert_post, trash, revisions on
 * update), parametrised by post type.
 */
@Injectable()
export class PostsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly terms: TermsRepository,
    private readonly users: UsersService,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly lifecycle: PostLifecycle,
    private readonly transactions: Transactions,
    private readonly translationLinks: TranslationLinks,
    @Optional() @Inject(MediaService) private readonly media?: MediaService,
  ) {}

  get siteUrl(): string {
    return this.config.siteUrl;
  }

  get timeZone(): string {
    return this.config.siteTimezone;
  }

  // ---------------------------------------------------------------- loading

  /** The post of this type and language (the request's by default), or null. */
  async find(
    type: PostTypeConfig,
    id: number,
    language: Language = currentLanguage(),
  ): Promise<PostEntity | null> {
    const post = id > 0 ? await this.posts.findById(id) : null;
    return post && post.type === type.name && post.language === language ? post : null;
  }

  /** {@link find}, or 404 `rest_post_invalid_id`. */
  async getOrFail(type: PostTypeConfig, id: number, language?: Language): Promise<PostEntity> {
    const post = await this.find(type, id, language);
    if (!post) throw ContentErrors.invalidId();
    return post;
  }

  canRead(user: RestUser | null, type: PostTypeConfig, post: PostEntity): boolean {
    return canReadObject(user, ownedOf(post), type.caps);
  }

  canEdit(user: RestUser | null, type: PostTypeConfig, post: PostEntity): boolean {
    return canEditObject(user, ownedOf(post), type.caps);
  }

  canDelete(user: RestUser | null, type: PostTypeConfig, post: PostEntity): boolean {
    return canDeleteObject(user, ownedOf(post), type.caps);
  }

  /** Batch-loads terms, revision counts, featured media and page ancestors of many posts. */
  async views(posts: PostEntity[]): Promise<PostView[]> {
    const ids = posts.map((post) => post.id);
    const mediaIds = [...new Set(posts.map((post) => post.featuredMedia).filter((id) => id > 0))];
    const [terms, stats, media, ancestors, translations] = await Promise.all([
      this.terms.termsOfPosts(ids),
      this.posts.revisionStats(ids),
      this.existingMedia(mediaIds),
      this.ancestorSlugs(posts),
      this.translationLinks.fieldsOf(
        posts.map((post) => ({ elementType: `post_${post.type}`, id: post.id, language: post.language })),
      ),
    ]);
    return posts.map((post) => ({
      post,
      terms: terms.get(post.id) ?? [],
      revisionCount: stats.get(post.id)?.count ?? 0,
      latestRevisionId: stats.get(post.id)?.latest ?? null,
      featuredMediaVisible: media.has(post.featuredMedia),
      ancestors: ancestors.get(post.id) ?? [],
      translations: translations.get(`post_${post.type}:${post.id}`),
    }));
  }

  /** The slugs of the parent pages of each page, top first (get_page_uri); one query per level. */
  async ancestorSlugs(posts: PostEntity[], manager?: EntityManager): Promise<Map<number, string[]>> {
    const pages = posts.filter((post) => post.type === 'page');
    return ancestorSlugs(pages, (ids) => this.posts.parentLinks(ids, manager));
  }

  /** Posts and pages among `ids` as attachment parents: link, and whether `user` may read and edit each. */
  async attachmentParents(
    ids: readonly number[],
    user: RestUser | null,
  ): Promise<Map<number, { link: string; readable: boolean; editable: boolean }>> {
    const posts = (await this.posts.findByIds([...ids])).filter((post) => post.type in POST_TYPES);
    const ancestors = await this.ancestorSlugs(posts);
    return new Map(
      posts.map((post) => {
        const type = this.typeOf(post);
        return [
          post.id,
          {
            link: postLink(this.siteUrl, post, ancestors.get(post.id) ?? []),
            readable: this.canRead(user, type, post),
            editable: this.canEdit(user, type, post),
          },
        ];
      }),
    );
  }

  private async existingMedia(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    if (this.media) return new Set((await this.media.findByIds(ids)).map((media) => media.id));
    return this.posts.existingIds('media', ids);
  }

  // ---------------------------------------------------------------- list

  /** get_items: the page of posts `user` may see (sticky posts first where asked), with what maps them. */
  async list(
    user: RestUser | null,
    type: PostTypeConfig,
    args: ListArgs,
    language: Language = currentLanguage(),
  ): Promise<{ items: PostView[]; total: number }> {
    if (args.orderby === 'relevance' && !args.search) throw ContentErrors.noSearchTerm();
    if (args.orderby === 'include' && args.include.length === 0) throw ContentErrors.includeMissing();
    const statuses = args.status.includes('any') ? ANY_STATUSES : args.status;
    const taxClauses: TaxClause[] = [];
    if (type.taxonomies) {
      await this.taxClause(taxClauses, 'category', args.categories, false);
      await this.taxClause(taxClauses, 'post_tag', args.tags, false);
      await this.taxClause(taxClauses, 'category', args.categories_exclude, true);
      await this.taxClause(taxClauses, 'post_tag', args.tags_exclude, true);
    }
    const local = (value?: string) =>
      value ? resolveDatePair(value, undefined, this.timeZone)?.local : undefined;
    const query: PostListQuery = {
      type: type.name,
      language,
      statuses,
      page: args.page,
      perPage: args.per_page,
      offset: args.offset,
      search: args.search || undefined,
      searchColumns: args.search_columns ?? [],
      exactSearch: args.search_semantics === 'exact',
      searchSkipsProtected: user === null,
      after: local(args.after),
      before: local(args.before),
      modifiedAfter: local(args.modified_after),
      modifiedBefore: local(args.modified_before),
      authors: args.author,
      authorExclude: args.author_exclude,
      include: args.include,
      exclude: args.exclude,
      slugs: args.slug ?? [],
      parents: args.parent ?? [],
      parentExclude: args.parent_exclude ?? [],
      menuOrder: args.menu_order,
      taxClauses,
      taxRelation: args.tax_relation ?? 'AND',
      sticky: type.taxonomies ? args.sticky : undefined,
      formats: args.format ?? [],
      orderby: args.orderby,
      order: args.order,
    };
    const found = await this.posts.list(query);
    const total = found.total;
    let items = found.items;
    const pages = Math.ceil(total / args.per_page);
    if (args.page > pages && total > 0) throw ContentErrors.invalidPageNumber();
    if (type.taxonomies && args.ignore_sticky === false && args.page === 1 && args.include.length === 0) {
      const sticky = (await this.posts.stickyPosts(type.name, language)).filter(
        (post) => !args.exclude.includes(post.id),
      );
      const stickyIds = new Set(sticky.map((post) => post.id));
      items = [...sticky, ...items.filter((post) => !stickyIds.has(post.id))];
    }
    items = items.filter((post) => this.canRead(user, type, post));
    if (args.context === 'edit') items = items.filter((post) => this.canEdit(user, type, post));
    return { items: await this.views(items), total };
  }

  private async taxClause(
    clauses: TaxClause[],
    taxonomy: 'category' | 'post_tag',
    filter: TermFilter | undefined,
    exclude: boolean,
  ): Promise<void> {
    if (filter === undefined) return;
    const spec = Array.isArray(filter) ? { terms: filter } : filter;
    let termIds = (spec.terms ?? []).map(Number);
    if (termIds.length === 0) return;
    if (taxonomy === 'category' && spec.include_children) {
      termIds = await this.terms.withDescendants('category', termIds);
    }
    const operator = exclude ? 'NOT IN' : spec.operator === 'AND' ? 'AND' : 'IN';
    clauses.push({ termIds, operator });
  }

  // ---------------------------------------------------------------- writes

  /** create_item: a new post by `user` in `language` (the request's by default). */
  async create(
    user: RestUser | null,
    type: PostTypeConfig,
    write: PostWrite,
    language: Language = currentLanguage(),
  ): Promise<PostEntity> {
    if (write.sent.has('id')) throw ContentErrors.postExists();
    const post = new PostEntity();
    post.type = type.name;
    post.language = language;
    post.status = 'draft';
    post.authorId = user?.id ?? 0;
    post.parentId = 0;
    post.title = '';
    post.content = '';
    post.excerpt = '';
    post.slug = null; // none until published (or sent)
    post.password = '';
    post.commentStatus = type.name === 'page' ? 'closed' : 'open';
    post.pingStatus = type.name === 'page' ? 'closed' : 'open';
    post.menuOrder = 0;
    post.sticky = false;
    post.format = 'standard';
    post.template = '';
    post.featuredMedia = 0;
    post.footnotes = '';
    post.inlineFeaturedImage = false;
    post.trashMetaStatus = null;
    post.desiredSlug = null;
    post.date = '';
    post.dateGmt = '';
    markTranslationOf(post, write.args.translation_of);
    return this.write(user, type, post, write, false);
  }

  /** Updates a post; `autosave` (an author's draft autosaved in place) writes no revision. */
  async update(
    user: RestUser | null,
    type: PostTypeConfig,
    post: PostEntity,
    write: PostWrite,
    options: { autosave?: boolean } = {},
  ): Promise<PostEntity> {
    const saved = await this.write(
      user,
      type,
      { ...post } as PostEntity,
      write,
      true,
      options.autosave ?? false,
      post,
    );
    await this.lifecycle.updated(post, saved);
    return saved;
  }

  /** prepare_item_for_database + wp_insert_post + the REST extras (sticky, terms, meta), in one transaction. */
  private async write(
    user: RestUser | null,
    type: PostTypeConfig,
    post: PostEntity,
    write: PostWrite,
    update: boolean,
    autosave = false,
    original?: PostEntity,
  ): Promise<PostEntity> {
    const args = write.args;
    const loggedIn = user !== null;
    const filtered = !user?.can('unfiltered_html');
    const previousStatus = update ? post.status : null;
    const wasFloating = update && post.dateGmt === ZERO_DATE;

    const title = rawOf(args.title);
    const content = rawOf(args.content);
    const excerpt = rawOf(args.excerpt);
    if (title !== undefined) post.title = filtered ? sanitizeTitleHtml(title) : title;
    if (content !== undefined) post.content = filtered ? sanitizePostHtml(content) : content;
    if (excerpt !== undefined) post.excerpt = filtered ? sanitizeTitleHtml(excerpt) : excerpt;

    // Status (handle_status_param): only checked when it changes.
    if (args.status !== undefined && args.status !== post.status) {
      if ((args.status === 'publish' || args.status === 'future') && !user?.can(type.caps.publish)) {
        throw ContentErrors.cannotPublish(false, loggedIn);
      }
      if (args.status === 'private' && !user?.can(type.caps.publish)) {
        throw ContentErrors.cannotPublish(true, loggedIn);
      }
      post.status = args.status;
    }

    if (args.author !== undefined && args.author !== post.authorId) {
      const author = args.author > 0 ? await this.users.findById(args.author) : null;
      if (!author) throw ContentErrors.invalidAuthor();
      post.authorId = args.author;
    }
    if (args.password !== undefined) post.password = args.password;
    if (args.comment_status !== undefined) post.commentStatus = args.comment_status;
    if (args.ping_status !== undefined) post.pingStatus = args.ping_status;
    if (args.template !== undefined) post.template = args.template;
    if (type.taxonomies && args.format !== undefined) post.format = args.format;
    if (args.meta?.footnotes !== undefined) post.footnotes = args.meta.footnotes;
    if (args.meta?.inline_featured_image !== undefined)
      post.inlineFeaturedImage = args.meta.inline_featured_image;
    if (type.hierarchical) {
      if (args.menu_order !== undefined) post.menuOrder = args.menu_order;
      if (args.parent !== undefined && args.parent !== post.parentId) {
        let parentId = args.parent;
        if (parentId !== 0) {
          const parent = await this.posts.findById(parentId);
          if (!parent || parent.type !== type.name) throw ContentErrors.invalidParent();
          // wp_check_post_hierarchy_for_loops: itself, or a parent that descends from it, becomes 0.
          if (
            post.id &&
            (parentId === post.id || (await this.posts.ancestors(parentId)).some((a) => a.id === post.id))
          )
            parentId = 0;
        }
        post.parentId = parentId;
      }
    }
    if (args.featured_media !== undefined && args.featured_media !== post.featuredMedia) {
      if (
        args.featured_media !== 0 &&
        !(await this.existingMedia([args.featured_media])).has(args.featured_media)
      ) {
        throw ContentErrors.invalidFeaturedMedia();
      }
      post.featuredMedia = args.featured_media;
    }

    // Sticky and password exclude each other.
    if (type.taxonomies) {
      const sticky = args.sticky ?? Boolean(post.sticky);
      if (sticky && post.password !== '') {
        if (args.sticky && args.password)
          throw ContentErrors.stickyPassword('A post can not be sticky and have a password.');
        if (args.sticky)
          throw ContentErrors.stickyPassword('A password protected post can not be set to sticky.');
        throw ContentErrors.stickyPassword('A sticky post can not be password protected.');
      }
      if (args.sticky !== undefined) post.sticky = args.sticky;
    }
    if (post.status === 'private') post.password = '';

    if (!update && post.title === '' && post.content === '' && post.excerpt === '' && type.taxonomies) {
      throw ContentErrors.emptyContent();
    }

    this.applyDates(post, write, update, wasFloating);
    const publishedNow = post.status === 'publish' || post.status === 'future';
    if (publishedNow && post.dateGmt !== ZERO_DATE) {
      const gmt = fromGmt(post.dateGmt);
      if (post.status === 'publish' && gmt.diff(DateTime.utc(), 'seconds').seconds >= 60)
        post.status = 'future';
      else if (post.status === 'future' && gmt <= DateTime.utc()) post.status = 'publish';
    }

    // Only what this request changed is written over the row as it is now (a parallel update of other fields stays).
    const changes = original ? changedFields(original, post) : null;
    return this.transactions.run(async (manager) => {
      if (changes) {
        const latest = await lockRowById(manager, PostEntity, post.id);
        if (!latest) throw ContentErrors.invalidId();
        Object.assign(post, latest, changes);
      }
      const saved = await this.saveWithSlug(type, post, write, manager);
      if (!update) {
        // wp_insert_post stores the permalink the new post has at this moment as its guid.
        const ancestors = (await this.ancestorSlugs([saved], manager)).get(saved.id) ?? [];
        saved.guid = postLink(this.siteUrl, saved, ancestors);
        await manager.getRepository(PostEntity).update({ id: saved.id }, { guid: saved.guid });
      }
      const changedTerms: number[] = [];
      if (type.taxonomies) {
        const defaultCategory = update
          ? []
          : ((await manager.query(
              "SELECT id FROM terms WHERE taxonomy = 'category' AND language = ? AND slug = 'uncategorized'",
              [saved.language],
            )) as Array<{ id: number }>);
        // Every term whose links or count may change, locked at once in ID order before any link is
        // written (a link's foreign key check would otherwise share-lock them one by one: deadlocks).
        await lockRowsById(manager, 'terms', [
          ...defaultCategory.map((row) => Number(row.id)),
          ...(args.categories ?? []),
          ...(args.tags ?? []),
          ...(update ? await this.terms.termIdsOfPost(saved.id, manager) : []),
        ]);
        if (!update) {
          if (defaultCategory.length && args.categories === undefined) {
            changedTerms.push(
              ...(await this.terms.setPostTerms(
                saved.id,
                'category',
                [Number(defaultCategory[0].id)],
                manager,
              )),
            );
          }
        }
        if (args.categories !== undefined) {
          const ids = await this.terms.existingIds('category', saved.language, args.categories, manager);
          changedTerms.push(...(await this.terms.setPostTerms(saved.id, 'category', ids, manager)));
        }
        if (args.tags !== undefined) {
          const ids = await this.terms.existingIds('post_tag', saved.language, args.tags, manager);
          changedTerms.push(...(await this.terms.setPostTerms(saved.id, 'post_tag', ids, manager)));
        }
        if (previousStatus !== saved.status) {
          changedTerms.push(...(await this.terms.termIdsOfPost(saved.id, manager)));
        }
        await this.terms.recount(changedTerms, manager);
      }
      if (previousStatus !== null)
        await this.lifecycle.statusChanged(saved.id, previousStatus, saved.status, manager);
      if (update && !autosave) await this.saveRevision(saved, user?.id ?? 0, manager);
      return saved;
    });
  }

  /** WordPress's rest_get_date_with_gmt + wp_insert_post date rules (floating drafts, null resets). */
  private applyDates(post: PostEntity, write: PostWrite, update: boolean, wasFloating: boolean) {
    const { args, sent } = write;
    const now = nowPair(this.timeZone);
    const floating = FLOATING_STATUSES.has(post.status);
    const sentDate = sent.has('date') || sent.has('date_gmt');
    // A JSON null reaches the handler as a sent-but-absent argument.
    const dateNull = sent.has('date') && args.date == null;
    const gmtNull = sent.has('date_gmt') && args.date_gmt == null;
    const reset = (dateNull || gmtNull) && args.date == null;
    const resolved = sentDate && !reset ? resolveDatePair(args.date, args.date_gmt, this.timeZone) : null;
    if (resolved && !(update && wasFloating && resolved.local === post.date && floating)) {
      post.date = resolved.local;
      post.dateGmt = resolved.gmt;
    } else if (!update || reset || (wasFloating && !resolved)) {
      post.date = now.local;
      post.dateGmt = floating ? ZERO_DATE : now.gmt;
    }
    if (!floating && post.dateGmt === ZERO_DATE) {
      post.dateGmt = formatWpDateUtc(fromLocal(post.date, this.timeZone));
    }
    if (update) {
      post.modified = now.local;
      post.modifiedGmt = now.gmt;
    } else if (post.dateGmt === ZERO_DATE) {
      post.modified = now.local;
      post.modifiedGmt = ZERO_DATE;
    } else {
      post.modified = post.date;
      post.modifiedGmt = post.dateGmt;
    }
  }

  /**
   * sanitize_title + wp_unique_post_slug (drafts keep an empty slug unless one is sent), then the save: the
   * unique index on the slug decides between parallel writers, the loser takes the next suffix.
   */
  private async saveWithSlug(
    type: PostTypeConfig,
    post: PostEntity,
    write: PostWrite,
    manager: EntityManager,
  ): Promise<PostEntity> {
    const floating = FLOATING_STATUSES.has(post.status);
    let desired: string;
    if (write.args.slug !== undefined && write.sent.has('slug')) desired = write.args.slug;
    else if (floating) return this.posts.save(post, manager);
    else desired = post.slug || slugify(post.title);
    if (desired === '' && post.id) desired = String(post.id);
    if (desired === '') return this.posts.save(post, manager);
    return claimUniqueSlug({
      desired,
      taken: () =>
        this.posts.slugsLike(
          type.name,
          post.language,
          slugSearchPrefix(desired),
          post.id ?? 0,
          type.hierarchical ? post.parentId : null,
          manager,
        ),
      write: (slug) => {
        post.slug = slug;
        return this.posts.save(post, manager);
      },
      isCollision: (error) => violatesUnique(error, 'uq_posts_type_slug', 'unique_slug'),
      options: { isReserved: type.hierarchical ? isReservedPageSlug : isReservedSlug },
    });
  }

  /** wp_save_post_revision: the first update always, later ones when title, content or excerpt changed. */
  async saveRevision(post: PostEntity, authorId: number, manager: EntityManager): Promise<PostEntity | null> {
    if (post.status === 'auto-draft') return null;
    const latest = await this.posts.latestRevision(post.id, manager);
    if (
      latest &&
      normalise(latest.title) === normalise(post.title) &&
      normalise(latest.content) === normalise(post.content) &&
      normalise(latest.excerpt) === normalise(post.excerpt) &&
      (latest.footnotes ?? '') === (post.footnotes ?? '')
    ) {
      return null;
    }
    const revision = this.revisionOf(post, authorId, `${post.id}-revision-v1`);
    return this.posts.save(revision, manager);
  }

  /** A revision row copying the post's revisioned fields, dated at the post's modification time. */
  revisionOf(post: PostEntity, authorId: number, slug: string): PostEntity {
    const revision = new PostEntity();
    Object.assign(revision, {
      type: 'revision',
      status: 'inherit',
      authorId,
      parentId: post.id,
      title: post.title,
      content: post.content,
      excerpt: post.excerpt,
      slug,
      password: '',
      date: post.modified,
      dateGmt: post.modifiedGmt,
      modified: post.modified,
      modifiedGmt: post.modifiedGmt,
      commentStatus: 'closed',
      pingStatus: 'closed',
      menuOrder: 0,
      sticky: false,
      format: 'standard',
      template: '',
      featuredMedia: 0,
      footnotes: post.footnotes ?? '',
      inlineFeaturedImage: false,
      language: post.language,
      trashMetaStatus: null,
      desiredSlug: null,
    });
    return revision;
  }

  /** wp_trash_post: status trash, slug `__trashed`, a revision when the post has none yet. */
  async trash(user: RestUser | null, type: PostTypeConfig, post: PostEntity): Promise<PostEntity> {
    if (post.status === 'trash') throw ContentErrors.alreadyTrashed();
    const saved = await this.transactions.run(async (manager) => {
      const trashed = { ...post } as PostEntity;
      trashed.trashMetaStatus = post.status;
      trashed.desiredSlug = post.slug;
      trashed.status = 'trash';
      // wp_add_trashed_suffix_to_post_name_for_post: the slug cut to 191 characters so the suffix fits; a
      // draft without a slug becomes `__trashed`; kept unique (`__trashed-2`) like any slug of the type.
      const base = `${post.slug ? truncateSlug(post.slug, 191) : ''}__trashed`;
      const taken = await this.posts.slugsLike(
        type.name,
        post.language,
        slugSearchPrefix(base),
        post.id,
        type.hierarchical ? post.parentId : null,
        manager,
      );
      trashed.slug = pickUniqueSlug(base, taken, { isReserved: () => false });
      const now = nowPair(this.timeZone);
      trashed.modified = now.local;
      trashed.modifiedGmt = now.gmt;
      const saved = await this.posts.save(trashed, manager);
      await this.lifecycle.statusChanged(post.id, post.status, 'trash', manager);
      if (type.taxonomies && post.status === 'publish') {
        await this.terms.recount(await this.terms.termIdsOfPost(post.id, manager), manager);
      }
      if (!(await this.posts.latestRevision(post.id, manager)))
        await this.saveRevision(saved, user?.id ?? 0, manager);
      return saved;
    });
    await this.lifecycle.trashed(post);
    return saved;
  }

  async forceDelete(post: PostEntity): Promise<void> {
    await this.transactions.run(async (manager) => {
      const termIds = await this.terms.termIdsOfPost(post.id, manager);
      await this.lifecycle.deleting(post.id, manager);
      await this.posts.deleteWithRevisions(post.id, manager);
      await this.terms.recount(termIds, manager);
    });
  }

  // ---------------------------------------------------------------- other modules

  /** The published post or page whose public link is `url` (oEmbed), or null. */
  async findPublishedByLink(url: string): Promise<PostEntity | null> {
    const parsed = parsePostLink(this.siteUrl, url);
    if (!parsed) return null;
    let candidates: PostEntity[] = [];
    if (parsed.id) {
      const post = await this.posts.findById(parsed.id);
      candidates = post ? [post] : [];
    } else if (parsed.slug && parsed.type) {
      candidates = await this.posts.findPublishedBySlug(parsed.type, parsed.language, parsed.slug);
    }
    const matching = candidates.filter(
      (post) =>
        post.status === 'publish' &&
        post.language === parsed.language &&
        (post.type === 'post' || post.type === 'page') &&
        (parsed.date === undefined || post.date.startsWith(parsed.date)),
    );
    if (parsed.ancestors === undefined || parsed.id) return matching[0] ?? null;
    // A page's link names its ancestors: `/about/team/` is the page `team` whose parent is `about`.
    const ancestors = await this.ancestorSlugs(matching);
    const path = parsed.ancestors.join('/');
    return matching.find((post) => (ancestors.get(post.id) ?? []).join('/') === path) ?? null;
  }

  /** The public link of a post, or of a page with its ancestors' path. */
  async link(post: PostEntity): Promise<string> {
    const ancestors = (await this.ancestorSlugs([post])).get(post.id) ?? [];
    return postLink(this.siteUrl, post, ancestors);
  }

  typeOf(post: PostEntity): PostTypeConfig {
    return POST_TYPES[post.type as PostTypeName];
  }

  publishedAuthorIds(userIds?: number[]): Promise<number[]> {
    return this.posts.publishedAuthorIds(userIds);
  }

  reassignAuthor(userId: number, reassignTo: number | null, manager: EntityManager): Promise<void> {
    return this.posts.reassignAuthor(userId, reassignTo, manager);
  }

  toMysqlNow(): string {
    return formatWpDate(DateTime.utc());
  }
}
