import { Injectable } from '@nestjs/common';
import { DataSource, EntitySubscriberInterface, InsertEvent, UpdateEvent } from 'typeorm';
import type { EntityMetadata } from 'typeorm';

/** A value longer than its column: the client's input, so a 400 rather than MySQL's "Data too long" (500). */
export class ValueTooLongError extends Error {
  constructor(
    /** Column name (snake_case, as the wire names mostly are). */
    readonly column: string,
    readonly maxLength: number,
    readonly unit: 'characters' | 'bytes',
  ) {
    super(`${column} must be at most ${maxLength} ${unit === 'bytes' ? 'bytes' : 'characters'} long.`);
    this.name = 'ValueTooLongError';
  }
}

/** MySQL TEXT holds 65,535 bytes; SQLite has no limit, but both databases get the same rule. */
const TEXT_BYTES = 65_535;

/**
 * Checks every string written through TypeORM entities against its column before the INSERT/UPDATE:
 * VARCHAR(n) counts characters (as MySQL/MariaDB with utf8mb4 do), TEXT counts bytes. SQLite would store an
 * over-long value and MySQL refuse it; with this guard both answer the same 400.
 */
@Injectable()
export class ColumnLengthGuard implements EntitySubscriberInterface {
  constructor(dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  beforeInsert(event: InsertEvent<unknown>): void {
    check(event.metadata, event.entity);
  }

  beforeUpdate(event: UpdateEvent<unknown>): void {
    check(event.metadata, event.entity);
  }
}

function check(metadata: EntityMetadata, entity: unknown): void {
  if (typeof entity !== 'object' || entity === null) return;
  for (const column of metadata.columns) {
    const value = column.getEntityValue(entity as Record<string, unknown>);
    if (typeof value !== 'string') continue;
    const type = String(column.type).toLowerCase();
    const length = Number(column.length);
    if ((type === 'varchar' || type === 'character varying' || type === 'char') && length > 0) {
      // Code points, not UTF-16 units: an emoji is one character for MySQL.
      if (value.length > length && [...value].length > length)
        throw new ValueTooLongError(column.databaseName, length, 'characters');
    } else if (
      type === 'text' &&
      value.length > TEXT_BYTES / 4 &&
      Buffer.byteLength(value, 'utf8') > TEXT_BYTES
    ) {
      throw new ValueTooLongError(column.databaseName, TEXT_BYTES, 'bytes');
    }
  }
}
