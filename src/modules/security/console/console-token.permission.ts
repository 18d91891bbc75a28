import type { PermissionCheck } from '../../../platform/rest';
import { ConsoleAuthError } from './console.errors';
import { ConsoleAuthService, ConsoleTokenKind } from './console-auth.service';

/**
 * Permission of the token-protected `security/v1` routes (Wordfence's verifyToken / verifyTokenPremium):
 * a valid console token, else `rest_forbidden_context` with the reason (401 anonymous, 403 logged in).
 */
export function consoleToken(kind: ConsoleTokenKind = 'site'): PermissionCheck {
  return async (call) => {
    try {
      await call.resolve(ConsoleAuthService).verifyRequest(call.headers, kind);
      return true;
    } catch (error) {
      if (error instanceof ConsoleAuthError) return error.toRestError(call.user !== null);
      throw error;
    }
  };
}
