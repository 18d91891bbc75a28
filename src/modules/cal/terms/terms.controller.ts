import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  forbidden,
  NS,
  OpaqueArgErrors,
  PermissionCheck,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../../platform/rest';
import { tecArchive } from '../shared/archive';
import {
  CategoryIdArgs,
  CreateCategoryArgs,
  CreateTagArgs,
  ListCategoriesArgs,
  ListTagsArgs,
  TagIdArgs,
  UpdateCategoryArgs,
  UpdateTagArgs,
} from './dto/term-args.dto';
import { withFields } from '../../ml';
import { coreTermRoute, TAXONOMY_ROUTE, toTermObject } from './term.mapper';
import type { CalendarTaxonomy } from './term.entity';
import { CalendarTermsService, canManageTerms, CountedTerm, TermInput } from './terms.service';

/** TEC `Term_Single_Base::can_create` (also used for update and delete). */
const canManage =
  (taxonomy: CalendarTaxonomy): PermissionCheck =>
  (call) =>
    canManageTerms(call.user, taxonomy)
      ? true
      : forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', call.user !== null);

/** `cal/events/v1` event categories and tags (TEC `Archive_Category`/`Archive_Tag`, `Single_Category`/`Single_Tag`). */
@RestController(NS.calendar)
@OpaqueArgErrors()
export class CalendarTermsController {
  constructor(private readonly terms: CalendarTermsService) {}

  @RestRoute('/categories', { methods: READABLE, args: ListCategoriesArgs, permission: Permissions.public })
  listCategories(call: RestCall<ListCategoriesArgs>): Promise<RestResponse> {
    return this.list('category', call);
  }

  @RestRoute('/categories', {
    methods: CREATABLE,
    args: CreateCategoryArgs,
    permission: canManage('category'),
  })
  createCategory(call: RestCall<CreateCategoryArgs>): Promise<RestResponse> {
    return this.create('category', call);
  }

  @RestRoute('/categories/(?P<id>\\d+)', {
    methods: READABLE,
    args: CategoryIdArgs,
    permission: Permissions.public,
  })
  getCategory(call: RestCall<CategoryIdArgs>): Promise<Record<string, unknown>> {
    return this.get('category', call);
  }

  @RestRoute('/categories/(?P<id>\\d+)', {
    methods: EDITABLE,
    args: UpdateCategoryArgs,
    permission: canManage('category'),
  })
  updateCategory(call: RestCall<UpdateCategoryArgs>): Promise<Record<string, unknown>> {
    return this.update('category', call);
  }

  @RestRoute('/categories/(?P<id>\\d+)', {
    methods: DELETABLE,
    args: CategoryIdArgs,
    permission: canManage('category'),
  })
  deleteCategory(call: RestCall<CategoryIdArgs>): Promise<Record<string, unknown>> {
    return this.delete('category', call);
  }

  @RestRoute('/tags', { methods: READABLE, args: ListTagsArgs, permission: Permissions.public })
  listTags(call: RestCall<ListTagsArgs>): Promise<RestResponse> {
    return this.list('tag', call);
  }

  @RestRoute('/tags', { methods: CREATABLE, args: CreateTagArgs, permission: canManage('tag') })
  createTag(call: RestCall<CreateTagArgs>): Promise<RestResponse> {
    return this.create('tag', call);
  }

  @RestRoute('/tags/(?P<id>\\d+)', { methods: READABLE, args: TagIdArgs, permission: Permissions.public })
  getTag(call: RestCall<TagIdArgs>): Promise<Record<string, unknown>> {
    return this.get('tag', call);
  }

  @RestRoute('/tags/(?P<id>\\d+)', { methods: EDITABLE, args: UpdateTagArgs, permission: canManage('tag') })
  updateTag(call: RestCall<UpdateTagArgs>): Promise<Record<string, unknown>> {
    return this.update('tag', call);
  }

  @RestRoute('/tags/(?P<id>\\d+)', { methods: DELETABLE, args: TagIdArgs, permission: canManage('tag') })
  deleteTag(call: RestCall<TagIdArgs>): Promise<Record<string, unknown>> {
    return this.delete('tag', call);
  }

  private async list(
    taxonomy: CalendarTaxonomy,
    call: RestCall<ListTagsArgs & { parent?: number }>,
  ): Promise<RestResponse> {
    const { args } = call;
    const eventId = args.event ?? args.post;
    const { items, total } = await this.terms.list({
      taxonomy,
      language: call.language,
      page: args.page,
      perPage: args.per_page,
      search: args.search,
      include: args.include,
      exclude: args.exclude,
      parent: args.parent,
      eventId,
      slug: args.slug,
      hideEmpty: args.hide_empty,
      order: args.order,
      orderby: args.orderby,
    });
    const key = TAXONOMY_ROUTE[taxonomy];
    return tecArchive(
      call,
      {
        items: (await this.terms.withCounts(items, call.urls)).map((counted) => termObject(counted, call)),
        total,
        page: args.page,
        perPage: args.per_page,
      },
      { key, route: `/${NS.calendar}/${key}/` },
    );
  }

  private async create(
    taxonomy: CalendarTaxonomy,
    call: RestCall<CreateCategoryArgs>,
  ): Promise<RestResponse> {
    const term = await this.terms.create(taxonomy, this.input(call), call.language);
    // The Location of WordPress's terms controller, which TEC's endpoint wraps: the core taxonomy route.
    const [counted] = await this.terms.withCounts([term], call.urls);
    return RestResponse.created(termObject(counted, call, true), coreTermRoute(term, call.urls));
  }

  private async get(
    taxonomy: CalendarTaxonomy,
    call: RestCall<CategoryIdArgs>,
  ): Promise<Record<string, unknown>> {
    const term = await this.terms.getOrFail(taxonomy, call.args.id);
    const [counted] = await this.terms.withCounts([term], call.urls);
    return termObject(counted, call, true);
  }

  private async update(
    taxonomy: CalendarTaxonomy,
    call: RestCall<UpdateCategoryArgs>,
  ): Promise<Record<string, unknown>> {
    const term = await this.terms.getOrFail(taxonomy, call.args.id);
    const updated = await this.terms.update(term, this.input(call), call.language);
    const [counted] = await this.terms.withCounts([updated], call.urls);
    return termObject(counted, call, true);
  }

  private async delete(
    taxonomy: CalendarTaxonomy,
    call: RestCall<CategoryIdArgs>,
  ): Promise<Record<string, unknown>> {
    const previous = await this.terms.delete(await this.terms.getOrFail(taxonomy, call.args.id), call.urls);
    return termObject(previous, call);
  }

  private input(call: RestCall<Partial<CreateCategoryArgs>>): TermInput {
    const { args } = call;
    const input: TermInput = {};
    if (args.name !== undefined) input.name = args.name;
    if (args.description !== undefined) input.description = args.description;
    if (args.slug !== undefined) input.slug = args.slug;
    if (args.parent !== undefined) input.parentId = args.parent;
    if (args.translation_of !== undefined) input.translationOf = args.translation_of;
    return input;
  }
}

/** TEC's term object with the term's translation fields. */
function termObject(
  { term, count, translations, ancestors }: CountedTerm,
  call: RestCall<unknown>,
  single = false,
) {
  return withFields(toTermObject(term, call.urls, count, single, ancestors), translations);
}
