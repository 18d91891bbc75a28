import {
  EVENT_CAPS,
  ORGANIZER_CAPS,
  PAGE_CAPS,
  POST_CAPS,
  TypeCapabilities,
  VENUE_CAPS,
} from '../../../../platform/auth';

/** A post type as WordPress's `register_post_type` describes it, for `core/v2/types`. */
export interface PostTypeDefinition {
  slug: string;
  name: string;
  singularName: string;
  description: string;
  hierarchical: boolean;
  /** `false`, or the archive's path segment. */
  hasArchive: boolean | string;
  icon: string | null;
  taxonomies: string[];
  restBase: string;
  restNamespace: string;
  caps: TypeCapabilities;
  /** Singular meta capabilities (`edit_post`, `read_post`, `delete_post`). */
  singularCapBase: string;
  /** The capability that allows creating one (`create_posts`). */
  createCap: string;
  supports: string[];
  showInNavMenus: boolean;
  /** Label overrides on top of those derived from the names. */
  labels?: Partial<Record<string, string | null>>;
}

/** Post types the site serves over REST, in WordPress's registration order (core first, then the calendar's). */
export const POST_TYPE_DEFINITIONS: readonly PostTypeDefinition[] = [
  {
    slug: 'post',
    name: 'Posts',
    singularName: 'Post',
    description: '',
    hierarchical: false,
    hasArchive: false,
    icon: 'dashicons-admin-post',
    taxonomies: ['category', 'post_tag'],
    restBase: 'posts',
    restNamespace: 'core/v2',
    caps: POST_CAPS,
    singularCapBase: 'post',
    createCap: POST_CAPS.edit,
    supports: [
      'title',
      'editor',
      'author',
      'thumbnail',
      'excerpt',
      'trackbacks',
      'custom-fields',
      'comments',
      'revisions',
      'post-formats',
    ],
    showInNavMenus: true,
  },
  {
    slug: 'page',
    name: 'Pages',
    singularName: 'Page',
    description: '',
    hierarchical: true,
    hasArchive: false,
    icon: 'dashicons-admin-page',
    taxonomies: [],
    restBase: 'pages',
    restNamespace: 'core/v2',
    caps: PAGE_CAPS,
    singularCapBase: 'page',
    createCap: PAGE_CAPS.edit,
    supports: [
      'title',
      'editor',
      'author',
      'thumbnail',
      'page-attributes',
      'custom-fields',
      'comments',
      'revisions',
    ],
    showInNavMenus: true,
  },
  {
    // The media library (`core/v2/media`); WordPress keeps the post labels it does not override.
    slug: 'attachment',
    name: 'Media',
    singularName: 'Post',
    description: '',
    hierarchical: false,
    hasArchive: false,
    icon: 'dashicons-admin-media',
    taxonomies: [],
    restBase: 'media',
    restNamespace: 'core/v2',
    caps: POST_CAPS,
    singularCapBase: 'post',
    createCap: 'upload_files',
    supports: ['title', 'author', 'comments'],
    showInNavMenus: false,
    labels: {
      singular_name: 'Media',
      edit_item: 'Edit Media',
      view_item: 'View Attachment Page',
      view_items: 'View Posts',
      search_items: 'Search Posts',
      not_found: 'No posts found.',
      not_found_in_trash: 'No posts found in Trash.',
      all_items: 'Media',
      archives: 'Media',
      attributes: 'Attachment Attributes',
      filter_items_list: 'Filter posts list',
      items_list_navigation: 'Posts list navigation',
      items_list: 'Posts list',
      name_admin_bar: 'Media',
    },
  },
  {
    slug: 'cal_events',
    name: 'Events',
    singularName: 'Event',
    description: '',
    hierarchical: false,
    hasArchive: 'events',
    icon: 'dashicons-calendar',
    taxonomies: ['cal_events_cat', 'post_tag'],
    restBase: 'events',
    restNamespace: 'cal/events/v1',
    caps: EVENT_CAPS,
    singularCapBase: 'cal_event',
    createCap: EVENT_CAPS.edit,
    supports: ['title', 'editor', 'excerpt', 'author', 'thumbnail', 'custom-fields', 'comments', 'revisions'],
    showInNavMenus: true,
  },
  {
    slug: 'cal_venue',
    name: 'Venues',
    singularName: 'Venue',
    description: '',
    hierarchical: false,
    hasArchive: false,
    icon: null,
    taxonomies: [],
    restBase: 'venues',
    restNamespace: 'cal/events/v1',
    caps: VENUE_CAPS,
    singularCapBase: 'cal_venue',
    createCap: VENUE_CAPS.edit,
    supports: ['title', 'editor', 'author', 'thumbnail'],
    showInNavMenus: false,
  },
  {
    slug: 'cal_organizer',
    name: 'Organizers',
    singularName: 'Organizer',
    description: '',
    hierarchical: false,
    hasArchive: false,
    icon: null,
    taxonomies: [],
    restBase: 'organizers',
    restNamespace: 'cal/events/v1',
    caps: ORGANIZER_CAPS,
    singularCapBase: 'cal_organizer',
    createCap: ORGANIZER_CAPS.edit,
    supports: ['title', 'editor', 'author', 'thumbnail'],
    showInNavMenus: false,
  },
];

