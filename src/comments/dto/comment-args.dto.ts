import { Arg, CommonArgs, RestError, sanitizeTextField } from '../../rest';

/** sanitize_key: lower case, only a-z, 0-9, `_` and `-`. */
export function sanitizeKey(value: unknown): string {
  return String(value)
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '');
}

const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)+$/;

const idArray = (description: string, withDefault: boolean) => ({
  description,
  type: 'array' as const,
  items: { type: 'integer' as const },
  ...(withDefault ? { default: [] } : {}),
});

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

  @Arg({
    description: 'Limit response to comments published after a given ISO8601 compliant date.',
    type: 'string',
    format: 'date-time',
  })
  after?: string;

  @Arg(idArray('Limit result set to comments assigned to specific user IDs. Requires authorization.', false))
  author?: number[];

  @Arg(
    idArray(
      'Ensure result set excludes comments assigned to specific user IDs. Requires authorization.',
      false,
    ),
  )
  author_exclude?: number[];

  @Arg({
    description: 'Limit result set to that from a specific author email. Requires authorization.',
    type: 'string',
    format: 'email',
  })
  author_email?: string;

  @Arg({
    description: 'Limit response to comments published before a given ISO8601 compliant date.',
    type: 'string',
    format: 'date-time',
  })
  before?: string;

  @CommonArgs.exclude()
  exclude: number[];

  @CommonArgs.include()
  include: number[];

  @CommonArgs.offset()
  offset?: number;

  @CommonArgs.order('desc')
  order: 'asc' | 'desc';

  @Arg({
    description: 'Sort collection by comment attribute.',
    type: 'string',
    default: 'date_gmt',
    enum: ['date', 'date_gmt', 'id', 'include', 'post', 'parent', 'type'],
  })
  orderby: 'date' | 'date_gmt' | 'id' | 'include' | 'post' | 'parent' | 'type';

  @Arg(idArray('Limit result set to comments of specific parent IDs.', true))
  parent: number[];

  @Arg(idArray('Ensure result set excludes specific parent IDs.', true))
  parent_exclude: number[];

  @Arg(idArray('Limit result set to comments assigned to specific post IDs.', true))
  post: number[];

  @Arg({
    description: 'Limit result set to comments assigned a specific status. Requires authorization.',
    type: 'string',
    default: 'approve',
    sanitize: sanitizeKey,
  })
  status: string;

  @Arg({
    description: 'Limit result set to comments assigned a specific type. Requires authorization.',
    type: 'string',
    default: 'comment',
    sanitize: sanitizeKey,
  })
  type: string;

  @Arg({ description: 'The password for the post if it is password protected.', type: 'string' })
  password?: string;
}

const PASSWORD = {
  description: 'The password for the parent post of the comment (if the post is password protected).',
  type: 'string' as const,
};

export class CommentIdArgs {
  @Arg({ description: 'Unique identifier for the comment.', type: 'integer' })
  id: number;
}

export class GetCommentArgs extends CommentIdArgs {
  @CommonArgs.context()
  context: 'view' | 'embed' | 'edit';

  @Arg(PASSWORD)
  password?: string;
}

export class DeleteCommentArgs extends CommentIdArgs {
  @Arg({ description: 'Whether to bypass Trash and force deletion.', type: 'boolean', default: false })
  force: boolean;

  @Arg(PASSWORD)
  password?: string;
}

/** The writable comment fields (get_endpoint_args_for_item_schema); `post` and `parent` default to 0 on create. */
class CommentFieldArgs {
  @Arg({ description: 'The ID of the user object, if author was a user.', type: 'integer' })
  author?: number;

  @Arg({
    description: 'Email address for the comment author.',
    type: 'string',
    validate: (value) =>
      value === '' || EMAIL.test(String(value))
        ? true
        : new RestError('rest_invalid_email', 'Invalid email address.', 400),
  })
  author_email?: string;

  @Arg({ description: 'IP address for the comment author.', type: 'string', format: 'ip' })
  author_ip?: string;

  @Arg({
    description: 'Display name for the comment author.',
    type: 'string',
    sanitize: (value) => sanitizeTextField(String(value)),
  })
  author_name?: string;

  @Arg({ description: 'URL for the comment author.', type: 'string', format: 'uri' })
  author_url?: string;

  @Arg({
    description: 'User agent for the comment author.',
    type: 'string',
    sanitize: (value) => sanitizeTextField(String(value)),
  })
  author_user_agent?: string;

  @Arg({ description: 'The content for the comment.', type: ['string', 'object'] })
  content?: string | { raw?: unknown };

  @Arg({
    description: "The date the comment was published, in the site's timezone.",
    type: 'string',
    format: 'date-time',
  })
  date?: string;

  @Arg({ description: 'The date the comment was published, as GMT.', type: 'string', format: 'date-time' })
  date_gmt?: string;

  @Arg({ description: 'The ID for the parent of the comment.', type: 'integer' })
  parent?: number;

  @Arg({ description: 'The ID of the associated post object.', type: 'integer' })
  post?: number;

  @Arg({ description: 'State of the comment.', type: 'string', sanitize: sanitizeKey })
  status?: string;

  @Arg({ description: 'Meta fields.', type: 'object' })
  meta?: Record<string, unknown>;

  @Arg(PASSWORD)
  password?: string;
}

/** As WordPress's creatable args: `parent` and `post` default to 0 (redeclared, they keep their place). */
export class CreateCommentArgs extends CommentFieldArgs {
  @Arg({ description: 'The ID for the parent of the comment.', type: 'integer', default: 0 })
  declare parent: number;

  @Arg({ description: 'The ID of the associated post object.', type: 'integer', default: 0 })
  declare post: number;
}

export class UpdateCommentArgs extends CommentFieldArgs {
  @Arg({ description: 'Unique identifier for the comment.', type: 'integer' })
  id: number;
}
