import { Injectable } from '@nestjs/common';
import type { RestError, RestUser } from '../../../platform/rest';
import { PluginsErrors } from './plugins.errors';
import { PluginDefinition, SITE_PLUGINS } from './site-plugins';

type User = RestUser | null;
export type PluginStatus = 'active' | 'inactive';

const CAPABILITY = 'activate_plugins';

/** The site's modules as WordPress's plugins controller answers them: read-only, every one active. */
@Injectable()
export class PluginsService {
  canList(user: User): true | RestError {
    return user?.can(CAPABILITY) ? true : PluginsErrors.cannotViewPlugins(user !== null);
  }

  /** WordPress checks the capability, then that the plugin is installed (404). */
  canRead(user: User, plugin: string): true | RestError {
    if (!user?.can(CAPABILITY)) return PluginsErrors.cannotViewPlugin(user !== null);
    return this.find(plugin) ? true : PluginsErrors.notFound();
  }

  statusOf(): PluginStatus {
    return 'active';
  }

  /** `search` matches any header field as written (case-sensitive, as PHP's `strpos`). */
  list(search: string | undefined, status: PluginStatus[] | undefined): PluginDefinition[] {
    return SITE_PLUGINS.filter(
      (plugin) =>
        (!search || headerValues(plugin).some((value) => value.includes(search))) &&
        (!status || status.includes(this.statusOf())),
    );
  }

  get(plugin: string): PluginDefinition {
    const found = this.find(plugin);
    if (!found) throw PluginsErrors.notFound();
    return found;
  }

  private find(plugin: string): PluginDefinition | undefined {
    return SITE_PLUGINS.find((candidate) => candidate.plugin === plugin);
  }
}

function headerValues(plugin: PluginDefinition): string[] {
  return [
    plugin.name,
    plugin.pluginUri,
    plugin.version,
    plugin.description,
    plugin.author,
    plugin.authorUri,
    plugin.textdomain,
    plugin.requiresWp,
    plugin.requiresPhp,
    `${plugin.plugin}.php`,
  ];
}
