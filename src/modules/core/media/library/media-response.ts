import { renderContent, renderExcerpt, renderTitle, restGmtDate } from '../..';
import { restDate } from '../../../../platform/common/dates';
import { slugify } from '../../../../platform/common/slug';
import { JsonSchema, LinkSet, RestUrls, RestUser, SchemaContext } from '../../../../platform/rest';
import type { AttachmentParent } from '../attachment-parents';
import { UPLOADS_URL_PATH } from '../files/media-storage';
import { DISPLAYABLE_IMAGE_TYPES } from '../files/upload-types';
import { EMPTY_IMAGE_META, IMAGE_SIZES, resizeFor } from '../files/image-sizes';
import type { MediaEntity } from '../media.entity';
import { absoluteMediaUrl } from '../media.mapper';
import { ATTACHMENT_WRITE_STATUSES } from './dto/media-args.dto';
import { attachmentTextField } from './attachment-text-fields';

const ALL = ['view', 'edit', 'embed'] as const;
const VIEW_EDIT = ['view', 'edit'] as const;
const EDIT = ['edit'] as const;

/** One generated size as stored in `details` (WordPress's attachment metadata `sizes` entry). */
export interface StoredSize {
  file: string;
  width: number;
  height: number;
  filesize: number;
  mime_type: string;
}

/** The attachment metadata kept in `details` (wp_generate_attachment_metadata). */
export interface StoredDetails {
  width?: number;
  height?: number;
  file?: string;
  filesize?: number;
  sizes?: Record<string, StoredSize>;
  image_meta?: typeof EMPTY_IMAGE_META;
}

export function detailsOf(media: MediaEntity): StoredDetails | null {
  if (!media.details) return null;
  try {
    const parsed: unknown = JSON.parse(media.details);
    return typeof parsed === 'object' && parsed !== null ? (parsed as StoredDetails) : null;
  } catch {
    return null;
  }
}

/** wp_attachment_is_image: an image type the site displays (and makes sizes of). */
export function isDisplayableImage(media: MediaEntity): boolean {
  return DISPLAYABLE_IMAGE_TYPES.has(media.mimeType);
}

/** The folder (`2026/11`) of a stored file. */
export function folderOf(media: MediaEntity): string {
  const slash = media.file.lastIndexOf('/');
  return slash > 0 ? media.file.slice(0, slash) : '';
}

/** The public URL of the original (wp_get_attachment_url): the uploads URL of the file, or the recorded URL. */
export function sourceUrl(media: MediaEntity, urls: Pick<RestUrls, 'site'>): string {
  return media.file
    ? siteUrlOf(`${UPLOADS_URL_PATH}/${media.file}`, urls)
    : absoluteMediaUrl(media.url, urls);
}

function siteUrlOf(path: string, urls: Pick<RestUrls, 'site'>): string {
  return absoluteMediaUrl(path, urls);
}

/** The sizes WordPress would make for this image and that are missing (wp_get_missing_image_subsizes). */
export function missingImageSizes(media: MediaEntity, details: StoredDetails | null): string[] {
  if (!isDisplayableImage(media) || !details?.width || !details.height) return [];
  const { width, height } = details;
  const made = details.sizes ?? {};
  return IMAGE_SIZES.filter((size) => !made[size.name] && resizeFor(width, height, size) !== null).map(
    (size) => size.name,
  );
}

/** What the response needs besides the row. */
export interface MediaMapContext {
  urls: RestUrls;
  user: RestUser | null;
  context: SchemaContext;
  siteUrl: string;
  timeZone: string;
  /** The post the attachment is attached to, when it exists. */
  parent?: AttachmentParent;
  canEdit: boolean;
  canDelete: boolean;
}

function mediaDetails(
  media: MediaEntity,
  details: StoredDetails | null,
  urls: RestUrls,
): Record<string, unknown> {
  if (!details || Object.keys(details).length === 0) return {};
  const result: Record<string, unknown> = { ...details };
  const folder = folderOf(media);
  const prefix = `${UPLOADS_URL_PATH}/${folder ? `${folder}/` : ''}`;
  const sizes = details.sizes ?? {};
  if (Object.keys(sizes).length > 0) {
    const withUrls: Record<string, unknown> = {};
    for (const [name, size] of Object.entries(sizes)) {
      withUrls[name] = { ...size, source_url: siteUrlOf(`${prefix}${size.file}`, urls) };
    }
    withUrls.full = {
      file: media.file.slice(media.file.lastIndexOf('/') + 1),
      width: details.width ?? media.width ?? 0,
      height: details.height ?? media.height ?? 0,
      mime_type: media.mimeType,
      source_url: sourceUrl(media, urls),
    };
    result.sizes = withUrls;
  } else {
    result.sizes = {};
  }
  return result;
}

function escapeAttr(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * prepend_attachment's paragraph (wp_get_attachment_link at the `medium` size): the image (its medium size when
 * made, with a srcset of the sizes sharing its aspect ratio) linked to the file, or the title for other files.
 */
