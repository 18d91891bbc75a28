import { ORGANIZER_CAPS } from '../../../platform/auth';
import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  NS,
  OpaqueArgErrors,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../../platform/rest';
import { LinkedPostsController } from '../shared/linked-posts.controller';
import {
  CreateOrganizerArgs,
  GetOrganizerArgs,
  GetOrganizerBySlugArgs,
  ListOrganizersArgs,
  UpdateOrganizerArgs,
  UpdateOrganizerBySlugArgs,
  OrganizerIdArgs,
  OrganizerSlugArgs,
} from './dto/organizer-args.dto';
import { OrganizerEntity } from './organizer.entity';
import { toOrganizerObject } from './organizer.mapper';
import { OrganizersService } from './organizers.service';

const ID_ROUTE = '/organizers/(?P<id>\\d+)';
const SLUG_ROUTE = '/organizers/by-slug/(?P<slug>[^/]+)';

/** Type-level checks; the per-organizer edit_post/delete_post checks run in the service once the organizer is loaded. */
const canEdit = Permissions.capability(ORGANIZER_CAPS.edit);
const canDelete = Permissions.capability(ORGANIZER_CAPS.delete);

type Item = Record<string, unknown>;

/** `cal/events/v1` organizers (TEC `Archive_Organizer`, `Single_Organizer`, `Single_Organizer_Slug`). */
@RestController(NS.calendar)
@OpaqueArgErrors()
export class OrganizersController extends LinkedPostsController<OrganizerEntity> {
  constructor(organizers: OrganizersService) {
    super(organizers, {
      key: 'organizers',
      pageNotFound: 'organizerArchivePageNotFound',
      toObject: toOrganizerObject,
    });
  }

  @RestRoute('/organizers', { methods: READABLE, args: ListOrganizersArgs, permission: Permissions.public })
  list(call: RestCall<ListOrganizersArgs>): Promise<RestResponse> {
    return this.listArchive(call);
  }

  @RestRoute('/organizers', { methods: CREATABLE, args: CreateOrganizerArgs, permission: canEdit })
  create(call: RestCall<CreateOrganizerArgs>): Promise<RestResponse> {
    return this.createOne(call);
  }

  @RestRoute(ID_ROUTE, { methods: READABLE, args: GetOrganizerArgs, permission: Permissions.public })
  get(call: RestCall<GetOrganizerArgs>): Promise<Item> {
    return this.readById(call);
  }

  @RestRoute(ID_ROUTE, { methods: EDITABLE, args: UpdateOrganizerArgs, permission: canEdit })
  update(call: RestCall<UpdateOrganizerArgs>): Promise<Item> {
    return this.updateById(call);
  }

  @RestRoute(ID_ROUTE, { methods: DELETABLE, args: OrganizerIdArgs, permission: canDelete })
  delete(call: RestCall<OrganizerIdArgs>): Promise<Item> {
    return this.trashById(call);
  }

  @RestRoute(SLUG_ROUTE, { methods: READABLE, args: GetOrganizerBySlugArgs, permission: Permissions.public })
  getBySlug(call: RestCall<GetOrganizerBySlugArgs>): Promise<Item> {
    return this.readBySlug(call);
  }

  @RestRoute(SLUG_ROUTE, { methods: EDITABLE, args: UpdateOrganizerBySlugArgs, permission: canEdit })
  updateBySlug(call: RestCall<UpdateOrganizerBySlugArgs>): Promise<Item> {
    return this.updateOneBySlug(call);
  }

  @RestRoute(SLUG_ROUTE, { methods: DELETABLE, args: OrganizerSlugArgs, permission: canDelete })
  deleteBySlug(call: RestCall<OrganizerSlugArgs>): Promise<Item> {
    return this.trashBySlug(call);
  }
}
