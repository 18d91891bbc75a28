import type { JsonSchema } from '../../../../platform/rest';
import type { BlockPattern, BlockPatternCategory } from './pattern-registry';

const ALL = ['view', 'edit', 'embed'] as const;
const readonly = true;
const text = (description: string): JsonSchema => ({ description, type: 'string', readonly, context: ALL });
const strings = (description: string): JsonSchema => ({
  description,
  type: 'array',
  readonly,
  context: ALL,
  items: { type: 'string' },
});

/** WordPress's pattern schema (`WP_REST_Block_Patterns_Controller::get_item_schema`). */
export function blockPatternSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'block-pattern',
    type: 'object',
    properties: {
      name: text('The pattern name.'),
      title: text('The pattern title, in human readable format.'),
      content: text('The pattern content.'),
      description: text('The pattern detailed description.'),
      viewport_width: {
        description: 'The pattern viewport width for inserter preview.',
        type: 'number',
        readonly,
        context: ALL,
      },
      inserter: {
        description: 'Determines whether the pattern is visible in inserter.',
        type: 'boolean',
        readonly,
        context: ALL,
      },
      categories: strings('The pattern category slugs.'),
      keywords: strings('The pattern keywords.'),
      block_types: strings('Block types that the pattern is intended to be used with.'),
      post_types: strings('An array of post types that the pattern is restricted to be used with.'),
      template_types: strings('An array of template types where the pattern fits.'),
      source: {
        description: 'Where the pattern comes from e.g. core',
        type: 'string',
        readonly,
        context: ALL,
        enum: [
          'core',
          'plugin',
          'theme',
          'pattern-directory/core',
          'pattern-directory/theme',
          'pattern-directory/featured',
        ],
      },
    },
  };
}

/** WordPress's pattern category schema. */
export function blockPatternCategorySchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'block-pattern-category',
    type: 'object',
    properties: {
      name: text('The category name.'),
      label: text('The category label, in human readable format.'),
      description: text('The category description, in human readable format.'),
    },
  };
}

/** Only the keys a pattern was registered with, renamed to snake_case. */
export function toBlockPatternResponse(pattern: BlockPattern): Record<string, unknown> {
  const fields: [string, unknown][] = [
    ['name', pattern.name],
    ['title', pattern.title],
    ['content', pattern.content],
    ['description', pattern.description],
    ['viewport_width', pattern.viewportWidth],
    ['inserter', pattern.inserter],
    ['categories', pattern.categories],
    ['keywords', pattern.keywords],
    ['block_types', pattern.blockTypes],
    ['post_types', pattern.postTypes],
    ['template_types', pattern.templateTypes],
    ['source', pattern.source],
  ];
  return Object.fromEntries(fields.filter(([, value]) => value !== undefined));
}

export function toBlockPatternCategoryResponse(category: BlockPatternCategory): Record<string, unknown> {
  return {
    name: category.name,
    label: category.label,
    ...(category.description === undefined ? {} : { description: category.description }),
  };
}
