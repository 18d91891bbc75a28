import { IsArray, IsBoolean, IsDefined, IsIn, IsObject, IsOptional, IsString } from 'class-validator';
import { slugify } from '../../../../../platform/common/slug';
import {
  Arg,
  CommonArgs,
  Context,
  forbidden,
  KeywordOrder,
  OptionalArg,
  parseList,
  RenderedInput,
  RestCall,
} from '../../../../../platform/rest';
import { PostCollectionArgs } from '../../..';
import { attachmentTextField } from '../attachment-text-fields';

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
export class ListMediaArgs extends PostCollectionArgs {
  @CommonArgs.offset()
  offset?: number;

  @CommonArgs.order('desc')
  order: 'asc' | 'desc';

  @OptionalArg.oneOf(
    ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'],
    'Sort collection by post attribute.',
    { default: 'date' },
    { order: KeywordOrder.defaultBeforeEnum },
  )
  orderby: string;

  @OptionalArg.ids('Limit result set to items with particular parent IDs.')
  parent: number[];

  @OptionalArg.ids('Limit result set to all items except those of a particular parent ID.')
  parent_exclude: number[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Arg({
    description: 'Limit result set to posts with one or more specific slugs.',
    sanitize: (v) => parseList(v).map((slug) => slugify(String(slug))),
  })
  slug?: string[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true }) // items: {enum, type}, as WordPress shows them
  @IsIn(ATTACHMENT_FILTER_STATUSES, { each: true })
  @Arg(
    {
      default: 'inherit',
      description: 'Limit result set to posts assigned one or more statuses.',
      validate: statusFilter,
    },
    { order: KeywordOrder.defaultFirst },
  )
  status: string[];

  @OptionalArg.oneOf(
    MEDIA_TYPE_FILTERS,
    'Limit result set to attachments of a particular media type.',
    {
      default: null,
      nullable: true,
    },
    { order: KeywordOrder.defaultFirst },
  )
  media_type?: (typeof MEDIA_TYPE_FILTERS)[number] | null;

  @OptionalArg.string(
    'Limit result set to attachments of a particular MIME type.',
    {
      default: null,
      nullable: true,
    },
    { order: KeywordOrder.defaultFirst },
  )
  mime_type?: string | null;
}

export class MediaIdArgs {
  @OptionalArg.int('Unique identifier for the post.')
  id: number;
}

export class GetMediaArgs extends MediaIdArgs {
  @CommonArgs.context()
  context: Context;
}

export class DeleteMediaArgs extends MediaIdArgs {
  @IsOptional()
  @IsBoolean()
  @Arg(
    { description: 'Whether to bypass Trash and force deletion.', default: false },
    { order: KeywordOrder.typeFirst },
  )
  force: boolean;
}

export class PostProcessMediaArgs extends MediaIdArgs {
  @IsDefined()
  @IsString()
  @IsIn(['create-image-subsizes'])
  @Arg()
  action: 'create-image-subsizes';
}

/** `POST core/v2/media` (besides the file): the attachment schema's writable fields. */
export class CreateMediaArgs {
  @OptionalArg.nullableDateTime("The date the post was published, in the site's timezone.")
  date?: string | null;

  @OptionalArg.nullableDateTime('The date the post was published, as GMT.')
  date_gmt?: string | null;

  @OptionalArg.string('An alphanumeric identifier for the post unique to its type.', {
    sanitize: (v) => slugify(String(v)),
  })
  slug?: string;

  @OptionalArg.oneOf(ATTACHMENT_WRITE_STATUSES, 'A named status for the post.')
  status?: string;

  @OptionalArg.renderedText(attachmentTextField('title'))
  title?: RenderedInput;

  @OptionalArg.int('The ID for the author of the post.')
  author?: number;

  @OptionalArg.oneOf(['open', 'closed'], 'Whether or not comments are open on the post.')
  comment_status?: 'open' | 'closed';

  @OptionalArg.oneOf(['open', 'closed'], 'Whether or not the post can be pinged.')
  ping_status?: 'open' | 'closed';

  // free-form meta: no registered keys (WordPress shows `properties: {}`)
  @IsOptional()
  @IsObject()
  @Arg({ description: 'Meta fields.', properties: {} })
  meta?: Record<string, unknown>;

  @OptionalArg.string('The theme file to use to display the post.')
  template?: string;

  @OptionalArg.string('Alternative text to display when attachment is not displayed.')
  alt_text?: string;

  @OptionalArg.renderedText(attachmentTextField('caption'))
  caption?: RenderedInput;

  @OptionalArg.renderedText(attachmentTextField('description'))
  description?: RenderedInput;

  @OptionalArg.int('The ID for the associated post of the attachment.')
  post?: number;
}

export class UpdateMediaArgs extends CreateMediaArgs {
  @OptionalArg.int('Unique identifier for the post.')
  id: number;
}

export function rawOf(input: RenderedInput | undefined): string | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'string') return input;
  return typeof input.raw === 'string' ? input.raw : undefined;
}
