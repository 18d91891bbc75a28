import { Arg, ArgSpec } from '../../../rest';
import { filterByArg, ITEMS_ARG, ListSetArgs, orderbyArg } from '../../shared/list-args';
import { GROUP_FILTERS, GROUP_ORDERS } from '../groups.repository';

export class ListGroupsArgs extends ListSetArgs {
  @Arg(filterByArg(GROUP_FILTERS))
  override filterBy?: Record<string, string> = undefined;
  @Arg(orderbyArg(GROUP_ORDERS))
  override orderby?: string = undefined;
}

const MODULE_ID: ArgSpec = {
  description: 'Module ID',
  type: 'integer',
  minimum: 0,
  maximum: 3,
  required: true,
};
const NAME: ArgSpec = { description: 'Group name', type: 'string', required: true };
const STATUS: ArgSpec = { description: 'Status of the group' };

export class CreateGroupArgs extends ListGroupsArgs {
  @Arg(MODULE_ID)
  moduleId: number;
  @Arg(NAME)
  name: string;
  @Arg(STATUS)
  status?: unknown;
}

export class UpdateGroupArgs {
  @Arg(MODULE_ID)
  moduleId: number;
  @Arg(NAME)
  name: string;
  @Arg(STATUS)
  status?: unknown;
}

export class BulkGroupsArgs extends ListGroupsArgs {
  @Arg(ITEMS_ARG)
  items?: Array<string | number>;
}
