import { IsArray, IsIn, IsOptional, IsString } from 'class-validator';
import { Arg, CommonArgs, KeywordOrder } from '../../../../platform/rest';
import { SEARCH_SUBTYPES, SEARCH_TYPES, SearchType } from '../site-search.service';

export class SearchArgs {
  // WordPress's search controller has no `edit` context
  @IsOptional()
  @IsString()
  @IsIn(['view', 'embed'])
  @Arg({
    description: 'Scope under which the request is made; determines fields present in response.',
    default: 'view',
  })
  context: 'view' | 'embed';

  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage()
  per_page: number;

  @CommonArgs.search()
  search?: string;

  @IsOptional()
  @IsString()
  @IsIn([...SEARCH_TYPES])
  @Arg(
    { description: 'Limit results to items of an object type.', default: 'post' },
    { order: KeywordOrder.defaultFirst },
  )
  type: SearchType;

  @IsOptional()
  @IsArray()
  @IsString({ each: true }) // items: {enum, type}, as WordPress shows them
  @IsIn([...SEARCH_SUBTYPES.post, ...SEARCH_SUBTYPES.term, 'any'], { each: true })
  @Arg(
    { description: 'Limit results to items of one or more object subtypes.', default: 'any' },
    { order: KeywordOrder.defaultFirst },
  )
  subtype: string[] | string;

  @CommonArgs.exclude()
  exclude: number[];

  @CommonArgs.include()
  include: number[];
}
