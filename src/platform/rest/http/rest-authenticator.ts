import type { RestUser } from '../context/request-context';

/** Resolves the caller from request headers; throws a RestError for bad credentials, null for none. */
export interface RestAuthenticator {
  authenticate(headers: Record<string, string | undefined>, clientAddress: string): Promise<RestUser | null>;
}

export const REST_AUTHENTICATOR = Symbol('REST_AUTHENTICATOR');
