import { EVENT_CAPS } from '../../../../platform/auth';

/** A taxonomy as WordPress's `register_taxonomy` describes it, for `core/v2/taxonomies`. */
export interface TaxonomyDefinition {
  slug: string;
  name: string;
  singularName: string;
  description: string;
  /** Post types the taxonomy is registered for. */
  types: string[];
  hierarchical: boolean;
  restBase: string;
  restNamespace: string;
  capabilities: { manage_terms: string; edit_terms: string; delete_terms: string; assign_terms: string };
  showInNavMenus: boolean;
  /** A taxonomy for the admin only (navigation menus): not public, no tag cloud, no admin UI of its own. */
  internal?: boolean;
  labels?: Partial<Record<string, string | null>>;
}

/** `nav_menu` keeps the default labels of tags (WordPress registers it with its names only), and adds `archives`. */
const NAV_MENU_LABELS = {
  search_items: 'Search Tags',
  popular_items: 'Popular Tags',
  all_items: 'Navigation Menus',
  edit_item: 'Edit Tag',
  view_item: 'View Tag',
  update_item: 'Update Tag',
  add_new_item: 'Add New Tag',
  new_item_name: 'New Tag Name',
  separate_items_with_commas: 'Separate tags with commas',
  add_or_remove_items: 'Add or remove tags',
  choose_from_most_used: 'Choose from the most used tags',
  not_found: 'No tags found.',
  no_terms: 'No tags',
  items_list_navigation: 'Tags list navigation',
  items_list: 'Tags list',
  back_to_items: '&larr; Go to Tags',
  item_link: 'Tag Link',
  item_link_description: 'A link to a tag.',
  name_admin_bar: 'Navigation Menu',
  archives: 'Navigation Menus',
};

export const TAXONOMY_DEFINITIONS: readonly TaxonomyDefinition[] = [
  {
    slug: 'category',
    name: 'Categories',
    singularName: 'Category',
    description: '',
    types: ['post'],
    hierarchical: true,
    restBase: 'categories',
    restNamespace: 'core/v2',
    capabilities: {
      manage_terms: 'manage_categories',
      edit_terms: 'edit_categories',
      delete_terms: 'delete_categories',
      assign_terms: 'assign_categories',
    },
    showInNavMenus: true,
  },
  {
    slug: 'post_tag',
    name: 'Tags',
    singularName: 'Tag',
    description: '',
    // The calendar's event tags are WordPress tags, as in The Events Calendar.
    types: ['post', 'cal_events'],
    hierarchical: false,
    restBase: 'tags',
    restNamespace: 'core/v2',
    capabilities: {
      manage_terms: 'manage_post_tags',
      edit_terms: 'edit_post_tags',
      delete_terms: 'delete_post_tags',
      assign_terms: 'assign_post_tags',
    },
    showInNavMenus: true,
  },
  {
    slug: 'nav_menu',
    name: 'Navigation Menus',
    singularName: 'Navigation Menu',
    description: '',
    types: ['nav_menu_item'],
    hierarchical: false,
    restBase: 'menus',
    restNamespace: 'core/v2',
    capabilities: {
      manage_terms: 'edit_theme_options',
      edit_terms: 'edit_theme_options',
      delete_terms: 'edit_theme_options',
      assign_terms: 'edit_theme_options',
    },
    showInNavMenus: false,
    internal: true,
    labels: NAV_MENU_LABELS,
  },
  {
    slug: 'cal_events_cat',
    name: 'Event Categories',
    singularName: 'Event Category',
    description: '',
    types: ['cal_events'],
    hierarchical: true,
    restBase: 'categories',
    restNamespace: 'cal/events/v1',
    capabilities: {
      manage_terms: EVENT_CAPS.publish,
      edit_terms: EVENT_CAPS.publish,
      delete_terms: EVENT_CAPS.publish,
      assign_terms: EVENT_CAPS.edit,
    },
    showInNavMenus: true,
  },
];

/**
 * WordPress maps the taxonomy meta capabilities of categories and tags to primitive ones
 * (`manage_categories` for managing, `edit_posts` for assigning); the calendar's are primitive already.
 */
export function primitiveTermCapability(capability: string): string {
  if (capability === 'assign_categories' || capability === 'assign_post_tags') return 'edit_posts';
  if (/^(manage|edit|delete)_(categories|post_tags)$/.test(capability)) return 'manage_categories';
  return capability;
}

export function findTaxonomy(slug: string): TaxonomyDefinition | undefined {
  return TAXONOMY_DEFINITIONS.find((taxonomy) => taxonomy.slug === slug);
}

/** WordPress's `get_taxonomy_labels`: hierarchical and flat defaults derived from the names. */
export function taxonomyLabels(taxonomy: TaxonomyDefinition): Record<string, string | null> {
  const one = taxonomy.singularName;
  const many = taxonomy.name;
  const lowerOne = one.toLowerCase();
  const lowerMany = many.toLowerCase();
  const flat = !taxonomy.hierarchical;
  return {
    name: many,
    singular_name: one,
    search_items: `Search ${many}`,
    popular_items: flat ? `Popular ${many}` : null,
    all_items: `All ${many}`,
    parent_item: flat ? null : `Parent ${one}`,
    parent_item_colon: flat ? null : `Parent ${one}:`,
    name_field_description: 'The name is how it appears on your site.',
    slug_field_description:
      'The &#8220;slug&#8221; is the URL-friendly version of the name. It is usually all lowercase and contains only letters, numbers, and hyphens.',
    parent_field_description: flat
      ? null
      : 'Assign a parent term to create a hierarchy. The term Jazz, for example, would be the parent of Bebop and Big Band.',
    desc_field_description: 'The description is not prominent by default; however, some themes may show it.',
    edit_item: `Edit ${one}`,
    view_item: `View ${one}`,
    update_item: `Update ${one}`,
    add_new_item: `Add New ${one}`,
    new_item_name: `New ${one} Name`,
    separate_items_with_commas: flat ? `Separate ${lowerMany} with commas` : null,
    add_or_remove_items: flat ? `Add or remove ${lowerMany}` : null,
    choose_from_most_used: flat ? `Choose from the most used ${lowerMany}` : null,
    not_found: `No ${lowerMany} found.`,
    no_terms: `No ${lowerMany}`,
    filter_by_item: flat ? null : `Filter by ${lowerOne}`,
    items_list_navigation: `${many} list navigation`,
    items_list: `${many} list`,
    most_used: 'Most Used',
    back_to_items: `&larr; Go to ${many}`,
    item_link: `${one} Link`,
    item_link_description: `A link to a ${lowerOne}.`,
    menu_name: many,
    name_admin_bar: taxonomy.slug,
    ...taxonomy.labels,
  };
}
