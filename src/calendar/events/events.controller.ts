import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  forbidden,
  NS,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../rest';
import { EVENT_CAPS } from '../../auth';
import { CreateEventDto } from './dto/create-event.dto';
import { DeleteEventBySlugDto, DeleteEventDto, EventIdDto, EventSlugDto } from './dto/event-id.dto';
import { ListEventsQueryDto } from './dto/list-events.query.dto';
import { UpdateEventBySlugDto, UpdateEventDto } from './dto/update-event.dto';
import { eventSchema } from './event.mapper';
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
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @RestRoute('/events', {
    methods: READABLE,
    args: ListEventsQueryDto,
    schema: eventSchema,
    permission: Permissions.public,
    summary: 'Returns upcoming events (TEC archive envelope).',
  })
  list(call: RestCall<ListEventsQueryDto>): Promise<RestResponse> {
    return this.events.list(call);
  }

  @RestRoute('/events', {
    methods: CREATABLE,
    args: CreateEventDto,
    schema: eventSchema,
    permission: canEditEvents,
    summary: 'Creates an event.',
  })
  create(call: RestCall<CreateEventDto>): Promise<RestResponse> {
    return this.events.create(call);
  }

  @RestRoute(ID_ROUTE, {
    methods: READABLE,
    args: EventIdDto,
    schema: eventSchema,
    permission: Permissions.public,
    summary: 'Returns an event.',
  })
  async get(call: RestCall<EventIdDto>): Promise<Record<string, unknown>> {
    return this.events.read(await this.events.getOrFail(call.args.id, call.language), call);
  }

  @RestRoute(ID_ROUTE, {
    methods: EDITABLE,
    args: UpdateEventDto,
    schema: eventSchema,
    permission: canEditEvents,
    summary: 'Updates an event; fields not sent keep their values.',
  })
  async update(call: RestCall<UpdateEventDto>): Promise<Record<string, unknown>> {
    return this.events.update(await this.events.getOrFail(call.args.id, call.language), call);
  }

  @RestRoute(ID_ROUTE, {
    methods: DELETABLE,
    args: DeleteEventDto,
    schema: eventSchema,
    permission: canDeleteEvents,
    summary: 'Moves an event to the trash.',
  })
  async delete(call: RestCall<DeleteEventDto>): Promise<Record<string, unknown>> {
    return this.events.trash(await this.events.getOrFail(call.args.id, call.language), call);
  }

  @RestRoute(SLUG_ROUTE, {
    methods: READABLE,
    args: EventSlugDto,
    schema: eventSchema,
    permission: Permissions.public,
    summary: 'Returns an event by its slug.',
  })
  async getBySlug(call: RestCall<EventSlugDto>): Promise<Record<string, unknown>> {
    return this.events.read(await this.events.getBySlugOrFail(call.args.slug, call.language), call);
  }

  @RestRoute(SLUG_ROUTE, {
    methods: EDITABLE,
    args: UpdateEventBySlugDto,
    schema: eventSchema,
    permission: canEditEvents,
    summary: 'Updates an event by its slug.',
  })
  async updateBySlug(call: RestCall<UpdateEventBySlugDto>): Promise<Record<string, unknown>> {
    return this.events.update(await this.events.getBySlugOrFail(call.args.slug, call.language), call);
  }

  @RestRoute(SLUG_ROUTE, {
    methods: DELETABLE,
    args: DeleteEventBySlugDto,
    schema: eventSchema,
    permission: canDeleteEvents,
    summary: 'Moves an event to the trash by its slug.',
  })
  async deleteBySlug(call: RestCall<DeleteEventBySlugDto>): Promise<Record<string, unknown>> {
    return this.events.trash(await this.events.getBySlugOrFail(call.args.slug, call.language), call);
  }
}
