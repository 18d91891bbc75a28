import { Arg } from '../../../rest';
import { filterByArg, ITEMS_ARG, ListSetArgs, orderbyArg } from '../../shared/list-args';
import { LOG_FILTERS, LOG_ORDERS, NOT_FOUND_FILTERS } from '../logs.repository';

export class ListLogsArgs extends ListSetArgs {
  @Arg(filterByArg(LOG_FILTERS))
  override filterBy?: Record<string, string> = undefined;
  @Arg(orderbyArg(LOG_ORDERS))
  override orderby?: string = undefined;
}

export class BulkLogsArgs extends ListLogsArgs {
  @Arg(ITEMS_ARG)
  items?: Array<string | number>;
}

export class ListNotFoundArgs extends ListSetArgs {
  @Arg(filterByArg(NOT_FOUND_FILTERS))
  override filterBy?: Record<string, string> = undefined;
  @Arg(orderbyArg(LOG_ORDERS))
  override orderby?: string = undefined;
}

export class BulkNotFoundArgs extends ListNotFoundArgs {
  @Arg(ITEMS_ARG)
  items?: Array<string | number>;
}
