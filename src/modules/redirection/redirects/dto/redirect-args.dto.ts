import { IsBoolean, IsDefined, IsOptional, IsString } from 'class-validator';
import { Arg } from '../../../../platform/rest';
import { ListSetArgs, RedirectionArgs } from '../../shared/list-args';
import { REDIRECT_FILTERS, REDIRECT_ORDERS } from '../redirects.repository';

export class ListRedirectsArgs extends ListSetArgs {
  @RedirectionArgs.filterBy(REDIRECT_FILTERS)
  override filterBy?: Record<string, string> = undefined;

  @RedirectionArgs.orderby(REDIRECT_ORDERS)
  override orderby?: string = undefined;
}

export class BulkRedirectsArgs extends ListRedirectsArgs {
  @IsOptional()
  @IsBoolean()
  @Arg({ description: 'Apply bulk action globally, as per filters' })
  global?: boolean;

  @RedirectionArgs.items('Array of IDs to perform action on')
  items?: Array<string | number>;
}

export class SearchPostsArgs {
  @IsDefined()
  @IsString()
  @Arg({ description: 'Text to match' })
  text: string;
}
