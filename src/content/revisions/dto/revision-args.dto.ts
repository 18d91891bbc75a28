import { Arg, sanitizeTextField } from '../../../rest';
import { CONTEXT_ARG, Context } from '../../posts/dto/post-args.dto';

export class ListRevisionsArgs {
  @Arg({ description: 'The ID for the parent of the revision.', type: 'integer' })
  parent: number;

  @Arg(CONTEXT_ARG)
  context: Context;

  @Arg({ description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 })
  page: number;

  @Arg({
    description: 'Maximum number of items to be returned in result set.',
    type: 'integer',
    minimum: 1,
    maximum: 100,
  })
  per_page?: number;

  @Arg({
    description: 'Limit results to those matching a string.',
    type: 'string',
    sanitize: (v) => sanitizeTextField(String(v)),
  })
  search?: string;

  @Arg({
    description: 'Ensure result set excludes specific IDs.',
    type: 'array',
    items: { type: 'integer' },
    default: [],
  })
  exclude: number[];

  @Arg({
    description: 'Limit result set to specific IDs.',
    type: 'array',
    items: { type: 'integer' },
    default: [],
  })
  include: number[];

  @Arg({ description: 'Offset the result set by a specific number of items.', type: 'integer' })
  offset?: number;

  @Arg({
    description: 'Order sort attribute ascending or descending.',
    type: 'string',
    default: 'desc',
    enum: ['asc', 'desc'],
  })
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

  @Arg(CONTEXT_ARG)
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

  @Arg(CONTEXT_ARG)
  context: Context;
}
