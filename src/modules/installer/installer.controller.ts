import { Permissions, READABLE, RestController, RestResponse, RestRoute } from '../../platform/rest';
import { InstallerService } from './installer.service';

/** `installer/v1`: the installer's push endpoint (public; the push carries no data). */
@RestController('installer/v1')
export class InstallerController {
  constructor(private readonly installer: InstallerService) {}

  /** 200 when the subscription data was refreshed, 403 (same body) inside the two-hour gate. */
  @RestRoute('/push/fetch-subscription', { methods: READABLE, permission: Permissions.public })
  async fetchSubscription(): Promise<RestResponse> {
    const refreshed = await this.installer.pushFetchSubscription();
    return new RestResponse({ message: 'OK' }, refreshed ? 200 : 403);
  }
}
