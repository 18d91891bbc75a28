import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { likeContains } from '../../../platform/database';
import type { ListQuery } from '../shared/list-args';
import { NotFoundLogEntity, RedirectLogEntity } from './log.entity';

export type LogKind = 'log' | '404';
export const LOG_FILTERS = [
  'ip',
  'url-exact',
  'referrer',
  'agent',
  'url',
  'target',
  'domain',
  'method',
  'http',
  'redirect_by',
] as const;
export const NOT_FOUND_FILTERS = [
  'ip',
  'url-exact',
  'referrer',
  'agent',
  'url',
  'domain',
  'method',
  'http',
] as const;
export const LOG_ORDERS = ['url', 'ip', 'total', 'count'] as const;
export type LogGroupBy = 'ip' | 'url' | 'agent';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'];

type LogEntity = RedirectLogEntity | NotFoundLogEntity;

function entityOf(kind: LogKind) {
  return kind === 'log' ? RedirectLogEntity : NotFoundLogEntity;
}

/** Every query on `redirection_logs` and `redirection_404`. */
@Injectable()
export class LogsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  private filtered(
    kind: LogKind,
    filters: Record<string, string>,
    manager?: EntityManager,
  ): SelectQueryBuilder<LogEntity> {
    const query = (manager ?? this.dataSource.manager).createQueryBuilder<LogEntity>(entityOf(kind), 'l');
    for (const [key, value] of Object.entries(filters)) {
      switch (key) {
        case 'ip':
          if (isIP(value)) query.andWhere('l.ip = :ip', { ip: value });
          else query.andWhere("l.ip LIKE :ip ESCAPE '!'", { ip: likeContains(value) });
          break;
        case 'url-exact':
          query.andWhere('l.url = :urlExact', { urlExact: value });
          break;
        case 'url':
          if (filters['url-exact'] === undefined)
            query.andWhere("l.url LIKE :url ESCAPE '!'", { url: likeContains(value) });
          break;
        case 'referrer':
          query.andWhere("l.referrer LIKE :referrer ESCAPE '!'", { referrer: likeContains(value) });
          break;
        case 'agent':
          query.andWhere("l.agent LIKE :agent ESCAPE '!'", { agent: likeContains(value) });
          break;
        case 'target':
          if (kind === 'log')
            query.andWhere("l.sent_to LIKE :target ESCAPE '!'", { target: likeContains(value) });
          break;
        case 'domain':
          query.andWhere("l.domain LIKE :domain ESCAPE '!'", { domain: likeContains(value) });
          break;
        case 'method':
          if (METHODS.includes(value.toUpperCase()))
            query.andWhere('l.request_method = :method', { method: value.toUpperCase() });
          break;
        case 'http':
          query.andWhere('l.http_code = :http', { http: Number(value) || 0 });
          break;
        case 'redirect_by':
          if (kind === 'log') query.andWhere('l.redirect_by = :redirectBy', { redirectBy: value });
          break;
      }
    }
    return query;
  }

  async list(kind: LogKind, list: ListQuery): Promise<{ items: LogEntity[]; total: number }> {
    const direction = list.direction === 'asc' ? 'ASC' : 'DESC';
    const column = list.orderby === 'url' ? 'l.url' : list.orderby === 'ip' ? 'l.ip' : 'l.id';
    const [items, total] = await this.filtered(kind, list.filters)
      .orderBy(column, direction)
      .addOrderBy('l.id', direction)
      .skip(list.page * list.perPage)
      .take(list.perPage)
      .getManyAndCount();
    return { items, total };
  }

  /** Rows grouped by a column: `{count, value}` by count then value, and the number of distinct values. */
  async grouped(
    kind: LogKind,
    groupBy: LogGroupBy,
    list: ListQuery,
  ): Promise<{ items: Array<{ count: number; value: string | null }>; total: number }> {
    const direction = list.direction === 'asc' ? 'ASC' : 'DESC';
    const column = `l.${groupBy}`;
    const rows = await this.filtered(kind, list.filters)
      .select(column, 'value')
      .addSelect('COUNT(*)', 'count')
      .groupBy(column)
      .orderBy('count', direction)
      .addOrderBy(column, 'ASC')
      .offset(list.page * list.perPage)
      .limit(list.perPage)
      .getRawMany<{ value: string | null; count: number }>();
    const totalRow = await this.filtered(kind, list.filters)
      .select(`COUNT(DISTINCT ${column})`, 'total')
      .getRawOne<{ total: number }>();
    let total = Number(totalRow?.total ?? 0);
    // COUNT(DISTINCT) leaves NULL out; a NULL group is still a row of the grouped list.
    const nulls = await this.filtered(kind, list.filters).andWhere(`${column} IS NULL`).getCount();
    if (nulls > 0) total += 1;
    return { items: rows.map((row) => ({ count: Number(row.count), value: row.value })), total };
  }

  async deleteIds(kind: LogKind, ids: number[]): Promise<void> {
    if (ids.length) await this.dataSource.manager.delete(entityOf(kind), { id: In(ids) });
  }

  async deleteWhere(kind: LogKind, column: LogGroupBy, values: string[]): Promise<void> {
    if (values.length === 0) return;
    await this.dataSource.manager
      .createQueryBuilder()
      .delete()
      .from(entityOf(kind))
      .where(`${column} IN (:...values)`, { values })
      .execute();
  }

  async deleteFiltered(kind: LogKind, filters: Record<string, string>): Promise<void> {
    const ids = (await this.filtered(kind, filters).select('l.id', 'id').getRawMany<{ id: number }>()).map(
      (row) => Number(row.id),
    );
    for (let i = 0; i < ids.length; i += 500) await this.deleteIds(kind, ids.slice(i, i + 500));
  }

  /** Deletes up to `limit` rows created before `before` (expiry); returns how many went. */
  async expire(kind: LogKind, before: string, limit: number): Promise<number> {
    const table = kind === 'log' ? 'redirection_logs' : 'redirection_404';
    const ids: Array<{ id: number }> = await this.dataSource.query(
      `SELECT id FROM ${table} WHERE created < ? ORDER BY id LIMIT ${Number(limit)}`,
      [before],
    );
    if (ids.length === 0) return 0;
    const list = ids.map((row) => Number(row.id));
    for (let i = 0; i < list.length; i += 500) {
      const chunk = list.slice(i, i + 500);
      await this.dataSource.query(
        `DELETE FROM ${table} WHERE id IN (${chunk.map(() => '?').join(', ')})`,
        chunk,
      );
    }
    return list.length;
  }
}
