import { Inject, Type } from '@nestjs/common';
import { once } from '../../../platform/common/memo';
import { canReadObject, ownedObject } from '../../../platform/auth';
import { AppConfig } from '../../../platform/config';
import { TranslationLinks } from '../../ml';
import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  EmbedAnswer,
  embeddedId,
  embedDefaults,
  EmbedLink,
  EmbedScope,
  filterByContext,
  NS,
  paginated,
  READABLE,
  RestCall,
  RestController,
  RestError,
  RestResponse,
  RestRoute,
  RestUser,
} from '../../../platform/rest';
import { ContentErrors } from '../content.errors';
import { PostAccess } from '../posts/post-access';
import { PostsRepository } from '../posts/posts.repository';
import { POST_TYPES, PostTypeName } from '../posts/post-types';
import {
  CreateTermArgs,
  DeleteTermArgs,
  GetTermArgs,
  ListCategoriesArgs,
  ListTagsArgs,
  ListTermsArgs,
  UpdateTermArgs,
} from './dto/term-args.dto';
import { CATEGORY, POST_TAG, TaxonomyConfig } from './taxonomies';
import { TermEntity } from './term.entity';
import { termSchema, toTermResponse } from './term.mapper';
import { TermListQuery } from './terms.repository';
import { TermsService } from './terms.service';

const MANAGE = 'manage_categories';

/** The repository query of a list request. */
function listQuery(
  taxonomy: string,
  args: ListTermsArgs & { parent?: number; offset?: number },
  language: string,
): TermListQuery {
  return {
    taxonomy,
    language,
    page: args.page,
    perPage: args.per_page,
    offset: args.offset,
    search: args.search,
    include: args.include,
    exclude: args.exclude,
    slugs: args.slug ?? [],
    parent: args.parent,
    postId: args.post ?? undefined,
    hideEmpty: args.hide_empty,
    orderby: args.orderby,
    order: args.order,
  };
}

/** The list's permission for `post` once the post is read: true, or the error of a caller who may not read it. */
function readablePost(post: PostAccess | null, user: RestUser | null): true | RestError {
  if (!post || (post.type !== 'post' && post.type !== 'page')) return ContentErrors.termPostInvalid();
  const owned = ownedObject(post.authorId, post.status, post.trashMetaStatus);
  if (!canReadObject(user, owned, POST_TYPES[post.type as PostTypeName].caps)) {
    return ContentErrors.cannotReadPostTerms(user !== null);
  }
  return true;
}

