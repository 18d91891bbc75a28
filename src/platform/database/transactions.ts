import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DatabaseUnavailableError, isRetryableTransactionError } from './db-errors';
import { isMysql } from './dialect';

export interface TransactionOptions {
  /** Runs of the work in all (the first included) before a deadlock or busy database becomes a 503. Default 5. */
  attempts?: number;
}

const DEFAULT_ATTEMPTS = 5;
const BASE_DELAY_MS = 15;
const MAX_DELAY_MS = 400;

/** Full jitter: a random wait up to an exponentially growing bound, so retrying writers spread out. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const bound = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
  return Math.round(bound / 2 + random() * (bound / 2));
}

/**
 * Runs write transactions the same way on both databases:
 *
 * - MySQL/MariaDB: READ COMMITTED (as WordPress's autocommit writes see the latest rows; no gap locks, so far
 *   fewer deadlocks), and a deadlock or lock-wait timeout runs the whole work again, at most `attempts` times,
 *   after a jittered pause. The work must therefore read what it needs inside the transaction.
 * - SQLite: TypeORM shares one connection, so two transactions opened at once would nest as savepoints of one
 *   another; they are queued here instead, one at a time per data source. SQLITE_BUSY (another process) retries.
 *
 * A call made inside the work joins the running transaction. When every attempt failed, the error is a
 * {@link DatabaseUnavailableError} (a 503 for the client), never a half-written change.
 */
@Injectable()
export class Transactions {
  private readonly current = new AsyncLocalStorage<EntityManager>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly begin: EntityManager['transaction'];

  constructor(private readonly dataSource: DataSource) {
    // `dataSource.transaction(…)` anywhere in the code base takes the same path (queue, isolation, retries,
    // joining a running transaction): it is TypeORM's `manager.transaction`, routed here.
    const manager = dataSource.manager;
    this.begin = manager.transaction.bind(manager) as EntityManager['transaction'];
    manager.transaction = ((first: unknown, second?: unknown) => {
      const work = (typeof first === 'function' ? first : second) as (m: EntityManager) => Promise<unknown>;
      return this.run(work);
    }) as EntityManager['transaction'];
  }

  async run<T>(work: (manager: EntityManager) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const joined = this.current.getStore();
    if (joined) return work(joined);
    const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(work);
      } catch (error) {
        if (!isRetryableTransactionError(error)) throw error;
        if (attempt >= attempts) {
          throw new DatabaseUnavailableError(`Transaction failed after ${attempts} attempts`, error);
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
      }
    }
  }

  /** The manager of the transaction this code runs in, if any. */
  manager(): EntityManager | undefined {
    return this.current.getStore();
  }

  private once<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const inTransaction = (manager: EntityManager) => this.current.run(manager, () => work(manager));
    if (isMysql(this.dataSource)) return this.begin('READ COMMITTED', inTransaction);
    const result = this.queue.then(() => this.begin(inTransaction));
    this.queue = result.catch(() => undefined);
    return result;
  }
}
