import { forbidden, RestError } from '../../../platform/rest';

/** Wordfence's console-authentication messages (all `rest_forbidden_context`, 401 anonymous / 403 logged in). */
export const ConsoleMessages = {
  notConnected: 'Site is not connected to Wordfence Central.',
  dataInvalid: 'Data is invalid.',
  nonceFormat: 'Nonce format is invalid.',
  siteIdInvalid: 'Site ID is invalid.',
  nonceInvalid: 'Nonce is invalid.',
  signatureInvalid: 'Signature is invalid.',
  emailInvalid: 'Email address is invalid.',
  adminNotFound: 'Admin user with this email address not found.',
  headerFormat: 'Authorization header format is invalid.',
  tokenFormat: 'Invalid token format.',
  tokenSignature: 'Invalid signature.',
  tokenExpired: 'Token is invalid or expired.',
  tokenInvalid: 'Token is invalid.',
} as const;

export type ConsoleMessage = (typeof ConsoleMessages)[keyof typeof ConsoleMessages];

/** A refusal of the console flow; the controller turns it into `rest_forbidden_context` for the caller. */
export class ConsoleAuthError extends Error {
  constructor(readonly reason: ConsoleMessage) {
    super(reason);
  }

  toRestError(loggedIn: boolean): RestError {
    return forbidden('rest_forbidden_context', this.reason, loggedIn);
  }
}
