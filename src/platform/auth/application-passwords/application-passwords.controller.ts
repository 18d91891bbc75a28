import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  forbidden,
  JsonSchema,
  LinkSet,
  NS,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
  RestUrls,
} from '../../rest';
import { SiteUser } from '../site-user';
import { UserErrors, UsersService } from '../users/users.service';
import { ApplicationPasswordEntity } from './application-password.entity';
import {
  CreateArgs,
  ItemArgs,
  ItemRefArgs,
  ReadArgs,
  UpdateArgs,
  UserRefArgs,
} from './dto/application-password-args.dto';
import { ApplicationPasswordErrors, ApplicationPasswordsService } from './application-passwords.service';

const USER = '/users/(?P<user_id>(?:\\d+|me))/application-passwords';
const VIEW_EDIT = ['view', 'edit', 'embed'] as const;

function applicationPasswordSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'application-password',
    type: 'object',
    properties: {
      uuid: {
        description: 'The unique identifier for the application password.',
        type: 'string',
        format: 'uuid',
        context: VIEW_EDIT,
        readonly: true,
      },
      app_id: {
        description: 'A UUID provided by the application.',
        type: 'string',
        format: 'uuid',
        context: VIEW_EDIT,
      },
      name: { description: 'The name of the application password.', type: 'string', context: VIEW_EDIT },
      password: {
        description: 'The generated password. Only available after adding an application.',
        type: 'string',
        context: ['edit'],
        readonly: true,
      },
      created: {
        description: 'The GMT date the application password was created.',
        type: 'string',
        format: 'date-time',
        context: VIEW_EDIT,
        readonly: true,
      },
      last_used: {
        description: 'The GMT date the application password was last used.',
        type: ['string', 'null'],
        format: 'date-time',
        context: VIEW_EDIT,
        readonly: true,
      },
      last_ip: {
        description: 'The IP address the application password was last used by.',
        type: ['string', 'null'],
        format: 'ip',
        context: VIEW_EDIT,
        readonly: true,
      },
    },
  };
}

const rfc3339 = (value: string | null) => (value ? value.replace(' ', 'T') : null);

function toResponse(
  record: ApplicationPasswordEntity,
  urls: RestUrls,
  password?: string,
): Record<string, unknown> {
  return {
    uuid: record.uuid,
    app_id: record.appId,
    name: record.name,
    ...(password ? { password } : {}),
    created: rfc3339(record.createdAt),
    last_used: rfc3339(record.lastUsedAt),
    last_ip: record.lastIp,
    _links: new LinkSet()
      .add('self', urls.route(`/core/v2/users/${record.userId}/application-passwords/${record.uuid}`))
      .toJSON(),
  };
}

type Action = 'list' | 'create' | 'edit' | 'delete' | 'read';
const DENIED: Record<Action, [string, string]> = {
  list: [
    'rest_cannot_list_application_passwords',
    'Sorry, you are not allowed to list application passwords for this user.',
  ],
  read: [
    'rest_cannot_read_application_password',
    'Sorry, you are not allowed to read this application password.',
  ],
  create: [
    'rest_cannot_create_application_passwords',
    'Sorry, you are not allowed to create application passwords for this user.',
  ],
  edit: [
    'rest_cannot_edit_application_password',
    'Sorry, you are not allowed to edit this application password.',
  ],
  delete: [
    'rest_cannot_delete_application_passwords',
    'Sorry, you are not allowed to delete application passwords for this user.',
  ],
};

/** Permission as WordPress maps the application-password meta caps: oneself, or a user with edit_users. */
function allowedTo(action: Action) {
  return (call: RestCall<UserRefArgs>) => {
    if (!call.user)
      return call.args.user_id === 'me' ? UserErrors.notLoggedIn() : forbidden(...DENIED[action], false);
    const target = call.args.user_id === 'me' ? call.user.id : Number(call.args.user_id);
    return target === call.user.id || call.user.can('edit_users') ? true : forbidden(...DENIED[action], true);
  };
}