function attachmentParagraph(media: MediaEntity, details: StoredDetails | null, urls: RestUrls): string {
  const href = sourceUrl(media, urls);
  if (!isDisplayableImage(media)) {
    return `<p class="attachment"><a href='${href}'>${renderTitle(media.title) || escapeAttr(media.file)}</a></p>`;
  }
  const folder = folderOf(media);
  const prefix = `${UPLOADS_URL_PATH}/${folder ? `${folder}/` : ''}`;
  const medium = details?.sizes?.medium;
  const width = medium?.width ?? details?.width ?? media.width ?? 0;
  const height = medium?.height ?? details?.height ?? media.height ?? 0;
  const src = medium ? siteUrlOf(`${prefix}${medium.file}`, urls) : href;
  const sizeAttrs = width && height ? `width="${width}" height="${height}" ` : '';
  let srcset = '';
  if (medium && details?.width && details.height) {
    const ratio = details.width / details.height;
    const candidates = Object.values(details.sizes ?? {})
      .filter(
        (size) => size.width <= 2048 && Math.abs(size.width / size.height - ratio) < 0.01 * ratio + 0.02,
      )
      .map((size) => `${siteUrlOf(`${prefix}${size.file}`, urls)} ${size.width}w`);
    if (details.width <= 2048) candidates.push(`${href} ${details.width}w`);
    if (candidates.length > 1) {
      srcset = ` srcset="${candidates.join(', ')}" sizes="(max-width: ${width}px) 100vw, ${width}px"`;
    }
  }
  const img =
    `<img ${sizeAttrs}src="${src}" class="attachment-medium size-medium" alt="${escapeAttr(media.alt)}" ` +
    `decoding="async" loading="lazy"${srcset} />`;
  return `<p class="attachment"><a href='${href}'>${img}</a></p>`;
}

/** The attachment's page: under its post when it has one, else at the site root, else `?attachment_id=`. */
function attachmentLink(media: MediaEntity, ctx: MediaMapContext): string {
  const plain = ctx.urls.site(`/?attachment_id=${media.id}`);
  if (media.parentId > 0) {
    if (!ctx.parent || !media.slug) return plain;
    if (ctx.parent.link.includes('?')) return plain;
    const name = /^\d+$/.test(media.slug) ? `attachment/${media.slug}` : media.slug;
    return `${ctx.parent.link.replace(/\/?$/, '/')}${name}/`;
  }
  return media.slug ? ctx.urls.site(`/${media.slug}/`) : plain;
}

function permalinkTemplate(media: MediaEntity, ctx: MediaMapContext): string {
  if (media.parentId > 0 && ctx.parent && !ctx.parent.link.includes('?')) {
    return `${ctx.parent.link.replace(/\/?$/, '/')}%postname%/`;
  }
  return ctx.urls.site(`/?attachment_id=${media.id}`);
}

/** WordPress's attachment response (WP_REST_Attachments_Controller::prepare_item_for_response). */
export function toMediaResponse(media: MediaEntity, ctx: MediaMapContext): Record<string, unknown> {
  const details = detailsOf(media);
  const guid = absoluteMediaUrl(media.url, ctx.urls);
  const self = ctx.urls.route(`/core/v2/media/${media.id}`);
  const description = media.description ?? '';
  const caption = media.caption ?? '';
  const rendered = renderContent(description);
  const data: Record<string, unknown> = {
    id: media.id,
    date: restDate(media.date),
    date_gmt: restGmtDate(media.date, media.dateGmt, ctx.timeZone),
    guid: { rendered: guid, raw: guid },
    modified: restDate(media.modified || media.date),
    modified_gmt: restGmtDate(media.modified || media.date, media.modifiedGmt || media.dateGmt, ctx.timeZone),
    slug: media.slug,
    status: media.status,
    type: 'attachment',
    link: attachmentLink(media, ctx),
    title: { raw: media.title, rendered: renderTitle(media.title) },
    author: media.authorId,
    comment_status: media.commentStatus,
    ping_status: media.pingStatus,
    template: '',
    meta: [],
    permalink_template: permalinkTemplate(media, ctx),
    generated_slug: slugify(media.title) || String(media.id),
    description: {
      raw: description,
      rendered: `${attachmentParagraph(media, details, ctx.urls)}\n${rendered}`,
    },
    caption: { raw: caption, rendered: renderExcerpt(caption, description) },
    alt_text: media.alt,
    media_type: isDisplayableImage(media) ? 'image' : 'file',
    mime_type: media.mimeType,
    media_details: mediaDetails(media, details, ctx.urls),
    post: media.parentId > 0 ? media.parentId : null,
    source_url: sourceUrl(media, ctx.urls),
    missing_image_sizes: missingImageSizes(media, details),
  };

  const allow = ['GET'];
  if (ctx.canEdit) allow.push('POST', 'PUT', 'PATCH');
  if (ctx.canDelete) allow.push('DELETE');
  const links = new LinkSet()
    .add('self', self, { targetHints: { allow } })
    .add('collection', ctx.urls.route('/core/v2/media'))
    .add('about', ctx.urls.route('/core/v2/types/attachment'));
  if (media.authorId)
    links.add('author', ctx.urls.route(`/core/v2/users/${media.authorId}`), { embeddable: true });
  links.add('replies', ctx.urls.route('/core/v2/comments', { post: media.id }), { embeddable: true });
  if (ctx.context === 'edit' && ctx.user) {
    if (ctx.user.can('unfiltered_html')) links.add('https://api.w.org/action-unfiltered-html', self);
    if (ctx.user.can('edit_others_posts')) links.add('https://api.w.org/action-assign-author', self);
  }
  data._links = links.toJSON();
  return data;
}

