import { JsonSchema, LinkSet, NS, RestUrls } from '../../../platform/rest';
import { texturize } from '../rendering';
import { PLUGIN_PATTERN } from './dto/plugin-args.dto';
import type { PluginStatus } from './plugins.service';
import type { PluginDefinition } from './site-plugins';

const readonly = true;
const ALL = ['view', 'edit', 'embed'] as const;
const VIEW_EDIT = ['view', 'edit'] as const;

/** WordPress's plugin schema (`WP_REST_Plugins_Controller::get_item_schema`, single site). */
export function pluginSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title: 'plugin',
    type: 'object',
    properties: {
      plugin: {
        description: 'The plugin file.',
        type: 'string',
        pattern: PLUGIN_PATTERN,
        readonly,
        context: ALL,
      },
      status: {
        description: 'The plugin activation status.',
        type: 'string',
        enum: ['inactive', 'active'],
        context: ALL,
      },
      name: { description: 'The plugin name.', type: 'string', readonly, context: ALL },
      plugin_uri: {
        description: "The plugin's website address.",
        type: 'string',
        format: 'uri',
        readonly,
        context: VIEW_EDIT,
      },
      // WordPress declares `object` here but answers the header's string; the schema states what is answered.
      author: { description: 'The plugin author.', type: 'string', readonly, context: VIEW_EDIT },
      author_uri: {
        description: "Plugin author's website address.",
        type: 'string',
        format: 'uri',
        readonly,
        context: VIEW_EDIT,
      },
      description: {
        description: 'The plugin description.',
        type: 'object',
        readonly,
        context: VIEW_EDIT,
        properties: {
          raw: { description: 'The raw plugin description.', type: 'string' },
          rendered: { description: 'The plugin description formatted for display.', type: 'string' },
        },
      },
      version: { description: 'The plugin version number.', type: 'string', readonly, context: VIEW_EDIT },
      network_only: {
        description: 'Whether the plugin can only be activated network-wide.',
        type: 'boolean',
        readonly,
        context: ALL,
      },
      requires_wp: {
        description: 'Minimum required version of WordPress.',
        type: 'string',
        readonly,
        context: ALL,
      },
      requires_php: {
        description: 'Minimum required version of PHP.',
        type: 'string',
        readonly,
        context: ALL,
      },
      textdomain: { description: "The plugin's text domain.", type: 'string', readonly, context: VIEW_EDIT },
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `_get_plugin_data_markup_translate` with markup: texturized, then "By {author}." (linked to the author's site). */
function renderedDescription(plugin: PluginDefinition): string {
  const author = plugin.authorUri
    ? `<a href="${escapeHtml(plugin.authorUri)}">${escapeHtml(plugin.author)}</a>`
    : escapeHtml(plugin.author);
  return `${texturize(escapeHtml(plugin.description))} <cite>By ${author}.</cite>`;
}

export function toPluginResponse(plugin: PluginDefinition, status: PluginStatus, urls: RestUrls) {
  return {
    plugin: plugin.plugin,
    status,
    name: plugin.name,
    plugin_uri: plugin.pluginUri,
    author: plugin.author,
    author_uri: plugin.authorUri,
    description: { raw: plugin.description, rendered: renderedDescription(plugin) },
    version: plugin.version,
    network_only: plugin.networkOnly,
    requires_wp: plugin.requiresWp,
    requires_php: plugin.requiresPhp,
    textdomain: plugin.textdomain,
    _links: new LinkSet().add('self', urls.route(`/${NS.core}/plugins/${plugin.plugin}`)).toJSON(),
  };
}
