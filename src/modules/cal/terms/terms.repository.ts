import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import type { Language } from '../../../platform/rest';
import { eventTablesExist } from '../shared/event-tables';
import { likeContains, likePrefix, lockRowsById } from '../../../platform/database';
import { CalendarTaxonomy, CalendarTermEntity } from './term.entity';

export interface TermListQuery {
  taxonomy: CalendarTaxonomy;
  language: Language;
  page: number;
  perPage: number;
  search?: string;
  include?: number[];
  exclude?: number[];
  parent?: number;
  eventId?: number;
  slug?: string;
  hideEmpty: boolean;
  order: 'asc' | 'desc';
  orderby: string;
}

/** Events that count for a term: published ones (WordPress's term count). */
const COUNT_SQL = (termColumn: string) =>
  `(SELECT COUNT(DISTINCT cet.event_id) FROM cal_event_terms cet INNER JOIN cal_events e ON e.id = cet.event_id WHERE cet.term_id = ${termColumn} AND e.status = 'publish')`;

const ORDER_COLUMNS: Record<string, string> = {
  id: 'term.id',
  term_id: 'term.id',
  name: 'term.name',
  slug: 'term.slug',
  include_slugs: 'term.slug',
  description: 'term.description',
  term_group: 'term.id',
};

/** Every query on `cal_terms` (and the term side of `cal_event_terms`). */
@Injectable()
export class CalendarTermsRepository {
  private readonly repo: Repository<CalendarTermEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.repo = dataSource.getRepository(CalendarTermEntity);
  }

  private manager(manager?: EntityManager): Repository<CalendarTermEntity> {
    return manager ? manager.getRepository(CalendarTermEntity) : this.repo;
  }

  findById(id: number, manager?: EntityManager): Promise<CalendarTermEntity | null> {
    return id > 0 ? this.manager(manager).findOneBy({ id }) : Promise.resolve(null);
  }

  async findByIds(ids: readonly number[], manager?: EntityManager): Promise<CalendarTermEntity[]> {
    const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
    return unique.length === 0 ? [] : this.manager(manager).findBy({ id: In(unique) });
  }

  async countOfTaxonomy(taxonomy: CalendarTaxonomy, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    return unique.length === 0 ? 0 : this.repo.countBy({ taxonomy, id: In(unique) });
  }

  /** A term of the taxonomy and language whose name (case-insensitively) or slug is `text`. */
  findByNameOrSlug(
    taxonomy: CalendarTaxonomy,
    text: string,
    language: Language,
    manager?: EntityManager,
  ): Promise<CalendarTermEntity | null> {
    return this.manager(manager)
      .createQueryBuilder('term')
      .where('term.taxonomy = :taxonomy AND term.language = :language', { taxonomy, language })
      .andWhere('(LOWER(term.name) = LOWER(:text) OR term.slug = :text)', { text })
      .orderBy('term.id', 'ASC')
      .getOne();
  }

  /** WordPress's term_exists for a new term: same name under the same parent. */
  findSameName(
    taxonomy: CalendarTaxonomy,
    name: string,
    parentId: number,
    language: Language,
    manager?: EntityManager,
  ): Promise<CalendarTermEntity | null> {
    return this.manager(manager)
      .createQueryBuilder('term')
      .where('term.taxonomy = :taxonomy AND term.language = :language', { taxonomy, language })
      .andWhere('LOWER(term.name) = LOWER(:name) AND term.parentId = :parentId', { name, parentId })
      .getOne();
  }

  findBySlug(
    taxonomy: CalendarTaxonomy,
    slug: string,
    language: Language,
    manager?: EntityManager,
  ): Promise<CalendarTermEntity | null> {
    return this.manager(manager).findOneBy({ taxonomy, slug, language });
  }

  async slugsLike(
    taxonomy: CalendarTaxonomy,
    base: string,
    language: Language,
    manager?: EntityManager,
  ): Promise<Set<string>> {
    const rows = await this.manager(manager)
      .createQueryBuilder('term')
      .select('term.slug', 'slug')
      .where('term.taxonomy = :taxonomy AND term.language = :language', { taxonomy, language })
      .andWhere("term.slug LIKE :base ESCAPE '!'", { base: likePrefix(base) })
      .getRawMany<{ slug: string }>();
    return new Set(rows.map((row) => row.slug));
  }

  async list(query: TermListQuery): Promise<{ items: CalendarTermEntity[]; total: number }> {
    const eventsExist = await eventTablesExist(this.dataSource);
    const qb = this.repo
      .createQueryBuilder('term')
      .where('term.taxonomy = :taxonomy', { taxonomy: query.taxonomy })
      .andWhere('term.language = :language', { language: query.language });
    if (query.search) {
      qb.andWhere("(term.name LIKE :search ESCAPE '!' OR term.slug LIKE :search ESCAPE '!')", {
        search: likeContains(query.search),
      });
    }
    if (query.include?.length) qb.andWhere('term.id IN (:...include)', { include: query.include });
    if (query.exclude?.length) qb.andWhere('term.id NOT IN (:...exclude)', { exclude: query.exclude });
    if (query.parent !== undefined) qb.andWhere('term.parentId = :parent', { parent: query.parent });
    if (query.slug !== undefined) qb.andWhere('term.slug = :slug', { slug: query.slug });
    if (query.eventId !== undefined) {
      if (eventsExist) {
        qb.andWhere(
          'term.id IN (SELECT pet.term_id FROM cal_event_terms pet WHERE pet.event_id = :eventId)',
          {
            eventId: query.eventId,
          },
        );
      } else qb.andWhere('1 = 0');
    }
    if (query.hideEmpty) qb.andWhere('term.count > 0');

    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    if (query.orderby === 'count') {
      qb.orderBy('term.count', direction);
    } else if (query.orderby === 'include' && query.include?.length) {
      const cases = query.include.map((id, index) => `WHEN ${Number(id)} THEN ${index}`).join(' ');
      qb.orderBy(`CASE term.id ${cases} END`, direction);
    } else {
      qb.orderBy(ORDER_COLUMNS[query.orderby] ?? 'term.name', direction);
    }
    if ((ORDER_COLUMNS[query.orderby] ?? 'term.name') !== 'term.id') qb.addOrderBy('term.id', 'ASC');
    const total = await qb.getCount();
    const items = await qb
      .offset((query.page - 1) * query.perPage)
      .limit(query.perPage)
      .getMany();
    return { items, total };
  }

  /** Published-event counts of these terms (the stored `count` column). */
  async counts(ids: readonly number[], manager?: EntityManager): Promise<Map<number, number>> {
    const terms = await this.findByIds(ids, manager);
    const result = new Map<number, number>([...new Set(ids)].map((id) => [id, 0]));
    for (const term of terms) result.set(term.id, term.count);
    return result;
  }

  /** Recomputes the stored count of these terms from the published events that carry them. */
  async recount(ids: readonly number[], manager: EntityManager): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    // Locked first: a parallel writer's links are committed before this count statement reads them.
    await lockRowsById(manager, 'cal_terms', unique);
    await manager
      .createQueryBuilder()
      .update(CalendarTermEntity)
      .set({ count: () => COUNT_SQL('cal_terms.id') })
      .where('id IN (:...ids)', { ids: unique })
      .execute();
  }

  save(term: CalendarTermEntity, manager?: EntityManager): Promise<CalendarTermEntity> {
    return this.manager(manager).save(term);
  }

  /** Permanent delete: event links removed, children moved up to the term's parent. */
  async delete(term: CalendarTermEntity, manager: EntityManager): Promise<void> {
    if (await eventTablesExist(this.dataSource)) {
      await manager
        .createQueryBuilder()
        .delete()
        .from('cal_event_terms')
        .where('term_id = :id', { id: term.id })
        .execute();
    }
    await manager
      .getRepository(CalendarTermEntity)
      .update({ parentId: term.id }, { parentId: term.parentId });
    await manager.getRepository(CalendarTermEntity).delete({ id: term.id });
  }
}
