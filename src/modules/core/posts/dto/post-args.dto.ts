import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Min,
  ValidateNested,
} from 'class-validator';
import { TRANSLATION_OF_ARG } from '../../../ml';
import { TypeCapabilities } from '../../../../platform/auth';
import { slugify } from '../../../../platform/common/slug';
import {
  Arg,
  ArgSpec,
  CommonArgs,
  Context,
  forbidden,
  KeywordOrder,
  OptionalArg,
  parseList,
  RenderedInput,
  RestCall,
  RestError,
} from '../../../../platform/rest';
import { FILTER_STATUSES, PAGE_TYPE, POST_FORMATS, POST_TYPE, WRITE_STATUSES } from '../post-types';
import { postTextField } from '../post.mapper';

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

/** The `status` filter: one or more of the filter statuses, `publish` by default (others need a capability). */
const StatusFilter = (caps: TypeCapabilities) =>
  applyDecorators(
    IsOptional(),
    IsArray(),
    IsString({ each: true }),
    IsIn(FILTER_STATUSES, { each: true }),
    Arg(
      {
        description: 'Limit result set to posts assigned one or more statuses.',
        default: 'publish',
        validate: statusFilter(caps),
      },
      { order: [...KeywordOrder.defaultFirst, 'items.enum'] },
    ),
  );

/**
 * A taxonomy filter: a list of term IDs or a term query object. WordPress's multi-type with `oneOf`, which
 * class-validator has no word for, so `@Arg` states the whole schema.
 */
