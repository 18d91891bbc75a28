import { TRANSLATION_OF_ARG } from '../../../translation';
import { slugify } from '../../../common/slug';
import { Arg, parseList, sanitizeTextField, CommonArgs, Context } from '../../../rest';

export class ListTermsArgs {
  @CommonArgs.context()
  context: Context;

  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage()
  per_page: number;

  @CommonArgs.search()
  search?: string;

  @CommonArgs.exclude()
  exclude: number[];

  @CommonArgs.include()
  include: number[];

  @CommonArgs.order('asc')
  order: 'asc' | 'desc';

  @Arg({
    description: 'Sort collection by term attribute.',
    type: 'string',
    default: 'name',
    enum: ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'],
  })
  orderby: string;

  @Arg({ description: 'Whether to hide terms not assigned to any posts.', type: 'boolean', default: false })
  hide_empty: boolean;

  @Arg({ description: 'Limit result set to terms assigned to a specific post.', type: 'integer' })
  post?: number;

  @Arg({
    description: 'Limit result set to terms with one or more specific slugs.',
    type: 'array',
    items: { type: 'string' },
    sanitize: (v) => parseList(v).map((s) => slugify(String(s))),
  })
  slug?: string[];
}

export class ListCategoriesArgs extends ListTermsArgs {
  @Arg({ description: 'Limit result set to terms assigned to a specific parent.', type: 'integer' })
  parent?: number;
}

export class ListTagsArgs extends ListTermsArgs {
  @CommonArgs.offset()
  offset?: number;
}

export class GetTermArgs {
  @Arg({ description: 'Unique identifier for the term.', type: 'integer' })
  id: number;

  @CommonArgs.context()
  context: Context;
}

export class WriteTermArgs {
  @Arg({ description: 'HTML description of the term.', type: 'string' })
  description?: string;

  @Arg({
    description: 'An alphanumeric identifier for the term unique to its type.',
    type: 'string',
    sanitize: (v) => slugify(String(v)),
  })
  slug?: string;

  @Arg({ description: 'The parent term ID.', type: 'integer' })
  parent?: number;

  @Arg({ description: 'Meta fields.', type: 'object' })
  meta?: Record<string, unknown>;
}

export class CreateTermArgs extends WriteTermArgs {
  @Arg({
    description: 'HTML title for the term.',
    type: 'string',
    required: true,
    sanitize: (v) => sanitizeTextField(String(v)),
  })
  name?: string;

  @Arg(TRANSLATION_OF_ARG)
  translation_of?: number;
}

export class UpdateTermArgs extends WriteTermArgs {
  @Arg({
    description: 'HTML title for the term.',
    type: 'string',
    sanitize: (v) => sanitizeTextField(String(v)),
  })
  name?: string;

  @Arg({ description: 'Unique identifier for the term.', type: 'integer' })
  id: number;
}

export class DeleteTermArgs {
  @Arg({ description: 'Unique identifier for the term.', type: 'integer' })
  id: number;

  @Arg({
    description: 'Required to be true, as terms do not support trashing.',
    type: 'boolean',
    default: false,
  })
  force: boolean;
}
