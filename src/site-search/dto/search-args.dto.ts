import { Arg, CommonArgs } from '../../rest';
import { SEARCH_SUBTYPES, SEARCH_TYPES, SearchType } from '../site-search.service';

export class SearchArgs {
  @Arg({
    description: 'Scope under which the request is made; determines fields present in response.',
    type: 'string',
    enum: ['view', 'embed'],
    default: 'view',
  })
  context: 'view' | 'embed';

  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage()
  per_page: number;

  @CommonArgs.search()
  search?: string;

  @Arg({
    description: 'Limit results to items of an object type.',
    type: 'string',
    default: 'post',
    enum: [...SEARCH_TYPES],
  })
  type: SearchType;

  @Arg({
    description: 'Limit results to items of one or more object subtypes.',
    type: 'array',
    items: { enum: [...SEARCH_SUBTYPES.post, ...SEARCH_SUBTYPES.term, 'any'], type: 'string' },
    default: 'any',
  })
  subtype: string[] | string;

  @CommonArgs.exclude()
  exclude: number[];

  @CommonArgs.include()
  include: number[];
}
