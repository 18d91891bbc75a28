import { Injectable } from '@nestjs/common';
import { DataSource, LessThanOrEqual, MoreThan, Repository } from 'typeorm';
import { formatDateTime } from '../common/dates';
import { TransientEntity } from './transient.entity';

/**
 * Cached remote answers with an expiry, as WordPress's transients (`oembed_{md5}`, `g_url_details_response_{md5}`),
 * kept in the database so every instance sees the same cache.
 */
@Injectable()
export class Transients {
  private readonly rows: Repository<TransientEntity>;

  constructor(dataSource: DataSource) {
    this.rows = dataSource.getRepository(TransientEntity);
  }

  /** The cached object, unless missing or expired. */
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

  /** Stores (or replaces) a value for `ttlSeconds`, and drops expired rows on the way. */
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
