import { forbidden, RestError } from '../../../platform/rest';

const MANAGE = 'Sorry, you are not allowed to manage plugins for this site.';

/** WordPress's errors of the plugins controller. */
export const PluginsErrors = {
  cannotViewPlugins: (loggedIn: boolean) => forbidden('rest_cannot_view_plugins', MANAGE, loggedIn),
  cannotViewPlugin: (loggedIn: boolean) => forbidden('rest_cannot_view_plugin', MANAGE, loggedIn),
  notFound: () => new RestError('rest_plugin_not_found', 'Plugin not found.', 404),
};
