/** The kinds of objects an import reports (TEC's post types and taxonomies, `tribe_*` read as `cal_*`). */
export const ACTIVITY_KINDS = [
  'cal_events',
  'cal_organizer',
  'cal_venue',
  'cal_events_cat',
  'post_tag',
  'attachment',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_ACTIONS = ['created', 'updated', 'skipped', 'scheduled'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export type Activity = Record<ActivityKind, Record<ActivityAction, Array<number | string>>>;

export function emptyActivity(): Activity {
  return Object.fromEntries(
    ACTIVITY_KINDS.map((kind) => [kind, Object.fromEntries(ACTIVITY_ACTIONS.map((action) => [action, []]))]),
  ) as unknown as Activity;
}

/** Stored activity plus this batch's (TEC's `Activity::merge`): lists joined, duplicates dropped. */
export function mergeActivity(stored: string | null, batch: Activity): Activity {
  const merged = emptyActivity();
  let previous: Partial<Activity>;
  try {
    previous = stored ? (JSON.parse(stored) as Partial<Activity>) : {};
  } catch {
    previous = {};
  }
  for (const kind of ACTIVITY_KINDS) {
    for (const action of ACTIVITY_ACTIONS) {
      const before = Array.isArray(previous[kind]?.[action]) ? previous[kind][action] : [];
      merged[kind][action] = [...new Set([...before, ...batch[kind][action]])];
    }
  }
  return merged;
}

/**
 * TEC's insertion status of a batch: `success` when every item produced some activity, `fail` when none did,
 * `partial` otherwise (an empty batch succeeds).
 */
export function insertionStatus(items: number, withActivity: number): 'success' | 'partial' | 'fail' {
  if (items === 0 || withActivity === items) return 'success';
  return withActivity === 0 ? 'fail' : 'partial';
}

/**
 * The interval the batch route answers (TEC filters `event_aggregator_event_batch_interval`): non-numeric or
 * at most 10 → 10, above 600 → 600.
 */
export function clampInterval(value: unknown): number {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(number) || number <= 10) return 10;
  return Math.min(600, Math.floor(number));
}
