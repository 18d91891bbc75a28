import { JsonSchema, LinkSet, RestUrls } from '../../../../platform/rest';
import { TaxonomyDefinition, taxonomyLabels } from '../definitions/taxonomies';

const ALL = ['view', 'edit', 'embed'] as const;
const VIEW_EDIT = ['view', 'edit'] as const;
const EDIT = ['edit'] as const;

/** WordPress's taxonomy schema (`WP_REST_Taxonomies_Controller::get_item_schema`). */
export function taxonomySchema(): JsonSchema {
  const readonly = true;
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'taxonomy',
    type: 'object',
    properties: {
      capabilities: {
        description: 'All capabilities used by the taxonomy.',
        type: 'object',
        context: EDIT,
        readonly,
      },
      description: {
        description: 'A human-readable description of the taxonomy.',
        type: 'string',
        context: VIEW_EDIT,
        readonly,
      },
      hierarchical: {
        description: 'Whether or not the taxonomy should have children.',
        type: 'boolean',
        context: VIEW_EDIT,
        readonly,
      },
      labels: {
        description: 'Human-readable labels for the taxonomy for various contexts.',
        type: 'object',
        context: EDIT,
        readonly,
      },
      name: { description: 'The title for the taxonomy.', type: 'string', context: ALL, readonly },
      slug: {
        description: 'An alphanumeric identifier for the taxonomy.',
        type: 'string',
        context: ALL,
        readonly,
      },
      show_cloud: {
        description: 'Whether or not the term cloud should be displayed.',
        type: 'boolean',
        context: EDIT,
        readonly,
      },
      types: {
        description: 'Types associated with the taxonomy.',
        type: 'array',
        items: { type: 'string' },
        context: VIEW_EDIT,
        readonly,
      },
      rest_base: { description: 'REST base route for the taxonomy.', type: 'string', context: ALL, readonly },
      rest_namespace: {
        description: 'REST namespace route for the taxonomy.',
        type: 'string',
        context: ALL,
        readonly,
      },
      visibility: {
        description: 'The visibility settings for the taxonomy.',
        type: 'object',
        context: EDIT,
        readonly,
        properties: {
          public: {
            description:
              'Whether a taxonomy is intended for use publicly either via the admin interface or by front-end users.',
            type: 'boolean',
          },
          publicly_queryable: { description: 'Whether the taxonomy is publicly queryable.', type: 'boolean' },
          show_ui: {
            description: 'Whether to generate a default UI for managing this taxonomy.',
            type: 'boolean',
          },
          show_admin_column: {
            description:
              'Whether to allow automatic creation of taxonomy columns on associated post-types table.',
            type: 'boolean',
          },
          show_in_nav_menus: {
            description: 'Whether to make the taxonomy available for selection in navigation menus.',
            type: 'boolean',
          },
          show_in_quick_edit: {
            description: 'Whether to show the taxonomy in the quick/bulk edit panel.',
            type: 'boolean',
          },
        },
      },
    },
  };
}

export function toTaxonomyResponse(taxonomy: TaxonomyDefinition, urls: RestUrls): Record<string, unknown> {
  return {
    name: taxonomy.name,
    slug: taxonomy.slug,
    capabilities: taxonomy.capabilities,
    description: taxonomy.description,
    labels: taxonomyLabels(taxonomy),
    types: taxonomy.types,
    show_cloud: !taxonomy.internal,
    hierarchical: taxonomy.hierarchical,
    rest_base: taxonomy.restBase,
    rest_namespace: taxonomy.restNamespace,
    visibility: {
      public: !taxonomy.internal,
      publicly_queryable: !taxonomy.internal,
      show_admin_column: !taxonomy.internal,
      show_in_nav_menus: taxonomy.showInNavMenus,
      show_in_quick_edit: !taxonomy.internal,
      show_ui: !taxonomy.internal,
    },
    _links: new LinkSet()
      .add('collection', urls.route('/core/v2/taxonomies'))
      .add('https://api.w.org/items', urls.route(`/${taxonomy.restNamespace}/${taxonomy.restBase}`))
      .toJSON(),
  };
}
