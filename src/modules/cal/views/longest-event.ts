import { Injectable } from '@nestjs/common';
import { DataSource, EntitySubscriberInterface, InsertEvent, UpdateEvent } from 'typeorm';
import { EventEntity } from '..';
import { isMysql } from '../../../platform/database';

const TABLE = 'cal_views_longest';

function durationSeconds(event: Partial<EventEntity>): number | null {
  if (!event.startDateUtc || !event.endDateUtc) return null;
  const start = Date.parse(`${event.startDateUtc.replace(' ', 'T')}Z`);
  const end = Date.parse(`${event.endDateUtc.replace(' ', 'T')}Z`);
  return Number.isFinite(start) && Number.isFinite(end) ? Math.max(0, Math.ceil((end - start) / 1000)) : null;
}

/**
 * The longest event per language, stored (`cal_views_longest`) and raised by every event write in the
 * writer's transaction, so the views bound their date-window scans without an aggregate over all events.
 * It only grows (a shorter bound would hide running events; a longer one only widens the scan). Unknown
 * (-1, e.g. after rows were written by hand: set it back to -1) means one full computation on next use.
 */
@Injectable()
export class LongestEvent implements EntitySubscriberInterface<EventEntity> {
  constructor(private readonly dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  listenTo() {
    return EventEntity;
  }

  async afterInsert(event: InsertEvent<EventEntity>): Promise<void> {
    await this.raise(event.entity, event.queryRunner.manager.query.bind(event.queryRunner.manager));
  }

  async afterUpdate(event: UpdateEvent<EventEntity>): Promise<void> {
    if (event.entity)
      await this.raise(event.entity, event.queryRunner.manager.query.bind(event.queryRunner.manager));
  }

  private async raise(
    entity: Partial<EventEntity>,
    query: (sql: string, params: unknown[]) => Promise<unknown>,
  ) {
    const seconds = durationSeconds(entity);
    if (seconds === null || !entity.language) return;
    await query(`UPDATE ${TABLE} SET seconds = ? WHERE language = ? AND seconds >= 0 AND seconds < ?`, [
      seconds,
      entity.language,
      seconds,
    ]);
  }

  /** The stored bound, computed once (and stored) when unknown. */
  async seconds(language: string): Promise<number> {
    const rows: Array<{ seconds: number }> = await this.dataSource.query(
      `SELECT seconds FROM ${TABLE} WHERE language = ?`,
      [language],
    );
    const stored = rows.length ? Number(rows[0].seconds) : -1;
    if (stored >= 0) return stored;
    const duration = isMysql(this.dataSource)
      ? 'TIMESTAMPDIFF(SECOND, start_date_utc, end_date_utc)'
      : 'CAST(ROUND((julianday(end_date_utc) - julianday(start_date_utc)) * 86400) AS INTEGER)';
    // Every status: an event published later keeps the bound it had as a draft.
    const [row]: Array<{ longest: number | string | null }> = await this.dataSource.query(
      `SELECT MAX(${duration}) AS longest FROM cal_events WHERE language = ?`,
      [language],
    );
    const longest = Math.max(0, Number(row?.longest ?? 0) || 0);
    if (rows.length) {
      await this.dataSource.query(`UPDATE ${TABLE} SET seconds = ? WHERE language = ? AND seconds < ?`, [
        longest,
        language,
        longest,
      ]);
    }
    return longest;
  }
}
