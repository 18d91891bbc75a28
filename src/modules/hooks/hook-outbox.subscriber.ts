import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  InsertEvent,
  ObjectLiteral,
  QueryRunner,
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
 * Deletions are written by database triggers (migration `1766400000000-webhooks`): TypeORM tells a subscriber
 * nothing of a query-built DELETE, which is how the services delete. Query-built UPDATEs (counters, hit counts,
 * GUIDs) carry no id either and send no event.
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

  afterTransactionCommit(event: TransactionCommitEvent): void {
    this.seen.delete(event.queryRunner);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.seen.delete(event.queryRunner);
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
