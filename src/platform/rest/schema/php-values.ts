/**
 * PHP's `empty()` of a request parameter, as WordPress's permission checks test them (`! empty( $request['id'] )`):
 * absent, null, false, 0, '', '0' and an empty array are empty.
 */
export function phpEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return (
    value === undefined || value === null || value === false || value === 0 || value === '' || value === '0'
  );
}

/**
 * PHP's `(int)` cast of a request parameter: a number truncated, a string's leading integer, a boolean as 0/1,
 * an array as 0 when empty and 1 otherwise (so `(int) $request['post']` of a list's `post=[48]` is 1).
 */
export function phpIntval(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const match = /^\s*([+-]?\d+)/.exec(value);
    return match ? Number(match[1]) : 0;
  }
  if (Array.isArray(value)) return value.length > 0 ? 1 : 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length > 0 ? 1 : 0;
  return 0;
}
