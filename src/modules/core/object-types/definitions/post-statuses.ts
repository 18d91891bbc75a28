/** A post status as WordPress's `register_post_status` describes it, for `core/v2/statuses`. */
export interface PostStatusDefinition {
  slug: string;
  name: string;
  public: boolean;
  private: boolean;
  protected: boolean;
  /** Shown to visitors (`publicly_queryable`). */
  queryable: boolean;
  showInList: boolean;
  /** Drafts and pending posts have no fixed date until published. */
  dateFloating: boolean;
}

const status = (
  slug: string,
  name: string,
  flags: Partial<Omit<PostStatusDefinition, 'slug' | 'name'>> = {},
): PostStatusDefinition => ({
  slug,
  name,
  public: false,
  private: false,
  protected: false,
  queryable: false,
  showInList: false,
  dateFloating: false,
  ...flags,
});

const AGGREGATOR_STATUS = { public: true, queryable: true, showInList: true };

/**
 * WordPress's non-internal statuses, then the calendar importer's (The Events Calendar's event aggregator
 * statuses, neutralised), which the site accepts on posts.
 */
export const POST_STATUS_DEFINITIONS: readonly PostStatusDefinition[] = [
  status('publish', 'Published', { public: true, queryable: true, showInList: true }),
  status('future', 'Scheduled', { protected: true, showInList: true }),
  status('draft', 'Draft', { protected: true, showInList: true, dateFloating: true }),
  status('pending', 'Pending', { protected: true, showInList: true, dateFloating: true }),
  status('private', 'Private', { private: true, showInList: true }),
  status('trash', 'Trash'),
  // TEC registers its aggregator records' statuses public and publicly queryable, with these labels.
  status('cal-ea-success', 'Imported', AGGREGATOR_STATUS),
  status('cal-ea-failed', 'Failed', AGGREGATOR_STATUS),
  status('cal-ea-schedule', 'Schedule', AGGREGATOR_STATUS),
  status('cal-ea-pending', 'Pending', AGGREGATOR_STATUS),
  status('cal-ea-draft', 'Draft', AGGREGATOR_STATUS),
  status('cal-ignored', 'Ignored'),
];

export function findPostStatus(slug: string): PostStatusDefinition | undefined {
  return POST_STATUS_DEFINITIONS.find((definition) => definition.slug === slug);
}
