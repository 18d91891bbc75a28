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
import { hotRead } from './sqlite-statements';

export const LAST_CHANGED_TABLE = 'last_changed';

/** Renewed by a write to any table: what HTTP response caches are salted with (src/rest/http/response-cache.ts). */
export const SITE_CACHE_GROUP = 'site';

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
  private readonly groupsOfTable = new Map<string, Set<string>>();
  /** Groups written by the open transaction of a query runner. */
  private readonly pendingInTransaction = new WeakMap<QueryRunner, Set<string>>();
  /** In-memory mirrors of database state (e.g. applied settings), refreshed before an answer is built to be cached. */
  private readonly catchUps: Array<() => Promise<void>> = [];

  constructor(private readonly dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  /** Puts these tables in `group`: any write to them renews the group's stamp. */
  track(group: string, tables: string[]): void {
    for (const table of tables) {
      const groups = this.groupsOfTable.get(table) ?? new Set<string>();
      groups.add(group);
      this.groupsOfTable.set(table, groups);
    }
  }

  /**
   * Registers a refresh of state this process keeps in memory and other processes can change in the database
   * (it should be cheap when nothing changed: compare a stamp). Whoever builds an answer to cache it under the
   * current stamps calls catchUp() first, so the answer never mixes new rows with old in-memory state.
   */
  onCatchUp(refresh: () => Promise<void>): void {
    this.catchUps.push(refresh);
  }

  async catchUp(): Promise<void> {
    for (const refresh of this.catchUps) await refresh();
  }

  private allGroups(): string[] {
    const groups = new Set<string>([SITE_CACHE_GROUP]);
    for (const names of this.groupsOfTable.values()) for (const name of names) groups.add(name);
    return [...groups];
  }

  /** The tracked groups of a table, plus the site group every table belongs to. */
  private groupsOf(table: string): Iterable<string> {
    if (table === LAST_CHANGED_TABLE) return [];
    const groups = this.groupsOfTable.get(table);
    return groups ? [...groups, SITE_CACHE_GROUP] : [SITE_CACHE_GROUP];
  }

  async onModuleInit(): Promise<void> {
    const groups = this.allGroups();
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
    return (await this.versions([group]))[0];
  }

  /**
   * The stamps of several groups in one query, in the order asked. A group without its row (nobody tracks it)
   * gets a new stamp on every call, so nothing is served from a cache under it.
   */
  async versions(groups: readonly string[]): Promise<string[]> {
    const placeholders = groups.map(() => '?').join(', ');
    const sql = `SELECT name, version FROM ${LAST_CHANGED_TABLE} WHERE name IN (${placeholders})`;
    // A prepared statement on better-sqlite3: a hot path of every cached read.
    const rows = await hotRead<{ name: string; version: string }>(this.dataSource, sql, groups);
    const byName = new Map(rows.map((row) => [row.name, String(row.version)]));
    return groups.map((group) => byName.get(group) ?? newStamp());
  }

  /** Renews the group's stamp (for writes that bypass TypeORM, e.g. bulk loads). */
  async renew(group: string, queryRunner?: QueryRunner): Promise<void> {
    const run = queryRunner ?? this.dataSource;
    await run.query(`UPDATE ${LAST_CHANGED_TABLE} SET version = ? WHERE name = ?`, [newStamp(), group]);
  }

  /** Renews every tracked group's stamp (after maintenance that bypassed TypeORM). */
  async renewAll(): Promise<void> {
    for (const group of this.allGroups()) await this.renew(group);
  }

  beforeInsert(event: InsertEvent<unknown>): Promise<void> {
    return this.writing(event.metadata.tableName, event.queryRunner);
  }

  beforeUpdate(event: UpdateEvent<unknown>): Promise<void> {
    return this.writing(event.metadata.tableName, event.queryRunner);
  }

  beforeRemove(event: RemoveEvent<unknown>): Promise<void> {
    return this.writing(event.metadata.tableName, event.queryRunner);
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

  /**
   * The first write of a group in a transaction renews its stamp at once as well: on SQLite every query of the
   * process shares one connection and sees uncommitted rows, so a result read meanwhile is cached under a stamp
   * that is never current again, whether the transaction commits or rolls back.
   */
  private async writing(table: string, queryRunner: QueryRunner | undefined): Promise<void> {
    if (!queryRunner?.isTransactionActive) return;
    const pending = this.pendingInTransaction.get(queryRunner) ?? new Set<string>();
    for (const group of this.groupsOf(table)) {
      if (pending.has(group)) continue;
      pending.add(group);
      await this.renew(group, queryRunner);
    }
    this.pendingInTransaction.set(queryRunner, pending);
  }

  private async written(table: string, queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.isTransactionActive) return this.writing(table, queryRunner);
    for (const group of this.groupsOf(table)) await this.renew(group, queryRunner);
  }
}
