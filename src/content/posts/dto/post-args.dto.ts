import { TRANSLATION_OF_ARG } from '../../../translation';
import { TypeCapabilities } from '../../../auth';
import { slugify } from '../../../common/slug';
import { Arg, ArgSpec, forbidden, parseList, RestCall, RestError, CommonArgs, Context } from '../../../rest';
import { FILTER_STATUSES, PAGE_TYPE, POST_FORMATS, POST_TYPE, WRITE_STATUSES } from '../post-types';
import { postTextField } from '../post.mapper';

const ID_LIST = (description: string): ArgSpec => ({
  description,
  type: 'array',
  items: { type: 'integer' },
  default: [],
});

/** WordPress's sanitize_post_statuses: any status besides `publish` needs edit_posts (private: read_private). */
function statusFilter(caps: TypeCapabilities): ArgSpec['validate'] {
  return (value: unknown, call: RestCall<any>) => {
    for (const status of parseList(value).map(String)) {
      if (status === 'publish') continue;
      const allowed = call.user?.can(caps.edit) || (status === 'private' && call.user?.can(caps.readPrivate));
      if (!allowed) return forbidden('rest_forbidden_status', 'Status is forbidden.', call.user !== null);
    }
    return true;
  };
}

const TERM_FILTER = (description: string, withChildren: boolean, withOperator: boolean): ArgSpec => {
  const properties: Record<string, ArgSpec> = {
    terms: { description: 'Term IDs.', type: 'array', items: { type: 'integer' }, default: [] },
  };
  if (withChildren) {
    properties.include_children = {
      description: 'Whether to include child terms in the terms limiting the result set.',
      type: 'boolean',
      default: false,
    };
  }
  if (withOperator) {
    properties.operator = {
      description: 'Whether items must be assigned all or any of the specified terms.',
      type: 'string',
      enum: ['AND', 'OR'],
      default: 'OR',
    };
  }
  return {
    description,
    type: ['object', 'array'],
    oneOf: [
      {
        title: 'Term ID List',
        description: 'Match terms with the listed IDs.',
        type: 'array',
        items: { type: 'integer' },
      },
      {
        title: 'Term ID Taxonomy Query',
        description: 'Perform an advanced term query.',
        type: 'object',
        properties,
        additionalProperties: false,
      },
    ],
  };
};

const ORDERBY = [
  'author',
  'date',
  'id',
  'include',
  'modified',
  'parent',
  'relevance',
  'slug',
  'include_slugs',
  'title',
];

/** List parameters shared by posts and pages (WordPress's get_collection_params). */
abstract class ListContentArgs {
  @CommonArgs.context()
  context: Context;

  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage()
  per_page: number;

  @CommonArgs.search()
  search?: string;

  @Arg({
    description: 'Limit response to posts published after a given ISO8601 compliant date.',
    type: 'string',
    format: 'date-time',
  })
  after?: string;

  @Arg({
    description: 'Limit response to posts modified after a given ISO8601 compliant date.',
    type: 'string',
    format: 'date-time',
  })
  modified_after?: string;

  @Arg(ID_LIST('Limit result set to posts assigned to specific authors.'))
  author: number[];

  @Arg(ID_LIST('Ensure result set excludes posts assigned to specific authors.'))
  author_exclude: number[];

  @Arg({
    description: 'Limit response to posts published before a given ISO8601 compliant date.',
    type: 'string',
    format: 'date-time',
  })
  before?: string;

  @Arg({
    description: 'Limit response to posts modified before a given ISO8601 compliant date.',
    type: 'string',
    format: 'date-time',
  })
  modified_before?: string;

  @Arg(ID_LIST('Ensure result set excludes specific IDs.'))
  exclude: number[];

  @Arg(ID_LIST('Limit result set to specific IDs.'))
  include: number[];

  @Arg({ description: 'How to interpret the search input.', type: 'string', enum: ['exact'] })
  search_semantics?: 'exact';

  @CommonArgs.offset()
  offset?: number;

  @CommonArgs.order('desc')
  order: 'asc' | 'desc';

