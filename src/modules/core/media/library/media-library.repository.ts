import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { likeContains, likePrefix } from '../../../../platform/database';
import { MediaEntity } from '../media.entity';

export interface MediaListQuery {
  language: string;
  statuses: string[];
  page: number;
  perPage: number;
  offset?: number;
  search?: string;
  after?: string;
  before?: string;
  modifiedAfter?: string;
  modifiedBefore?: string;
  authors: number[];
  authorsExcluded: number[];
  include: number[];
  exclude: number[];
  parents: number[];
  parentsExcluded: number[];
  slugs: string[];
  /** `image/` for media_type=image; an exact type for mime_type. */
  mimePrefix?: string;
  mimeType?: string;
  order: 'asc' | 'desc';
  orderby: string;
}

const ORDER_COLUMNS: Record<string, string> = {
  author: 'm.author_id',
  date: 'm.date',
  id: 'm.id',
  modified: 'm.modified',
  parent: 'm.parent_id',
  slug: 'm.slug',
  title: 'm.title',
};

/** The attachment queries of `core/v2/media` (filters and orders use the indexes of the media-library migration). */
@Injectable()
export class MediaLibraryRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(MediaEntity);
  }

  findById(id: number, manager?: EntityManager): Promise<MediaEntity | null> {
    return id > 0 ? this.repo(manager).findOneBy({ id }) : Promise.resolve(null);
  }

  save(media: MediaEntity, manager: EntityManager): Promise<MediaEntity> {
    return this.repo(manager).save(media);
  }

  async delete(id: number, manager: EntityManager): Promise<void> {
    await this.repo(manager).delete({ id });
  }

  /** Slugs of attachments equal to `slug` or `slug-N` (for wp_unique_post_slug), other than `exceptId`. */
  async slugsLike(slug: string, exceptId: number, manager?: EntityManager): Promise<string[]> {
    const rows = await this.repo(manager)
      .createQueryBuilder('m')
      .select('m.slug', 'slug')
      .where(
        new Brackets((qb) =>
          qb.where('m.slug = :slug', { slug }).orWhere("m.slug LIKE :prefix ESCAPE '!'", {
            prefix: likePrefix(`${slug}-`),
          }),
        ),
      )
      .andWhere('m.id <> :exceptId', { exceptId })
      .getRawMany<{ slug: string }>();
    return rows.map((row) => row.slug);
  }

  async list(query: MediaListQuery): Promise<{ items: MediaEntity[]; total: number }> {
    const qb = this.filtered(query);
    const total = await qb.clone().getCount();
    this.applyOrder(qb, query);
    const skip = query.offset ?? (query.page - 1) * query.perPage;
    const items = await qb.offset(skip).limit(query.perPage).getMany();
    return { items, total };
  }

  private filtered(query: MediaListQuery): SelectQueryBuilder<MediaEntity> {
    const qb = this.repo()
      .createQueryBuilder('m')
      .where('m.language = :language', { language: query.language });
    qb.andWhere('m.status IN (:...statuses)', { statuses: query.statuses });
    if (query.mimeType) qb.andWhere('m.mime_type = :mimeType', { mimeType: query.mimeType });
    else if (query.mimePrefix) {
      qb.andWhere("m.mime_type LIKE :mimePrefix ESCAPE '!'", { mimePrefix: likePrefix(query.mimePrefix) });
    }
    if (query.authors.length) qb.andWhere('m.author_id IN (:...authors)', { authors: query.authors });
    if (query.authorsExcluded.length) {
      qb.andWhere('m.author_id NOT IN (:...authorsExcluded)', { authorsExcluded: query.authorsExcluded });
    }
    if (query.include.length) qb.andWhere('m.id IN (:...include)', { include: query.include });
    if (query.exclude.length) qb.andWhere('m.id NOT IN (:...exclude)', { exclude: query.exclude });
    if (query.parents.length) qb.andWhere('m.parent_id IN (:...parents)', { parents: query.parents });
    if (query.parentsExcluded.length) {
      qb.andWhere('m.parent_id NOT IN (:...parentsExcluded)', { parentsExcluded: query.parentsExcluded });
    }
    if (query.slugs.length) qb.andWhere('m.slug IN (:...slugs)', { slugs: query.slugs });
    if (query.after) qb.andWhere('m.date > :after', { after: query.after });
    if (query.before) qb.andWhere('m.date < :before', { before: query.before });
    if (query.modifiedAfter)
      qb.andWhere('m.modified > :modifiedAfter', { modifiedAfter: query.modifiedAfter });
    if (query.modifiedBefore) {
      qb.andWhere('m.modified < :modifiedBefore', { modifiedBefore: query.modifiedBefore });
    }
    if (query.search) {
      const words = query.search.split(/\s+/).filter((word) => word !== '');
      words.forEach((word, index) => {
        const name = `search${index}`;
        qb.andWhere(
          new Brackets((inner) =>
            inner
              .where(`m.title LIKE :${name} ESCAPE '!'`)
              .orWhere(`m.caption LIKE :${name} ESCAPE '!'`)
              .orWhere(`m.description LIKE :${name} ESCAPE '!'`),
          ),
          { [name]: likeContains(word) },
        );
      });
    }
    return qb;
  }

  private applyOrder(qb: SelectQueryBuilder<MediaEntity>, query: MediaListQuery): void {
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    if (query.orderby === 'include' && query.include.length) {
      qb.orderBy(positionOf(qb, 'm.id', 'includePos', query.include), 'ASC');
    } else if (query.orderby === 'include_slugs' && query.slugs.length) {
      qb.orderBy(positionOf(qb, 'm.slug', 'slugPos', query.slugs), 'ASC');
    } else if (query.orderby === 'relevance' && query.search) {
      // WordPress ranks a title containing the whole phrase first, then newest.
      qb.setParameter('relevance', likeContains(query.search));
      qb.orderBy("CASE WHEN m.title LIKE :relevance ESCAPE '!' THEN 0 ELSE 1 END", 'ASC');
      qb.addOrderBy('m.date', 'DESC');
    } else {
      qb.orderBy(ORDER_COLUMNS[query.orderby] ?? 'm.date', direction);
    }
    qb.addOrderBy('m.id', direction);
  }
}

/** `CASE column WHEN :p0 THEN 0 ... END`: the position in a given list (a portable FIELD()). */
function positionOf(
  qb: SelectQueryBuilder<MediaEntity>,
  column: string,
  prefix: string,
  values: readonly (number | string)[],
): string {
  const whens = values.map((value, index) => {
    qb.setParameter(`${prefix}${index}`, value);
    return `WHEN :${prefix}${index} THEN ${index}`;
  });
  return `CASE ${column} ${whens.join(' ')} ELSE ${values.length} END`;
}
