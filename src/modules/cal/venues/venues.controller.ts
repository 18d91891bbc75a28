import { VENUE_CAPS } from '../../../platform/auth';
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
  CreateVenueArgs,
  GetVenueArgs,
  GetVenueBySlugArgs,
  ListVenuesArgs,
  UpdateVenueArgs,
  UpdateVenueBySlugArgs,
  VenueIdArgs,
  VenueSlugArgs,
} from './dto/venue-args.dto';
import { VenueEntity } from './venue.entity';
import { toVenueObject } from './venue.mapper';
import { VenuesService } from './venues.service';

const ID_ROUTE = '/venues/(?P<id>\\d+)';
const SLUG_ROUTE = '/venues/by-slug/(?P<slug>[^/]+)';

/** Type-level checks; the per-venue edit_post/delete_post checks run in the service once the venue is loaded. */
const canEdit = Permissions.capability(VENUE_CAPS.edit);
const canDelete = Permissions.capability(VENUE_CAPS.delete);

type Item = Record<string, unknown>;

/** `cal/events/v1` venues (TEC `Archive_Venue`, `Single_Venue`, `Single_Venue_Slug`). */
@RestController(NS.calendar)
@OpaqueArgErrors()
export class VenuesController extends LinkedPostsController<VenueEntity> {
  constructor(venues: VenuesService) {
    super(venues, { key: 'venues', pageNotFound: 'venueArchivePageNotFound', toObject: toVenueObject });
  }

  @RestRoute('/venues', { methods: READABLE, args: ListVenuesArgs, permission: Permissions.public })
  list(call: RestCall<ListVenuesArgs>): Promise<RestResponse> {
    return this.listArchive(call);
  }

  @RestRoute('/venues', { methods: CREATABLE, args: CreateVenueArgs, permission: canEdit })
  create(call: RestCall<CreateVenueArgs>): Promise<RestResponse> {
    return this.createOne(call);
  }

  @RestRoute(ID_ROUTE, { methods: READABLE, args: GetVenueArgs, permission: Permissions.public })
  get(call: RestCall<GetVenueArgs>): Promise<Item> {
    return this.readById(call);
  }

  @RestRoute(ID_ROUTE, { methods: EDITABLE, args: UpdateVenueArgs, permission: canEdit })
  update(call: RestCall<UpdateVenueArgs>): Promise<Item> {
    return this.updateById(call);
  }

  @RestRoute(ID_ROUTE, { methods: DELETABLE, args: VenueIdArgs, permission: canDelete })
  delete(call: RestCall<VenueIdArgs>): Promise<Item> {
    return this.trashById(call);
  }

  @RestRoute(SLUG_ROUTE, { methods: READABLE, args: GetVenueBySlugArgs, permission: Permissions.public })
  getBySlug(call: RestCall<GetVenueBySlugArgs>): Promise<Item> {
    return this.readBySlug(call);
  }

  @RestRoute(SLUG_ROUTE, { methods: EDITABLE, args: UpdateVenueBySlugArgs, permission: canEdit })
  updateBySlug(call: RestCall<UpdateVenueBySlugArgs>): Promise<Item> {
    return this.updateOneBySlug(call);
  }

  @RestRoute(SLUG_ROUTE, { methods: DELETABLE, args: VenueSlugArgs, permission: canDelete })
  deleteBySlug(call: RestCall<VenueSlugArgs>): Promise<Item> {
    return this.trashBySlug(call);
  }
}
