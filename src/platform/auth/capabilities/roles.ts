export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];

/** Capability names of a post-like type, as WordPress derives them from its capability_type. */
export interface TypeCapabilities {
  edit: string;
  editOthers: string;
  editPublished: string;
  editPrivate: string;
  publish: string;
  readPrivate: string;
  delete: string;
  deleteOthers: string;
  deletePublished: string;
  deletePrivate: string;
}

export function typeCapabilities(plural: string): TypeCapabilities {
  return {
    edit: `edit_${plural}`,
    editOthers: `edit_others_${plural}`,
    editPublished: `edit_published_${plural}`,
    editPrivate: `edit_private_${plural}`,
    publish: `publish_${plural}`,
    readPrivate: `read_private_${plural}`,
    delete: `delete_${plural}`,
    deleteOthers: `delete_others_${plural}`,
    deletePublished: `delete_published_${plural}`,
    deletePrivate: `delete_private_${plural}`,
  };
}

export const POST_CAPS = typeCapabilities('posts');
export const PAGE_CAPS = typeCapabilities('pages');
/** The calendar's types (The Events Calendar's tribe_events, tribe_venue, tribe_organizer). */
export const EVENT_CAPS = typeCapabilities('cal_events');
export const VENUE_CAPS = typeCapabilities('cal_venues');
export const ORGANIZER_CAPS = typeCapabilities('cal_organizers');
/** The Events Calendar's Event Aggregator records (`tribe-ea-record`, capability type `aggregator-record`). */
export const AGGREGATOR_RECORD_CAPS = typeCapabilities('aggregator-records');

// The calendar's capabilities per role as The Events Calendar adds them (Tribe__Events__Capabilities), in its order.
const all = (caps: TypeCapabilities) => [
  caps.readPrivate,
  caps.edit,
  caps.editOthers,
  caps.editPrivate,
  caps.editPublished,
  caps.delete,
  caps.deleteOthers,
  caps.deletePrivate,
  caps.deletePublished,
  caps.publish,
];
const own = (caps: TypeCapabilities) => [caps.edit, caps.delete];
const ownPublished = (caps: TypeCapabilities) => [
  caps.edit,
  caps.editPublished,
  caps.delete,
  caps.deletePublished,
  caps.publish,
];
const CALENDAR = [EVENT_CAPS, VENUE_CAPS, ORGANIZER_CAPS, AGGREGATOR_RECORD_CAPS];

const levels = (top: number) => Array.from({ length: top + 1 }, (_, index) => `level_${top - index}`);

/** WordPress's populate_roles, in its order (the order `capabilities` lists them on the wire). */
const WP_SUBSCRIBER = ['read', 'level_0'];
const WP_CONTRIBUTOR = ['edit_posts', 'read', 'level_1', 'level_0', 'delete_posts'];
const WP_AUTHOR = [
  'upload_files',
  'edit_posts',
  'edit_published_posts',
  'publish_posts',
  'read',
  ...levels(2),
  'delete_posts',
  'delete_published_posts',
];
const WP_EDITOR_BASE = [
  'moderate_comments',
  'manage_categories',
  'manage_links',
  'upload_files',
  'unfiltered_html',
  'edit_posts',
  'edit_others_posts',
  'edit_published_posts',
  'publish_posts',
  'edit_pages',
  'read',
];
const WP_EDITOR_PAGES_POSTS = [
  'edit_others_pages',
  'edit_published_pages',
  'publish_pages',
  'delete_pages',
  'delete_others_pages',
  'delete_published_pages',
  'delete_posts',
  'delete_others_posts',
  'delete_published_posts',
  'delete_private_posts',
  'edit_private_posts',
  'read_private_posts',
  'delete_private_pages',
  'edit_private_pages',
  'read_private_pages',
];
const WP_EDITOR = [...WP_EDITOR_BASE, ...levels(7), ...WP_EDITOR_PAGES_POSTS];
const WP_ADMINISTRATOR = [
  'switch_themes',
  'edit_themes',
  'activate_plugins',
  'edit_plugins',
  'edit_users',
  'edit_files',
  'manage_options',
  ...WP_EDITOR_BASE,
  'import',
  ...levels(10),
  ...WP_EDITOR_PAGES_POSTS,
  'delete_users',
  'create_users',
  'unfiltered_upload',
  'edit_dashboard',
  'update_plugins',
  'delete_plugins',
  'install_plugins',
  'update_themes',
  'install_themes',
  'update_core',
  'list_users',
  'remove_users',
  'promote_users',
  'edit_theme_options',
  'delete_themes',
  'export',
];

/** Translation management (WPML): managers send, assign and cancel jobs; translators work on their own jobs. */
export const TRANSLATION_CAPS = { manage: 'manage_translations', translate: 'translate' } as const;
const TRANSLATION_MANAGER = [TRANSLATION_CAPS.manage, TRANSLATION_CAPS.translate];

// The calendar's capabilities follow WordPress's (as The Events Calendar adds them to the roles). WPML gives its
// capabilities to users one by one; with roles only, editors are the translation managers and authors translators.
const CONTRIBUTOR = [...WP_CONTRIBUTOR, ...CALENDAR.flatMap(own)];
const AUTHOR = [...WP_AUTHOR, ...CALENDAR.flatMap(ownPublished), TRANSLATION_CAPS.translate];
const EDITOR = [...WP_EDITOR, ...CALENDAR.flatMap(all), ...TRANSLATION_MANAGER];
const ADMINISTRATOR = [...WP_ADMINISTRATOR, ...CALENDAR.flatMap(all), ...TRANSLATION_MANAGER];
const SUBSCRIBER = WP_SUBSCRIBER;

/** Primitive capabilities per role, as WordPress's populate_roles (in its order) plus the calendar's. */
export const ROLE_CAPABILITIES: Record<Role, ReadonlySet<string>> = {
  administrator: new Set(ADMINISTRATOR),
  editor: new Set(EDITOR),
  author: new Set(AUTHOR),
  contributor: new Set(CONTRIBUTOR),
  subscriber: new Set(SUBSCRIBER),
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
