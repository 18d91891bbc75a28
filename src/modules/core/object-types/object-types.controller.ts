import { Permissions, READABLE, RestCall, RestController, RestRoute } from '../../../platform/rest';
import {
  GetPostStatusArgs,
  GetPostTypeArgs,
  GetTaxonomyArgs,
  ListObjectTypesArgs,
  ListTaxonomiesArgs,
} from './dto/object-type-args.dto';
import { ObjectTypesService } from './object-types.service';
import { postStatusSchema, toPostStatusResponse } from './statuses/post-status.mapper';
import { taxonomySchema, toTaxonomyResponse } from './taxonomies/taxonomy.mapper';
import { postTypeSchema, toPostTypeResponse } from './types/post-type.mapper';

/** WordPress answers these collections as objects keyed by slug. */
function keyedBySlug<T extends { slug: string }>(
  items: T[],
  toResponse: (item: T) => Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(items.map((item) => [item.slug, toResponse(item)]));
}

const isEdit = (call: RestCall<ListObjectTypesArgs>) => call.args.context === 'edit';

/** `core/v2/types`, `core/v2/taxonomies` and `core/v2/statuses`: what content the site has, as WordPress describes it. */
@RestController('core/v2')
export class ObjectTypesController {
  constructor(private readonly objectTypes: ObjectTypesService) {}

  @RestRoute('/types', {
    methods: READABLE,
    args: ListObjectTypesArgs,
    permission: Permissions.public,
    schema: postTypeSchema,
    keyedCollection: true,
  })
  listTypes(call: RestCall<ListObjectTypesArgs>) {
    const types = this.objectTypes.listPostTypes(call.user, isEdit(call));
    return keyedBySlug(types, (type) => toPostTypeResponse(type, call.urls));
  }

  @RestRoute('/types/(?P<type>[\\w-]+)', {
    methods: READABLE,
    args: GetPostTypeArgs,
    permission: Permissions.public,
    schema: postTypeSchema,
  })
  getType(call: RestCall<GetPostTypeArgs>) {
    return toPostTypeResponse(
      this.objectTypes.getPostType(call.user, call.args.type, isEdit(call)),
      call.urls,
    );
  }

  @RestRoute('/taxonomies', {
    methods: READABLE,
    args: ListTaxonomiesArgs,
    permission: Permissions.public,
    schema: taxonomySchema,
    keyedCollection: true,
  })
  listTaxonomies(call: RestCall<ListTaxonomiesArgs>) {
    const taxonomies = this.objectTypes.listTaxonomies(call.user, isEdit(call), call.args.type);
    return keyedBySlug(taxonomies, (taxonomy) => toTaxonomyResponse(taxonomy, call.urls));
  }

  @RestRoute('/taxonomies/(?P<taxonomy>[\\w-]+)', {
    methods: READABLE,
    args: GetTaxonomyArgs,
    permission: Permissions.public,
    schema: taxonomySchema,
  })
  getTaxonomy(call: RestCall<GetTaxonomyArgs>) {
    return toTaxonomyResponse(
      this.objectTypes.getTaxonomy(call.user, call.args.taxonomy, isEdit(call)),
      call.urls,
    );
  }

  @RestRoute('/statuses', {
    methods: READABLE,
    args: ListObjectTypesArgs,
    permission: Permissions.public,
    schema: postStatusSchema,
    keyedCollection: true,
  })
  listStatuses(call: RestCall<ListObjectTypesArgs>) {
    const statuses = this.objectTypes.listStatuses(call.user, isEdit(call));
    return keyedBySlug(statuses, (status) => toPostStatusResponse(status, call.urls));
  }

  @RestRoute('/statuses/(?P<status>[\\w-]+)', {
    methods: READABLE,
    args: GetPostStatusArgs,
    permission: Permissions.public,
    schema: postStatusSchema,
  })
  getStatus(call: RestCall<GetPostStatusArgs>) {
    return toPostStatusResponse(this.objectTypes.getStatus(call.user, call.args.status), call.urls);
  }
}