  @Arg({
    description: 'Array of column names to be searched.',
    type: 'array',
    items: { type: 'string', enum: ['post_title', 'post_content', 'post_excerpt'] },
    default: [],
  })
  search_columns: string[];

  @Arg({
    description: 'Limit result set to posts with one or more specific slugs.',
    type: 'array',
    items: { type: 'string' },
    sanitize: (v) => parseList(v).map((slug) => slugify(String(slug))),
  })
  slug?: string[];
}

export class ListPostsArgs extends ListContentArgs {
  @Arg({ description: 'Sort collection by post attribute.', type: 'string', default: 'date', enum: ORDERBY })
  orderby: string;

  @Arg({
    description: 'Limit result set to posts assigned one or more statuses.',
    type: 'array',
    items: { type: 'string', enum: FILTER_STATUSES },
    default: 'publish',
    validate: statusFilter(POST_TYPE.caps),
  })
  status: string[];

  @Arg({
    description: 'Limit result set based on relationship between multiple taxonomies.',
    type: 'string',
    enum: ['AND', 'OR'],
  })
  tax_relation?: 'AND' | 'OR';

  @Arg(
    TERM_FILTER(
      'Limit result set to items with specific terms assigned in the categories taxonomy.',
      true,
      true,
    ),
  )
  categories?: TermFilter;

  @Arg(
    TERM_FILTER(
      'Limit result set to items except those with specific terms assigned in the categories taxonomy.',
      true,
      false,
    ),
  )
  categories_exclude?: TermFilter;

  @Arg(
    TERM_FILTER('Limit result set to items with specific terms assigned in the tags taxonomy.', false, true),
  )
  tags?: TermFilter;

  @Arg(
    TERM_FILTER(
      'Limit result set to items except those with specific terms assigned in the tags taxonomy.',
      false,
      false,
    ),
  )
  tags_exclude?: TermFilter;

  @Arg({ description: 'Limit result set to items that are sticky.', type: 'boolean' })
  sticky?: boolean;

  @Arg({ description: 'Whether to ignore sticky posts or not.', type: 'boolean', default: true })
  ignore_sticky: boolean;

  @Arg({
    description: 'Limit result set to items assigned one or more given formats.',
    type: 'array',
    uniqueItems: true,
    items: { type: 'string', enum: POST_FORMATS },
  })
  format?: string[];
}

export class ListPagesArgs extends ListContentArgs {
  @Arg({ description: 'Limit result set to posts with a specific menu_order value.', type: 'integer' })
  menu_order?: number;

  @Arg({
    description: 'Sort collection by post attribute.',
    type: 'string',
    default: 'date',
    enum: [...ORDERBY, 'menu_order'],
  })
  orderby: string;

  @Arg(ID_LIST('Limit result set to items with particular parent IDs.'))
  parent: number[];

  @Arg(ID_LIST('Limit result set to all items except those of a particular parent ID.'))
  parent_exclude: number[];

  @Arg({
    description: 'Limit result set to posts assigned one or more statuses.',
    type: 'array',
    items: { type: 'string', enum: FILTER_STATUSES },
    default: 'publish',
    validate: statusFilter(PAGE_TYPE.caps),
  })
  status: string[];
}

export type TermFilter = number[] | { terms?: number[]; include_children?: boolean; operator?: 'AND' | 'OR' };

export class GetPostArgs {
  @Arg({ description: 'Unique identifier for the post.', type: 'integer' })
  id: number;

  @CommonArgs.context()
  context: Context;

  @Arg({ description: 'Override the default excerpt length.', type: 'integer' })
  excerpt_length?: number;

  @Arg({ description: 'The password for the post if it is password protected.', type: 'string' })
  password?: string;
}

export class DeletePostArgs {
  @Arg({ description: 'Unique identifier for the post.', type: 'integer' })
  id: number;

  @Arg({ description: 'Whether to bypass Trash and force deletion.', type: 'boolean', default: false })
  force: boolean;
}

