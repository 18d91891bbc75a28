import { ancestorSlugs, HierarchyNode } from './ancestor-slugs';

describe('ancestorSlugs', () => {
  const table: HierarchyNode[] = [
    { id: 1, parentId: 0, slug: 'about' },
    { id: 2, parentId: 1, slug: 'team' },
    { id: 3, parentId: 2, slug: 'lead' },
    { id: 7, parentId: 8, slug: 'loop-a' },
    { id: 8, parentId: 7, slug: 'loop-b' },
    { id: 9, parentId: 404, slug: 'orphan' },
  ];
  const loads: number[][] = [];
  const load = async (ids: number[]) => {
    loads.push([...ids].sort((a, b) => a - b));
    return table.filter((row) => ids.includes(row.id));
  };

  beforeEach(() => (loads.length = 0));

  it('gives each item its ancestors top first, loading one level per query for all items', async () => {
    const items = [table[0], table[1], table[2]];
    const result = await ancestorSlugs(items, load);
    expect(result.get(1)).toBeUndefined();
    expect(result.get(2)).toEqual(['about']);
    expect(result.get(3)).toEqual(['about', 'team']);
    expect(loads).toEqual([[1, 2]]);
  });

  it('stops at a loop or a missing parent', async () => {
    const result = await ancestorSlugs([table[3], table[5]], load);
    expect(result.get(7)).toEqual(['loop-b']);
    expect(result.get(9)).toEqual([]);
  });
});