const TermQuery = (description: string, withChildren: boolean, withOperator: boolean) => {
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
  return Arg({
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
  });
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

/**
 * The collection parameters of WordPress's posts controller that every post type shares, attachments included
 * (the media library extends it).
 */
export abstract class PostCollectionArgs {
  @CommonArgs.context()
  context: Context;

  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage()
  per_page: number;

  @CommonArgs.search()
  search?: string;

  @OptionalArg.dateTime('Limit response to posts published after a given ISO8601 compliant date.')
  after?: string;

  @OptionalArg.dateTime('Limit response to posts modified after a given ISO8601 compliant date.')
  modified_after?: string;

  @OptionalArg.ids('Limit result set to posts assigned to specific authors.')
  author: number[];

  @OptionalArg.ids('Ensure result set excludes posts assigned to specific authors.')
  author_exclude: number[];

  @OptionalArg.dateTime('Limit response to posts published before a given ISO8601 compliant date.')
  before?: string;

  @OptionalArg.dateTime('Limit response to posts modified before a given ISO8601 compliant date.')
  modified_before?: string;

  @CommonArgs.exclude()
  exclude: number[];

  @CommonArgs.include()
  include: number[];
}

/** List parameters shared by posts and pages (WordPress's get_collection_params). */
abstract class ListContentArgs extends PostCollectionArgs {
  @OptionalArg.oneOf(['exact'], 'How to interpret the search input.')
  search_semantics?: 'exact';

  @CommonArgs.offset()
  offset?: number;

  @CommonArgs.order('desc')
  order: 'asc' | 'desc';

  @IsOptional()
  @IsArray()
  @IsIn(['post_title', 'post_content', 'post_excerpt'], { each: true }) // items: {type, enum}, as WordPress
  @IsString({ each: true })
  @Arg({ description: 'Array of column names to be searched.', default: [] })
  search_columns: string[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Arg({
    description: 'Limit result set to posts with one or more specific slugs.',
    sanitize: (v) => parseList(v).map((slug) => slugify(String(slug))),
  })
  slug?: string[];
}

export class ListPostsArgs extends ListContentArgs {
  @OptionalArg.oneOf(
    ORDERBY,
    'Sort collection by post attribute.',
    { default: 'date' },
    { order: KeywordOrder.defaultBeforeEnum },
  )
  orderby: string;

  @StatusFilter(POST_TYPE.caps)
  status: string[];

  @OptionalArg.oneOf(['AND', 'OR'], 'Limit result set based on relationship between multiple taxonomies.')
  tax_relation?: 'AND' | 'OR';

  @TermQuery('Limit result set to items with specific terms assigned in the categories taxonomy.', true, true)
  categories?: TermFilter;

  @TermQuery(
    'Limit result set to items except those with specific terms assigned in the categories taxonomy.',
    true,
    false,
  )
  categories_exclude?: TermFilter;

  @TermQuery('Limit result set to items with specific terms assigned in the tags taxonomy.', false, true)
  tags?: TermFilter;

  @TermQuery(
    'Limit result set to items except those with specific terms assigned in the tags taxonomy.',
    false,
    false,
  )
  tags_exclude?: TermFilter;

  @OptionalArg.boolean('Limit result set to items that are sticky.')
  sticky?: boolean;

  @OptionalArg.boolean('Whether to ignore sticky posts or not.', { default: true })
  ignore_sticky: boolean;

  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(POST_FORMATS, { each: true })
  @IsString({ each: true })
  @Arg({ description: 'Limit result set to items assigned one or more given formats.' })
  format?: string[];
}

export class ListPagesArgs extends ListContentArgs {
  @OptionalArg.int('Limit result set to posts with a specific menu_order value.')
  menu_order?: number;

  @OptionalArg.oneOf(
    [...ORDERBY, 'menu_order'],
    'Sort collection by post attribute.',
    { default: 'date' },
    { order: KeywordOrder.defaultBeforeEnum },
  )
  orderby: string;

  @OptionalArg.ids('Limit result set to items with particular parent IDs.')
  parent: number[];

  @OptionalArg.ids('Limit result set to all items except those of a particular parent ID.')
  parent_exclude: number[];

  @StatusFilter(PAGE_TYPE.caps)
  status: string[];
}

export type TermFilter = number[] | { terms?: number[]; include_children?: boolean; operator?: 'AND' | 'OR' };

export class GetPostArgs {
  @OptionalArg.int('Unique identifier for the post.')
  id: number;

  @CommonArgs.context()
  context: Context;

  @OptionalArg.int('Override the default excerpt length.')
  excerpt_length?: number;

  @OptionalArg.string('The password for the post if it is password protected.')
  password?: string;
}

export class DeletePostArgs {
  @OptionalArg.int('Unique identifier for the post.')
  id: number;

  @OptionalArg.boolean(
    'Whether to bypass Trash and force deletion.',
    { default: false },
    { order: KeywordOrder.typeFirst },
  )
  force: boolean;
}

/**
 * `title`, `content`, `excerpt`: declared as the item schema's object (as WordPress shows them), but not
 * checked against it (their `arg_options` have no validate_callback): a string or `{raw}` is taken.
 */

/** The post meta WordPress registers (`footnotes`, `inline_featured_image`). */
class PostMetaInput {
  @IsOptional()
  @IsString()
  @Arg({ description: '' })
  footnotes?: string;

  @IsOptional()
  @IsBoolean()
  @Arg({ description: '' })
  inline_featured_image?: boolean;
}

/** Writable fields shared by posts and pages (the item schema's non-readonly properties). */
abstract class WriteContentArgs {
  @OptionalArg.nullableDateTime("The date the post was published, in the site's timezone.")
  date?: string | null;

  @OptionalArg.nullableDateTime('The date the post was published, as GMT.')
  date_gmt?: string | null;

  @IsOptional()
  @IsString()
  @Arg({
    description: 'An alphanumeric identifier for the post unique to its type.',
    sanitize: (v) => slugify(String(v)),
  })
  slug?: string;

  @OptionalArg.oneOf(WRITE_STATUSES, 'A named status for the post.')
  status?: string;

  @OptionalArg.string('A password to protect access to the content and excerpt.')
  password?: string;

  @OptionalArg.renderedText(postTextField('title'))
  title?: RenderedInput;

  @OptionalArg.renderedText(postTextField('content'))
  content?: RenderedInput;

  @OptionalArg.int('The ID for the author of the post.')
  author?: number;

  @OptionalArg.renderedText(postTextField('excerpt'))
  excerpt?: RenderedInput;

  @OptionalArg.int('The ID of the featured media for the post.')
  featured_media?: number;

  @OptionalArg.oneOf(['open', 'closed'], 'Whether or not comments are open on the post.')
  comment_status?: string;

  @OptionalArg.oneOf(['open', 'closed'], 'Whether or not the post can be pinged.')
  ping_status?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => PostMetaInput)
  @Arg({ description: 'Meta fields.' })
  meta?: PostMetaInput;

  @OptionalArg.string('The theme file to use to display the post.')
  template?: string;

  @IsOptional()
  @IsInt()
  @Min(TRANSLATION_OF_ARG.minimum)
  @Arg({ description: TRANSLATION_OF_ARG.description })
  translation_of?: number;
}

export class WritePostArgs extends WriteContentArgs {
  @OptionalArg.oneOf(POST_FORMATS, 'The format for the post.')
  format?: string;

  @OptionalArg.boolean('Whether or not the post should be treated as sticky.')
  sticky?: boolean;

  @IsOptional()
  @IsArray()
  @IsInt({ each: true })
  @Arg({ description: 'The terms assigned to the post in the category taxonomy.' })
  categories?: number[];

  @IsOptional()
  @IsArray()
  @IsInt({ each: true })
  @Arg({ description: 'The terms assigned to the post in the post_tag taxonomy.' })
  tags?: number[];
}

export class WritePageArgs extends WriteContentArgs {
  @OptionalArg.int('The ID for the parent of the post.')
  parent?: number;

  @OptionalArg.int('The order of the post in relation to other posts.')
  menu_order?: number;
}

export class UpdatePostArgs extends WritePostArgs {
  @OptionalArg.int('Unique identifier for the post.')
  id: number;
}

export class UpdatePageArgs extends WritePageArgs {
  @OptionalArg.int('Unique identifier for the post.')
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
