import { ListSetArgs, RedirectionArgs } from '../../shared/list-args';
import { LOG_FILTERS, LOG_ORDERS, NOT_FOUND_FILTERS } from '../logs.repository';

export class ListLogsArgs extends ListSetArgs {
  @RedirectionArgs.filterBy(LOG_FILTERS)
  override filterBy?: Record<string, string> = undefined;

  @RedirectionArgs.orderby(LOG_ORDERS)
  override orderby?: string = undefined;
}

export class BulkLogsArgs extends ListLogsArgs {
  @RedirectionArgs.items()
  items?: Array<string | number>;
}

export class ListNotFoundArgs extends ListSetArgs {
  @RedirectionArgs.filterBy(NOT_FOUND_FILTERS)
  override filterBy?: Record<string, string> = undefined;

  @RedirectionArgs.orderby(LOG_ORDERS)
  override orderby?: string = undefined;
}

export class BulkNotFoundArgs extends ListNotFoundArgs {
  @RedirectionArgs.items()
  items?: Array<string | number>;
}
