import {
  CREATABLE,
  EDITABLE,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestErrors,
  RestResponse,
  RestRoute,
} from '../../../platform/rest';
import { ConsoleAuthError } from './console.errors';
import { ConsoleAuthService } from './console-auth.service';
import { consoleToken } from './console-token.permission';

export const SECURITY_NAMESPACE = 'security/v1';

/** The console's sign-in and connection routes (Wordfence's wfRESTAuthenticationController and connect routes). */
@RestController(SECURITY_NAMESPACE)
export class ConsoleAuthController {
  constructor(private readonly auth: ConsoleAuthService) {}

  @RestRoute('/authenticate', { methods: READABLE, permission: Permissions.public })
  async nonce() {
    // Changes with the clock (the tick) and with every exchange: never from the anonymous response cache.
    return new RestResponse({ nonce: await this.auth.nonce(), admin_url: this.auth.adminUrl() }).uncached();
  }

  @RestRoute('/authenticate', { methods: CREATABLE, permission: Permissions.public })
  async authenticate(call: RestCall) {
    return this.refusalsAsErrors(call, async () => ({
      token: await this.auth.authenticate(call.param('data'), call.param('signature')),
    }));
  }

  @RestRoute('/authenticate-premium', { methods: CREATABLE, permission: Permissions.public })
  async authenticatePremium(call: RestCall) {
    return this.refusalsAsErrors(call, async () => ({
      token: await this.auth.authenticatePremium(call.param('data'), call.param('signature')),
    }));
  }

  @RestRoute('/premium-connect', { methods: EDITABLE, permission: consoleToken('premium') })
  async premiumConnect(call: RestCall) {
    const input = {
      publicKey: call.param('public-key'),
      siteData: call.param('site-data'),
      siteId: call.param('site-id'),
    };
    const problems = ConsoleAuthService.connectProblems(input);
    if (Object.keys(problems).length > 0) throw RestErrors.invalidParams(problems, {});
    const claims = await this.refusalsAsErrors(call, () => this.auth.verifyRequest(call.headers, 'premium'));
    return { success: true, 'public-key': await this.auth.premiumConnect(input, claims) };
  }

  @RestRoute('/disconnect', { methods: EDITABLE, permission: consoleToken() })
  async disconnect() {
    await this.auth.disconnect();
    return { success: true };
  }

  private async refusalsAsErrors<T>(call: RestCall, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ConsoleAuthError) throw error.toRestError(call.user !== null);
      throw error;
    }
  }
}
