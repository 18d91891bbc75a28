import { ClsServiceManager, ClsStore } from 'nestjs-cls';

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

/** What the request context (nestjs-cls) holds for one request, batch item or embedded link. */
export interface RestClsStore extends ClsStore, Partial<RequestContextData> {}

const cls = () => ClsServiceManager.getClsService<RestClsStore>();

/** Runs `fn` in a context of its own (a batch item, an embedded link) holding this request's data. */
export function runInRequestContext<T>(data: RequestContextData, fn: () => T): T {
  return cls().runWith({ ...data }, fn);
}

/** Puts request data in the current context (the REST entry's interceptor does, for the HTTP request). */
export function setRequestContext(data: Partial<RequestContextData>): void {
  const store = cls();
  if (!store.isActive()) return;
  for (const [key, value] of Object.entries(data)) store.set(key as keyof RestClsStore, value as never);
}

export function currentRequest(): RequestContextData | undefined {
  const store = cls();
  if (!store.isActive() || store.get('requestId') === undefined) return undefined;
  return {
    requestId: store.get('requestId') as string,
    language: store.get('language') ?? DEFAULT_LANGUAGE,
    user: store.get('user') ?? null,
  };
}

/** Content language of the current request (`ml_language` or the `/no/` prefix), `en` outside a request. */
export function currentLanguage(): Language {
  const store = cls();
  return (store.isActive() ? store.get('language') : undefined) ?? DEFAULT_LANGUAGE;
}
