import {
  DELETABLE,
  EDITABLE,
  EmbedAnswer,
  embeddedCapture,
  EmbedLink,
  EmbedScope,
  filterByContext,
  forbidden,
  NS,
  paginated,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestError,
  RestResponse,
  RestRoute,
  RestUser,
} from '../../rest';
import { once, ScopedMemo } from '../../common/memo';
import {
  CreateUserArgs,
  DeleteUserArgs,
  ListUsersArgs,
  UpdateUserArgs,
  UserContextArgs,
  UserIdArgs,
} from './dto/user-args.dto';
import { EVENT_CAPS, ORGANIZER_CAPS, POST_CAPS, VENUE_CAPS } from '../capabilities';
import { SiteUser } from '../site-user';
import { toUserResponse, userSchema } from './user.mapper';
import { UserEntity } from './user.entity';
import { UserErrors, UsersService } from './users.service';

const ID_ROUTE = '/users/(?P<id>\\d+)';

/** The schema embedded users are filtered by, built once: shaping plans its filter once per schema object. */
const embedSchema = once(userSchema);

/** edit_user: oneself, or anyone with edit_users. */
function canEditUser(actor: RestUser | null, userId: number): boolean {
  return actor !== null && (actor.id === userId || actor.can('edit_users'));
}

/** A user the caller may not see (get_item_permissions_check). */
function cannotView(loggedIn: boolean): RestError {
  return forbidden('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', loggedIn);
}

/**
 * The item embedding an author link is a published post or page of that user (a posts answer in the view
 * context): the user then has published posts, all the published-author check asks, with no query.
 */
function publishedBy(item: unknown, userId: number): boolean {
  if (typeof item !== 'object' || item === null) return false;
  const { type, status, author } = item as Record<string, unknown>;
  return (type === 'post' || type === 'page') && status === 'publish' && author === userId;
}

/** `core/v2/users`: WordPress's users controller. */
@RestController(NS.core)
export class UsersController {
  /** The user a call names, read once per call: its permission checks and its handler share it. */
  private readonly targets = new ScopedMemo<number, Promise<UserEntity | null>>();

  constructor(private readonly users: UsersService) {}

  /** The user `id` of this call, or 404 `rest_user_invalid_id` (WordPress's get_user, in every check). */
  private async target(call: RestCall<unknown>, id: number): Promise<UserEntity> {
    const user = await this.targets.get(call, id, () =>
      this.users.getOrFail(id).catch((error: unknown) => {
        // Not there (404); a failure of the database is not a missing user.
        if (error instanceof RestError) return null;
        throw error;
      }),
    );
    if (!user) throw UserErrors.invalidId();
    return user;
  }

  @RestRoute('/users', {
    methods: READABLE,
    args: ListUsersArgs,
    schema: userSchema,
    allowBatch: true,
    permission: listPermission,
  })
  async list(call: RestCall<ListUsersArgs>): Promise<RestResponse> {
    const { args } = call;
    const canList = call.user?.can('list_users') ?? false;
    const restrictTo =
      canList && !args.has_published_posts ? undefined : await this.users.publishedAuthorIds();
    const { items, total } = await this.users.list({
      page: args.page,
      perPage: args.per_page,
      offset: args.offset,
      search: args.search,
      searchPrivateFields: canList,
      include: args.include,
      exclude: args.exclude,
      slugs: args.slug ?? [],
      roles:
        args.who === 'authors' ? ['administrator', 'editor', 'author', 'contributor'] : (args.roles ?? []),
      order: args.order,
      orderby: args.orderby,
      restrictTo,
    });
    return paginated(
      call,
      items.map((user) => toUserResponse(user, call.urls, args.context)),
      { total, page: args.page, perPage: args.per_page },
    );
  }

  @RestRoute('/users', {
    methods: EDITABLE.slice(0, 1),
    args: CreateUserArgs,
    schema: userSchema,
    allowBatch: true,
    answerContext: 'edit',
    permission: Permissions.capability(
      'create_users',
      'rest_cannot_create_user',
      'Sorry, you are not allowed to create new users.',
    ),
  })
  async create(call: RestCall<CreateUserArgs>): Promise<RestResponse> {
    const { args } = call;
    const user = await this.users.create({
      username: args.username,
      email: args.email,
      password: args.password,
      role: this.users.roleFrom(args.roles, call.user),
      name: args.name,
      firstName: args.first_name,
      lastName: args.last_name,
      nickname: args.nickname,
      url: args.url,
      description: args.description,
      locale: args.locale,
      slug: args.slug,
    });
    return RestResponse.created(
      toUserResponse(user, call.urls, 'edit'),
      call.urls.route(`/core/v2/users/${user.id}`),
    );
  }

