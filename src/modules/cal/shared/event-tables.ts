import type { DataSource } from 'typeorm';

const known = new WeakMap<DataSource, Promise<boolean>>();

/**
 * Whether the events tables (`cal_events`, `cal_event_organizers`, `cal_event_terms`, owned by the events
 * module) exist. Venue/organizer/term filters and counts that join them degrade to "no events" until then.
 */
export function eventTablesExist(dataSource: DataSource): Promise<boolean> {
  let pending = known.get(dataSource);
  if (!pending) {
    pending = (async () => {
      const runner = dataSource.createQueryRunner();
      try {
        return (
          (await runner.hasTable('cal_events')) &&
          (await runner.hasTable('cal_event_organizers')) &&
          (await runner.hasTable('cal_event_terms'))
        );
      } finally {
        await runner.release();
      }
    })();
    known.set(dataSource, pending);
    // A negative answer is not kept: the events migration may be added while the process runs tests.
    void pending.then((exists) => {
      if (!exists) known.delete(dataSource);
    });
  }
  return pending;
}

/** Event statuses that do not make a venue/organizer "have events" (TEC's `find_with_events`). */
export const UNCOUNTED_EVENT_STATUSES = ['draft', 'pending', 'trash', 'auto-draft'] as const;

/** Whether `id` is an event (any status); false while the events tables do not exist. */
export async function eventExists(dataSource: DataSource, id: unknown): Promise<boolean> {
  const eventId = Number(id);
  if (!Number.isInteger(eventId) || eventId <= 0 || !(await eventTablesExist(dataSource))) return false;
  const rows: unknown[] = await dataSource
    .createQueryBuilder()
    .select('1', 'found')
    .from('cal_events', 'e')
    .where('e.id = :eventId', { eventId })
    .limit(1)
    .getRawMany();
  return rows.length > 0;
}
