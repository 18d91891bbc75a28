/**
 * A request target as Node gives it (`/path?query`) read as a URL of `origin`. The target is a path: `//x` is
 * the path `//x`, where `new URL('//x', base)` would read a host `x` (and throws on `//?q`, which has none).
 */
export function requestTargetUrl(target: string, origin = 'http://localhost'): URL {
  const base = new URL(origin);
  try {
    return target.startsWith('/') ? new URL(`${base.origin}${target}`) : new URL(target, base);
  } catch {
    return new URL('/', base);
  }
}
