import { canDeleteObject, canEditObject, ownedObject } from '../../../platform/auth';
import { JsonSchema, LinkSet, RestUrls, RestUser, SchemaContext, SharedItems } from '../../../platform/rest';
import { pushValues } from '../../../platform/common/memo';
import { slugify } from '../../../platform/common/slug';
import { TRANSLATION_FIELDS_SCHEMA, TranslationFields } from '../../ml';
import { blockVersion, renderContent, renderExcerpt, renderTitle } from '../rendering';
import type { TermEntity } from '../terms/term.entity';
import { restDate } from '../../../platform/common/dates';
import { restGmtDate } from './post-dates';
import { permalinkTemplate, plainLink, postLink } from './post-links';
import { PostTypeConfig, POST_FORMATS, WRITE_STATUSES } from './post-types';
import type { PostEntity } from './post.entity';

const ALL = ['view', 'edit', 'embed'] as const;
const VIEW_EDIT = ['view', 'edit'] as const;
const EDIT = ['edit'] as const;

/** `guid` of posts, pages and revisions. */
export const GUID_SCHEMA: JsonSchema = {
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
};

/**
 * `title`, `content` or `excerpt` of posts, pages and revisions: `raw` in edit context, `rendered` wherever the
 * field shows, plus any extra read-only properties (`block_version`, `protected`).
 */
export function textFieldSchema(
  field: 'title' | 'content' | 'excerpt',
  contexts: readonly SchemaContext[],
  extra: Record<string, JsonSchema> = {},
): JsonSchema {
  const name = field[0].toUpperCase() + field.slice(1);
  return {
    description: `The ${field} for the post.`,
    type: 'object',
    context: contexts,
    properties: {
      raw: {
        description: `${name} for the post, as it exists in the database.`,
        type: 'string',
        context: EDIT,
      },
      rendered: {
        description: `HTML ${field} for the post, transformed for display.`,
        type: 'string',
        context: contexts,
        readonly: true,
      },
      ...extra,
    },
  };
}

const protectedFlag = (field: string, contexts: readonly SchemaContext[]): JsonSchema => ({
  description: `Whether the ${field} is protected with a password.`,
  type: 'boolean',
  context: contexts,
  readonly: true,
});

/** The `title`, `content` and `excerpt` properties of the post item schema (also their create/update args). */
export function postTextField(field: 'title' | 'content' | 'excerpt'): JsonSchema {
  if (field === 'title') return textFieldSchema('title', ALL);
  if (field === 'excerpt')
    return textFieldSchema('excerpt', ALL, { protected: protectedFlag('excerpt', ALL) });
  return textFieldSchema('content', VIEW_EDIT, {
    block_version: {
      description: 'Version of the content block format used by the post.',
      type: 'integer',
      context: EDIT,
      readonly: true,
    },
    protected: protectedFlag('content', ALL),
  });
}

/**
 * The schema's `links` (WordPress's get_schema_links): the action relations a client may find in a post's
 * `_links`, with the fields each one unlocks.
 */
function schemaLinks(type: PostTypeConfig, urls: RestUrls): Array<Record<string, unknown>> {
  const href = `${urls.route(`/core/v2/${type.restBase}`)}/{id}`;
  const link = (rel: string, title: string, properties: Record<string, unknown>) => ({
    rel: `https://api.w.org/${rel}`,
    title,
    href,
    targetSchema: { type: 'object', properties },
  });
  const termList = { type: 'array', items: { type: 'integer' } };
  const links = [
    link('action-publish', 'The current user can publish this post.', {
      status: { type: 'string', enum: ['publish', 'future'] },
    }),
    link('action-unfiltered-html', 'The current user can post unfiltered HTML markup and JavaScript.', {
      content: { raw: { type: 'string' } },
    }),
  ];
  if (type.taxonomies)
    links.push(
      link('action-sticky', 'The current user can sticky this post.', { sticky: { type: 'boolean' } }),
    );
  links.push(
    link('action-assign-author', 'The current user can change the author on this post.', {
      author: { type: 'integer' },
    }),
  );
  if (type.taxonomies) {
    for (const [base, taxonomy] of [
      ['categories', 'category'],
      ['tags', 'post_tag'],
    ]) {
      links.push(
        link(`action-assign-${base}`, `The current user can assign terms in the ${taxonomy} taxonomy.`, {
          [base]: termList,
        }),
        link(`action-create-${base}`, `The current user can create terms in the ${taxonomy} taxonomy.`, {
          [base]: termList,
        }),
      );
    }
  }
  return links;
}

