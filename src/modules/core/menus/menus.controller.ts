import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  NS,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
  paginated,
} from '../../../platform/rest';
import {
  CreateMenuArgs,
  DeleteMenuArgs,
  GetMenuArgs,
  GetMenuLocationArgs,
  ListMenuLocationsArgs,
  ListMenusArgs,
  UpdateMenuArgs,
  WriteMenuArgs,
} from './dto/menu-args.dto';
import { menuLocationSchema, menuSchema, toMenuLocationResponse, toMenuResponse } from './menu.mapper';
import { MenuInput, MenusService } from './menus.service';
import { MenusErrors } from './menus.errors';

const ITEM = '/menus/(?P<id>[\\d]+)';

function menuInput(call: RestCall<WriteMenuArgs>): MenuInput {
  const { args } = call;
  return {
    name: call.has('name') ? args.name : undefined,
    slug: call.has('slug') ? args.slug : undefined,
    description: call.has('description') ? args.description : undefined,
    locations: call.has('locations') ? args.locations : undefined,
    autoAdd: call.has('auto_add') ? args.auto_add : undefined,
  };
}

/** `core/v2/menus`: navigation menus, stored; `edit_theme_options` changes them. */
@RestController(NS.core)
export class MenusController {
  constructor(readonly menus: MenusService) {}

  @RestRoute('/menus', {
    methods: READABLE,
    args: ListMenusArgs,
    permission: (call: RestCall<ListMenusArgs>, self: MenusController) =>
      self.menus.canRead(call.user, call.args.context === 'edit'),
    schema: menuSchema,
  })
  async list(call: RestCall<ListMenusArgs>) {
    const { args } = call;
    const { items, total } = await this.menus.list({
      search: args.search,
      include: args.include,
      exclude: args.exclude,
      slugs: args.slug,
      orderby: args.orderby,
      order: args.order,
      offset: args.offset ?? (args.page - 1) * args.per_page,
      limit: args.per_page,
      hideEmpty: args.hide_empty,
      post: args.post,
    });
    return paginated(
      call,
      items.map((menu) => toMenuResponse(menu, call.urls)),
      { total, page: args.page, perPage: args.per_page },
    );
  }

  @RestRoute('/menus', {
    methods: CREATABLE,
    args: CreateMenuArgs,
    permission: (call: RestCall<CreateMenuArgs>, self: MenusController) => self.menus.canCreate(call.user),
    schema: menuSchema,
    allowBatch: true,
  })
  async create(call: RestCall<CreateMenuArgs>) {
    const menu = await this.menus.create({ ...menuInput(call), name: call.args.name });
    return RestResponse.created(
      toMenuResponse(menu, call.urls),
      call.urls.route(`/${NS.core}/menus/${menu.menu.id}`),
    );
  }

  @RestRoute(ITEM, {
    methods: READABLE,
    args: GetMenuArgs,
    permission: (call: RestCall<GetMenuArgs>, self: MenusController) =>
      self.menus.canReadOne(call.user, call.args.id, call.args.context === 'edit'),
    schema: menuSchema,
    allowBatch: true,
  })
  async get(call: RestCall<GetMenuArgs>) {
    return toMenuResponse(await this.menus.get(call.args.id), call.urls);
  }

  @RestRoute(ITEM, {
    methods: EDITABLE,
    args: UpdateMenuArgs,
    permission: (call: RestCall<UpdateMenuArgs>, self: MenusController) =>
      self.menus.canUpdate(call.user, call.args.id),
    schema: menuSchema,
    allowBatch: true,
  })
  async update(call: RestCall<UpdateMenuArgs>) {
    return toMenuResponse(await this.menus.update(call.args.id, menuInput(call)), call.urls);
  }

  @RestRoute(ITEM, {
    methods: DELETABLE,
    args: DeleteMenuArgs,
    permission: (call: RestCall<DeleteMenuArgs>, self: MenusController) =>
      self.menus.canDelete(call.user, call.args.id),
    schema: menuSchema,
    allowBatch: true,
  })
  async delete(call: RestCall<DeleteMenuArgs>) {
    if (!call.args.force) throw MenusErrors.trashNotSupported();
    const previous = await this.menus.delete(call.args.id);
    return { deleted: true, previous: toMenuResponse(previous, call.urls) };
  }
}

/** `core/v2/menu-locations`: the theme's locations and the menu each shows. */
@RestController(NS.core)
export class MenuLocationsController {
  constructor(readonly menus: MenusService) {}

  @RestRoute('/menu-locations', {
    methods: READABLE,
    args: ListMenuLocationsArgs,
    permission: (call: RestCall<ListMenuLocationsArgs>, self: MenuLocationsController) =>
      self.menus.canReadLocations(call.user),
    schema: menuLocationSchema,
    keyedCollection: true,
  })
  async list(call: RestCall<ListMenuLocationsArgs>) {
    const locations = await this.menus.locations();
    return Object.fromEntries(
      locations.map((location) => [location.name, toMenuLocationResponse(location, call.urls)]),
    );
  }

  @RestRoute('/menu-locations/(?P<location>[\\w-]+)', {
    methods: READABLE,
    args: GetMenuLocationArgs,
    permission: (call: RestCall<GetMenuLocationArgs>, self: MenuLocationsController) =>
      self.menus.canReadLocations(call.user),
    schema: menuLocationSchema,
  })
  async get(call: RestCall<GetMenuLocationArgs>) {
    return toMenuLocationResponse(await this.menus.location(call.args.location), call.urls);
  }
}
