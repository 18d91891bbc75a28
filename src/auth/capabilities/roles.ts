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

const all = (caps: TypeCapabilities) => Object.values(caps);
const own = (caps: TypeCapabilities) => [caps.edit, caps.delete];
const ownPublished = (caps: TypeCapabilities) => [
  ...own(caps),
  caps.publish,
  caps.editPublished,
  caps.deletePublished,
];
const CALENDAR = [EVENT_CAPS, VENUE_CAPS, ORGANIZER_CAPS];

const SUBSCRIBER = ['read'];
const CONTRIBUTOR = [...SUBSCRIBER, ...own(POST_CAPS), ...CALENDAR.flatMap(own)];
const AUTHOR = [...SUBSCRIBER, ...ownPublished(POST_CAPS), 'upload_files', ...CALENDAR.flatMap(ownPublished)];
const EDITOR = [
  ...SUBSCRIBER,
  ...all(POST_CAPS),
  ...all(PAGE_CAPS),
  ...CALENDAR.flatMap(all),
  'upload_files',
  'unfiltered_html',
  'moderate_comments',
  'manage_categories',
  'manage_links',
];
const ADMINISTRATOR = [
  ...EDITOR,
  'manage_options',
  'list_users',
  'create_users',
  'edit_users',
  'delete_users',
  'promote_users',
  'remove_users',
  'switch_themes',
  'edit_theme_options',
  'activate_plugins',
  'edit_plugins',
  'install_plugins',
  'update_plugins',
  'delete_plugins',
  'import',
  'export',
  'edit_dashboard',
  'update_core',
];

/** Primitive capabilities per role, as WordPress's populate_roles plus the calendar's additions. */
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
