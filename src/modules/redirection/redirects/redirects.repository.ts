import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository, SelectQueryBuilder } from 'typeorm';
import { likeContains } from '../../../platform/database';
import { NEVER_ACCESSED, utcAgo } from '../shared/dates';
import { ACTION_TYPES, ERROR_CODES, MATCH_TYPES, REDIRECT_CODES } from '../shared/redirect-types';
import type { ListQuery } from '../shared/list-args';
import { RedirectEntity } from './redirect.entity';

export const REDIRECT_FILTERS = [
  'status',
  'url-match',
  'match',
  'action',
  'http',
  'access',
  'url',
  'target',
  'title',
  'group',
  'id',
] as const;
export const REDIRECT_ORDERS = ['source', 'last_count', 'last_access', 'position', 'id'] as const;

const ORDER_COLUMNS: Record<string, string> = {
  source: 'r.url',
  last_count: 'r.last_count',
  last_access: 'r.last_access',
  position: 'r.position',
  id: 'r.id',
};

/** Every query on `redirection_items`. */
@Injectable()
export class RedirectsRepository {
  constructor(@InjectRepository(RedirectEntity) private readonly redirects: Repository<RedirectEntity>) {}

  /** `Red_Item_Filters`: the filters of the redirect list, AND-ed. */
  private filtered(
    filters: Record<string, string>,
    manager?: EntityManager,
  ): SelectQueryBuilder<RedirectEntity> {
    const query = (manager ?? this.redirects.manager).createQueryBuilder(RedirectEntity, 'r');
    for (const [key, value] of Object.entries(filters)) {
      switch (key) {
        case 'status':
          query.andWhere('r.status = :status', { status: value === 'enabled' ? 'enabled' : 'disabled' });
          break;
        case 'url-match':
          query.andWhere('r.regex = :regex', { regex: value === 'regular' });
          break;
        case 'match':
          if ((MATCH_TYPES as readonly string[]).includes(value))
            query.andWhere('r.match_type = :match', { match: value });
          break;
        case 'action':
          if ((ACTION_TYPES as readonly string[]).includes(value)) {
            query.andWhere('r.action_type = :action', { action: value });
          }
          break;
        case 'http': {
          const code = Number(value);
          if (REDIRECT_CODES.includes(code) || ERROR_CODES.includes(code))
            query.andWhere('r.action_code = :code', { code });
          break;
        }
        case 'access':
          if (value === 'year') query.andWhere('r.last_access < :access', { access: utcAgo({ years: 1 }) });
          else if (value === 'month')
            query.andWhere('r.last_access < :access', { access: utcAgo({ months: 1 }) });
          else query.andWhere('r.last_access <= :never', { never: NEVER_ACCESSED });
          break;
        case 'url':
          query.andWhere("r.url LIKE :url ESCAPE '!'", { url: likeContains(value) });
          break;
        case 'target':
          query.andWhere("r.action_data LIKE :target ESCAPE '!'", { target: likeContains(value) });
          break;
        case 'title':
          query.andWhere("r.title LIKE :title ESCAPE '!'", { title: likeContains(value) });
          break;
        case 'group':
          query.andWhere('r.group_id = :group', { group: Number(value) || 0 });
          break;
        case 'id':
          query.andWhere('r.id = :id', { id: Number(value) || 0 });
          break;
      }
    }
    return query;
  }

  async list(list: ListQuery): Promise<{ items: RedirectEntity[]; total: number }> {
    const direction = list.direction === 'asc' ? 'ASC' : 'DESC';
    const query = this.filtered(list.filters)
      .orderBy(ORDER_COLUMNS[list.orderby] ?? 'r.id', direction)
      .addOrderBy('r.id', direction)
      .skip(list.page * list.perPage)
      .take(list.perPage);
    const [items, total] = await query.getManyAndCount();
    return { items, total };
  }

  async filteredIds(filters: Record<string, string>, manager?: EntityManager): Promise<number[]> {
    const rows = await this.filtered(filters, manager).select('r.id', 'id').getRawMany<{ id: number }>();
    return rows.map((row) => Number(row.id));
  }

  findById(id: number, manager?: EntityManager): Promise<RedirectEntity | null> {
    return (manager ?? this.redirects.manager).findOneBy(RedirectEntity, { id });
  }

  findByIds(ids: number[], manager?: EntityManager): Promise<RedirectEntity[]> {
    return ids.length
      ? (manager ?? this.redirects.manager).findBy(RedirectEntity, { id: In(ids) })
      : Promise.resolve([]);
  }

  countInGroup(groupId: number, manager: EntityManager): Promise<number> {
    return manager.countBy(RedirectEntity, { groupId });
  }

  /** Every redirect of some groups (export), by id. */
  inGroups(groupIds: number[] | null, onlyEnabled: boolean): Promise<RedirectEntity[]> {
    const query = this.redirects.createQueryBuilder('r').orderBy('r.id', 'ASC');
    if (groupIds) query.andWhere(groupIds.length ? 'r.group_id IN (:...groupIds)' : '1 = 0', { groupIds });
    if (onlyEnabled) query.andWhere("r.status = 'enabled'");
    return query.getMany();
  }

  save(entity: RedirectEntity, manager?: EntityManager): Promise<RedirectEntity> {
    return (manager ?? this.redirects.manager).save(RedirectEntity, entity);
  }

  async deleteIds(ids: number[], manager: EntityManager): Promise<void> {
    if (ids.length) await manager.delete(RedirectEntity, { id: In(ids) });
  }

  async setStatus(ids: number[], status: 'enabled' | 'disabled', manager: EntityManager): Promise<void> {
    if (ids.length) await manager.update(RedirectEntity, { id: In(ids) }, { status });
  }

  async resetHits(ids: number[], manager: EntityManager): Promise<void> {
    if (ids.length)
      await manager.update(RedirectEntity, { id: In(ids) }, { lastCount: 0, lastAccess: NEVER_ACCESSED });
  }

  /** Redirects whose group does not exist (plugin status check). */
  async orphanCount(): Promise<number> {
    const rows: Array<{ total: number }> = await this.redirects.query(
      'SELECT COUNT(*) AS total FROM redirection_items WHERE group_id NOT IN (SELECT id FROM redirection_groups)',
    );
    return Number(rows[0]?.total ?? 0);
  }

  async regexCount(): Promise<number> {
    return this.redirects.countBy({ regex: true });
  }

  /** Moves redirects of missing groups into `groupId` (plugin "fix it"). */
  async rehomeOrphans(groupId: number): Promise<void> {
    const orphans: Array<{ id: number }> = await this.redirects.query(
      'SELECT id FROM redirection_items WHERE group_id NOT IN (SELECT id FROM redirection_groups)',
    );
    if (orphans.length)
      await this.redirects.update({ id: In(orphans.map((row) => Number(row.id))) }, { groupId });
  }
}
