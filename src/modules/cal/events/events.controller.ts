import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  forbidden,
  NS,
  OpaqueArgErrors,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../../platform/rest';
import { EVENT_CAPS } from '../../../platform/auth';
import { blankProtected, tecArchive } from '../shared';
import { CreateEventDto } from './dto/create-event.dto';
import { DeleteEventBySlugDto, DeleteEventDto, EventIdDto, EventSlugDto } from './dto/event-id.dto';
import { ListEventsQueryDto } from './dto/list-events.query.dto';
import { UpdateEventBySlugDto, UpdateEventDto, UpdateEventFieldsDto } from './dto/update-event.dto';
import { EventPresenter } from './event-presenter';
import { EventEntity } from './event.entity';
import { eventRestUrl, eventSchema } from './event.mapper';
import { EventsService } from './events.service';

const ID_ROUTE = '/events/(?P<id>\\d+)';
const SLUG_ROUTE = '/events/by-slug/(?P<slug>[^/]+)';

/** Type-level check; the per-event edit/delete rights are checked on the loaded event (TEC `can_edit`/`can_delete`). */
const canEditEvents = Permissions.capability(EVENT_CAPS.edit);
const canDeleteEvents = (call: RestCall<unknown>) =>
  call.user?.can(EVENT_CAPS.delete)
    ? true
    : forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', call.user !== null);

/** `cal/events/v1` events routes (TEC `Archive_Event`, `Single_Event`, `Single_Event_Slug`). */
@RestController(NS.calendar)
@OpaqueArgErrors()
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly presenter: EventPresenter,
  ) {}

  @RestRoute('/events', {
    methods: READABLE,
    args: ListEventsQueryDto,
    schema: eventSchema,
    envelope: 'events',
    permission: Permissions.public,
    summary: 'Returns upcoming events (TEC archive envelope).',
  })
  async list(call: RestCall<ListEventsQueryDto>): Promise<RestResponse> {
    const { args } = call;
    const found = await this.events.list(call.user, args, call.language);
    const objects = await this.presenter.toObjects(found.items, call, false);
    const shown = objects.map((object, index) =>
      this.events.showsProtected(call.user, found.items[index], args) ? object : blankProtected(object),
    );
    return tecArchive(
      call,
      { items: shown, total: found.total, page: found.page, perPage: found.perPage },
      {
        key: 'events',
        route: `/${NS.calendar}/events/`,
        query: effectiveQuery(args, found.effectiveDates, found.echoedStatus),
        pageNotFound: 'eventArchivePageNotFound',
      },
    );
  }

  @RestRoute('/events', {
    methods: CREATABLE,
    args: CreateEventDto,
    schema: eventSchema,
    permission: canEditEvents,
    summary: 'Creates an event.',
  })
  async create(call: RestCall<CreateEventDto>): Promise<RestResponse> {
    const created = await this.events.create(call.user, call.args, call.language);
    return RestResponse.created(await this.present(created, call), eventRestUrl(call.urls, created.id));
  }

  @RestRoute(ID_ROUTE, {
    methods: READABLE,
    args: EventIdDto,
    schema: eventSchema,
    permission: Permissions.public,
    summary: 'Returns an event.',
  })
  async get(call: RestCall<EventIdDto>): Promise<Record<string, unknown>> {
    return this.read(await this.events.getOrFail(call.args.id, call.language), call);
  }

  @RestRoute(ID_ROUTE, {
    methods: EDITABLE,
    args: UpdateEventDto,
    schema: eventSchema,
    permission: canEditEvents,
    summary: 'Updates an event; fields not sent keep their values.',
  })
  async update(call: RestCall<UpdateEventDto>): Promise<Record<string, unknown>> {
    return this.applyUpdate(await this.events.getOrFail(call.args.id, call.language), call);
  }

  @RestRoute(ID_ROUTE, {
    methods: DELETABLE,
    args: DeleteEventDto,
    schema: eventSchema,
    permission: canDeleteEvents,
    summary: 'Moves an event to the trash.',
  })
  async delete(call: RestCall<DeleteEventDto>): Promise<Record<string, unknown>> {
    const event = await this.events.getOrFail(call.args.id, call.language);
    return this.present(await this.events.trash(call.user, event), call);
  }

  @RestRoute(SLUG_ROUTE, {
    methods: READABLE,
    args: EventSlugDto,
    schema: eventSchema,
    permission: Permissions.public,
    summary: 'Returns an event by its slug.',
  })
  async getBySlug(call: RestCall<EventSlugDto>): Promise<Record<string, unknown>> {
    return this.read(await this.events.getBySlugOrFail(call.args.slug, call.language), call);
  }

  @RestRoute(SLUG_ROUTE, {
    methods: EDITABLE,
    args: UpdateEventBySlugDto,
    schema: eventSchema,
    permission: canEditEvents,
    summary: 'Updates an event by its slug.',
  })
  async updateBySlug(call: RestCall<UpdateEventBySlugDto>): Promise<Record<string, unknown>> {
    return this.applyUpdate(await this.events.getBySlugOrFail(call.args.slug, call.language), call);
  }

  @RestRoute(SLUG_ROUTE, {
    methods: DELETABLE,
    args: DeleteEventBySlugDto,
    schema: eventSchema,
    permission: canDeleteEvents,
    summary: 'Moves an event to the trash by its slug.',
  })
  async deleteBySlug(call: RestCall<DeleteEventBySlugDto>): Promise<Record<string, unknown>> {
    const event = await this.events.getBySlugOrFail(call.args.slug, call.language);
    return this.present(await this.events.trash(call.user, event), call);
  }

  private async read(event: EventEntity, call: RestCall<{ password?: string; context?: string }>) {
    this.events.assertReadable(call.user, event, call.args);
    return (await this.presenter.toObjects([event], call, true))[0];
  }

  /** Update: only the parameters sent change. */
  private async applyUpdate(event: EventEntity, call: RestCall<UpdateEventFieldsDto>) {
    const sent = new Set(Object.keys(call.params()).filter((name) => call.has(name)));
    return this.present(await this.events.update(call.user, event, { args: call.args, sent }), call);
  }

  private async present(event: EventEntity, call: RestCall<unknown>): Promise<Record<string, unknown>> {
    return (await this.presenter.toObjects([event], call, false))[0];
  }
}

/** The effective query TEC echoes in `rest_url` / `next_rest_url` (reference §2). */
function effectiveQuery(
  args: ListEventsQueryDto,
  dates: Record<string, string | undefined>,
  status: string,
): Record<string, unknown> {
  // TEC leaves out what it turned into a tax query (categories, tags) and strict_dates (§2).
  const query: Record<string, unknown> = { ...dates, status };
  if (args.search) query.search = args.search;
  if (args.include) query.include = args.include.join(',');
  if (args.post_parent !== undefined) query.post_parent = args.post_parent;
  if (args.venue) query.venue = args.venue.join(',');
  if (args.organizer) query.organizer = args.organizer.join(',');
  // TEC drops a false flag from the echo (array_filter), so featured=0 is not echoed.
  if (args.featured) query.featured = 1;
  if (args.ticketed !== undefined) query.ticketed = args.ticketed ? 1 : 0;
  if (args.geoloc !== undefined) query.geoloc = args.geoloc ? 1 : 0;
  if (args.geoloc_lat !== undefined) query.geoloc_lat = args.geoloc_lat;
  if (args.geoloc_lng !== undefined) query.geoloc_lng = args.geoloc_lng;
  return query;
}
