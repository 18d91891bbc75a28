import { applyDecorators } from '@nestjs/common';
import { IsDefined, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { Arg } from '../../../../platform/rest';
import { ListSetArgs, RedirectionArgs } from '../../shared/list-args';
import { GROUP_FILTERS, GROUP_ORDERS } from '../groups.repository';

export class ListGroupsArgs extends ListSetArgs {
  @RedirectionArgs.filterBy(GROUP_FILTERS)
  override filterBy?: Record<string, string> = undefined;

  @RedirectionArgs.orderby(GROUP_ORDERS)
  override orderby?: string = undefined;
}

/** A group's fields, shared by create and update (api-group.php's get_group_args). */
const GroupArgs = {
  /** 1 WordPress, 2 Apache, 3 Nginx (0 passes the schema and is refused by the service, as the plugin). */
  moduleId: () => applyDecorators(IsDefined(), IsInt(), Min(0), Max(3), Arg({ description: 'Module ID' })),
  name: () => applyDecorators(IsDefined(), IsString(), Arg({ description: 'Group name' })),
  /** No type, as the plugin, which declares it but reads it neither on create nor on update. */
  status: () => applyDecorators(IsOptional(), Arg({ description: 'Status of the group' })),
};

export class CreateGroupArgs extends ListGroupsArgs {
  @GroupArgs.moduleId()
  moduleId: number;

  @GroupArgs.name()
  name: string;

  @GroupArgs.status()
  status?: unknown;
}

export class UpdateGroupArgs {
  @GroupArgs.moduleId()
  moduleId: number;

  @GroupArgs.name()
  name: string;

  @GroupArgs.status()
  status?: unknown;
}

export class BulkGroupsArgs extends ListGroupsArgs {
  @RedirectionArgs.items()
  items?: Array<string | number>;
}
