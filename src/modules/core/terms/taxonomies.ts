export interface TaxonomyConfig {
  name: 'category' | 'post_tag';
  restBase: 'categories' | 'tags';
  hierarchical: boolean;
  /** Path segment of the public archive link. */
  archiveBase: 'category' | 'tag';
}

export const CATEGORY: TaxonomyConfig = {
  name: 'category',
  restBase: 'categories',
  hierarchical: true,
  archiveBase: 'category',
};

export const POST_TAG: TaxonomyConfig = {
  name: 'post_tag',
  restBase: 'tags',
  hierarchical: false,
  archiveBase: 'tag',
};
