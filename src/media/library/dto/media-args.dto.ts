import { slugify } from '../../../common/slug';
import {
  Arg,
  ArgSpec,
  CommonArgs,
  Context,
  forbidden,
  parseList,
  RestCall,
  SchemaContext,
} from '../../../rest';

const ID_LIST = (description: string): ArgSpec => ({
  description,
  type: 'array',
  items: { type: 'integer' },
  default: [],
});

const DATE_FILTER = (description: string): ArgSpec => ({ description, type: 'string', format: 'date-time' });

/** The `media_type` filter's values (the first part of the allowed MIME types, as WordPress's get_media_types). */
export const MEDIA_TYPE_FILTERS = ['image', 'video', 'text', 'application', 'audio'] as const;
export const ATTACHMENT_FILTER_STATUSES = ['inherit', 'private', 'trash'];
/** The post statuses the attachment schema lists (WordPress shows the posts controller's). */
export const ATTACHMENT_WRITE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];

/** WordPress's sanitize_post_statuses with the attachments' default (`inherit`): others need edit_posts. */
function statusFilter(value: unknown, call: RestCall<any>) {
  for (const status of parseList(value).map(String)) {
    if (status === 'inherit') continue;
    const allowed =
      call.user?.can('edit_posts') || (status === 'private' && call.user?.can('read_private_posts'));
    if (!allowed) return forbidden('rest_forbidden_status', 'Status is forbidden.', call.user !== null);
  }
  return true;
}

/** `GET core/v2/media`: the posts controller's collection parameters plus `media_type` and `mime_type`. */
export class ListMediaArgs {
  @CommonArgs.context()
  context: Context;

  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage()
  per_page: number;

  @CommonArgs.search()
  search?: string;

  @Arg(DATE_FILTER('Limit response to posts published after a given ISO8601 compliant date.'))
  after?: string;

  @Arg(DATE_FILTER('Limit response to posts modified after a given ISO8601 compliant date.'))
  modified_after?: string;

  @Arg(ID_LIST('Limit result set to posts assigned to specific authors.'))
  author: number[];

  @Arg(ID_LIST('Ensure result set excludes posts assigned to specific authors.'))
  author_exclude: number[];

  @Arg(DATE_FILTER('Limit response to posts published before a given ISO8601 compliant date.'))
  before?: string;

  @Arg(DATE_FILTER('Limit response to posts modified before a given ISO8601 compliant date.'))
  modified_before?: string;

  @Arg(ID_LIST('Ensure result set excludes specific IDs.'))
  exclude: number[];

  @Arg(ID_LIST('Limit result set to specific IDs.'))
  include: number[];

  @CommonArgs.offset()
  offset?: number;

  @CommonArgs.order('desc')
  order: 'asc' | 'desc';

  @Arg({
    description: 'Sort collection by post attribute.',
    type: 'string',
    default: 'date',
    enum: [
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
    ],
  })
  orderby: string;

  @Arg(ID_LIST('Limit result set to items with particular parent IDs.'))
  parent: number[];

  @Arg(ID_LIST('Limit result set to all items except those of a particular parent ID.'))
  parent_exclude: number[];

  @Arg({
    description: 'Limit result set to posts with one or more specific slugs.',
    type: 'array',
    items: { type: 'string' },
    sanitize: (v) => parseList(v).map((slug) => slugify(String(slug))),
  })
  slug?: string[];

  @Arg({
    default: 'inherit',
    description: 'Limit result set to posts assigned one or more statuses.',
    type: 'array',
    items: { enum: ATTACHMENT_FILTER_STATUSES, type: 'string' },
    validate: statusFilter,
  })
  status: string[];

  @Arg({
    default: null,
    description: 'Limit result set to attachments of a particular media type.',
    type: 'string',
    enum: [...MEDIA_TYPE_FILTERS],
    nullable: true,
  })
  media_type?: (typeof MEDIA_TYPE_FILTERS)[number] | null;

