import { NS, READABLE, RestCall, RestController, RestRoute } from '../../../platform/rest';
import { GetPluginArgs, ListPluginsArgs, PLUGIN_PATTERN } from './dto/plugin-args.dto';
import { pluginSchema, toPluginResponse } from './plugin.mapper';
import { PluginsService } from './plugins.service';

/** `core/v2/plugins`: the site's modules as plugins, read-only (they cannot be installed, switched or deleted). */
@RestController(NS.core)
export class PluginsController {
  constructor(readonly plugins: PluginsService) {}

  @RestRoute('/plugins', {
    methods: READABLE,
    args: ListPluginsArgs,
    permission: (call: RestCall<ListPluginsArgs>, self: PluginsController) => self.plugins.canList(call.user),
    schema: pluginSchema,
    list: true,
  })
  list(call: RestCall<ListPluginsArgs>) {
    return this.plugins
      .list(call.args.search, call.args.status)
      .map((plugin) => toPluginResponse(plugin, this.plugins.statusOf(), call.urls));
  }

  @RestRoute(`/plugins/(?P<plugin>${PLUGIN_PATTERN})`, {
    methods: READABLE,
    args: GetPluginArgs,
    permission: (call: RestCall<GetPluginArgs>, self: PluginsController) =>
      self.plugins.canRead(call.user, call.args.plugin),
    schema: pluginSchema,
  })
  get(call: RestCall<GetPluginArgs>) {
    return toPluginResponse(this.plugins.get(call.args.plugin), this.plugins.statusOf(), call.urls);
  }
}