/** `core/v2/categories` or `core/v2/tags`: WordPress's terms controller for one taxonomy. */
function termsController(taxonomy: TaxonomyConfig, listArgs: Type<ListTermsArgs>, className: string) {
  const base = `/${taxonomy.restBase}`;
  const item = `${base}/(?P<id>\\d+)`;
  const schema = termSchema(taxonomy);
  /** The list's arguments as validation leaves them when only `context=embed` is sent. */
  const EMBED_DEFAULTS = embedDefaults(listArgs);
  /** The schema embedded terms are filtered by, built once: shaping plans its filter once per schema object. */
  const embedSchema = once(schema);

  @RestController(NS.core)
  class TermsController {
    constructor(
      @Inject(TermsService) readonly service: TermsService,
      @Inject(PostsRepository) readonly posts: PostsRepository,
      @Inject(AppConfig) private readonly config: AppConfig,
      @Inject(TranslationLinks) private readonly translations: TranslationLinks,
    ) {}

    /** `ml_current_locale` / `ml_translations` for terms of this taxonomy (one batch). */
    private withTranslations<T extends Record<string, unknown>>(
      objects: T[],
      language: string,
    ): Promise<T[]> {
      return this.translations.attach(`tax_${taxonomy.name}`, objects, () => language);
    }

    @RestRoute(base, {
      methods: READABLE,
      args: listArgs,
      schema,
      allowBatch: true,
      permission: async (call: RestCall<ListTermsArgs & { parent?: number }>, self: TermsController) => {
        const loggedIn = call.user !== null;
        if (call.args.post !== undefined && call.args.post !== null) {
          const readable = await self.postReadable(call.args.post, call.user);
          if (readable !== true) return readable;
        }
        if (call.args.context === 'edit' && !call.user?.can(MANAGE)) {
          return ContentErrors.termsForbiddenContext(loggedIn);
        }
        return true;
      },
      embed: (links, scope, self: TermsController) => self.embedPostTerms(links, scope),
    })
    async list(call: RestCall<ListTermsArgs & { parent?: number; offset?: number }>): Promise<RestResponse> {
      const { args } = call;
      const { items, total } = await this.service.list(listQuery(taxonomy.name, args, call.language));
      const ancestors = await this.service.ancestorSlugs(items);
      return paginated(
        call,
        await this.withTranslations(
          items.map((term) =>
            toTermResponse(term, taxonomy, this.config.siteUrl, call.urls, ancestors.get(term.id)),
          ),
          call.language,
        ),
        { total, page: args.page, perPage: args.per_page },
      );
    }

    /** The list's permission for `post`: true, or the error a caller who may not read the post gets. */
    async postReadable(postId: number, user: RestUser | null): Promise<true | RestError> {
      return readablePost(await this.posts.findById(postId), user);
    }

    /**
     * The `wp:term` links of `_embed` (`?post=N`, the embed context) for many posts at once: the posts read
     * together for their permission, their terms in one batch, each distinct term shaped once. Other queries
     * are left to a sub-request.
     */
    async embedPostTerms(links: EmbedLink[], scope: EmbedScope): Promise<EmbedAnswer[]> {
      const postIds = links.map((link) => embeddedId(link, 'post'));
      const asked = [...new Set(postIds.filter((id): id is number => id !== undefined))];
      const posts = await this.service.postsAccess(asked);
      const answers = new Map<number, TermEntity[] | RestError>();
      const permitted: number[] = [];
      asked.forEach((id) => {
        const readable = readablePost(posts.get(id) ?? null, scope.user);
        if (readable === true) permitted.push(id);
        else answers.set(id, readable);
      });
      const lists = await this.service.listOfPosts(
        listQuery(taxonomy.name, EMBED_DEFAULTS, scope.language),
        permitted,
      );
      permitted.forEach((id, index) => answers.set(id, lists[index]));
      const distinct = new Map<number, TermEntity>();
      for (const list of lists) for (const term of list) distinct.set(term.id, term);
      const terms = [...distinct.values()];
      const ancestors = await this.service.ancestorSlugs(terms);
      const itemSchema = embedSchema();
      const shaped = new Map<number, unknown>();
      (
        await this.withTranslations(
          terms.map((term) =>
            toTermResponse(term, taxonomy, this.config.siteUrl, scope.urls, ancestors.get(term.id)),
          ),
          scope.language,
        )
      ).forEach((object, index) =>
        shaped.set(terms[index].id, filterByContext(object, itemSchema.items ?? itemSchema, 'embed')),
      );
      return postIds.map((postId) => {
        const answer = postId === undefined ? undefined : answers.get(postId);
        if (answer === undefined || answer instanceof RestError) return answer;
        return answer.map((term) => shaped.get(term.id));
      });
    }

    @RestRoute(base, {
      methods: CREATABLE,
      args: CreateTermArgs,
      schema,
      allowBatch: true,
      answerContext: 'edit',
      // WordPress: edit_terms (manage_categories) for a hierarchical taxonomy, assign_terms (edit_posts) otherwise.
      permission: (call) =>
        call.user?.can(taxonomy.hierarchical ? MANAGE : 'edit_posts')
          ? true
          : ContentErrors.cannotCreateTerm(call.user !== null),
    })
    async create(call: RestCall<CreateTermArgs>): Promise<RestResponse> {
      const term = await this.service.create(taxonomy, call.language, {
        name: call.args.name,
        slug: call.args.slug,
        description: call.args.description,
        parent: call.args.parent,
        translationOf: call.args.translation_of,
      });
      const [created] = await this.withTranslations(
        [
          toTermResponse(
            term,
            taxonomy,
            this.config.siteUrl,
            call.urls,
            (await this.service.ancestorSlugs([term])).get(term.id),
          ),
        ],
        term.language,
      );
      return RestResponse.created(created, call.urls.route(`/core/v2${base}/${term.id}`));
    }

    @RestRoute(item, {
      methods: READABLE,
      args: GetTermArgs,
      schema,
      allowBatch: true,
      permission: async (call: RestCall<GetTermArgs>, self: TermsController) => {
        await self.service.getOrFail(taxonomy, call.args.id, call.language);
        if (call.args.context === 'edit' && !call.user?.can(MANAGE)) {
          return ContentErrors.termsForbiddenContext(call.user !== null);
        }
        return true;
      },
    })
    async get(call: RestCall<GetTermArgs>): Promise<Record<string, unknown>> {
      const term = await this.service.getOrFail(taxonomy, call.args.id, call.language);
      const [object] = await this.withTranslations(
        [
          toTermResponse(
            term,
            taxonomy,
            this.config.siteUrl,
            call.urls,
            (await this.service.ancestorSlugs([term])).get(term.id),
          ),
        ],
        term.language,
      );
      return object;
    }

    @RestRoute(item, {
      methods: EDITABLE,
      args: UpdateTermArgs,
      schema,
      allowBatch: true,
      answerContext: 'edit',
      permission: async (call: RestCall<UpdateTermArgs>, self: TermsController) => {
        await self.service.getOrFail(taxonomy, call.args.id, call.language);
        return call.user?.can(MANAGE) ? true : ContentErrors.cannotUpdateTerm(call.user !== null);
      },
    })
    async update(call: RestCall<UpdateTermArgs>): Promise<Record<string, unknown>> {
      const term = await this.service.getOrFail(taxonomy, call.args.id, call.language);
      const updated = await this.service.update(taxonomy, term, {
        name: call.args.name,
        slug: call.args.slug,
        description: call.args.description,
        parent: call.args.parent,
      });
      const [object] = await this.withTranslations(
        [
          toTermResponse(
            updated,
            taxonomy,
            this.config.siteUrl,
            call.urls,
            (await this.service.ancestorSlugs([updated])).get(updated.id),
          ),
        ],
        updated.language,
      );
      return object;
    }

    @RestRoute(item, {
      methods: DELETABLE,
      args: DeleteTermArgs,
      schema,
      allowBatch: true,
      answerContext: 'view',
      permission: async (call: RestCall<DeleteTermArgs>, self: TermsController) => {
        const term = await self.service.getOrFail(taxonomy, call.args.id, call.language);
        const loggedIn = call.user !== null;
        if (!call.user?.can(MANAGE)) return ContentErrors.cannotDeleteTerm(loggedIn);
        if (
          taxonomy.name === 'category' &&
          term.id === (await self.service.defaultCategoryId(term.language))
        ) {
          return ContentErrors.cannotDeleteTerm(loggedIn);
        }
        return true;
      },
    })
    async delete(call: RestCall<DeleteTermArgs>): Promise<Record<string, unknown>> {
      const term = await this.service.getOrFail(taxonomy, call.args.id, call.language);
      if (!call.args.force) throw ContentErrors.termTrashNotSupported();
      // As WordPress's $previous->get_data(): the object without its links.
      const { _links: _omitted, ...previous } = toTermResponse(
        term,
        taxonomy,
        this.config.siteUrl,
        call.urls,
        (await this.service.ancestorSlugs([term])).get(term.id),
      );
      await this.service.delete(term);
      return { deleted: true, previous };
    }
  }
  Object.defineProperty(TermsController, 'name', { value: className });
  return TermsController;
}

export const CategoriesController = termsController(CATEGORY, ListCategoriesArgs, 'CategoriesController');
export const TagsController = termsController(POST_TAG, ListTagsArgs, 'TagsController');