/** The attachment item schema (WordPress's, with each field's contexts). */
export function mediaSchema(urls?: RestUrls): JsonSchema {
  const schema: JsonSchema & { links?: unknown[] } = {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'attachment',
    type: 'object',
    properties: {
      date: {
        description: "The date the post was published, in the site's timezone.",
        type: ['string', 'null'],
        format: 'date-time',
        context: ALL,
      },
      date_gmt: {
        description: 'The date the post was published, as GMT.',
        type: ['string', 'null'],
        format: 'date-time',
        context: VIEW_EDIT,
      },
      guid: {
        description: 'The globally unique identifier for the post.',
        type: 'object',
        context: VIEW_EDIT,
        readonly: true,
        properties: {
          raw: {
            description: 'GUID for the post, as it exists in the database.',
            type: 'string',
            context: EDIT,
            readonly: true,
          },
          rendered: {
            description: 'GUID for the post, transformed for display.',
            type: 'string',
            context: VIEW_EDIT,
            readonly: true,
          },
        },
      },
      id: { description: 'Unique identifier for the post.', type: 'integer', context: ALL, readonly: true },
      link: { description: 'URL to the post.', type: 'string', format: 'uri', context: ALL, readonly: true },
      modified: {
        description: "The date the post was last modified, in the site's timezone.",
        type: 'string',
        format: 'date-time',
        context: VIEW_EDIT,
        readonly: true,
      },
      modified_gmt: {
        description: 'The date the post was last modified, as GMT.',
        type: 'string',
        format: 'date-time',
        context: VIEW_EDIT,
        readonly: true,
      },
      slug: {
        description: 'An alphanumeric identifier for the post unique to its type.',
        type: 'string',
        context: ALL,
      },
      status: {
        description: 'A named status for the post.',
        type: 'string',
        enum: ATTACHMENT_WRITE_STATUSES,
        context: VIEW_EDIT,
      },
      type: { description: 'Type of post.', type: 'string', context: ALL, readonly: true },
      permalink_template: {
        description: 'Permalink template for the post.',
        type: 'string',
        context: EDIT,
        readonly: true,
      },
      generated_slug: {
        description: 'Slug automatically generated from the post title.',
        type: 'string',
        context: EDIT,
        readonly: true,
      },
      title: attachmentTextField('title'),
      author: { description: 'The ID for the author of the post.', type: 'integer', context: ALL },
      comment_status: {
        description: 'Whether or not comments are open on the post.',
        type: 'string',
        enum: ['open', 'closed'],
        context: VIEW_EDIT,
      },
      ping_status: {
        description: 'Whether or not the post can be pinged.',
        type: 'string',
        enum: ['open', 'closed'],
        context: VIEW_EDIT,
      },
      meta: { description: 'Meta fields.', type: 'object', context: VIEW_EDIT, properties: {} },
      template: {
        description: 'The theme file to use to display the post.',
        type: 'string',
        context: VIEW_EDIT,
      },
      alt_text: {
        description: 'Alternative text to display when attachment is not displayed.',
        type: 'string',
        context: ALL,
      },
      caption: attachmentTextField('caption'),
      description: attachmentTextField('description'),
      media_type: {
        description: 'Attachment type.',
        type: 'string',
        enum: ['image', 'file'],
        context: ALL,
        readonly: true,
      },
      mime_type: { description: 'The attachment MIME type.', type: 'string', context: ALL, readonly: true },
      media_details: {
        description: 'Details about the media file, specific to its type.',
        type: 'object',
        context: ALL,
        readonly: true,
      },
      post: {
        description: 'The ID for the associated post of the attachment.',
        type: 'integer',
        context: VIEW_EDIT,
      },
      source_url: {
        description: 'URL to the original attachment file.',
        type: 'string',
        format: 'uri',
        context: ALL,
        readonly: true,
      },
      missing_image_sizes: {
        description: 'List of the missing image sizes of the attachment.',
        type: 'array',
        items: { type: 'string' },
        context: EDIT,
        readonly: true,
      },
    },
  };
  if (!urls) return schema;
  const href = `${urls.route('/core/v2/media')}/{id}`;
  schema.links = [
    {
      rel: 'https://api.w.org/action-unfiltered-html',
      title: 'The current user can post unfiltered HTML markup and JavaScript.',
      href,
      targetSchema: { type: 'object', properties: { content: { raw: { type: 'string' } } } },
    },
    {
      rel: 'https://api.w.org/action-assign-author',
      title: 'The current user can change the author on this post.',
      href,
      targetSchema: { type: 'object', properties: { author: { type: 'integer' } } },
    },
  ];
  return schema;
}
