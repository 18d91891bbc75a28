import { randomBytes } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  DataSource,
  EntitySubscriberInterface,
  InsertEvent,
  QueryRunner,
  RemoveEvent,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  UpdateEvent,
} from 'typeorm';
import { insertIgnore } from './dialect';

export const LAST_CHANGED_TABLE = 'last_changed';

function newStamp(): string {
  return `${Date.now().toString(36)}.${randomBytes(8).toString('hex')}`;
}

/**
 * WordPress's `wp_cache_get_last_changed( $group )`: one stamp per group of tables, renewed by every write
 * to those tables in the writer's own transaction, so a result cached under a stamp is never served after
 * the data behind it changed, whichever process wrote it. The stamp lives in the database (table
 * `last_changed`); writes through TypeORM entities and query builders renew it automatically.
 *
 * A stamp is a fresh random value, not a counter: a rolled-back write must not hand a later write the
 * value a reader may already have cached uncommitted data under.
 */
@Injectable()
export class LastChanged implements EntitySubscriberInterface, OnModuleInit {
  private readonly groupOfTable = new Map<string, string>();
  /** Groups written by the open transaction of a query runner. */
  private readonly pendingInTransaction = new WeakMap<QueryRunner, Set<string>>();

  constructor(private readonly dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  /** Puts these tables in `group`: any write to them renews the group's stamp. */
  track(group: string, tables: string[]): void {
    for (const table of tables) this.groupOfTable.set(table, group);
  }

  async onModuleInit(): Promise<void> {
    const groups = [...new Set(this.groupOfTable.values())];
    // Before migrations (e.g. `npm run cli -- migrate` with DATABASE_MIGRATIONS_RUN=false) there is no table yet.
    if (groups.length === 0 || !(await this.tableExists())) return;
    await this.dataSource.query(
      `${insertIgnore(this.dataSource)} ${LAST_CHANGED_TABLE} (name, version) VALUES ${groups.map(() => '(?, ?)').join(', ')}`,
      groups.flatMap((group) => [group, newStamp()]),
    );
  }

  private async tableExists(): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    try {
      return await runner.hasTable(LAST_CHANGED_TABLE);
    } finally {
      await runner.release();
    }
  }

  /** The group's stamp now. */
  async version(group: string): Promise<string> {
    const rows: Array<{ version: string }> = await this.dataSource.query(
      `SELECT version FROM ${LAST_CHANGED_TABLE} WHERE name = ?`,
      [group],
    );
    // Without its row (a group nobody tracks) every call is a new stamp: nothing is served from a cache.
    return rows.length ? String(rows[0].version) : newStamp();
  }

  /** Renews the group's stamp (for writes that bypass TypeORM, e.g. bulk loads). */
  async renew(group: string, queryRunner?: QueryRunner): Promise<void> {
    const run = queryRunner ?? this.dataSource;
    await run.query(`UPDATE ${LAST_CHANGED_TABLE} SET version = ? WHERE name = ?`, [newStamp(), group]);
  }

  /** Renews every tracked group's stamp (after maintenance that bypassed TypeORM). */
  async renewAll(): Promise<void> {
    for (const group of new Set(this.groupOfTable.values())) await this.renew(group);
  }

  afterInsert(event: InsertEvent<unknown>): Promise<void> {
    return this.written(event.metadata.tableName, event.queryRunner);
  }

  afterUpdate(event: UpdateEvent<unknown>): Promise<void> {
    return this.written(event.metadata.tableName, event.queryRunner);
  }

  afterRemove(event: RemoveEvent<unknown>): Promise<void> {
    return this.written(event.metadata.tableName, event.queryRunner);
  }

  /** Inside a transaction the stamp is renewed just before COMMIT, so no reader caches a half-done write under it. */
  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const groups = this.pendingInTransaction.get(event.queryRunner);
    this.pendingInTransaction.delete(event.queryRunner);
    for (const group of groups ?? []) await this.renew(group, event.queryRunner);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.pendingInTransaction.delete(event.queryRunner);
  }

  private async written(table: string, queryRunner: QueryRunner): Promise<void> {
    const group = this.groupOfTable.get(table);
    if (!group) return;
    if (!queryRunner.isTransactionActive) return this.renew(group, queryRunner);
    const pending = this.pendingInTransaction.get(queryRunner) ?? new Set<string>();
    pending.add(group);
    this.pendingInTransaction.set(queryRunner, pending);
  }
}