/**
 * The post or page item schema (WordPress's get_item_schema), with each field's contexts. Built once (and once
 * per `urls` with its links): every response of the type's routes is shaped by it, and context filtering works
 * out its plan once per schema object.
 */
export function postSchema(type: PostTypeConfig): (urls?: RestUrls) => JsonSchema {
  const build = postSchemaBuilder(type);
  const plain = build();
  const withLinks = new WeakMap<RestUrls, JsonSchema>();
  return (urls) => {
    if (!urls) return plain;
    let schema = withLinks.get(urls);
    if (!schema) {
      schema = build(urls);
      withLinks.set(urls, schema);
    }
    return schema;
  };
}

function postSchemaBuilder(type: PostTypeConfig): (urls?: RestUrls) => JsonSchema {
  return (urls) => {
    const properties: Record<string, JsonSchema> = {
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
      guid: GUID_SCHEMA,
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
        enum: WRITE_STATUSES,
        context: VIEW_EDIT,
      },
      type: { description: 'Type of post.', type: 'string', context: ALL, readonly: true },
      password: {
        description: 'A password to protect access to the content and excerpt.',
        type: 'string',
        context: EDIT,
      },
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
      class_list: {
        description: 'An array of the class names for the post container element.',
        type: 'array',
        context: VIEW_EDIT,
        readonly: true,
        items: { type: 'string' },
      },
      title: postTextField('title'),
      content: postTextField('content'),
      author: { description: 'The ID for the author of the post.', type: 'integer', context: ALL },
      excerpt: postTextField('excerpt'),
      featured_media: {
        description: 'The ID of the featured media for the post.',
        type: 'integer',
        context: ALL,
      },
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
      meta: {
        description: 'Meta fields.',
        type: 'object',
        context: VIEW_EDIT,
        properties: {
          footnotes: { description: '', type: 'string', context: VIEW_EDIT },
          inline_featured_image: { description: '', type: 'boolean', context: VIEW_EDIT },
        },
      },
      template: {
        description: 'The theme file to use to display the post.',
        type: 'string',
        context: VIEW_EDIT,
      },
    };
    if (type.hierarchical) {
      properties.parent = {
        description: 'The ID for the parent of the post.',
        type: 'integer',
        context: VIEW_EDIT,
      };
      properties.menu_order = {
        description: 'The order of the post in relation to other posts.',
        type: 'integer',
        context: VIEW_EDIT,
      };
    }
    if (type.taxonomies) {
      properties.sticky = {
        description: 'Whether or not the post should be treated as sticky.',
        type: 'boolean',
        context: VIEW_EDIT,
      };
      properties.format = {
        description: 'The format for the post.',
        type: 'string',
        enum: POST_FORMATS,
        context: VIEW_EDIT,
      };
      properties.categories = {
        description: 'The terms assigned to the post in the category taxonomy.',
        type: 'array',
        items: { type: 'integer' },
        context: VIEW_EDIT,
      };
      properties.tags = {
        description: 'The terms assigned to the post in the post_tag taxonomy.',
        type: 'array',
        items: { type: 'integer' },
        context: VIEW_EDIT,
      };
    }
    Object.assign(properties, TRANSLATION_FIELDS_SCHEMA);
    return {
      $schema: 'http://json-schema.org/draft-04/schema#',
      title: type.name,
      type: 'object',
      properties,
      ...(urls ? { links: schemaLinks(type, urls) } : {}),
    } as JsonSchema;
  };
}

/** A post with everything batch-loaded for its response. */
export interface PostView {
  post: PostEntity;
  terms: TermEntity[];
  revisionCount: number;
  latestRevisionId: number | null;
  featuredMediaVisible: boolean;
  /** Slugs of a page's ancestors, top first (for its link). */
  ancestors?: string[];
  /** `ml_current_locale` / `ml_translations`. */
  translations?: TranslationFields;
}

export interface PostMapContext {
  type: PostTypeConfig;
  siteUrl: string;
  timeZone: string;
  urls: RestUrls;
  user: RestUser | null;
  context: SchemaContext;
  excerptLength?: number;
  /** The request carried the post's password. */
  passwordGiven?: string;
}