/** WordPress's get_current_item_permissions_check: only the authenticated user may introspect. */
function introspectPermission(call: RestCall<UserRefArgs>) {
  if (!call.user && call.args.user_id === 'me') return UserErrors.notLoggedIn();
  if (call.user && (call.args.user_id === 'me' || Number(call.args.user_id) === call.user.id)) return true;
  return forbidden(
    'rest_cannot_introspect_app_password_for_non_authenticated_user',
    'The authenticated application password can only be introspected for the current user.',
    call.user !== null,
  );
}

/** `core/v2/users/{user_id}/application-passwords`. */
@RestController(NS.core)
export class ApplicationPasswordsController {
  constructor(
    private readonly passwords: ApplicationPasswordsService,
    private readonly users: UsersService,
  ) {}

  @RestRoute(USER, {
    methods: READABLE,
    args: ReadArgs,
    schema: applicationPasswordSchema,
    permission: allowedTo('list'),
  })
  async list(call: RestCall<UserRefArgs>): Promise<unknown[]> {
    const userId = await this.targetUserId(call);
    return (await this.passwords.listFor(userId)).map((record) => toResponse(record, call.urls));
  }

  @RestRoute(USER, {
    methods: CREATABLE,
    args: CreateArgs,
    schema: applicationPasswordSchema,
    permission: allowedTo('create'),
  })
  async create(call: RestCall<CreateArgs>): Promise<RestResponse> {
    const userId = await this.targetUserId(call);
    const { record, password } = await this.passwords.create(userId, call.args.name, call.args.app_id);
    return RestResponse.created(
      toResponse(record, call.urls, password),
      call.urls.route(`/core/v2/users/${userId}/application-passwords/${record.uuid}`),
    );
  }

  @RestRoute(USER, { methods: DELETABLE, args: UserRefArgs, permission: allowedTo('delete') })
  async deleteAll(call: RestCall<UserRefArgs>): Promise<Record<string, unknown>> {
    const count = await this.passwords.deleteAllFor(await this.targetUserId(call));
    return { deleted: true, count };
  }

  @RestRoute(`${USER}/introspect`, {
    methods: READABLE,
    args: ReadArgs,
    schema: applicationPasswordSchema,
    permission: introspectPermission,
  })
  async introspect(call: RestCall<UserRefArgs>): Promise<Record<string, unknown>> {
    const userId = await this.targetUserId(call);
    const uuid = call.user instanceof SiteUser ? call.user.applicationPasswordUuid : undefined;
    if (!uuid || userId !== call.userId) throw ApplicationPasswordErrors.notIntrospectable();
    return toResponse(await this.passwords.getFor(userId, uuid), call.urls);
  }

  @RestRoute(`${USER}/(?P<uuid>[\\w\\-]+)`, {
    methods: READABLE,
    args: ItemArgs,
    schema: applicationPasswordSchema,
    permission: allowedTo('read'),
  })
  async get(call: RestCall<ItemArgs>): Promise<Record<string, unknown>> {
    return toResponse(await this.passwords.getFor(await this.targetUserId(call), call.args.uuid), call.urls);
  }

  @RestRoute(`${USER}/(?P<uuid>[\\w\\-]+)`, {
    methods: EDITABLE,
    args: UpdateArgs,
    schema: applicationPasswordSchema,
    permission: allowedTo('edit'),
  })
  async update(call: RestCall<UpdateArgs>): Promise<Record<string, unknown>> {
    const record = await this.passwords.getFor(await this.targetUserId(call), call.args.uuid);
    const updated =
      call.args.name !== undefined ? await this.passwords.rename(record, call.args.name) : record;
    return toResponse(updated, call.urls);
  }

  @RestRoute(`${USER}/(?P<uuid>[\\w\\-]+)`, {
    methods: DELETABLE,
    args: ItemRefArgs,
    permission: allowedTo('delete'),
  })
  async delete(call: RestCall<ItemRefArgs>): Promise<Record<string, unknown>> {
    const record = await this.passwords.getFor(await this.targetUserId(call), call.args.uuid);
    await this.passwords.delete(record);
    // As WordPress's $previous->get_data(): the object without its links.
    const { _links: _omitted, ...previous } = toResponse(record, call.urls);
    return { deleted: true, previous };
  }

  private async targetUserId(call: RestCall<UserRefArgs>): Promise<number> {
    if (call.args.user_id === 'me') return call.userId;
    return (await this.users.getOrFail(Number(call.args.user_id))).id;
  }
}
