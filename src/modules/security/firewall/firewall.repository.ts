import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, In, IsNull, LessThan, MoreThan, Repository } from 'typeorm';
import { formatDateTime, isMysql, nowUtc } from '../../../platform/database';
import { FirewallBlockEntity, FirewallHitEntity, FirewallLogEntity } from './firewall.entities';

const HIT_CHUNK = 500;

export interface HitKey {
  ip: string;
  kind: string;
  windowStart: number;
}

export interface LogEntry {
  time: string;
  ip: string;
  action: string;
  reason: string;
  method: string;
  path: string;
}

/** The firewall's shared state: automatic blocks, per-minute counters of every instance, the decision log. */
@Injectable()
export class FirewallRepository {
  private readonly blocks: Repository<FirewallBlockEntity>;
  private readonly hits: Repository<FirewallHitEntity>;
  private readonly log: Repository<FirewallLogEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.blocks = dataSource.getRepository(FirewallBlockEntity);
    this.hits = dataSource.getRepository(FirewallHitEntity);
    this.log = dataSource.getRepository(FirewallLogEntity);
  }

  /** Blocks in force at `now` (unix seconds). */
  activeBlocks(now: number): Promise<FirewallBlockEntity[]> {
    return this.blocks.find({ where: [{ expiresAt: IsNull() }, { expiresAt: MoreThan(now) }] });
  }

  async addBlock(ip: string, source: string, reason: string, expiresAt: number | null): Promise<void> {
    await this.blocks.insert({ ip, source, reason: reason.slice(0, 255), createdAt: nowUtc(), expiresAt });
  }

  /** Lifts every automatic block of `ip`; returns how many there were. */
  async removeBlocks(ip: string): Promise<number> {
    return (await this.blocks.delete({ ip })).affected ?? 0;
  }

  /** Adds `counts` to the stored counters (one upsert per 500) and returns the totals of those counters. */
  async addHits(counts: Map<string, { key: HitKey; count: number }>): Promise<Map<string, number>> {
    const entries = [...counts.values()];
    const totals = new Map<string, number>();
    const upsert = isMysql(this.dataSource)
      ? 'ON DUPLICATE KEY UPDATE count = count + VALUES(count)'
      : 'ON CONFLICT (ip, kind, window_start) DO UPDATE SET count = count + excluded.count';
    for (let i = 0; i < entries.length; i += HIT_CHUNK) {
      const chunk = entries.slice(i, i + HIT_CHUNK);
      await this.dataSource.query(
        `INSERT INTO security_firewall_hits (ip, kind, window_start, count) VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')} ${upsert}`,
        chunk.flatMap(({ key, count }) => [key.ip, key.kind, key.windowStart, count]),
      );
      const rows = await this.hits.find({
        where: {
          ip: In([...new Set(chunk.map((e) => e.key.ip))]),
          windowStart: In([...new Set(chunk.map((e) => e.key.windowStart))]),
        },
      });
      for (const row of rows) totals.set(hitId(row), Number(row.count));
    }
    return totals;
  }

  /** The sum of `kind` counters of `ip` from `since` (unix seconds) on. */
  async sumHits(ip: string, kind: string, since: number): Promise<number> {
    const row = await this.hits
      .createQueryBuilder('hit')
      .select('COALESCE(SUM(hit.count), 0)', 'total')
      .where('hit.ip = :ip AND hit.kind = :kind AND hit.windowStart >= :since', { ip, kind, since })
      .getRawOne<{ total: string | number }>();
    return Number(row?.total ?? 0);
  }

  async writeLog(entries: LogEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i += 200) await this.log.insert(entries.slice(i, i + 200));
  }

  /** Decisions per action since `since` (a stored date-time). */
  async countDecisions(since: string): Promise<Record<string, number>> {
    const rows = await this.log
      .createQueryBuilder('entry')
      .select('entry.action', 'action')
      .addSelect('COUNT(*)', 'total')
      .where('entry.time >= :since', { since })
      .groupBy('entry.action')
      .getRawMany<{ action: string; total: string | number }>();
    return Object.fromEntries(rows.map((row) => [row.action, Number(row.total)]));
  }

  recentLog(limit: number): Promise<FirewallLogEntity[]> {
    return this.log.find({ order: { id: 'DESC' }, take: limit });
  }

  /** Drops counters older than `hitsBefore`, expired blocks and log entries older than `logBefore`. */
  async prune(now: number, hitsBefore: number, logBefore: Date): Promise<void> {
    await this.hits.delete({ windowStart: LessThan(hitsBefore) });
    await this.blocks
      .createQueryBuilder()
      .delete()
      .where(new Brackets((q) => q.where('expires_at IS NOT NULL').andWhere('expires_at <= :now', { now })))
      .execute();
    await this.log.delete({ time: LessThan(formatDateTime(logBefore)) });
  }
}

export function hitId(key: HitKey): string {
  return `${key.ip}|${key.kind}|${key.windowStart}`;
}