/** Entity to wire object with every field; the REST layer keeps those of the requested context. */
export function toPostResponse(view: PostView, ctx: PostMapContext): Record<string, unknown> {
  const { post } = view;
  const { type } = ctx;
  const owned = ownedObject(post.authorId, post.status, post.trashMetaStatus);
  const ancestors = view.ancestors ?? [];
  const guid = post.guid ?? plainLink(ctx.siteUrl, post);
  const canEdit = canEditObject(ctx.user, owned, type.caps);
  const hasPassword = post.password !== '';
  const showProtected =
    !hasPassword || ctx.passwordGiven === post.password || (ctx.context === 'edit' && canEdit);
  const base = `/core/v2/${type.restBase}`;
  const self = ctx.urls.route(`${base}/${post.id}`);
  const categories = view.terms.filter((term) => term.taxonomy === 'category');
  const tags = view.terms.filter((term) => term.taxonomy === 'post_tag');

  const data: Record<string, unknown> = {
    id: post.id,
    date: restDate(post.date),
    date_gmt: restGmtDate(post.date, post.dateGmt, ctx.timeZone),
    guid: { rendered: guid, raw: guid },
    modified: restDate(post.modified),
    modified_gmt: restGmtDate(post.modified, post.modifiedGmt, ctx.timeZone),
    password: post.password,
    slug: post.slug ?? '',
    status: post.status,
    type: type.name,
    link: postLink(ctx.siteUrl, post, ancestors),
    title: { raw: post.title, rendered: renderTitle(post.title) },
    content: {
      raw: post.content,
      rendered: showProtected ? renderContent(post.content) : '',
      protected: hasPassword,
      block_version: blockVersion(post.content),
    },
    excerpt: {
      raw: post.excerpt,
      rendered: showProtected ? renderExcerpt(post.excerpt, post.content, ctx.excerptLength) : '',
      protected: hasPassword,
    },
    author: post.authorId,
    featured_media: post.featuredMedia,
  };
  if (type.hierarchical) {
    data.parent = post.parentId;
    data.menu_order = post.menuOrder;
  }
  data.comment_status = post.commentStatus;
  data.ping_status = post.pingStatus;
  if (type.taxonomies) data.sticky = Boolean(post.sticky);
  data.template = post.template;
  if (type.taxonomies) data.format = post.format;
  data.meta = { footnotes: post.footnotes ?? '', inline_featured_image: Boolean(post.inlineFeaturedImage) };
  if (type.taxonomies) {
    data.categories = categories.map((term) => term.id);
    data.tags = tags.map((term) => term.id);
  }
  data.permalink_template = permalinkTemplate(
    ctx.siteUrl,
    { id: post.id, status: post.status, language: post.language, type: type.name },
    ancestors,
  );
  data.generated_slug = post.slug || slugify(post.title) || String(post.id);
  data.class_list = classList(view, ctx, hasPassword && !showProtected, categories, tags);
  if (view.translations) Object.assign(data, view.translations);

  const allow = ['GET'];
  if (canEdit) allow.push('POST', 'PUT', 'PATCH');
  if (canDeleteObject(ctx.user, owned, type.caps)) allow.push('DELETE');
  const links = new LinkSet()
    .add('self', self, { targetHints: { allow } })
    .add('collection', ctx.urls.route(base))
    .add('about', ctx.urls.route(`/core/v2/types/${type.name}`));
  if (post.authorId)
    links.add('author', ctx.urls.route(`/core/v2/users/${post.authorId}`), { embeddable: true });
  links.add('replies', ctx.urls.route('/core/v2/comments', { post: post.id }), { embeddable: true });
  links.add('version-history', `${self}/revisions`, { count: view.revisionCount });
  if (view.revisionCount > 0 && view.latestRevisionId !== null) {
    links.add('predecessor-version', `${self}/revisions/${view.latestRevisionId}`, {
      id: view.latestRevisionId,
    });
  }
  if (type.hierarchical && post.parentId) {
    links.add('up', ctx.urls.route(`${base}/${post.parentId}`), { embeddable: true });
  }
  if (post.featuredMedia && view.featuredMediaVisible) {
    links.add('https://api.w.org/featuredmedia', ctx.urls.route(`/core/v2/media/${post.featuredMedia}`), {
      embeddable: true,
    });
  }
  links.add('https://api.w.org/attachment', ctx.urls.route('/core/v2/media', { parent: post.id }));
  if (type.taxonomies) {
    links.add('https://api.w.org/term', ctx.urls.route('/core/v2/categories', { post: post.id }), {
      taxonomy: 'category',
      embeddable: true,
    });
    links.add('https://api.w.org/term', ctx.urls.route('/core/v2/tags', { post: post.id }), {
      taxonomy: 'post_tag',
      embeddable: true,
    });
  }
  if (ctx.context === 'edit' && ctx.user) {
    const can = (cap: string) => ctx.user?.can(cap) ?? false;
    if (can(type.caps.publish)) links.add('https://api.w.org/action-publish', self);
    if (can('unfiltered_html')) links.add('https://api.w.org/action-unfiltered-html', self);
    if (type.taxonomies && can(type.caps.editOthers) && can(type.caps.publish)) {
      links.add('https://api.w.org/action-sticky', self);
    }
    if (can(type.caps.editOthers)) links.add('https://api.w.org/action-assign-author', self);
    if (type.taxonomies) {
      if (can('manage_categories')) links.add('https://api.w.org/action-create-categories', self);
      if (can('edit_posts')) links.add('https://api.w.org/action-assign-categories', self);
      // A non-hierarchical taxonomy is created with its assign capability (edit_posts).
      if (can('edit_posts')) links.add('https://api.w.org/action-create-tags', self);
      if (can('edit_posts')) links.add('https://api.w.org/action-assign-tags', self);
    }
  }
  data._links = links.toJSON();
  return data;
}

