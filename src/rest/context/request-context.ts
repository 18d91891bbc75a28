import { AsyncLocalStorage } from 'node:async_hooks';

export const LANGUAGES = ['en', 'no'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The authenticated caller as the REST layer sees it; the auth module provides the implementation. */
export interface RestUser {
  readonly id: number;
  readonly login: string;
  readonly roles: readonly string[];
  /** WordPress's current_user_can for primitive capabilities. */
  can(capability: string): boolean;
}

export interface RequestContextData {
  requestId: string;
  language: Language;
  user: RestUser | null;
}

const storage = new AsyncLocalStorage<RequestContextData>();

/** Runs `fn` with request data visible to services through currentRequest(). */
export function runInRequestContext<T>(data: RequestContextData, fn: () => T): T {
  return storage.run(data, fn);
}

export function currentRequest(): RequestContextData | undefined {
  return storage.getStore();
}

/** Content language of the current request (`ml_language`), `en` outside a request. */
export function currentLanguage(): Language {
  return storage.getStore()?.language ?? DEFAULT_LANGUAGE;
}
