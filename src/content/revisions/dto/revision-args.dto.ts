import { Arg, CommonArgs, Context } from '../../../rest';

export class ListRevisionsArgs {
  @Arg({ description: 'The ID for the parent of the revision.', type: 'integer' })
  parent: number;

  @CommonArgs.context()
  context: Context;

  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage(null)
  per_page?: number;

  @CommonArgs.search()
  search?: string;

  @CommonArgs.exclude()
  exclude: number[];

  @CommonArgs.include()
  include: number[];

  @CommonArgs.offset()
  offset?: number;

  @CommonArgs.order('desc')
  order: 'asc' | 'desc';

  @Arg({
    description: 'Sort collection by object attribute.',
    type: 'string',
    default: 'date',
    enum: ['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title'],
  })
  orderby: string;
}

export class GetRevisionArgs {
  @Arg({ description: 'The ID for the parent of the revision.', type: 'integer' })
  parent: number;

  @Arg({ description: 'Unique identifier for the revision.', type: 'integer' })
  id: number;

  @CommonArgs.context()
  context: Context;
}

export class DeleteRevisionArgs {
  @Arg({ description: 'The ID for the parent of the revision.', type: 'integer' })
  parent: number;

  @Arg({ description: 'Unique identifier for the revision.', type: 'integer' })
  id: number;

  @Arg({
    description: 'Required to be true, as revisions do not support trashing.',
    type: 'boolean',
    default: false,
  })
  force: boolean;
}

export class ListAutosavesArgs {
  @Arg({ description: 'The ID for the parent of the autosave.', type: 'integer' })
  id: number;

  @CommonArgs.context()
  context: Context;
}