/** Post types searchable through `core/v2/search` (WordPress leaves attachments out). */
export const SEARCHABLE_SUBTYPES = ['post', 'page', 'cal_events'] as const;
export type SearchablePostSubtype = (typeof SEARCHABLE_SUBTYPES)[number];

export function findPostType(slug: string): PostTypeDefinition | undefined {
  return POST_TYPE_DEFINITIONS.find((type) => type.slug === slug);
}

/** WordPress's `get_post_type_labels`: the defaults derived from the names, then the type's overrides. */
export function postTypeLabels(type: PostTypeDefinition): Record<string, string | null> {
  const one = type.singularName;
  const many = type.name;
  const lowerOne = one.toLowerCase();
  const lowerMany = many.toLowerCase();
  return {
    name: many,
    singular_name: one,
    add_new: 'Add New',
    add_new_item: `Add New ${one}`,
    edit_item: `Edit ${one}`,
    new_item: `New ${one}`,
    view_item: `View ${one}`,
    view_items: `View ${many}`,
    search_items: `Search ${many}`,
    not_found: `No ${lowerMany} found.`,
    not_found_in_trash: `No ${lowerMany} found in Trash.`,
    parent_item_colon: type.hierarchical ? `Parent ${one}:` : null,
    all_items: `All ${many}`,
    archives: `${one} Archives`,
    attributes: `${one} Attributes`,
    insert_into_item: `Insert into ${lowerOne}`,
    uploaded_to_this_item: `Uploaded to this ${lowerOne}`,
    featured_image: 'Featured image',
    set_featured_image: 'Set featured image',
    remove_featured_image: 'Remove featured image',
    use_featured_image: 'Use as featured image',
    filter_items_list: `Filter ${lowerMany} list`,
    filter_by_date: 'Filter by date',
    items_list_navigation: `${many} list navigation`,
    items_list: `${many} list`,
    item_published: `${one} published.`,
    item_published_privately: `${one} published privately.`,
    item_reverted_to_draft: `${one} reverted to draft.`,
    item_scheduled: `${one} scheduled.`,
    item_updated: `${one} updated.`,
    item_link: `${one} Link`,
    item_link_description: `A link to a ${lowerOne}.`,
    menu_name: many,
    name_admin_bar: one,
    ...type.labels,
  };
}

/** The `capabilities` object of the edit context: WordPress's meta and primitive capability names. */
export function postTypeCapabilities(type: PostTypeDefinition): Record<string, string> {
  const caps = type.caps;
  return {
    edit_post: `edit_${type.singularCapBase}`,
    read_post: `read_${type.singularCapBase}`,
    delete_post: `delete_${type.singularCapBase}`,
    edit_posts: caps.edit,
    edit_others_posts: caps.editOthers,
    delete_posts: caps.delete,
    publish_posts: caps.publish,
    read_private_posts: caps.readPrivate,
    read: 'read',
    delete_private_posts: caps.deletePrivate,
    delete_published_posts: caps.deletePublished,
    delete_others_posts: caps.deleteOthers,
    edit_private_posts: caps.editPrivate,
    edit_published_posts: caps.editPublished,
    create_posts: type.createCap,
  };
}
