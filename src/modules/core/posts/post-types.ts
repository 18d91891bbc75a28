import { PAGE_CAPS, POST_CAPS, TypeCapabilities } from '../../../platform/auth';

export type PostTypeName = 'post' | 'page';

/** What differs between posts and pages; everything else is one implementation. */
export interface PostTypeConfig {
  name: PostTypeName;
  restBase: 'posts' | 'pages';
  caps: TypeCapabilities;
  hierarchical: boolean;
  /** Posts have sticky, format, categories and tags; pages have parent and menu_order. */
  taxonomies: boolean;
}

export const POST_TYPE: PostTypeConfig = {
  name: 'post',
  restBase: 'posts',
  caps: POST_CAPS,
  hierarchical: false,
  taxonomies: true,
};

export const PAGE_TYPE: PostTypeConfig = {
  name: 'page',
  restBase: 'pages',
  caps: PAGE_CAPS,
  hierarchical: true,
  taxonomies: false,
};

export const POST_TYPES: Record<PostTypeName, PostTypeConfig> = { post: POST_TYPE, page: PAGE_TYPE };

export const POST_FORMATS = [
  'standard',
  'aside',
  'chat',
  'gallery',
  'link',
  'image',
  'quote',
  'status',
  'video',
  'audio',
] as const;

/** Statuses accepted by the `status` list filter. */
export const FILTER_STATUSES = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'trash',
  'auto-draft',
  'inherit',
  'request-pending',
  'request-confirmed',
  'request-failed',
  'request-completed',
  'cal-ea-success',
  'cal-ea-failed',
  'cal-ea-schedule',
  'cal-ea-pending',
  'cal-ea-draft',
  'cal-ignored',
  'any',
] as const;

/** Statuses accepted on write. */
export const WRITE_STATUSES = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'cal-ea-success',
  'cal-ea-failed',
  'cal-ea-schedule',
  'cal-ea-pending',
  'cal-ea-draft',
  'cal-ignored',
] as const;

/** Statuses `any` expands to (WordPress leaves out trash, auto-draft and the internal ones). */
export const ANY_STATUSES = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'cal-ea-success',
  'cal-ea-failed',
  'cal-ea-schedule',
  'cal-ea-pending',
  'cal-ea-draft',
  'cal-ignored',
];
