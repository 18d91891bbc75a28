import { JsonSchema, LinkSet, RestUrls } from '../../../platform/rest';
import { renderContent, renderExcerpt, renderTitle } from '../rendering';
import { restDate } from '../../../platform/common/dates';
import { plainLink } from '../posts/post-links';
import { GUID_SCHEMA, textFieldSchema } from '../posts/post.mapper';
import type { PostTypeConfig } from '../posts/post-types';
import { PostEntity, ZERO_DATE } from '../posts/post.entity';

const ALL = ['view', 'edit', 'embed'] as const;
const VIEW_EDIT = ['view', 'edit'] as const;
const EDIT = ['edit'] as const;

/** The revision schema (13 properties; autosaves add `preview_link`). */
export function revisionSchema(parentType: PostTypeConfig, autosave = false): () => JsonSchema {
  return () => {
    const properties: Record<string, JsonSchema> = {
      author: { description: 'The ID for the author of the revision.', type: 'integer', context: ALL },
      date: {
        description: "The date the revision was published, in the site's timezone.",
        type: 'string',
        format: 'date-time',
        context: ALL,
      },
      date_gmt: {
        description: 'The date the revision was published, as GMT.',
        type: 'string',
        format: 'date-time',
        context: VIEW_EDIT,
      },
      guid: GUID_SCHEMA,
      id: { description: 'Unique identifier for the revision.', type: 'integer', context: ALL },
      modified: {
        description: "The date the revision was last modified, in the site's timezone.",
        type: 'string',
        format: 'date-time',
        context: VIEW_EDIT,
      },
      modified_gmt: {
        description: 'The date the revision was last modified, as GMT.',
        type: 'string',
        format: 'date-time',
        context: VIEW_EDIT,
      },
      parent: { description: 'The ID for the parent of the revision.', type: 'integer', context: ALL },
      slug: {
        description: 'An alphanumeric identifier for the revision unique to its type.',
        type: 'string',
        context: ALL,
      },
      title: textFieldSchema('title', ALL),
      content: textFieldSchema('content', VIEW_EDIT),
      excerpt: textFieldSchema('excerpt', ALL),
      meta: {
        description: 'Meta fields.',
        type: 'object',
        context: VIEW_EDIT,
        properties: { footnotes: { type: 'string', context: VIEW_EDIT } },
      },
    };
    if (autosave) {
      properties.preview_link = {
        description: 'Preview link for the post.',
        type: 'string',
        format: 'uri',
        context: EDIT,
        readonly: true,
      };
    }
    return {
      $schema: 'http://json-schema.org/draft-04/schema#',
      title: `${parentType.name}-${autosave ? 'autosave' : 'revision'}`,
      type: 'object',
      properties,
    };
  };
}

export interface RevisionMapContext {
  parentType: PostTypeConfig;
  siteUrl: string;
  urls: RestUrls;
  previewLink?: string;
}

/**
 * A revision (or, for an autosave that updated a draft in place, the post itself) in the revisions
 * controller's shape. `date`/`date_gmt` are null while the stored GMT date is zero.
 */
export function toRevisionResponse(revision: PostEntity, ctx: RevisionMapContext): Record<string, unknown> {
  const floating = revision.dateGmt === ZERO_DATE;
  // A draft autosaved in place is the post itself: its own guid (`?page_id=ID` for a page).
  const guid =
    revision.type !== 'revision' && revision.guid
      ? revision.guid
      : plainLink(ctx.siteUrl, {
          id: revision.id,
          type: revision.type === 'revision' ? 'post' : revision.type,
          language: revision.language,
        });
  const parentId = revision.type === 'revision' ? revision.parentId : revision.parentId;
  const data: Record<string, unknown> = {
    author: revision.authorId,
    date: floating ? null : restDate(revision.date),
    date_gmt: floating ? null : restDate(revision.dateGmt),
    id: revision.id,
    modified: restDate(revision.modified),
    modified_gmt: revision.modifiedGmt === ZERO_DATE ? null : restDate(revision.modifiedGmt),
    parent: parentId,
    slug: revision.slug ?? '',
    guid: { rendered: guid, raw: guid },
    title: { raw: revision.title, rendered: renderTitle(revision.title) },
    content: { raw: revision.content, rendered: renderContent(revision.content) },
    excerpt: {
      raw: revision.excerpt,
      rendered: revision.excerpt.trim() === '' ? '' : renderExcerpt(revision.excerpt, ''),
    },
    meta: { footnotes: revision.footnotes ?? '' },
  };
  if (ctx.previewLink !== undefined) data.preview_link = ctx.previewLink;
  // The revisions controller links `parent` when there is one: a draft autosaved in place links its own parent
  // page, or nothing at top level (golden page-autosave-create-draft.json).
  if (parentId) {
    const parentRoute = `/core/v2/${ctx.parentType.restBase}/${parentId}`;
    data._links = new LinkSet().add('parent', ctx.urls.route(parentRoute)).toJSON();
  }
  return data;
}
