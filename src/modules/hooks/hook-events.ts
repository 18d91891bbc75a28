import { NS } from '../../platform/rest';

/** The object types that send events, and the actions. */
export const HOOK_OBJECT_TYPES = [
  'post',
  'page',
  'event',
  'venue',
  'organizer',
  'term',
  'comment',
  'media',
  'redirect',
  'translation',
] as const;
export type HookObjectType = (typeof HOOK_OBJECT_TYPES)[number];
export type HookAction = 'created' | 'updated' | 'deleted' | 'completed';

/** `*`, `post.*`, `post.updated`, `translation.completed`. */
export const EVENT_PATTERN = new RegExp(
  `^(\\*|(${HOOK_OBJECT_TYPES.join('|')})\\.(\\*|created|updated|deleted|completed))$`,
);

/** Whether a webhook subscribed to `patterns` wants an event of `type`. */
export function matchesEvent(patterns: readonly string[], type: string): boolean {
  const object = type.slice(0, type.indexOf('.'));
  return patterns.some((pattern) => pattern === '*' || pattern === type || pattern === `${object}.*`);
}

/** A changed row as the outbox records it. */
export interface HookChange {
  objectType: HookObjectType;
  objectId: number;
  language: string;
  /** The item route showing the object in the view context, when there is one. */
  restPath: string | null;
}

const TERM_ROUTES: Record<string, string> = { category: 'categories', post_tag: 'tags' };

/** The change a written row of a watched table stands for, or null for rows that send no event. */
export function changeOf(table: string, row: Record<string, unknown>): HookChange | null {
  const id = typeof row.id === 'number' ? row.id : Number(row.id);
  if (!Number.isInteger(id) || id <= 0) return null;
  const language = typeof row.language === 'string' ? row.language : 'en';
  const change = (objectType: HookObjectType, restPath: string | null): HookChange => ({
    objectType,
    objectId: id,
    language,
    restPath,
  });
  switch (table) {
    case 'posts':
      if (row.type === 'post') return change('post', `/${NS.core}/posts/${id}`);
      if (row.type === 'page') return change('page', `/${NS.core}/pages/${id}`);
      return null;
    case 'cal_events':
      return change('event', `/${NS.calendar}/events/${id}`);
    case 'cal_venues':
      return change('venue', `/${NS.calendar}/venues/${id}`);
    case 'cal_organizers':
      return change('organizer', `/${NS.calendar}/organizers/${id}`);
    case 'terms': {
      const route = TERM_ROUTES[String(row.taxonomy)];
      return change('term', route ? `/${NS.core}/${route}/${id}` : null);
    }
    case 'cal_terms':
      return change('term', null);
    case 'comments':
      return change('comment', `/${NS.core}/comments/${id}`);
    case 'media':
      return change('media', `/${NS.core}/media/${id}`);
    case 'redirection_items':
      return change('redirect', null);
    default:
      return null;
  }
}
