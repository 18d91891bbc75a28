/** A plugin's header data, as WordPress's `get_plugin_data` reads it. */
export interface PluginDefinition {
  /** Plugin file without `.php`, e.g. `redirection/redirection`. */
  plugin: string;
  name: string;
  pluginUri: string;
  author: string;
  authorUri: string;
  description: string;
  version: string;
  networkOnly: boolean;
  requiresWp: string;
  requiresPhp: string;
  textdomain: string;
}

const AUTHOR = 'Machine Control';
const VERSION = '1.0.0';

const siteModule = (plugin: string, name: string, description: string): PluginDefinition => ({
  plugin: `${plugin}/${plugin}`,
  name,
  pluginUri: '',
  author: AUTHOR,
  authorUri: '',
  description,
  version: VERSION,
  networkOnly: false,
  requiresWp: '',
  requiresPhp: '',
  textdomain: plugin,
});

/**
 * The site's modules that WordPress sites get from plugins, as installed and active plugins (sorted by name, as
 * `get_plugins` sorts them). They are part of the service: none can be installed, switched off or deleted.
 */
export const SITE_PLUGINS: readonly PluginDefinition[] = [
  siteModule(
    'cal',
    'Calendar',
    'Events, venues, organizers and their categories and tags; the calendar pages, iCal feeds and event imports.',
  ),
  siteModule(
    'installer',
    'Installer',
    'Keeps the subscription data of the site’s commercial modules up to date.',
  ),
  siteModule(
    'ml',
    'Multilingual',
    'Content in English and Norwegian: translation jobs, XLIFF, the translation editor and string translation.',
  ),
  siteModule('bld', 'Page Builder', 'The page builder’s social media feed and rendered content.'),
  siteModule('redirection', 'Redirection', 'Redirects, 404 and redirect logs, groups, import and export.'),
  siteModule('security', 'Security', 'A firewall in front of every request, scans and their issues.'),
  siteModule('spamfilter', 'Spam Filter', 'Checks every new comment for spam.'),
];