/**
 * `title`, `content`, `excerpt`: declared as the item schema's object (as WordPress shows them), but not
 * checked against it (their `arg_options` have no validate_callback): a string or `{raw}` is taken.
 */
const RENDERED_INPUT = (field: 'title' | 'content' | 'excerpt'): ArgSpec => {
  const { context: _context, ...schema } = postTextField(field);
  return { ...schema, validateSchema: false } as ArgSpec;
};

const DATE_INPUT = (description: string): ArgSpec => ({
  description,
  type: ['string', 'null'],
  format: 'date-time',
});

export type RenderedInput = string | { raw?: string };

/** Writable fields shared by posts and pages (the item schema's non-readonly properties). */
abstract class WriteContentArgs {
  @Arg(DATE_INPUT("The date the post was published, in the site's timezone."))
  date?: string | null;

  @Arg(DATE_INPUT('The date the post was published, as GMT.'))
  date_gmt?: string | null;

  @Arg({
    description: 'An alphanumeric identifier for the post unique to its type.',
    type: 'string',
    sanitize: (v) => slugify(String(v)),
  })
  slug?: string;

  @Arg({ description: 'A named status for the post.', type: 'string', enum: WRITE_STATUSES })
  status?: string;

  @Arg({ description: 'A password to protect access to the content and excerpt.', type: 'string' })
  password?: string;

  @Arg(RENDERED_INPUT('title'))
  title?: RenderedInput;

  @Arg(RENDERED_INPUT('content'))
  content?: RenderedInput;

  @Arg({ description: 'The ID for the author of the post.', type: 'integer' })
  author?: number;

  @Arg(RENDERED_INPUT('excerpt'))
  excerpt?: RenderedInput;

  @Arg({ description: 'The ID of the featured media for the post.', type: 'integer' })
  featured_media?: number;

  @Arg({
    description: 'Whether or not comments are open on the post.',
    type: 'string',
    enum: ['open', 'closed'],
  })
  comment_status?: string;

  @Arg({ description: 'Whether or not the post can be pinged.', type: 'string', enum: ['open', 'closed'] })
  ping_status?: string;

  @Arg({
    description: 'Meta fields.',
    type: 'object',
    properties: {
      footnotes: { type: 'string', description: '' },
      inline_featured_image: { type: 'boolean', description: '' },
    },
  })
  meta?: { footnotes?: string; inline_featured_image?: boolean };

  @Arg({ description: 'The theme file to use to display the post.', type: 'string' })
  template?: string;

  @Arg(TRANSLATION_OF_ARG)
  translation_of?: number;
}

export class WritePostArgs extends WriteContentArgs {
  @Arg({ description: 'The format for the post.', type: 'string', enum: POST_FORMATS })
  format?: string;

  @Arg({ description: 'Whether or not the post should be treated as sticky.', type: 'boolean' })
  sticky?: boolean;

  @Arg({
    description: 'The terms assigned to the post in the category taxonomy.',
    type: 'array',
    items: { type: 'integer' },
  })
  categories?: number[];

  @Arg({
    description: 'The terms assigned to the post in the post_tag taxonomy.',
    type: 'array',
    items: { type: 'integer' },
  })
  tags?: number[];
}

export class WritePageArgs extends WriteContentArgs {
  @Arg({ description: 'The ID for the parent of the post.', type: 'integer' })
  parent?: number;

  @Arg({ description: 'The order of the post in relation to other posts.', type: 'integer' })
  menu_order?: number;
}

export class UpdatePostArgs extends WritePostArgs {
  @Arg({ description: 'Unique identifier for the post.', type: 'integer' })
  id: number;
}

export class UpdatePageArgs extends WritePageArgs {
  @Arg({ description: 'Unique identifier for the post.', type: 'integer' })
  id: number;
}

/** The write args of either type, as the service reads them. */
export type WriteArgs = Partial<WritePostArgs & WritePageArgs> & { id?: number };

export function rawOf(input: RenderedInput | undefined): string | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'string') return input;
  return typeof input.raw === 'string' ? input.raw : undefined;
}

export type { RestError };