  @Arg({
    default: null,
    description: 'Limit result set to attachments of a particular MIME type.',
    type: 'string',
    nullable: true,
  })
  mime_type?: string | null;
}

export class MediaIdArgs {
  @Arg({ description: 'Unique identifier for the post.', type: 'integer' })
  id: number;
}

export class GetMediaArgs extends MediaIdArgs {
  @CommonArgs.context()
  context: Context;
}

export class DeleteMediaArgs extends MediaIdArgs {
  @Arg({ description: 'Whether to bypass Trash and force deletion.', type: 'boolean', default: false })
  force: boolean;
}

export class PostProcessMediaArgs extends MediaIdArgs {
  @Arg({ type: 'string', enum: ['create-image-subsizes'], required: true })
  action: 'create-image-subsizes';
}

/** A rendered text field as input: a string, or `{raw}` (not checked against the object schema, as WordPress). */
export type RenderedInput = string | { raw?: string };

const RENDERED_INPUT = (
  description: string,
  rawDescription: string,
  renderedDescription: string,
  renderedContexts: readonly SchemaContext[],
): ArgSpec =>
  ({
    description,
    type: 'object',
    properties: {
      raw: { description: rawDescription, type: 'string', context: ['edit'] },
      rendered: {
        description: renderedDescription,
        type: 'string',
        context: renderedContexts,
        readonly: true,
      },
    },
    validateSchema: false,
  }) as ArgSpec;

export const TITLE_INPUT = RENDERED_INPUT(
  'The title for the post.',
  'Title for the post, as it exists in the database.',
  'HTML title for the post, transformed for display.',
  ['view', 'edit', 'embed'],
);
export const CAPTION_INPUT = RENDERED_INPUT(
  'The attachment caption.',
  'Caption for the attachment, as it exists in the database.',
  'HTML caption for the attachment, transformed for display.',
  ['view', 'edit', 'embed'],
);
export const DESCRIPTION_INPUT = RENDERED_INPUT(
  'The attachment description.',
  'Description for the attachment, as it exists in the database.',
  'HTML description for the attachment, transformed for display.',
  ['view', 'edit'],
);

const DATE_INPUT = (description: string): ArgSpec => ({
  description,
  type: ['string', 'null'],
  format: 'date-time',
});

/** `POST core/v2/media` (besides the file): the attachment schema's writable fields. */
export class CreateMediaArgs {
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

  @Arg({ description: 'A named status for the post.', type: 'string', enum: ATTACHMENT_WRITE_STATUSES })
  status?: string;

  @Arg(TITLE_INPUT)
  title?: RenderedInput;

  @Arg({ description: 'The ID for the author of the post.', type: 'integer' })
  author?: number;

  @Arg({
    description: 'Whether or not comments are open on the post.',
    type: 'string',
    enum: ['open', 'closed'],
  })
  comment_status?: 'open' | 'closed';

  @Arg({ description: 'Whether or not the post can be pinged.', type: 'string', enum: ['open', 'closed'] })
  ping_status?: 'open' | 'closed';

  @Arg({ description: 'Meta fields.', type: 'object', properties: {} })
  meta?: Record<string, unknown>;

  @Arg({ description: 'The theme file to use to display the post.', type: 'string' })
  template?: string;

  @Arg({ description: 'Alternative text to display when attachment is not displayed.', type: 'string' })
  alt_text?: string;

  @Arg(CAPTION_INPUT)
  caption?: RenderedInput;

  @Arg(DESCRIPTION_INPUT)
  description?: RenderedInput;

  @Arg({ description: 'The ID for the associated post of the attachment.', type: 'integer' })
  post?: number;
}

export class UpdateMediaArgs extends CreateMediaArgs {
  @Arg({ description: 'Unique identifier for the post.', type: 'integer' })
  id: number;
}

export function rawOf(input: RenderedInput | undefined): string | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'string') return input;
  return typeof input.raw === 'string' ? input.raw : undefined;
}
