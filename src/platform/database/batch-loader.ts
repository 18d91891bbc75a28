import DataLoader from 'dataloader';

/** The most keys one batched query asks for (well under SQLite's and MariaDB's placeholder limits). */
const MAX_BATCH = 400;

/**
 * Coalesces the reads that concurrent callers start within one turn of the event loop into one call of `load`
 * (DataLoader without its cache: every call reads the database, nothing is kept between turns). The embedded
 * links of a page (`_embed`) dispatch one sub-request per link, all at once: their lookups of the same kind then
 * become one `IN (...)` query instead of one query per link. `load` gets every caller's key (keys may repeat) and
 * answers one value per key, in key order.
 *
 * Only for reads outside a transaction: a caller holding a transaction's manager queries through it directly.
 */
export function batchLoader<K, V>(load: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  return new DataLoader<K, V>(load, {
    cache: false,
    maxBatchSize: MAX_BATCH,
    // After pending I/O callbacks, so sub-requests that are a query apart still meet in one batch.
    batchScheduleFn: (callback) => setImmediate(callback),
  });
}
