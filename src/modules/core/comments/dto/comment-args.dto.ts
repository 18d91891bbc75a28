import {
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsIP,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
} from 'class-validator';
import { Arg, CommonArgs, KeywordOrder, RestError, sanitizeTextField } from '../../../../platform/rest';

/** sanitize_key: lower case, only a-z, 0-9, `_` and `-`. */
export function sanitizeKey(value: unknown): string {
  return String(value)
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '');
}

const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)+$/;

/** A list of IDs (`"1,2"` or `[1, 2]`), optionally defaulting to none. */
function IdArray(description: string, withDefault: boolean): PropertyDecorator {
  return (target, property) => {
    IsOptional()(target, property);
    IsArray()(target, property);
    IsInt({ each: true })(target, property);
    Arg({ description, ...(withDefault ? { default: [] } : {}) }, { order: KeywordOrder.defaultFirst })(
      target,
      property,
    );
  };
}

export class CommentContextArgs {
  @CommonArgs.context()
  context: 'view' | 'embed' | 'edit';
}

export class ListCommentsArgs extends CommentContextArgs {
  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage()
  per_page: number;

  @CommonArgs.search()
  search?: string;

  @IsOptional()
  @IsISO8601()
  @Arg({ description: 'Limit response to comments published after a given ISO8601 compliant date.' })
  after?: string;

  @IdArray('Limit result set to comments assigned to specific user IDs. Requires authorization.', false)
  author?: number[];

  @IdArray(
    'Ensure result set excludes comments assigned to specific user IDs. Requires authorization.',
    false,
  )
  author_exclude?: number[];

  @IsOptional()
  @IsEmail()
  @Arg(
    { description: 'Limit result set to that from a specific author email. Requires authorization.' },
    { order: ['description', 'format', 'type'] },
  )
  author_email?: string;

  @IsOptional()
  @IsISO8601()
  @Arg({ description: 'Limit response to comments published before a given ISO8601 compliant date.' })
  before?: string;

  @CommonArgs.exclude()
  exclude: number[];

  @CommonArgs.include()
  include: number[];

  @CommonArgs.offset()
  offset?: number;

  @CommonArgs.order('desc')
  order: 'asc' | 'desc';

  @IsOptional()
  @IsString()
  @IsIn(['date', 'date_gmt', 'id', 'include', 'post', 'parent', 'type'])
  @Arg(
    { description: 'Sort collection by comment attribute.', default: 'date_gmt' },
    { order: KeywordOrder.defaultBeforeEnum },
  )
  orderby: 'date' | 'date_gmt' | 'id' | 'include' | 'post' | 'parent' | 'type';

  @IdArray('Limit result set to comments of specific parent IDs.', true)
  parent: number[];

  @IdArray('Ensure result set excludes specific parent IDs.', true)
  parent_exclude: number[];

  @IdArray('Limit result set to comments assigned to specific post IDs.', true)
  post: number[];

  @IsOptional()
  @IsString()
  @Arg(
    {
      description: 'Limit result set to comments assigned a specific status. Requires authorization.',
      default: 'approve',
      sanitize: sanitizeKey,
    },
    { order: KeywordOrder.defaultFirst },
  )
  status: string;

  @IsOptional()
  @IsString()
  @Arg(
    {
      description: 'Limit result set to comments assigned a specific type. Requires authorization.',
      default: 'comment',
      sanitize: sanitizeKey,
    },
    { order: KeywordOrder.defaultFirst },
  )
  type: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'The password for the post if it is password protected.' })
  password?: string;
}

/** The parent post's password (if the post is password protected). */
function Password(): PropertyDecorator {
  return (target, property) => {
    IsOptional()(target, property);
    IsString()(target, property);
    Arg({
      description: 'The password for the parent post of the comment (if the post is password protected).',
    })(target, property);
  };
}

export class CommentIdArgs {
  @IsOptional()
  @IsInt()
  @Arg({ description: 'Unique identifier for the comment.' })
  id: number;
}

export class GetCommentArgs extends CommentIdArgs {
  @CommonArgs.context()
  context: 'view' | 'embed' | 'edit';

  @Password()
  password?: string;
}

export class DeleteCommentArgs extends CommentIdArgs {
  @IsOptional()
  @IsBoolean()
  @Arg(
    { description: 'Whether to bypass Trash and force deletion.', default: false },
    { order: KeywordOrder.typeFirst },
  )
  force: boolean;

  @Password()
  password?: string;
}

/** The writable comment fields (get_endpoint_args_for_item_schema); `post` and `parent` default to 0 on create. */
class CommentFieldArgs {
  @IsOptional()
  @IsInt()
  @Arg({ description: 'The ID of the user object, if author was a user.' })
  author?: number;

  @IsOptional()
  @IsString()
  @Arg({
    description: 'Email address for the comment author.',
    validate: (value) =>
      value === '' || EMAIL.test(String(value))
        ? true
        : new RestError('rest_invalid_email', 'Invalid email address.', 400),
  })
  author_email?: string;

  @IsOptional()
  @IsIP()
  @Arg({ description: 'IP address for the comment author.' })
  author_ip?: string;

  @IsOptional()
  @IsString()
  @Arg({
    description: 'Display name for the comment author.',
    sanitize: (value) => sanitizeTextField(String(value)),
  })
  author_name?: string;

  @IsOptional()
  @IsUrl()
  @Arg({ description: 'URL for the comment author.' })
  author_url?: string;

  @IsOptional()
  @IsString()
  @Arg({
    description: 'User agent for the comment author.',
    sanitize: (value) => sanitizeTextField(String(value)),
  })
  author_user_agent?: string;

  @Arg({ description: 'The content for the comment.', type: ['string', 'object'] })
  content?: string | { raw?: unknown };

  @IsOptional()
  @IsISO8601()
  @Arg({ description: "The date the comment was published, in the site's timezone." })
  date?: string;

  @IsOptional()
  @IsISO8601()
  @Arg({ description: 'The date the comment was published, as GMT.' })
  date_gmt?: string;

  @IsOptional()
  @IsInt()
  @Arg({ description: 'The ID for the parent of the comment.' })
  parent?: number;

  @IsOptional()
  @IsInt()
  @Arg({ description: 'The ID of the associated post object.' })
  post?: number;

  @IsOptional()
  @IsString()
  @Arg({ description: 'State of the comment.', sanitize: sanitizeKey })
  status?: string;

  @IsOptional()
  @IsObject()
  @Arg({ description: 'Meta fields.' })
  meta?: Record<string, unknown>;

  @Password()
  password?: string;
}

/** As WordPress's creatable args: `parent` and `post` default to 0 (redeclared, they keep their place). */
export class CreateCommentArgs extends CommentFieldArgs {
  @Arg(
    { description: 'The ID for the parent of the comment.', default: 0 },
    { order: KeywordOrder.defaultFirst },
  )
  declare parent: number;

  @Arg(
    { description: 'The ID of the associated post object.', default: 0 },
    { order: KeywordOrder.defaultFirst },
  )
  declare post: number;
}

export class UpdateCommentArgs extends CommentFieldArgs {
  @IsOptional()
  @IsInt()
  @Arg({ description: 'Unique identifier for the comment.' })
  id: number;
}
