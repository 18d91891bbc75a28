import {
  ALLMETHODS,
  forbidden,
  NS,
  RestController,
  RestResponse,
  RestRoute,
  type PermissionCheck,
  type RestCall,
} from '../../../platform/rest';
import { TranslationServiceErrors } from './translation-services.errors';
import { TranslationServicesService } from './translation-services.service';
import { MANAGE_TRANSLATIONS } from './translation-users.repository';
import { AteAmsClient } from './ate-ams.client';

/** Parameters every route accepts (the platform's), left out of a body read as a whole. */
const isPlatformParam = (name: string) =>
  name.startsWith('_') || name === 'ml_language' || name === 'rest_route';

/** AMS routes: translation managers and administrators (`manage_options`), and AMS must be configured. */
const amsPermission: PermissionCheck = (call: RestCall, self: AmsController) => {
  const user = call.user;
  if (!user || !(user.can(MANAGE_TRANSLATIONS) || user.can('manage_options')))
    return forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', user !== null);
  return self.client.amsEnabled ? true : TranslationServiceErrors.off('ams', true);
};

/** `ml/tm/v1/ams/*`: the site's registration and users at the translation management service. */
@RestController(NS.mlTm)
export class AmsController {
  constructor(
    private readonly services: TranslationServicesService,
    readonly client: AteAmsClient,
  ) {}

  @RestRoute('/ams/register_manager', { methods: ['POST'], permission: amsPermission })
  registerManager(call: RestCall): Promise<{ enabled: boolean; error?: string }> {
    return this.services.registerManager(call.userId);
  }

  @RestRoute('/ams/synchronize/translators', { methods: ['GET'], permission: amsPermission })
  synchronizeTranslators(): Promise<{ result: unknown }> {
    return this.services.synchronizeTranslators();
  }

  @RestRoute('/ams/synchronize/managers', { methods: ['GET'], permission: amsPermission })
  synchronizeManagers(): Promise<{ result: unknown }> {
    return this.services.synchronizeManagers();
  }

  @RestRoute('/ams/status', { methods: ['GET'], permission: amsPermission })
  status(): Promise<unknown> {
    return this.services.status();
  }

  @RestRoute('/ams/console', { methods: ['GET'], permission: amsPermission })
  console(call: RestCall): Promise<string> {
    return this.services.console(call.userId);
  }

  @RestRoute('/ams/engines', { methods: ['GET'], permission: amsPermission })
  engines(): Promise<unknown> {
    return this.services.engines();
  }

  @RestRoute('/ams/engines', { methods: ['POST'], permission: amsPermission })
  updateEngines(call: RestCall): Promise<unknown> {
    const body = Object.fromEntries(Object.entries(call.params()).filter(([name]) => !isPlatformParam(name)));
    return this.services.updateEngines(body);
  }
}

/** The proxy: translation managers and administrators (WPML checks the `administrator` role as a capability). */
const proxyPermission: PermissionCheck = (call: RestCall) => {
  const user = call.user;
  if (user && (user.can(MANAGE_TRANSLATIONS) || user.roles.includes('administrator'))) return true;
  return forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', user !== null);
};

/** `ml/ate/v1/ate/proxy`: the browser's way to ATE and AMS through the site, only to their configured hosts. */
@RestController(NS.mlAte)
export class AteProxyController {
  constructor(private readonly services: TranslationServicesService) {}

  @RestRoute('/ate/proxy', { methods: ALLMETHODS, permission: proxyPermission })
  async proxy(call: RestCall): Promise<RestResponse> {
    const outcome = await this.services.proxy(call.method, call.params());
    if (outcome.refused) {
      // WPML answers a bare status line: the code and message travel in headers, the body stays empty
      return RestResponse.raw('', 'text/plain; charset=UTF-8', 400)
        .setHeader('X-ML-Proxy-Error', outcome.code)
        .setHeader('X-ML-Proxy-Message', outcome.message)
        .uncached();
    }
    return RestResponse.raw(outcome.body, outcome.contentType, outcome.status).uncached();
  }
}
