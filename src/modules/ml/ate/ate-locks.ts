import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { formatDateTime, insertIgnore, nowUtc, Transactions } from '../../../platform/database';
import { AteLockEntity } from './ate-job.entity';

const FREE = '1970-01-01 00:00:00';

/**
 * Named locks in the database, shared by every instance (WPML's `KeyedLock`): `acquire` takes a free or expired
 * lock, or renews one the caller holds by its key, and answers the key (false when someone else holds it). A
 * holder that dies leaves the lock to expire after its time to live.
 */
@Injectable()
export class AteLocks {
  constructor(
    private readonly transactions: Transactions,
    private readonly dataSource: DataSource,
  ) {}

  async acquire(name: string, key: string | null | undefined, ttlSeconds: number): Promise<string | false> {
    const wanted = key || randomUUID();
    const now = nowUtc();
    const until = formatDateTime(new Date(Date.now() + ttlSeconds * 1000));
    // The row is created once, in its own short transaction: INSERT IGNORE on an existing key takes a shared
    // lock on MariaDB that, held next to the UPDATE below, would deadlock two acquirers.
    if (!(await this.dataSource.getRepository(AteLockEntity).existsBy({ name }))) {
      await this.transactions.run((manager) =>
        manager.query(`${insertIgnore(manager)} ml_ate_locks (name, lock_key, expires_at) VALUES (?, ?, ?)`, [
          name,
          '',
          FREE,
        ]),
      );
    }
    return this.transactions.run(async (manager) => {
      const update = manager
        .createQueryBuilder()
        .update(AteLockEntity)
        .set({ lockKey: wanted, expiresAt: until })
        .where('name = :name', { name });
      if (key) update.andWhere('(expires_at <= :now OR lock_key = :key)', { now, key });
      else update.andWhere('expires_at <= :now', { now });
      await update.execute();
      // the row tells who holds it now (affected-row counts differ between the drivers)
      const row = await manager.getRepository(AteLockEntity).findOneBy({ name });
      return row && row.lockKey === wanted && row.expiresAt === until ? wanted : false;
    });
  }

  async release(name: string, key: string): Promise<void> {
    await this.transactions.run((manager) =>
      manager
        .createQueryBuilder()
        .update(AteLockEntity)
        .set({ lockKey: '', expiresAt: FREE })
        .where('name = :name AND lock_key = :key', { name, key })
        .execute(),
    );
  }

  /** Runs `work` holding `name` (a fresh key, released after); `busy` when another holder has it. */
  async withLock<T>(
    name: string,
    ttlSeconds: number,
    work: () => Promise<T>,
  ): Promise<{ busy: true } | { busy: false; value: T }> {
    const key = await this.acquire(name, null, ttlSeconds);
    if (!key) return { busy: true };
    try {
      return { busy: false, value: await work() };
    } finally {
      await this.release(name, key);
    }
  }
}
