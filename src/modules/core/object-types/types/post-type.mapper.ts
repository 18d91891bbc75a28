import { JsonSchema, LinkSet, RestUrls } from '../../../../platform/rest';
import { PostTypeDefinition, postTypeCapabilities, postTypeLabels } from '../definitions/post-types';

const ALL = ['view', 'edit', 'embed'] as const;
const VIEW_EDIT = ['view', 'edit'] as const;
const EDIT = ['edit'] as const;

/** WordPress's post type schema (`WP_REST_Post_Types_Controller::get_item_schema`). */
export function postTypeSchema(): JsonSchema {
  const readonly = true;
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'type',
    type: 'object',
    properties: {
      capabilities: {
        description: 'All capabilities used by the post type.',
        type: 'object',
        context: EDIT,
        readonly,
      },
      description: {
        description: 'A human-readable description of the post type.',
        type: 'string',
        context: VIEW_EDIT,
        readonly,
      },
      hierarchical: {
        description: 'Whether or not the post type should have children.',
        type: 'boolean',
        context: VIEW_EDIT,
        readonly,
      },
      viewable: {
        description: 'Whether or not the post type can be viewed.',
        type: 'boolean',
        context: EDIT,
        readonly,
      },
      labels: {
        description: 'Human-readable labels for the post type for various contexts.',
        type: 'object',
        context: EDIT,
        readonly,
      },
      name: { description: 'The title for the post type.', type: 'string', context: ALL, readonly },
      slug: {
        description: 'An alphanumeric identifier for the post type.',
        type: 'string',
        context: ALL,
        readonly,
      },
      supports: {
        description: 'All features, supported by the post type.',
        type: 'object',
        context: EDIT,
        readonly,
      },
      has_archive: {
        description:
          'If the value is a string, the value will be used as the archive slug. If the value is false the post type has no archive.',
        type: ['string', 'boolean'],
        context: VIEW_EDIT,
        readonly,
      },
      taxonomies: {
        description: 'Taxonomies associated with post type.',
        type: 'array',
        items: { type: 'string' },
        context: VIEW_EDIT,
        readonly,
      },
      rest_base: {
        description: 'REST base route for the post type.',
        type: 'string',
        context: ALL,
        readonly,
      },
      rest_namespace: {
        description: "REST route's namespace for the post type.",
        type: 'string',
        context: ALL,
        readonly,
      },
      visibility: {
        description: 'The visibility settings for the post type.',
        type: 'object',
        context: EDIT,
        readonly,
        properties: {
          show_ui: {
            description: 'Whether to generate a default UI for managing this post type.',
            type: 'boolean',
          },
          show_in_nav_menus: {
            description: 'Whether to make the post type available for selection in navigation menus.',
            type: 'boolean',
          },
        },
      },
      icon: {
        description: 'The icon for the post type.',
        type: ['string', 'null'],
        context: ALL,
        readonly,
      },
    },
  };
}

/** The whole object in the edit context's field order; the REST layer drops what other contexts do not show. */
export function toPostTypeResponse(type: PostTypeDefinition, urls: RestUrls): Record<string, unknown> {
  return {
    capabilities: postTypeCapabilities(type),
    description: type.description,
    hierarchical: type.hierarchical,
    has_archive: type.hasArchive,
    visibility: { show_in_nav_menus: type.showInNavMenus, show_ui: true },
    viewable: true,
    labels: postTypeLabels(type),
    name: type.name,
    slug: type.slug,
    icon: type.icon,
    supports: Object.fromEntries(type.supports.map((feature) => [feature, true])),
    taxonomies: type.taxonomies,
    rest_base: type.restBase,
    rest_namespace: type.restNamespace,
    _links: new LinkSet()
      .add('collection', urls.route('/core/v2/types'))
      .add('https://api.w.org/items', urls.route(`/${type.restNamespace}/${type.restBase}`))
      .toJSON(),
  };
}
