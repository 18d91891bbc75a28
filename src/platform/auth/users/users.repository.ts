import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { LeanLookup } from '../../database';
import { UserEntity } from './user.entity';

export interface UserListQuery {
  page: number;
  perPage: number;
  offset?: number;
  search?: string;
  include: number[];
  exclude: number[];
  slugs: string[];
  roles: string[];
  order: 'asc' | 'desc';
  orderby: string;
  /** Whether the search may look at e-mail and URL (callers with list_users). */
  searchPrivateFields?: boolean;
  /** Only these user ids may be listed (anonymous callers see authors of published content). */
  restrictTo?: number[];
}

const ORDER_COLUMNS: Record<string, string> = {
  id: 'user.id',
  name: 'user.displayName',
  registered_date: 'user.registeredAt',
  slug: 'user.slug',
  email: 'user.email',
  url: 'user.url',
};

@Injectable()
export class UsersRepository {
  private readonly users: Repository<UserEntity>;
  private readonly lookup: LeanLookup<UserEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
    this.lookup = new LeanLookup(dataSource, UserEntity);
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.lookup.byId(id);
  }

  findByIds(ids: number[]): Promise<UserEntity[]> {
    return this.lookup.byIds(ids);
  }

  findByLogin(login: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ login });
  }

  findBySlug(slug: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ slug });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('user')
      .where('LOWER(user.email) = LOWER(:email)', { email })
      .getOne();
  }

  async slugsLike(base: string): Promise<Set<string>> {
    const rows = await this.users
      .createQueryBuilder('user')
      .select('user.slug', 'slug')
      .where('user.slug LIKE :base', { base: `${base}%` })
      .getRawMany<{ slug: string }>();
    return new Set(rows.map((row) => row.slug));
  }

  count(): Promise<number> {
    return this.users.count();
  }

  async list(query: UserListQuery): Promise<{ items: UserEntity[]; total: number }> {
    const qb = this.users.createQueryBuilder('user');
    if (query.restrictTo)
      qb.andWhere(query.restrictTo.length ? 'user.id IN (:...restrictTo)' : '1 = 0', {
        restrictTo: query.restrictTo,
      });
    if (query.include.length) qb.andWhere('user.id IN (:...include)', { include: query.include });
    if (query.exclude.length) qb.andWhere('user.id NOT IN (:...exclude)', { exclude: query.exclude });
    if (query.slugs.length) qb.andWhere('user.slug IN (:...slugs)', { slugs: query.slugs });
    if (query.roles.length) qb.andWhere('user.role IN (:...roles)', { roles: query.roles });
    if (query.search) {
      const term = query.search.replace(/^\*|\*$/g, '');
      // Without list_users, e-mail and URL are not searchable (WordPress's fix for CVE-2023-5561).
      qb.andWhere(
        query.searchPrivateFields
          ? '(user.login LIKE :search OR user.email LIKE :search OR user.url LIKE :search OR user.displayName LIKE :search OR user.slug LIKE :search)'
          : '(CAST(user.id AS CHAR) = :term OR user.login LIKE :search OR user.displayName LIKE :search OR user.slug LIKE :search)',
        { search: `%${term}%`, term },
      );
    }
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    if (query.orderby === 'include' && query.include.length) {
      const cases = query.include.map((id, index) => `WHEN ${Number(id)} THEN ${index}`).join(' ');
      qb.orderBy(`CASE user.id ${cases} END`, direction);
    } else if (query.orderby === 'include_slugs' && query.slugs.length) {
      qb.orderBy('user.slug', direction);
    } else {
      qb.orderBy(ORDER_COLUMNS[query.orderby] ?? 'user.displayName', direction).addOrderBy(
        'user.id',
        direction,
      );
    }
    qb.skip(query.offset ?? (query.page - 1) * query.perPage).take(query.perPage);
    const [items, total] = await qb.getManyAndCount();
    return { items, total };
  }

  save(user: UserEntity, manager?: EntityManager): Promise<UserEntity> {
    return (manager ?? this.dataSource.manager).getRepository(UserEntity).save(user);
  }

  async delete(id: number, manager: EntityManager): Promise<void> {
    await manager.getRepository(UserEntity).delete({ id });
  }
}
