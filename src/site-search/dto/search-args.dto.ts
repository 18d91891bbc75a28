import { Arg, CommonArgs } from '../../rest';
import { SEARCH_SUBTYPES, SEARCH_TYPES, SearchType } from '../site-search.service';

export class SearchArgs {
  @Arg({ ...CommonArgs.context(), enum: ['view', 'embed'] })
  context: 'view' | 'embed';

  @Arg(CommonArgs.page)
  page: number;

  @Arg(CommonArgs.perPage())
  per_page: number;

  @Arg(CommonArgs.search)
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

  @Arg(CommonArgs.exclude)
  exclude: number[];

  @Arg(CommonArgs.include)
  include: number[];
}
