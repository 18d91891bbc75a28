import { JsonSchema, LinkSet, NS, RestUrls } from '../../../../platform/rest';
import type { BlockType } from './block-type-registry';

const ALL = ['embed', 'view', 'edit'] as const;
const readonly = true;

const handles = (description: string): JsonSchema => ({
  description,
  type: 'array',
  items: { type: 'string' },
  default: [],
  context: ALL,
  readonly,
});

const deprecatedHandle = (description: string): JsonSchema => ({
  description,
  type: ['string', 'null'],
  default: null,
  context: ALL,
  readonly,
});

/** WordPress's block type schema (`WP_REST_Block_Types_Controller::get_item_schema`, WordPress 6.3). */
export function blockTypeSchema(): JsonSchema {
  const stringList = (description: string, defaultValue: string[] | null): JsonSchema => ({
    description,
    type: defaultValue === null ? ['array', 'null'] : 'array',
    items: { type: 'string' },
    default: defaultValue,
    context: ALL,
    readonly,
  });
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'block-type',
    type: 'object',
    properties: {
      api_version: {
        description: 'Version of block API.',
        type: 'integer',
        default: 1,
        context: ALL,
        readonly,
      },
      title: { description: 'Title of block type.', type: 'string', default: '', context: ALL, readonly },
      name: {
        description: 'Unique name identifying the block type.',
        type: 'string',
        default: '',
        context: ALL,
        readonly,
      },
      description: {
        description: 'Description of block type.',
        type: 'string',
        default: '',
        context: ALL,
        readonly,
      },
      icon: {
        description: 'Icon of block type.',
        type: ['string', 'null'],
        default: null,
        context: ALL,
        readonly,
      },
      attributes: {
        description: 'Block attributes.',
        type: ['object', 'null'],
        properties: {},
        default: null,
        additionalProperties: { type: 'object' },
        context: ALL,
        readonly,
      },
      provides_context: {
        description: 'Context provided by blocks of this type.',
        type: 'object',
        properties: {},
        additionalProperties: { type: 'string' },
        default: [],
        context: ALL,
        readonly,
      },
      uses_context: stringList('Context values inherited by blocks of this type.', []),
      selectors: {
        description: 'Custom CSS selectors.',
        type: 'object',
        default: [],
        properties: {},
        context: ALL,
        readonly,
      },
      supports: {
        description: 'Block supports.',
        type: 'object',
        default: {},
        properties: {},
        context: ALL,
        readonly,
      },
      category: {
        description: 'Block category.',
        type: ['string', 'null'],
        default: null,
        context: ALL,
        readonly,
      },
      is_dynamic: {
        description: 'Is the block dynamically rendered.',
        type: 'boolean',
        default: false,
        context: ALL,
        readonly,
      },
      editor_script_handles: handles('Editor script handles.'),
      script_handles: handles('Public facing and editor script handles.'),
      view_script_handles: handles('Public facing script handles.'),
      editor_style_handles: handles('Editor style handles.'),
      style_handles: handles('Public facing and editor style handles.'),
      styles: {
        description: 'Block style variations.',
        type: 'array',
        items: { type: 'object', additionalProperties: true },
        default: [],
        context: ALL,
        readonly,
      },
      variations: {
        description: 'Block variations.',
        type: 'array',
        items: { type: 'object', additionalProperties: true },
        default: null,
        context: ALL,
        readonly,
      },
      textdomain: {
        description: 'Public text domain.',
        type: ['string', 'null'],
        default: null,
        context: ALL,
        readonly,
      },
      parent: stringList('Parent blocks.', null),
      ancestor: stringList('Ancestor blocks.', null),
      keywords: stringList('Block keywords.', []),
      example: {
        description: 'Block example.',
        type: ['object', 'null'],
        default: null,
        properties: {},
        context: ALL,
        readonly,
      },
      editor_script: deprecatedHandle(
        'Editor script handle. DEPRECATED: Use `editor_script_handles` instead.',
      ),
      script: deprecatedHandle(
        'Public facing and editor script handle. DEPRECATED: Use `script_handles` instead.',
      ),
      view_script: deprecatedHandle(
        'Public facing script handle. DEPRECATED: Use `view_script_handles` instead.',
      ),
      editor_style: deprecatedHandle('Editor style handle. DEPRECATED: Use `editor_style_handles` instead.'),
      style: deprecatedHandle(
        'Public facing and editor style handle. DEPRECATED: Use `style_handles` instead.',
      ),
    },
  };
}

/** The answer in WordPress's order: attributes and is_dynamic, then the type's fields, then the deprecated handles. */
export function toBlockTypeResponse(block: BlockType, urls: RestUrls) {
  const editorStyles = block.editorStyle ? [block.editorStyle] : [];
  const styles = block.style ? [block.style] : [];
  const base = `/${NS.core}/block-types`;
  return {
    attributes: block.attributes,
    is_dynamic: block.isDynamic,
    api_version: block.apiVersion,
    name: block.name,
    title: block.title,
    description: block.description,
    icon: null,
    category: block.category,
    keywords: block.keywords ?? [],
    parent: block.parent ?? null,
    ancestor: block.ancestor ?? null,
    provides_context: [],
    uses_context: [],
    selectors: [],
    supports: block.supports,
    styles: block.styles ?? [],
    textdomain: block.textdomain,
    example: null,
    editor_script_handles: [],
    script_handles: [],
    view_script_handles: [],
    editor_style_handles: editorStyles,
    style_handles: styles,
    variations: [],
    editor_script: null,
    script: null,
    view_script: null,
    editor_style: editorStyles[0] ?? null,
    style: styles[0] ?? null,
    _links: new LinkSet()
      .add('collection', urls.route(base))
      .add('self', urls.route(`${base}/${block.name}`))
      .add('up', urls.route(`${base}/${block.namespace}`))
      .toJSON(),
  };
}