  @RestRoute(ID_ROUTE, {
    methods: READABLE,
    args: UserIdArgs,
    schema: userSchema,
    allowBatch: true,
    permission: async (call: RestCall<UserIdArgs>, self: UsersController) => {
      await self.assertCanView(call, await self.target(call, call.args.id));
      return true;
    },
    embed: (links, scope, self: UsersController) => self.embedUsers(links, scope),
  })
  async get(call: RestCall<UserIdArgs>): Promise<Record<string, unknown>> {
    return toUserResponse(await this.target(call, call.args.id), call.urls, call.args.context);
  }

  /**
   * The `author` links of `_embed` (`users/N`, the embed context) for many users at once: each user read once
   * (the reads meet in one query), the published-author check of those who need it in one pass (none for the
   * authors of the published posts that link to them), each shaped once, with the answers and refusals of
   * get(). Other queries are left to a sub-request.
   */
  async embedUsers(links: EmbedLink[], scope: EmbedScope): Promise<EmbedAnswer[]> {
    const ids = links.map((link) => embeddedCapture(link, 'id'));
    const distinct = [...new Set(ids.filter((id): id is number => id !== undefined))];
    const published = new Set<number>();
    ids.forEach((id, index) => {
      if (id !== undefined && publishedBy(links[index].from, id)) published.add(id);
    });
    const users = await Promise.all(
      distinct.map((id) => this.users.getOrFail(id).catch((error: unknown) => error)),
    );
    const actor = scope.user;
    const unchecked = users.filter(
      (user): user is UserEntity =>
        user instanceof UserEntity &&
        actor?.id !== user.id &&
        !actor?.can('list_users') &&
        !canEditUser(actor, user.id) &&
        !published.has(user.id),
    );
    const found =
      unchecked.length > 0 ? await this.users.publishedAuthorIds(unchecked.map((user) => user.id)) : [];
    for (const id of found) published.add(id);
    const schema = embedSchema();
    const answers = new Map<number, unknown>();
    distinct.forEach((id, index) => {
      const user = users[index];
      if (!(user instanceof UserEntity)) {
        answers.set(id, user);
      } else if (unchecked.includes(user) && !published.has(user.id)) {
        answers.set(id, cannotView(actor !== null));
      } else {
        answers.set(id, filterByContext(toUserResponse(user, scope.urls, 'embed'), schema, 'embed'));
      }
    });
    return ids.map((id) => {
      if (id === undefined) return undefined;
      const answer = answers.get(id);
      // Anything but a refusal (an unexpected failure) goes through a sub-request, which reports it.
      return answer instanceof Error && !(answer instanceof RestError) ? undefined : answer;
    });
  }

  // As WordPress, the refusal of a visitor is the handler's (the Allow header of the 401 lists GET).
  @RestRoute('/users/me', {
    methods: READABLE,
    args: UserContextArgs,
    schema: userSchema,
    permission: Permissions.public,
  })
  async me(call: RestCall<UserContextArgs>): Promise<Record<string, unknown>> {
    if (!call.user) throw UserErrors.notLoggedIn();
    // The row the login was just checked against (under the current `auth` stamp): no second read.
    const entity = call.user instanceof SiteUser ? call.user.entity : await this.users.getOrFail(call.userId);
    return toUserResponse(entity, call.urls, call.args.context);
  }

  @RestRoute(ID_ROUTE, {
    methods: EDITABLE,
    args: UpdateUserArgs,
    schema: userSchema,
    allowBatch: true,
    answerContext: 'edit',
    permission: async (call: RestCall<UpdateUserArgs>, self: UsersController) => {
      await self.target(call, Number(call.args.id));
      return canEditTarget(call);
    },
  })
  async update(call: RestCall<UpdateUserArgs>): Promise<Record<string, unknown>> {
    return this.applyUpdate(call, await this.target(call, Number(call.args.id)));
  }

  @RestRoute('/users/me', {
    methods: EDITABLE,
    args: UpdateUserArgs,
    schema: userSchema,
    permission: requireLogin,
  })
  async updateMe(call: RestCall<UpdateUserArgs>): Promise<Record<string, unknown>> {
    return this.applyUpdate(call, await this.users.getOrFail(call.userId));
  }

  @RestRoute(ID_ROUTE, {
    methods: DELETABLE,
    args: DeleteUserArgs,
    allowBatch: true,
    answerContext: 'edit',
    permission: async (call: RestCall<DeleteUserArgs>, self: UsersController) => {
      await self.target(call, Number(call.args.id));
      return canDeleteUsers(call);
    },
  })
  async delete(call: RestCall<DeleteUserArgs>): Promise<Record<string, unknown>> {
    const id = Number(call.args.id);
    const answer = await this.applyDelete(call, await this.target(call, id));
    this.targets.set(call, id, Promise.resolve(null));
    return answer;
  }

