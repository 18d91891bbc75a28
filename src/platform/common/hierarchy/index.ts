export { ancestorSlugs } from './ancestor-slugs';
export type { HierarchyNode } from './ancestor-slugs';
