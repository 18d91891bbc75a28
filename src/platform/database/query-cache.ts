import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config';
import { LastChanged } from './last-changed';

const MAX_KEY_LENGTH = 200;

interface GroupEntries {
  version: string;
  entries: Map<string, unknown>;
}

/**
 * Query results kept in memory under their group's `last_changed` stamp, as WordPress caches `WP_Query`
 * results (post IDs and `found_posts`) salted with `last_changed`: reading the stamp is one primary-key
 * lookup, and a write to the group's tables makes every older result unreachable. Holds at most
 * `QUERY_CACHE_ENTRIES` results per group (least recently used go first); 0 computes every time.
 *
 * Cache small, immutable values (IDs and counts), never entities a caller might change.
 */
@Injectable()
export class QueryCache {
  private readonly groups = new Map<string, GroupEntries>();
  private readonly capacity: number;

  constructor(
    private readonly lastChanged: LastChanged,
    config: AppConfig,
  ) {
    this.capacity = config.queryCacheEntries;
  }

  async remember<T>(group: string, query: string, compute: () => Promise<T>): Promise<T> {
    if (this.capacity === 0) return compute();
    // Keys are whole queries (a search may be kilobytes long): long ones are kept as a digest, so the cache
    // is bounded in bytes as well as in entries.
    const key = query.length > MAX_KEY_LENGTH ? createHash('sha256').update(query).digest('base64') : query;
    const version = await this.lastChanged.version(group);
    let cached = this.groups.get(group);
    if (!cached || cached.version !== version) {
      cached = { version, entries: new Map() };
      this.groups.set(group, cached);
    }
    const { entries } = cached;
    if (entries.has(key)) {
      const value = entries.get(key) as T;
      entries.delete(key);
      entries.set(key, value);
      return value;
    }
    const value = await compute();
    // A newer version may have been seen while computing; the result then belongs to no current entry set.
    if (this.groups.get(group) === cached) {
      entries.set(key, value);
      if (entries.size > this.capacity) entries.delete(entries.keys().next().value as string);
    }
    return value;
  }
}
