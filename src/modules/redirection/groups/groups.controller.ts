import { EDITABLE, Permissions, READABLE, RestCall, RestController, RestRoute } from '../../../platform/rest';
import { bulkIds, MANAGE_OPTIONS, trailingId } from '../shared/bulk';
import { listQueryOf } from '../shared/list-args';
import { BulkGroupsArgs, CreateGroupArgs, ListGroupsArgs, UpdateGroupArgs } from './dto/group-args.dto';
import { toGroupJson } from './group.mapper';
import { GroupBulkAction, GroupsService } from './groups.service';

const ADMIN = Permissions.capability(MANAGE_OPTIONS);

/** `redirection/v1/group` and its bulk route (api/api-group.php). */
@RestController('redirection/v1')
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  private async listResponse(call: RestCall<ListGroupsArgs>) {
    const { items, total, defaultGroupId } = await this.groups.list(call.user, listQueryOf(call.args));
    return { items: items.map((view) => toGroupJson(view, defaultGroupId)), total };
  }

  @RestRoute('/group', { methods: READABLE, args: ListGroupsArgs, permission: ADMIN })
  list(call: RestCall<ListGroupsArgs>) {
    return this.listResponse(call);
  }

  @RestRoute('/group', { methods: EDITABLE, args: CreateGroupArgs, permission: ADMIN })
  async create(call: RestCall<CreateGroupArgs>) {
    await this.groups.create(call.user, { name: call.args.name, moduleId: call.args.moduleId });
    return this.listResponse(call);
  }

  @RestRoute('/group/(?P<id>\\d+)', { methods: EDITABLE, args: UpdateGroupArgs, permission: ADMIN })
  async update(call: RestCall<UpdateGroupArgs>) {
    const view = await this.groups.update(call.user, trailingId(call.path), {
      name: call.args.name,
      moduleId: call.args.moduleId,
    });
    return { item: toGroupJson(view) };
  }

  @RestRoute('/bulk/group/(?P<bulk>delete|enable|disable)', {
    methods: EDITABLE,
    args: BulkGroupsArgs,
    permission: ADMIN,
  })
  async bulk(call: RestCall<BulkGroupsArgs>) {
    const action = call.path.split('/').pop() as GroupBulkAction;
    const raw = call.params();
    await this.groups.bulk(call.user, action, {
      ids: bulkIds(call.args.items),
      global: raw.global === true || raw.global === 'true' || raw.global === '1',
      filters: call.args.filterBy ?? {},
    });
    return this.listResponse(call);
  }
}
