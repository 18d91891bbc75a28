/**
 * WordPress route patterns use PCRE named groups: `/events/(?P<id>\d+)`. JavaScript spells them `(?<id>...)`.
 * The whole path must match (WordPress anchors with `@^...$@i`).
 */
export function compileRoutePattern(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/\(\?P</g, '(?<')}$`, 'i');
}

/** True when the pattern has no captures, so the index gives it a `self` link. */
export function isStaticRoute(pattern: string): boolean {
  return !pattern.includes('(?');
}
