import { Injectable } from '@nestjs/common';
import { DataSource, EntitySubscriberInterface, UpdateEvent } from 'typeorm';
import { TranslatableRegistry } from '../translatable-registry';
import { elementTypeOfRow } from './element-types';

/** Tables whose updates are heard here; posts and pages tell through the posts lifecycle instead. */
const WATCHED = new Set(['cal_events']);

/**
 * Tells translation management that an original changed, inside the updating transaction (a TypeORM subscriber:
 * the calendar's services need no call of their own), so "needs update" commits with the change.
 */
@Injectable()
export class OriginalChanges implements EntitySubscriberInterface {
  constructor(
    dataSource: DataSource,
    private readonly registry: TranslatableRegistry,
  ) {
    dataSource.subscribers.push(this);
  }

  async afterUpdate(event: UpdateEvent<Record<string, unknown>>): Promise<void> {
    const table = event.metadata.tableName;
    const row = event.entity;
    if (!WATCHED.has(table) || !row) return;
    const elementType = elementTypeOfRow(table, row);
    const id = Number(row.id ?? (event.databaseEntity as Record<string, unknown> | undefined)?.id);
    if (!elementType || !Number.isInteger(id) || id <= 0) return;
    await this.registry.originalChanged(elementType, id, event.manager);
  }
}
