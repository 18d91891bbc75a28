import { DEFAULT_LANGUAGE, JsonSchema, LinkSet, NS, RestUrls } from '../../../platform/rest';
import { texturize } from '../rendering';
import type { ThemeDefinition } from './site-theme';
import { THEME_FEATURES } from './theme-features';
import type { ThemeStatus } from './themes.service';

const readonly = true;

const rich = (description: string, raw: string, rendered: string, format?: 'uri'): JsonSchema => ({
  description,
  type: 'object',
  readonly,
  properties: {
    raw: { description: raw, type: 'string', ...(format ? { format } : {}) },
    rendered: { description: rendered, type: 'string', ...(format ? { format } : {}) },
  },
});

/** WordPress's theme schema (`WP_REST_Themes_Controller::get_item_schema`), in its order. */
export function themeSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'theme',
    type: 'object',
    properties: {
      stylesheet: {
        description: "The theme's stylesheet. This uniquely identifies the theme.",
        type: 'string',
        readonly,
      },
      stylesheet_uri: {
        description: "The uri for the theme's stylesheet directory.",
        type: 'string',
        format: 'uri',
        readonly,
      },
      template: {
        description:
          "The theme's template. If this is a child theme, this refers to the parent theme, otherwise this is the same as the theme's stylesheet.",
        type: 'string',
        readonly,
      },
      template_uri: {
        description:
          "The uri for the theme's template directory. If this is a child theme, this refers to the parent theme, otherwise this is the same as the theme's stylesheet directory.",
        type: 'string',
        format: 'uri',
        readonly,
      },
      author: rich(
        'The theme author.',
        "The theme author's name, as found in the theme header.",
        'HTML for the theme author, transformed for display.',
      ),
      author_uri: rich(
        'The website of the theme author.',
        'The website of the theme author, as found in the theme header.',
        'The website of the theme author, transformed for display.',
        'uri',
      ),
      description: rich(
        'A description of the theme.',
        'The theme description, as found in the theme header.',
        'The theme description, transformed for display.',
      ),
      is_block_theme: { description: 'Whether the theme is a block-based theme.', type: 'boolean', readonly },
      name: rich(
        'The name of the theme.',
        'The theme name, as found in the theme header.',
        'The theme name, transformed for display.',
      ),
      requires_php: {
        description: 'The minimum PHP version required for the theme to work.',
        type: 'string',
        readonly,
      },
      requires_wp: {
        description: 'The minimum WordPress version required for the theme to work.',
        type: 'string',
        readonly,
      },
      screenshot: { description: "The theme's screenshot URL.", type: 'string', format: 'uri', readonly },
      tags: {
        description: 'Tags indicating styles and features of the theme.',
        type: 'object',
        readonly,
        properties: {
          raw: {
            description: 'The theme tags, as found in the theme header.',
            type: 'array',
            items: { type: 'string' },
          },
          rendered: { description: 'The theme tags, transformed for display.', type: 'string' },
        },
      },
      textdomain: { description: "The theme's text domain.", type: 'string', readonly },
      theme_supports: {
        description: 'Features supported by this theme.',
        type: 'object',
        readonly,
        properties: Object.fromEntries(THEME_FEATURES.map((feature) => [feature.name, feature.schema])),
      },
      theme_uri: rich(
        "The URI of the theme's webpage.",
        "The URI of the theme's webpage, as found in the theme header.",
        "The URI of the theme's webpage, transformed for display.",
        'uri',
      ),
      version: { description: "The theme's current version.", type: 'string', readonly },
      status: {
        description: 'A named status for the theme.',
        type: 'string',
        enum: ['inactive', 'active'],
        context: ['view', 'edit'],
      },
    },
  };
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** `WP_Theme::display()`: the author links to its website, the description is texturized, tags are joined. */
function displayed(theme: ThemeDefinition) {
  const author = escapeHtml(theme.author);
  return {
    author: theme.authorUri ? `<a href="${escapeHtml(theme.authorUri)}">${author}</a>` : author,
    description: texturize(escapeHtml(theme.description)),
    name: escapeHtml(theme.name),
    tags: theme.tags.map(escapeHtml).join(', '),
  };
}

/** Only the active theme reports its features; unsupported ones answer their schema default. */
function themeSupports(theme: ThemeDefinition): Record<string, unknown> {
  return Object.fromEntries(
    THEME_FEATURES.map((feature) => [feature.name, theme.supports[feature.name] ?? feature.schema.default]),
  );
}

export function toThemeResponse(theme: ThemeDefinition, status: ThemeStatus, urls: RestUrls) {
  const shown = displayed(theme);
  // theme files are not per language
  const directory = (name: string) => urls.forLanguage(DEFAULT_LANGUAGE).site(`/wp-content/themes/${name}`);
  return {
    stylesheet: theme.stylesheet,
    template: theme.template,
    requires_php: theme.requiresPhp,
    requires_wp: theme.requiresWp,
    textdomain: theme.textdomain,
    version: theme.version,
    screenshot: '',
    author: { raw: theme.author, rendered: shown.author },
    author_uri: { raw: theme.authorUri, rendered: theme.authorUri },
    description: { raw: theme.description, rendered: shown.description },
    name: { raw: theme.name, rendered: shown.name },
    tags: { raw: theme.tags, rendered: shown.tags },
    theme_uri: { raw: theme.themeUri, rendered: theme.themeUri },
    status,
    ...(status === 'active' ? { theme_supports: themeSupports(theme) } : {}),
    is_block_theme: theme.isBlockTheme,
    stylesheet_uri: directory(theme.stylesheet),
    template_uri: directory(theme.template),
    _links: new LinkSet()
      .add('self', urls.route(`/${NS.core}/themes/${theme.stylesheet}`))
      .add('collection', urls.route(`/${NS.core}/themes`))
      .toJSON(),
  };
}
