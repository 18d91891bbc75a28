import { ORGANIZER_CAPS } from '../../auth';
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
import { OrganizersService } from './organizers.service';

const NS = '/cal/events/v1';
const ID_ROUTE = '/organizers/(?P<id>\\d+)';
const SLUG_ROUTE = '/organizers/by-slug/(?P<slug>[^/]+)';

/** Type-level checks; the per-organizer edit_post/delete_post checks run in the service once the organizer is loaded. */
const canCreate = Permissions.capability(ORGANIZER_CAPS.edit);
const canEdit = Permissions.capability(ORGANIZER_CAPS.edit);
const canDelete = Permissions.capability(ORGANIZER_CAPS.delete);

/** `cal/events/v1` organizers (TEC `Archive_Organizer`, `Single_Organizer`, `Single_Organizer_Slug`). */
@RestController('cal/events/v1')
export class OrganizersController {
  constructor(private readonly organizers: OrganizersService) {}

  @RestRoute('/organizers', { methods: READABLE, args: ListOrganizersArgs, permission: Permissions.public })
  async list(call: RestCall<ListOrganizersArgs>): Promise<RestResponse> {
    const { items, total } = await this.organizers.list(call);
    const { args } = call;
    const query: Record<string, unknown> = {};
    if (args.event !== undefined) query.event = args.event;
    if (call.has('has_events')) query.has_events = args.has_events;
    if (call.has('status')) query.status = (args.status ?? []).join(',');
    return tecArchive(
      call,
      { items: await this.organizers.present(items, call), total, page: args.page, perPage: args.per_page },
      { key: 'organizers', route: `${NS}/organizers/`, query, pageNotFound: 'organizerArchivePageNotFound' },
    );
  }

  @RestRoute('/organizers', { methods: CREATABLE, args: CreateOrganizerArgs, permission: canCreate })
  async create(call: RestCall<CreateOrganizerArgs>): Promise<RestResponse> {
    const { entity } = await this.organizers.create(this.organizers.inputFromArgs(call), call);
    return RestResponse.created(
      await this.one(entity, call, false),
      call.urls.route(`${NS}/organizers/${entity.id}`),
    );
  }

  @RestRoute(ID_ROUTE, { methods: READABLE, args: GetOrganizerArgs, permission: Permissions.public })
  async get(call: RestCall<GetOrganizerArgs>): Promise<Record<string, unknown>> {
    return this.read(await this.organizers.getOrFail(call.args.id), call);
  }

  @RestRoute(ID_ROUTE, { methods: EDITABLE, args: UpdateOrganizerArgs, permission: canEdit })
  async update(call: RestCall<UpdateOrganizerArgs>): Promise<Record<string, unknown>> {
    const organizer = await this.organizers.getOrFail(call.args.id);
    return this.one(
      await this.organizers.update(organizer, this.organizers.inputFromArgs(call), call),
      call,
      false,
    );
  }

  @RestRoute(ID_ROUTE, { methods: DELETABLE, args: OrganizerIdArgs, permission: canDelete })
  async delete(call: RestCall<OrganizerIdArgs>): Promise<Record<string, unknown>> {
    return this.one(
      await this.organizers.trash(await this.organizers.getOrFail(call.args.id), call),
      call,
      false,
    );
  }

  @RestRoute(SLUG_ROUTE, { methods: READABLE, args: GetOrganizerBySlugArgs, permission: Permissions.public })
  async getBySlug(call: RestCall<GetOrganizerBySlugArgs>): Promise<Record<string, unknown>> {
    return this.read(await this.organizers.getBySlugOrFail(call.args.slug, call.language), call);
  }

  @RestRoute(SLUG_ROUTE, { methods: EDITABLE, args: UpdateOrganizerBySlugArgs, permission: canEdit })
  async updateBySlug(call: RestCall<UpdateOrganizerBySlugArgs>): Promise<Record<string, unknown>> {
    const organizer = await this.organizers.getBySlugOrFail(call.args.slug, call.language);
    return this.one(
      await this.organizers.update(organizer, this.organizers.inputFromArgs(call), call),
      call,
      false,
    );
  }

  @RestRoute(SLUG_ROUTE, { methods: DELETABLE, args: OrganizerSlugArgs, permission: canDelete })
  async deleteBySlug(call: RestCall<OrganizerSlugArgs>): Promise<Record<string, unknown>> {
    const organizer = await this.organizers.getBySlugOrFail(call.args.slug, call.language);
    return this.one(await this.organizers.trash(organizer, call), call, false);
  }

  private async read(organizer: OrganizerEntity, call: RestCall<any>): Promise<Record<string, unknown>> {
    this.organizers.assertReadable(organizer, call);
    return this.one(organizer, call, true);
  }

  private async one(
    organizer: OrganizerEntity,
    call: RestCall<any>,
    single: boolean,
  ): Promise<Record<string, unknown>> {
    return (await this.organizers.present([organizer], call, single))[0];
  }
}
