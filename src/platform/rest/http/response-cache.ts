import { hash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config';
import { LastChanged, SITE_CACHE_GROUP } from '../../database';

/** A response as the adapter writes it, minus what belongs to one request (request id, CORS, Link root). */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  /** UTF-8 bytes, encoded once. */
  body: Buffer;
  etag: string;
  /** Date.now() when built; entries older than RESPONSE_CACHE_SECONDS are built again. */
  builtAt: number;
  size: number;
}

/** Whole cache bound besides the entry count, so a few huge answers cannot push memory up. */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
/** Single answers larger than this are never kept. */
const MAX_ENTRY_BYTES = 1024 * 1024;

/** Strong validator of a response body (SHA-1, base64url): equal bytes, equal tag, in every process. */
export function etagOf(body: Buffer | string): string {
  return `"${hash('sha1', body, 'base64url')}"`;
}

/** RFC 9110 If-None-Match: `*` or a list of (weak or strong) tags, compared weakly as a GET requires. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** The last_changed stamps an answer may be kept under, by group, read before the answer is built. */
export type CacheStamps = ReadonlyMap<string, string>;

/** The stamps of these groups as one value; undefined when one of them was not read. */
function stampOf(groups: readonly string[], stamps: CacheStamps): string | undefined {
  if (groups.length === 1) return stamps.get(groups[0]);
  let joined = '';
  for (const group of groups) {
    const stamp = stamps.get(group);
    if (stamp === undefined) return undefined;
    joined += `${stamp} `;
  }
  return joined;
}

/**
 * Anonymous GET answers of the REST API, kept in memory under the database's `site` last_changed stamp (renewed
 * by every write to any table, in the writer's transaction, and after every REST write request): one indexed
 * read per request decides whether an entry is current, so no process serves an answer older than the last
 * write any process committed. An answer that depends on fewer tables names their groups instead
 * ({@link RestResponse.cacheGroups}, groups allowed with {@link allowGroup}; e.g. the site index, which changes
 * only with a deploy, a setting or a translated site title) and stays current across other writes. Keyed on the full request URL (path with language prefix, query with
 * `ml_language`, `_fields`, `_embed`...). Bounded by RESPONSE_CACHE_ENTRIES and 32 MB (least recently used go
 * first) and by RESPONSE_CACHE_SECONDS for answers that change with the clock alone (scheduled posts, the
 * upcoming-events window). Requests carrying credentials never reach it.
 */
@Injectable()
export class ResponseCache {
  private readonly entries = new Map<
    string,
    { groups: readonly string[]; stamp: string; response: CachedResponse }
  >();
  /** The groups read with every lookup: `site` and those answers may name instead. */
  private readonly groups: string[] = [SITE_CACHE_GROUP];
  private bytes = 0;
  private readonly capacity: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly lastChanged: LastChanged,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.capacity = config.responseCacheEntries;
    this.maxAgeMs = config.responseCacheSeconds * 1000;
  }

  get enabled(): boolean {
    return this.capacity > 0 && this.maxAgeMs > 0;
  }

  /** Lets answers be kept under `group` (a last_changed group) instead of `site`. */
  allowGroup(group: string): void {
    if (!this.groups.includes(group)) this.groups.push(group);
  }

  /**
   * The current stamps (one query), to read before building an answer that may be stored under one of them;
   * undefined when the database cannot say (the request then runs uncached and meets the database error
   * itself, if it needs it).
   */
  async stamps(): Promise<CacheStamps | undefined> {
    try {
      const versions = await this.lastChanged.versions(this.groups);
      return new Map(this.groups.map((group, index) => [group, versions[index]]));
    } catch {
      return undefined;
    }
  }

  /** Before building an answer to store: in-memory state mirrored from the database catches up first. */
  async catchUp(): Promise<void> {
    await this.lastChanged.catchUp().catch(() => undefined);
  }

  /** The entry stored for this key, if its group's stamp is still the one it was built under and it is fresh. */
  get(key: string, stamps: CacheStamps): CachedResponse | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    if (
      found.stamp !== stampOf(found.groups, stamps) ||
      Date.now() - found.response.builtAt > this.maxAgeMs
    ) {
      this.drop(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.response;
  }

  /**
   * Keeps an answer under the stamps of its groups as read before it was built: `site` unless it names others,
   * all of them allowed.
   */
  set(
    key: string,
    stamps: CacheStamps,
    groups: readonly string[] | undefined,
    response: CachedResponse,
  ): void {
    const own = groups?.every((group) => this.groups.includes(group)) ? groups : [SITE_CACHE_GROUP];
    const stamp = stampOf(own, stamps);
    if (!this.enabled || response.size > MAX_ENTRY_BYTES || stamp === undefined) return;
    this.drop(key);
    this.entries.set(key, { groups: own, stamp, response });
    this.bytes += response.size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity && this.bytes <= MAX_CACHED_BYTES) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const found = this.entries.get(key);
    if (!found) return;
    this.bytes -= found.response.size;
    this.entries.delete(key);
  }

  /**
   * After a write request: whatever it changed, even through raw SQL, no cached answer predates it. A failure
   * is left to the answer: a write that reached the database renewed the stamp in its own transaction.
   */
  async renew(): Promise<void> {
    await this.lastChanged.renew(SITE_CACHE_GROUP).catch(() => undefined);
  }
}
