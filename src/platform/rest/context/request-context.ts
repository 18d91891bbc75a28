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

/**
 * The current context's store itself (undefined outside a context): read and written as a plain object, since
 * the keys here are flat (ClsService's get/set split every key as a dotted path, on every call).
 */
function currentStore(): RestClsStore | undefined {
  return cls().get() as RestClsStore | undefined;
}

/** Runs `fn` in a context of its own (a batch item, an embedded link) holding this request's data. */
export function runInRequestContext<T>(data: RequestContextData, fn: () => T): T {
  return cls().runWith({ ...data }, fn);
}

/** Runs `fn` in a new, empty context (an HTTP request's, filled by {@link setRequestContext}). */
export function runInNewRequestContext<T>(fn: () => T): T {
  return cls().run(fn);
}

/** Puts request data in the current context (the REST adapter does for an HTTP request, the interceptor for a page). */
export function setRequestContext(data: Partial<RequestContextData>): void {
  const store = currentStore();
  if (store) Object.assign(store, data);
}

export function currentRequest(): RequestContextData | undefined {
  const store = currentStore();
  if (!store || store.requestId === undefined) return undefined;
  return {
    requestId: store.requestId,
    language: store.language ?? DEFAULT_LANGUAGE,
    user: store.user ?? null,
  };
}

/** Content language of the current request (`ml_language` or the `/no/` prefix), `en` outside a request. */
export function currentLanguage(): Language {
  return currentStore()?.language ?? DEFAULT_LANGUAGE;
}
