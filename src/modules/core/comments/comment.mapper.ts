import { avatarUrls } from '../../../platform/auth';
import { restDate } from '../../../platform/common/dates';
import { autop, convertChars, PostEntity, postLink, siteRoot, texturize } from '..';
import { filterByContext, JsonSchema, LinkSet, RestUrls, SchemaContext } from '../../../platform/rest';
import { CommentEntity } from './comment.entity';

/** A comment with what its response needs, batch-loaded by the service. */
export interface CommentView {
  comment: CommentEntity;
  /** The comment's post, or null (no post, or a post that no longer exists). */
  post: PostEntity | null;
  hasChildren: boolean;
}

/** prepare_status_response: the stored comment_approved as the API names it. */
export function statusName(stored: string): string {
  if (stored === '0' || stored === 'hold') return 'hold';
  if (stored === '1' || stored === 'approve') return 'approved';
  return stored;
}

/** make_clickable for bare http(s) addresses outside tags and anchors (comment_text). */
export function makeClickable(text: string): string {
  return text
    .split(/(<a\b[\s\S]*?<\/a>|<[^>]*>)/i)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(
            /(^|[\s(>])(https?:\/\/[^\s<>"']+?)([.,;:!?)]*)(?=$|[\s<])/gi,
            (_, lead: string, url: string, trail: string) =>
              `${lead}<a href="${url}" rel="nofollow ugc">${url}</a>${trail}`,
          ),
    )
    .join('');
}

/** `content.rendered`: the comment_text filters (texturize, convert_chars, make_clickable, autop). */
export function renderCommentContent(raw: string): string {
  return autop(makeClickable(convertChars(texturize(raw))));
}

/** get_comment_link: the post's link with `#comment-ID`. */
export function commentLink(siteUrl: string, view: Pick<CommentView, 'comment' | 'post'>): string {
  const base = view.post ? postLink(siteUrl, view.post) : `${siteRoot(siteUrl, 'en')}/`;
  return `${base}#comment-${view.comment.id}`;
}

/** The comment as the API shows it in `context`, with `_links`. */
export function toCommentResponse(
  view: CommentView,
  urls: RestUrls,
  siteUrl: string,
  context: SchemaContext,
): Record<string, unknown> {
  const { comment, post } = view;
  const data: Record<string, unknown> = {
    id: comment.id,
    post: comment.postId,
    parent: comment.parentId,
    author: comment.userId,
    author_name: comment.authorName,
    author_email: comment.authorEmail,
    author_url: comment.authorUrl,
    author_ip: comment.authorIp,
    author_user_agent: comment.authorAgent,
    date: restDate(comment.date),
    date_gmt: restDate(comment.dateGmt),
    content: { rendered: renderCommentContent(comment.content ?? ''), raw: comment.content ?? '' },
    link: commentLink(siteUrl, view),
    status: statusName(comment.status),
    type: comment.type,
    author_avatar_urls: avatarUrls(comment.authorEmail),
    meta: [],
  };
  const shaped = filterByContext(data, commentSchema(), context) as Record<string, unknown>;
  const links = new LinkSet()
    .add('self', urls.route(`/core/v2/comments/${comment.id}`))
    .add('collection', urls.route('/core/v2/comments'));
  if (comment.userId)
    links.add('author', urls.route(`/core/v2/users/${comment.userId}`), { embeddable: true });
  if (post) {
    links.add('up', urls.route(`/core/v2/${post.type === 'page' ? 'pages' : 'posts'}/${post.id}`), {
      embeddable: true,
      post_type: post.type,
    });
  }
  if (comment.parentId) {
    links.add('in-reply-to', urls.route(`/core/v2/comments/${comment.parentId}`), { embeddable: true });
  }
  if (view.hasChildren) {
    links.add('children', urls.route('/core/v2/comments', { parent: comment.id }), { embeddable: true });
  }
  shaped._links = links.toJSON();
  return shaped;
}

const ALL: SchemaContext[] = ['view', 'edit', 'embed'];

/** WordPress's comment schema (OPTIONS, context filtering). */
export function commentSchema(): JsonSchema {
  const avatar = (size: number): JsonSchema => ({
    description: `Avatar URL with image size of ${size} pixels.`,
    type: 'string',
    format: 'uri',
    context: ['embed', 'view', 'edit'],
  });
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'comment',
    type: 'object',
    properties: {
      id: { description: 'Unique identifier for the object.', type: 'integer', context: ALL, readonly: true },
      author: {
        description: 'The ID of the user object, if author was a user.',
        type: 'integer',
        context: ALL,
      },
      author_email: {
        description: 'Email address for the object author.',
        type: 'string',
        format: 'email',
        context: ['edit'],
      },
      author_ip: {
        description: 'IP address for the object author.',
        type: 'string',
        format: 'ip',
        context: ['edit'],
      },
      author_name: { description: 'Display name for the object author.', type: 'string', context: ALL },
      author_url: { description: 'URL for the object author.', type: 'string', format: 'uri', context: ALL },
      author_user_agent: {
        description: 'User agent for the object author.',
        type: 'string',
        context: ['edit'],
      },
      content: {
        description: 'The content for the object.',
        type: 'object',
        context: ALL,
        properties: {
          raw: {
            description: 'Content for the object, as it exists in the database.',
            type: 'string',
            context: ['edit'],
          },
          rendered: {
            description: 'HTML content for the object, transformed for display.',
            type: 'string',
            context: ALL,
            readonly: true,
          },
        },
      },
      date: {
        description: "The date the object was published, in the site's timezone.",
        type: 'string',
        format: 'date-time',
        context: ALL,
      },
      date_gmt: {
        description: 'The date the object was published, as GMT.',
        type: 'string',
        format: 'date-time',
        context: ['view', 'edit'],
      },
      link: {
        description: 'URL to the object.',
        type: 'string',
        format: 'uri',
        context: ALL,
        readonly: true,
      },
      parent: {
        description: 'The ID for the parent of the object.',
        type: 'integer',
        context: ALL,
        default: 0,
      },
      post: {
        description: 'The ID of the associated post object.',
        type: 'integer',
        context: ['view', 'edit'],
        default: 0,
      },
      status: { description: 'State of the object.', type: 'string', context: ['view', 'edit'] },
      type: { description: 'Type of the comment.', type: 'string', context: ALL, readonly: true },
      author_avatar_urls: {
        description: 'Avatar URLs for the object author.',
        type: 'object',
        context: ALL,
        readonly: true,
        properties: { 24: avatar(24), 48: avatar(48), 96: avatar(96) },
      },
      meta: { description: 'Meta fields.', type: 'object', context: ['view', 'edit'], properties: {} },
    },
  };
}
