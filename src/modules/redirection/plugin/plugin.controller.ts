import {
  ALLMETHODS,
  EDITABLE,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestRoute,
} from '../../../platform/rest';
import { MANAGE_OPTIONS } from '../shared/bulk';
import { DataArgs, FixArgs } from './dto/plugin-args.dto';
import { RedirectionPluginService } from './plugin.service';

const ADMIN = Permissions.capability(MANAGE_OPTIONS);

/** `redirection/v1/plugin…` (api-plugin.php). */
@RestController('redirection/v1')
export class PluginController {
  constructor(private readonly plugin: RedirectionPluginService) {}

  private async statusResponse(call: RestCall<any>) {
    return { status: await this.plugin.status(), debug: this.plugin.debug(call.headers) };
  }

  @RestRoute('/plugin', { methods: READABLE, permission: ADMIN })
  status(call: RestCall) {
    return this.statusResponse(call);
  }

  @RestRoute('/plugin', { methods: EDITABLE, args: FixArgs, permission: ADMIN })
  async fix(call: RestCall<FixArgs>) {
    await this.plugin.fix(call.user, call.args.name, call.args.value);
    return this.statusResponse(call);
  }

  @RestRoute('/plugin/delete', { methods: EDITABLE, permission: ADMIN })
  async uninstall(call: RestCall) {
    await this.plugin.uninstall(call.user);
    return { location: `${call.urls.site('/wp-admin/plugins.php')}` };
  }

  @RestRoute('/plugin/test', { methods: ALLMETHODS, permission: ADMIN })
  test() {
    return { success: true };
  }

  @RestRoute('/plugin/data', { methods: EDITABLE, args: DataArgs, permission: ADMIN })
  data() {
    return this.plugin.databaseStatus();
  }
}
