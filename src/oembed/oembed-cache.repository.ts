import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, MoreThan, Repository } from 'typeorm';
import { formatDateTime } from '../database';
import { OEmbedCacheEntity } from './oembed-cache.entity';

/** The proxy's response cache (WordPress's `oembed_{md5}` transients). */
@Injectable()
export class OEmbedCacheRepository {
  constructor(@InjectRepository(OEmbedCacheEntity) private readonly rows: Repository<OEmbedCacheEntity>) {}

  /** The cached response, unless missing or expired. */
  async get(cacheKey: string, now = new Date()): Promise<Record<string, unknown> | null> {
    const row = await this.rows.findOne({
      where: { cacheKey, expiresAt: MoreThan(formatDateTime(now)) },
    });
    if (!row) return null;
    try {
      const data: unknown = JSON.parse(row.response);
      return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  /** Stores (or replaces) a response for `ttlSeconds`, and drops expired rows on the way. */
  async put(
    cacheKey: string,
    url: string,
    data: unknown,
    ttlSeconds: number,
    now = new Date(),
  ): Promise<void> {
    await this.rows.delete({ expiresAt: LessThanOrEqual(formatDateTime(now)) });
    await this.rows.upsert(
      {
        cacheKey,
        url,
        response: JSON.stringify(data),
        createdAt: formatDateTime(now),
        expiresAt: formatDateTime(new Date(now.getTime() + ttlSeconds * 1000)),
      },
      ['cacheKey'],
    );
  }
}
