import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { likeContains, likePrefix } from '../../../platform/database';
import { MenuEntity, MenuLocationEntity } from './menu.entity';

export interface MenuQuery {
  search?: string;
  include: number[];
  exclude: number[];
  slugs?: string[];
  orderby: string;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** Sort columns of WordPress's term `orderby` values; menus have no term group and no count of their own here. */
const ORDER_COLUMNS: Record<string, string> = {
  id: 'menu.id',
  name: 'menu.name',
  slug: 'menu.slug',
  description: 'menu.description',
  term_group: 'menu.name',
  count: 'menu.name',
};

/** Every query of menus and their locations. */
@Injectable()
export class MenusRepository {
  constructor(
    @InjectRepository(MenuEntity) private readonly menus: Repository<MenuEntity>,
    @InjectRepository(MenuLocationEntity) private readonly locations: Repository<MenuLocationEntity>,
  ) {}

  async list(query: MenuQuery): Promise<{ items: MenuEntity[]; total: number }> {
    const builder = this.menus.createQueryBuilder('menu');
    if (query.search) {
      builder.andWhere("(menu.name LIKE :search ESCAPE '!' OR menu.slug LIKE :search ESCAPE '!')", {
        search: likeContains(query.search),
      });
    }
    if (query.include.length) builder.andWhere('menu.id IN (:...include)', { include: query.include });
    if (query.exclude.length) builder.andWhere('menu.id NOT IN (:...exclude)', { exclude: query.exclude });
    if (query.slugs?.length) builder.andWhere('menu.slug IN (:...slugs)', { slugs: query.slugs });
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    const total = await builder.getCount();
    const listed =
      query.orderby === 'include' ? query.include : query.orderby === 'include_slugs' ? query.slugs : null;
    if (listed?.length) {
      // WordPress's FIELD(): the order of the given list
      const column = query.orderby === 'include' ? 'menu.id' : 'menu.slug';
      const cases = listed.map((_, index) => `WHEN :listed${index} THEN ${index}`).join(' ');
      builder
        .addSelect(`CASE ${column} ${cases} END`, 'listed_position')
        .setParameters(Object.fromEntries(listed.map((value, index) => [`listed${index}`, value])));
    }
    const items = await builder
      .orderBy(listed?.length ? 'listed_position' : (ORDER_COLUMNS[query.orderby] ?? 'menu.name'), direction)
      .addOrderBy('menu.id', direction)
      .offset(query.offset)
      .limit(query.limit)
      .getMany();
    return { items, total };
  }

  findById(id: number): Promise<MenuEntity | null> {
    return this.menus.findOneBy({ id });
  }

  findByName(name: string): Promise<MenuEntity | null> {
    return this.menus.findOneBy({ name });
  }

  async slugsLike(prefix: string): Promise<Set<string>> {
    const rows = await this.menus
      .createQueryBuilder('menu')
      .select('menu.slug', 'slug')
      .where("menu.slug LIKE :prefix ESCAPE '!'", { prefix: likePrefix(prefix) })
      .getRawMany<{ slug: string }>();
    return new Set(rows.map((row) => row.slug));
  }

  save(menu: MenuEntity): Promise<MenuEntity> {
    return this.menus.save(menu);
  }

  async delete(id: number): Promise<void> {
    await this.menus.manager.transaction(async (manager) => {
      await manager.getRepository(MenuLocationEntity).delete({ menuId: id });
      await manager.getRepository(MenuEntity).delete({ id });
    });
  }

  /** Location name → menu ID, for the locations that have a menu. */
  async assignments(): Promise<Map<string, number>> {
    const rows = await this.locations.find();
    return new Map(rows.map((row) => [row.location, row.menuId]));
  }

  /** Gives the menu exactly these locations (taking them from other menus), as WordPress's theme mod does. */
  async assign(menuId: number, locations: string[]): Promise<void> {
    await this.locations.manager.transaction(async (manager) => {
      const repository = manager.getRepository(MenuLocationEntity);
      await repository.delete({ menuId });
      if (locations.length) {
        await repository.delete({ location: In(locations) });
        await repository.insert(locations.map((location) => ({ location, menuId })));
      }
    });
  }
}
