import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  InsertEvent,
  ObjectLiteral,
  QueryRunner,
  RemoveEvent,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  UpdateEvent,
} from 'typeorm';
import { formatDateTime } from '../../platform/database';
import { changeOf, HookAction, HookChange } from './hook-events';
import { HookEventEntity } from './hooks.entities';

/**
 * Writes the outbox row of every change of a watched table with the writer's own manager, so the event commits
 * or rolls back with the change whatever code path wrote it (services, imports, the CLI, jobs). A row created
 * and then saved again in one transaction sends one `created`.
 *
 * TypeORM tells a subscriber the row only for entity saves and removes and for inserts; an UPDATE or DELETE built
 * with a query builder carries no id, so deletes that go that way report through {@link recordDeleted}.
 */
@Injectable()
export class HookOutbox implements EntitySubscriberInterface, OnModuleInit {
  private readonly seen = new WeakMap<QueryRunner, Set<string>>();

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  async afterInsert(event: InsertEvent<ObjectLiteral>): Promise<void> {
    await this.record(event.manager, event.queryRunner, event.metadata.tableName, event.entity, 'created');
  }

  async afterUpdate(event: UpdateEvent<ObjectLiteral>): Promise<void> {
    const row = { ...(event.databaseEntity ?? {}), ...(event.entity ?? {}) } as ObjectLiteral;
    await this.record(event.manager, event.queryRunner, event.metadata.tableName, row, 'updated');
  }

  async afterRemove(event: RemoveEvent<ObjectLiteral>): Promise<void> {
    const row = { ...(event.databaseEntity ?? {}), ...(event.entity ?? {}) } as ObjectLiteral;
    if (row.id === undefined && event.entityId !== undefined) row.id = event.entityId;
    await this.record(event.manager, event.queryRunner, event.metadata.tableName, row, 'deleted');
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    this.seen.delete(event.queryRunner);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.seen.delete(event.queryRunner);
  }

  /** A row of `table` deleted by a query (inside the delete's transaction). */
  async recordDeleted(manager: EntityManager, table: string, row: ObjectLiteral): Promise<void> {
    await this.record(manager, manager.queryRunner, table, row, 'deleted');
  }

  private async record(
    manager: EntityManager,
    queryRunner: QueryRunner | undefined,
    table: string,
    row: ObjectLiteral | undefined,
    action: HookAction,
  ): Promise<void> {
    if (!row) return;
    const change = changeOf(table, row);
    if (!change) return;
    if (queryRunner && !this.firstInTransaction(queryRunner, change, action)) return;
    await manager.insert(HookEventEntity, {
      type: `${change.objectType}.${action}`,
      objectType: change.objectType,
      objectId: change.objectId,
      language: change.language,
      restPath: change.restPath,
      dispatched: false,
      createdGmt: formatDateTime(new Date()),
    });
  }

  private firstInTransaction(queryRunner: QueryRunner, change: HookChange, action: HookAction): boolean {
    // Outside a transaction every statement stands alone.
    if (!queryRunner.isTransactionActive) return true;
    let keys = this.seen.get(queryRunner);
    if (!keys) this.seen.set(queryRunner, (keys = new Set()));
    const object = `${change.objectType}:${change.objectId}`;
    if (action === 'updated' && (keys.has(`${object}:created`) || keys.has(`${object}:updated`)))
      return false;
    const key = `${object}:${action}`;
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  }
}
