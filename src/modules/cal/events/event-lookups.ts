/** Names of the existence checks the events module registers for argument validation (`registerLookup`). */
export const EVENT_LOOKUPS = {
  slug: 'calendar:event-slug',
  category: 'calendar:event-category-slug-or-id',
  tag: 'calendar:event-tag-slug-or-id',
} as const;
