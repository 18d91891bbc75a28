import { Injectable } from '@nestjs/common';
import { DataSource, In, Repository } from 'typeorm';
import { insertIgnore } from './dialect';
import { SiteOptionEntity } from './site-option.entity';

/** Epoch seconds, zero-padded so that stored stamps compare as strings on both databases. */
const stamp = (epochSeconds: number) => String(Math.floor(epochSeconds)).padStart(12, '0');

/** Named site options (WordPress's `get_option`/`update_option`), stored as JSON in the database. */
@Injectable()
export class SiteOptions {
  private readonly rows: Repository<SiteOptionEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = dataSource.getRepository(SiteOptionEntity);
  }

  async get<T>(name: string): Promise<T | undefined> {
    const row = await this.rows.findOneBy({ name });
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  /** The stored options among `names` (missing ones are absent from the map). */
  async getMany(names: string[]): Promise<Map<string, unknown>> {
    const rows = names.length ? await this.rows.findBy({ name: In(names) }) : [];
    return new Map(rows.map((row) => [row.name, JSON.parse(row.value) as unknown]));
  }

  /** Writes several options in one transaction. */
  async setMany(values: Map<string, unknown>): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const rows = [...values].map(([name, value]) => ({ name, value: JSON.stringify(value) }));
      if (rows.length) await manager.getRepository(SiteOptionEntity).upsert(rows, ['name']);
    });
  }

  async set(name: string, value: unknown): Promise<void> {
    await this.rows.upsert({ name, value: JSON.stringify(value) }, ['name']);
  }

  /**
   * Takes the right to run a rate-limited task: true (and the stamp renewed) when the stamp under `name` is
   * missing or at least `minAgeSeconds` old. One atomic UPDATE, so of several instances only one wins.
   */
  async claimEvery(name: string, minAgeSeconds: number, now = Date.now() / 1000): Promise<boolean> {
    await this.dataSource.query(`${insertIgnore(this.dataSource)} site_options (name, value) VALUES (?, ?)`, [
      name,
      JSON.stringify(stamp(0)),
    ]);
    const result = await this.rows
      .createQueryBuilder()
      .update()
      .set({ value: JSON.stringify(stamp(now)) })
      .where('name = :name AND value <= :threshold', {
        name,
        threshold: JSON.stringify(stamp(now - minAgeSeconds)),
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
