/** The numeric ids of a bulk `items` list (strings or numbers); `undefined` when none were sent. */
export function bulkIds(items: Array<string | number> | undefined): number[] | undefined {
  if (!items || items.length === 0) return undefined;
  // As PHP's intval: a non-numeric item is id 0, which no row has (so a redirect bulk fails on it).
  return items.map((item) => {
    const id = Number(item);
    return Number.isInteger(id) && id > 0 ? id : 0;
  });
}

/** The id captured at the end of a route path (`/redirect/12` → 12). */
export function trailingId(path: string): number {
  return Number(/(\d+)\/?$/.exec(path)?.[1] ?? 0);
}

export const MANAGE_OPTIONS = 'manage_options';
