import type { Language, RestCall, RestUrls, RestUser } from '../rest';

/**
 * A `RestCall` for service methods invoked outside an HTTP request (page rendering, imports): the calendar
 * services still take the call for its user, language and URL builder. Every argument counts as sent.
 */
export function internalCall<A extends object>(
  args: A,
  options: { user: RestUser | null; language: Language; urls: RestUrls; method?: string },
): RestCall<A> {
  const { user, language, urls } = options;
  return {
    args,
    user,
    userId: user?.id ?? 0,
    language,
    method: options.method ?? 'GET',
    route: '',
    path: '',
    query: {},
    headers: {},
    urls,
    requestId: 'internal',
    has: (name) => (args as Record<string, unknown>)[name] !== undefined,
    param: (name) => (args as Record<string, unknown>)[name],
    params: () => ({ ...args }) as Record<string, unknown>,
    files: {},
    resolve: () => {
      throw new Error('internal calls resolve no providers');
    },
  };
}
