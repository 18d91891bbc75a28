import { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import { isMysql } from './dialect';

/**
 * Reads a row for update inside a transaction: `SELECT … FOR UPDATE` on MySQL/MariaDB (the row stays locked
 * until commit, so parallel updates of one object queue instead of overwriting each other), a plain read on
 * SQLite (whose write transactions run one at a time). Lock the object being written first, then rows it
 * refers to, so every writer takes locks in the same order.
 */
export function lockRowById<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  id: number,
): Promise<T | null> {
  return manager.getRepository(entity).findOne({
    where: { id } as unknown as FindOptionsWhere<T>,
    ...(isMysql(manager) ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
}

/** The fields of `changed` that differ from `original` (what a partial update set), compared by value. */
export function changedFields<T extends object>(original: T, changed: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(changed) as Array<keyof T>) {
    if (changed[key] !== original[key]) changes[key] = changed[key];
  }
  return changes;
}

/**
 * Locks rows of `table` by ID, in ascending ID order, until the transaction ends (MySQL/MariaDB; SQLite's
 * write transactions run one at a time). For counters recomputed from other tables: lock, then recount.
 */
export async function lockRowsById(manager: EntityManager, table: string, ids: number[]): Promise<void> {
  if (ids.length === 0 || !isMysql(manager)) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await manager.query(
    `SELECT id FROM ${table} WHERE id IN (${sorted.map(() => '?').join(',')}) ORDER BY id FOR UPDATE`,
    sorted,
  );
}
