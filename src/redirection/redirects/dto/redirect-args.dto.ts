import { Arg } from '../../../rest';
import { filterByArg, ITEMS_ARG, ListSetArgs, orderbyArg } from '../../shared/list-args';
import { REDIRECT_FILTERS, REDIRECT_ORDERS } from '../redirects.repository';

export class ListRedirectsArgs extends ListSetArgs {
  @Arg(filterByArg(REDIRECT_FILTERS))
  override filterBy?: Record<string, string> = undefined;
  @Arg(orderbyArg(REDIRECT_ORDERS))
  override orderby?: string = undefined;
}

export class BulkRedirectsArgs extends ListRedirectsArgs {
  @Arg({ description: 'Apply bulk action globally, as per filters', type: 'boolean' })
  global?: boolean;
  @Arg({ ...ITEMS_ARG, description: 'Array of IDs to perform action on' })
  items?: Array<string | number>;
}

export class SearchPostsArgs {
  @Arg({ description: 'Text to match', type: 'string', required: true })
  text: string;
}
