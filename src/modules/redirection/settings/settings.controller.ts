import { EDITABLE, Permissions, READABLE, RestCall, RestController, RestRoute } from '../../../platform/rest';
import { MANAGE_OPTIONS } from '../shared/bulk';
import { RedirectionSettingsService } from './settings.service';
import { MONITOR_POST_TYPES, RedirectionSettings } from './settings.types';

const ADMIN = Permissions.capability(MANAGE_OPTIONS);

/** `redirection/v1/setting` (api/api-settings.php). */
@RestController('redirection/v1')
export class SettingsController {
  constructor(private readonly settings: RedirectionSettingsService) {}

  private async bundle(settings: RedirectionSettings) {
    return {
      settings,
      groups: await this.settings.groupOptions(),
      installed: `${process.cwd()}/`,
      canDelete: true,
      post_types: MONITOR_POST_TYPES,
    };
  }

  @RestRoute('/setting', { methods: READABLE, permission: ADMIN })
  async get() {
    return this.bundle(await this.settings.get());
  }

  @RestRoute('/setting', { methods: EDITABLE, permission: ADMIN })
  async update(call: RestCall) {
    return this.bundle(await this.settings.update(call.user, call.params()));
  }
}