  // delete_current_item_permissions_check is delete_user on oneself: a permission check, so the Allow
  // header of users/me leaves DELETE out for users who may not delete users.
  @RestRoute('/users/me', {
    methods: DELETABLE,
    args: DeleteUserArgs,
    permission: (call) =>
      !call.user
        ? UserErrors.notLoggedIn()
        : call.user.can('delete_users')
          ? true
          : forbidden('rest_user_cannot_delete', 'Sorry, you are not allowed to delete this user.', true),
  })
  async deleteMe(call: RestCall<DeleteUserArgs>): Promise<Record<string, unknown>> {
    return this.applyDelete(call, await this.users.getOrFail(call.userId));
  }

  /** WordPress's get_item_permissions_check (run after the 404 check, as there). */
  private async assertCanView(call: RestCall<UserIdArgs>, user: UserEntity): Promise<void> {
    const loggedIn = call.user !== null;
    if (call.user?.id === user.id) return;
    if (call.args.context === 'edit' && !call.user?.can('list_users')) {
      throw forbidden('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', loggedIn);
    }
    if (call.user?.can('list_users') || canEditUser(call.user, user.id)) return;
    const published = await this.users.publishedAuthorIds([user.id]);
    if (!published.includes(user.id)) throw cannotView(loggedIn);
  }

  private async applyUpdate(
    call: RestCall<UpdateUserArgs>,
    user: UserEntity,
  ): Promise<Record<string, unknown>> {
    const { args } = call;
    if (args.roles !== undefined && args.roles.length > 0) {
      if (
        !call.user?.can('promote_users') ||
        (user.id === call.userId && args.roles[0] !== user.role && !call.user.can('manage_options'))
      ) {
        throw forbidden(
          'rest_cannot_edit_roles',
          'Sorry, you are not allowed to edit roles of this user.',
          call.user !== null,
        );
      }
    }
    const updated = await this.users.update(user, {
      username: args.username,
      email: args.email,
      password: args.password,
      role: this.users.roleFrom(args.roles, call.user, user.id),
      name: args.name,
      firstName: args.first_name,
      lastName: args.last_name,
      nickname: args.nickname,
      url: args.url,
      description: args.description,
      locale: args.locale,
      slug: args.slug,
    });
    return toUserResponse(updated, call.urls, 'edit');
  }

  private async applyDelete(
    call: RestCall<DeleteUserArgs>,
    user: UserEntity,
  ): Promise<Record<string, unknown>> {
    if (!call.args.force) throw UserErrors.trashNotSupported();
    const reassign =
      call.args.reassign === false || call.args.reassign === true ? null : Number(call.args.reassign) || null;
    // As WordPress's $previous->get_data(): the object without its links.
    const { _links: _omitted, ...previous } = toUserResponse(user, call.urls, 'edit');
    await this.users.delete(user, reassign);
    return { deleted: true, previous };
  }
}

/** WordPress's get_items_permissions_check, in its order. */
function listPermission(call: RestCall<ListUsersArgs>) {
  const canList = call.user?.can('list_users') ?? false;
  const loggedIn = call.user !== null;
  if (call.args.roles?.length && !canList) {
    return forbidden(
      'rest_user_cannot_view',
      'Sorry, you are not allowed to filter users by role.',
      loggedIn,
    );
  }
  if (call.args.context === 'edit' && !canList) {
    return forbidden('rest_forbidden_context', 'Sorry, you are not allowed to list users.', loggedIn);
  }
  if (['email', 'registered_date'].includes(call.args.orderby) && !canList) {
    return forbidden(
      'rest_forbidden_orderby',
      'Sorry, you are not allowed to order users by this parameter.',
      loggedIn,
    );
  }
  // who=authors needs edit rights on some type with authors (posts, or the calendar's types).
  const authorTypes = [POST_CAPS, EVENT_CAPS, VENUE_CAPS, ORGANIZER_CAPS];
  if (call.args.who === 'authors' && !authorTypes.some((caps) => call.user?.can(caps.edit))) {
    return forbidden(
      'rest_forbidden_who',
      'Sorry, you are not allowed to query users by this parameter.',
      loggedIn,
    );
  }
  return true;
}

function requireLogin(call: RestCall<unknown>): true | ReturnType<typeof UserErrors.notLoggedIn> {
  return call.user ? true : UserErrors.notLoggedIn();
}

function canEditTarget(call: RestCall<UpdateUserArgs>) {
  const id = Number(call.args.id);
  return canEditUser(call.user, id)
    ? true
    : forbidden('rest_cannot_edit', 'Sorry, you are not allowed to edit this user.', call.user !== null);
}

function canDeleteUsers(call: RestCall<DeleteUserArgs>) {
  return call.user?.can('delete_users')
    ? true
    : forbidden(
        'rest_user_cannot_delete',
        'Sorry, you are not allowed to delete this user.',
        call.user !== null,
      );
}
