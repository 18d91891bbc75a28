/** The numeric ids of a bulk `items` list (strings or numbers); `undefined` when none were sent. */
export function bulkIds(items: Array<string | number> | undefined): number[] | undefined {
  if (!items || items.length === 0) return undefined;
  return items.map((item) => Number(item)).filter((id) => Number.isInteger(id) && id > 0);
}

/** The id captured at the end of a route path (`/redirect/12` → 12). */
export function trailingId(path: string): number {
  return Number(/(\d+)\/?$/.exec(path)?.[1] ?? 0);
}

export const MANAGE_OPTIONS = 'manage_options';
