import type { JsonSchema } from '../../../platform/rest';

/** A theme feature WordPress shows in REST (`register_theme_feature` with `show_in_rest`). */
export interface ThemeFeature {
  name: string;
  schema: JsonSchema & { default: unknown };
}

const flag = (name: string, description: string): ThemeFeature => ({
  name,
  schema: { description, type: 'boolean', default: false },
});

const flagOr = (name: string, description: string, type: 'object' | 'array'): ThemeFeature => ({
  name,
  schema: { description, type: ['boolean', type], default: false },
});

/** The theme features WordPress 6.1 registers (`create_initial_theme_features`), in its order. */
export const THEME_FEATURES: readonly ThemeFeature[] = [
  flag('align-wide', 'Whether theme opts in to wide alignment CSS class.'),
  flag('automatic-feed-links', 'Whether posts and comments RSS feed links are added to head.'),
  flag('block-templates', 'Whether a theme uses block-based templates.'),
  flag('block-template-parts', 'Whether a theme uses block-based template parts.'),
  flagOr('custom-background', 'Custom background if defined by the theme.', 'object'),
  flagOr('custom-header', 'Custom header if defined by the theme.', 'object'),
  flagOr('custom-logo', 'Custom logo if defined by the theme.', 'object'),
  flag(
    'customize-selective-refresh-widgets',
    'Whether the theme enables Selective Refresh for Widgets being managed with the Customizer.',
  ),
  flag('dark-editor-style', 'Whether theme opts in to the dark editor style UI.'),
  flag('disable-custom-colors', 'Whether the theme disables custom colors.'),
  flag('disable-custom-font-sizes', 'Whether the theme disables custom font sizes.'),
  flag('disable-custom-gradients', 'Whether the theme disables custom gradients.'),
  flag('disable-layout-styles', 'Whether the theme disables generated layout styles.'),
  flagOr('editor-color-palette', 'Custom color palette if defined by the theme.', 'array'),
  flagOr('editor-font-sizes', 'Custom font sizes if defined by the theme.', 'array'),
  flagOr('editor-gradient-presets', 'Custom gradient presets if defined by the theme.', 'array'),
  flag('editor-styles', 'Whether theme opts in to the editor styles CSS wrapper.'),
  flagOr(
    'html5',
    'Allows use of HTML5 markup for search forms, comment forms, comment lists, gallery, and caption.',
    'array',
  ),
  {
    name: 'formats',
    schema: {
      description: 'Post formats supported.',
      type: 'array',
      items: { type: 'string' },
      default: ['standard'],
    },
  },
  flagOr(
    'post-thumbnails',
    'The post types that support thumbnails or true if all post types are supported.',
    'array',
  ),
  flag('responsive-embeds', 'Whether the theme supports responsive embedded content.'),
  flag('title-tag', 'Whether the theme can manage the document title tag.'),
  flag('wp-block-styles', 'Whether theme opts in to default WordPress block styles for viewing.'),
];
