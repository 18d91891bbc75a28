/** A node of a hierarchy stored as parent pointers (pages, categories). */
export interface HierarchyNode {
  id: number;
  parentId: number;
  slug: string | null;
}

/**
 * The slugs of each item's ancestors, top first (WordPress's get_page_uri / get_term_parents_list), for
 * hierarchical links such as `/about/team/` or `/category/news/tech/`. Parents are loaded level by level
 * with `load` (one `IN (...)` query per level of depth for all items together); a loop or a missing
 * parent ends the path. Items without a parent are absent from the result.
 */
export async function ancestorSlugs(
  items: ReadonlyArray<{ id: number; parentId: number }>,
  load: (ids: number[]) => Promise<HierarchyNode[]>,
  maxDepth = 50,
): Promise<Map<number, string[]>> {
  const known = new Map<number, HierarchyNode>();
  let pending = [...new Set(items.map((item) => item.parentId).filter((id) => id > 0))];
  for (let depth = 0; pending.length > 0 && depth < maxDepth; depth += 1) {
    const rows = await load(pending);
    for (const row of rows) known.set(Number(row.id), row);
    pending = [...new Set(rows.map((row) => Number(row.parentId)))].filter((id) => id > 0 && !known.has(id));
  }
  const result = new Map<number, string[]>();
  for (const item of items) {
    if (item.parentId <= 0) continue;
    const slugs: string[] = [];
    const seen = new Set<number>([item.id]);
    for (let node = known.get(item.parentId); node && !seen.has(node.id); node = known.get(node.parentId)) {
      seen.add(node.id);
      slugs.unshift(node.slug ?? '');
    }
    result.set(item.id, slugs);
  }
  return result;
}
