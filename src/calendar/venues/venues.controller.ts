import { VENUE_CAPS } from '../../auth';
import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../rest';
import { tecArchive } from '../shared/archive';
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
import { VenuesService } from './venues.service';

const NS = '/cal/events/v1';
const ID_ROUTE = '/venues/(?P<id>\\d+)';
const SLUG_ROUTE = '/venues/by-slug/(?P<slug>[^/]+)';

/** Type-level checks; the per-venue edit_post/delete_post checks run in the service once the venue is loaded. */
const canCreate = Permissions.capability(VENUE_CAPS.edit);
const canEdit = Permissions.capability(VENUE_CAPS.edit);
const canDelete = Permissions.capability(VENUE_CAPS.delete);

/** `cal/events/v1` venues (TEC `Archive_Venue`, `Single_Venue`, `Single_Venue_Slug`). */
@RestController('cal/events/v1')
export class VenuesController {
  constructor(private readonly venues: VenuesService) {}

  @RestRoute('/venues', { methods: READABLE, args: ListVenuesArgs, permission: Permissions.public })
  async list(call: RestCall<ListVenuesArgs>): Promise<RestResponse> {
    const { items, total } = await this.venues.list(call);
    const { args } = call;
    const query: Record<string, unknown> = {};
    if (args.event !== undefined) query.event = args.event;
    if (call.has('has_events')) query.has_events = args.has_events;
    if (call.has('status')) query.status = (args.status ?? []).join(',');
    return tecArchive(
      call,
      { items: await this.venues.present(items, call), total, page: args.page, perPage: args.per_page },
      { key: 'venues', route: `${NS}/venues/`, query, pageNotFound: 'venueArchivePageNotFound' },
    );
  }

  @RestRoute('/venues', { methods: CREATABLE, args: CreateVenueArgs, permission: canCreate })
  async create(call: RestCall<CreateVenueArgs>): Promise<RestResponse> {
    const { entity } = await this.venues.create(this.venues.inputFromArgs(call), call);
    return RestResponse.created(
      await this.one(entity, call, false),
      call.urls.route(`${NS}/venues/${entity.id}`),
    );
  }

  @RestRoute(ID_ROUTE, { methods: READABLE, args: GetVenueArgs, permission: Permissions.public })
  async get(call: RestCall<GetVenueArgs>): Promise<Record<string, unknown>> {
    return this.read(await this.venues.getOrFail(call.args.id), call);
  }

  @RestRoute(ID_ROUTE, { methods: EDITABLE, args: UpdateVenueArgs, permission: canEdit })
  async update(call: RestCall<UpdateVenueArgs>): Promise<Record<string, unknown>> {
    const venue = await this.venues.getOrFail(call.args.id);
    return this.one(await this.venues.update(venue, this.venues.inputFromArgs(call), call), call, false);
  }

  @RestRoute(ID_ROUTE, { methods: DELETABLE, args: VenueIdArgs, permission: canDelete })
  async delete(call: RestCall<VenueIdArgs>): Promise<Record<string, unknown>> {
    return this.one(await this.venues.trash(await this.venues.getOrFail(call.args.id), call), call, false);
  }

  @RestRoute(SLUG_ROUTE, { methods: READABLE, args: GetVenueBySlugArgs, permission: Permissions.public })
  async getBySlug(call: RestCall<GetVenueBySlugArgs>): Promise<Record<string, unknown>> {
    return this.read(await this.venues.getBySlugOrFail(call.args.slug, call.language), call);
  }

  @RestRoute(SLUG_ROUTE, { methods: EDITABLE, args: UpdateVenueBySlugArgs, permission: canEdit })
  async updateBySlug(call: RestCall<UpdateVenueBySlugArgs>): Promise<Record<string, unknown>> {
    const venue = await this.venues.getBySlugOrFail(call.args.slug, call.language);
    return this.one(await this.venues.update(venue, this.venues.inputFromArgs(call), call), call, false);
  }

  @RestRoute(SLUG_ROUTE, { methods: DELETABLE, args: VenueSlugArgs, permission: canDelete })
  async deleteBySlug(call: RestCall<VenueSlugArgs>): Promise<Record<string, unknown>> {
    const venue = await this.venues.getBySlugOrFail(call.args.slug, call.language);
    return this.one(await this.venues.trash(venue, call), call, false);
  }

  private async read(venue: VenueEntity, call: RestCall<any>): Promise<Record<string, unknown>> {
    this.venues.assertReadable(venue, call);
    return this.one(venue, call, true);
  }

  private async one(
    venue: VenueEntity,
    call: RestCall<any>,
    single: boolean,
  ): Promise<Record<string, unknown>> {
    return (await this.venues.present([venue], call, single))[0];
  }
}
