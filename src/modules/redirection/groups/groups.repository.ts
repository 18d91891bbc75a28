import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository, SelectQueryBuilder } from 'typeorm';
import { likeContains } from '../../../platform/database';
import { RedirectEntity } from '../redirects/redirect.entity';
import type { ListQuery } from '../shared/list-args';
import { RedirectGroupEntity } from './group.entity';

export const GROUP_FILTERS = ['status', 'module', 'name'] as const;
export const GROUP_ORDERS = ['name', 'id'] as const;

/** Every query on `redirection_groups`. */
@Injectable()
export class GroupsRepository {
  constructor(
    @InjectRepository(RedirectGroupEntity) private readonly groups: Repository<RedirectGroupEntity>,
  ) {}

  private filtered(filters: Record<string, string>): SelectQueryBuilder<RedirectGroupEntity> {
    const query = this.groups.createQueryBuilder('g');
    if (filters.status !== undefined) {
      query.andWhere('g.status = :status', { status: filters.status === 'enabled' ? 'enabled' : 'disabled' });
    }
    if (filters.module !== undefined)
      query.andWhere('g.module_id = :module', { module: Number(filters.module) || 0 });
    if (filters.name !== undefined && filters.name !== '') {
      query.andWhere("g.name LIKE :name ESCAPE '!'", { name: likeContains(filters.name) });
    }
    return query;
  }

  async list(list: ListQuery): Promise<{ items: RedirectGroupEntity[]; total: number }> {
    const query = this.filtered(list.filters);
    const column = list.orderby === 'id' ? 'g.id' : 'g.name';
    query
      .orderBy(column, list.direction === 'asc' ? 'ASC' : 'DESC')
      .addOrderBy('g.id', list.direction === 'asc' ? 'ASC' : 'DESC')
      .skip(list.page * list.perPage)
      .take(list.perPage);
    const [items, total] = await query.getManyAndCount();
    return { items, total };
  }

  async filteredIds(filters: Record<string, string>): Promise<number[]> {
    const rows = await this.filtered(filters).select('g.id', 'id').getRawMany<{ id: number }>();
    return rows.map((row) => Number(row.id));
  }

  all(): Promise<RedirectGroupEntity[]> {
    return this.groups.find({ order: { id: 'ASC' } });
  }

  findById(id: number): Promise<RedirectGroupEntity | null> {
    return id > 0 ? this.groups.findOneBy({ id }) : Promise.resolve(null);
  }

  findByIds(ids: number[]): Promise<RedirectGroupEntity[]> {
    return ids.length ? this.groups.findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  /** Number of redirects per group (one grouped query). */
  async redirectCounts(ids: number[], manager?: EntityManager): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (ids.length === 0) return counts;
    const rows = await (manager ?? this.groups.manager)
      .createQueryBuilder(RedirectEntity, 'r')
      .select('r.group_id', 'groupId')
      .addSelect('COUNT(*)', 'total')
      .where('r.group_id IN (:...ids)', { ids })
      .groupBy('r.group_id')
      .getRawMany<{ groupId: number; total: number }>();
    for (const row of rows) counts.set(Number(row.groupId), Number(row.total));
    return counts;
  }

  save(group: RedirectGroupEntity, manager?: EntityManager): Promise<RedirectGroupEntity> {
    return (manager ?? this.groups.manager).save(RedirectGroupEntity, group);
  }

  /** Sets the status of groups and of all their redirects. */
  async setStatus(ids: number[], status: 'enabled' | 'disabled', manager: EntityManager): Promise<void> {
    if (ids.length === 0) return;
    await manager.update(RedirectGroupEntity, { id: In(ids) }, { status });
    await manager.update(RedirectEntity, { groupId: In(ids) }, { status });
  }

  /** Deletes groups with their redirects. */
  async delete(ids: number[], manager: EntityManager): Promise<void> {
    if (ids.length === 0) return;
    await manager.delete(RedirectEntity, { groupId: In(ids) });
    await manager.delete(RedirectGroupEntity, { id: In(ids) });
  }
}