/**
 * Visitors' post objects, one per post, context and API root: the same object while every input is the same
 * (1,000 objects and about 3 million characters of stored text at most, counted three times: text, rendering, JSON).
 */
const visitorResponses = new SharedItems<Record<string, unknown>>(1000, 3_000_000);

/**
 * {@link toPostResponse} for a request without a user: a shared (frozen) object, built again as soon as any value
 * it is built from differs: a column of the post, its terms, revisions, translations or the request's shape.
 * Logged-in users get their own objects (their capabilities shape the links).
 */
export function visitorPostResponse(view: PostView, ctx: PostMapContext): Record<string, unknown> {
  if (ctx.user !== null) return toPostResponse(view, ctx);
  return visitorResponses.get(
    `${ctx.type.name}:${view.post.id}:${ctx.context}:${ctx.urls.base}`,
    postResponseInputs(view, ctx),
    () => toPostResponse(view, ctx),
  );
}

/** Every value {@link toPostResponse} reads for a visitor, in a fixed order. */
function postResponseInputs(view: PostView, ctx: PostMapContext): unknown[] {
  const inputs: unknown[] = [
    ctx.type,
    ctx.siteUrl,
    ctx.timeZone,
    ctx.urls.base,
    ctx.context,
    ctx.excerptLength,
    ctx.passwordGiven,
    view.revisionCount,
    view.latestRevisionId,
    view.featuredMediaVisible,
  ];
  // Every column, by name: a column added to the entity is an input without a change here.
  pushValues(inputs, view.post);
  inputs.push(view.terms.length);
  for (const term of view.terms) inputs.push(term.id, term.taxonomy, term.slug);
  pushValues(inputs, view.ancestors ?? []);
  // Merged into the answer as they are: every value of them.
  pushValues(inputs, view.translations ?? null);
  return inputs;
}

function classList(
  view: PostView,
  ctx: PostMapContext,
  passwordRequired: boolean,
  categories: TermEntity[],
  tags: TermEntity[],
): string[] {
  const { post } = view;
  const classes = [`post-${post.id}`, ctx.type.name, `type-${ctx.type.name}`, `status-${post.status}`];
  if (ctx.type.taxonomies) classes.push(`format-${post.format || 'standard'}`);
  if (post.password !== '')
    classes.push(passwordRequired ? 'post-password-required' : 'post-password-protected');
  if (post.featuredMedia && view.featuredMediaVisible && !passwordRequired)
    classes.push('has-post-thumbnail');
  classes.push('hentry');
  for (const term of categories) classes.push(`category-${term.slug}`);
  for (const term of tags) classes.push(`tag-${term.slug}`);
  return classes;
}
