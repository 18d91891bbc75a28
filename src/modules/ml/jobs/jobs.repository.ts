import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { likeContains } from '../../../platform/database';
import { JobStatus, TranslationBatchEntity, TranslationJobEntity } from './translation-job.entity';

/** The filters of `GET ml/tm/v1/jobs` as the repository applies them (WPML's criteria parser). */
export interface JobListQuery {
  ids: number[];
  titles: string[];
  sourceLanguage?: string;
  targetLanguages: string[];
  statuses: number[];
  needsUpdate?: 'include' | 'exclude';
  onlyAutomatic: boolean;
  translatedBy?: number;
  /** Only jobs of this translator (a translator's own view). */
  ownedBy?: number;
  elementTypes: string[];
  batchNames: string[];
  scope: 'all' | 'local' | 'remote' | 'ate';
  sentFrom?: string;
  sentTo?: string;
  deadlineFrom?: string;
  deadlineTo?: string;
  limit: number;
  offset: number;
  sorting: Array<{ column: string; direction: 'ASC' | 'DESC' }>;
}

/** Sortable columns of the job list (others are refused by the args' validation). */
export const SORT_COLUMNS: Record<string, string> = {
  id: 'j.id',
  title: 'j.title',
  language: 'j.target_language',
  target_language: 'j.target_language',
  source_language: 'j.source_language',
  status: 'j.status',
  sent_date: 'j.sent_date',
  deadline_date: 'j.deadline_date',
  deadline: 'j.deadline_date',
  translator_id: 'j.translator_id',
  batch_id: 'j.batch_id',
};

@Injectable()
export class JobsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private jobs(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(TranslationJobEntity);
  }

  findById(id: number, manager?: EntityManager): Promise<TranslationJobEntity | null> {
    return id > 0 ? this.jobs(manager).findOne({ where: { id } }) : Promise.resolve(null);
  }

  findByIds(ids: number[], manager?: EntityManager): Promise<TranslationJobEntity[]> {
    return ids.length ? this.jobs(manager).find({ where: { id: In(ids) } }) : Promise.resolve([]);
  }

  /** Open or completed jobs of one original into one language (not cancelled). */
  activeFor(trid: number, language: string, manager?: EntityManager): Promise<TranslationJobEntity | null> {
    return this.jobs(manager)
      .createQueryBuilder('j')
      .where('j.trid = :trid AND j.target_language = :language AND j.status <> :cancelled', {
        trid,
        language,
        cancelled: JobStatus.cancelled,
      })
      .orderBy('j.id', 'DESC')
      .getOne();
  }

  /** Completed jobs of an original whose content hash differs from `hash`. */
  completedOf(
    elementType: string,
    elementId: number,
    manager?: EntityManager,
  ): Promise<TranslationJobEntity[]> {
    return this.jobs(manager).find({ where: { elementType, elementId, status: JobStatus.complete } });
  }

  save(job: TranslationJobEntity, manager: EntityManager): Promise<TranslationJobEntity> {
    return manager.getRepository(TranslationJobEntity).save(job);
  }

  async update(ids: number[], changes: Partial<TranslationJobEntity>, manager: EntityManager): Promise<void> {
    if (ids.length) await manager.getRepository(TranslationJobEntity).update({ id: In(ids) }, changes);
  }

  createBatch(
    batch: Partial<TranslationBatchEntity>,
    manager: EntityManager,
  ): Promise<TranslationBatchEntity> {
    return manager.getRepository(TranslationBatchEntity).save(manager.create(TranslationBatchEntity, batch));
  }

  batchesByIds(ids: number[], manager?: EntityManager): Promise<TranslationBatchEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return (manager ?? this.dataSource.manager)
      .getRepository(TranslationBatchEntity)
      .find({ where: { id: In([...new Set(ids)]) } });
  }

  async updateBatches(ids: number[], changes: Partial<TranslationBatchEntity>, manager: EntityManager) {
    if (ids.length) await manager.getRepository(TranslationBatchEntity).update({ id: In(ids) }, changes);
  }

  /** Batches with waiting or in-progress jobs, newest first. */
  openBatches(limit: number): Promise<TranslationBatchEntity[]> {
    return this.dataSource
      .getRepository(TranslationBatchEntity)
      .createQueryBuilder('b')
      .where('b.id IN (SELECT j.batch_id FROM ml_translation_jobs j WHERE j.status IN (:...open))', {
        open: [JobStatus.waitingForTranslator, JobStatus.inProgress],
      })
      .orderBy('b.id', 'DESC')
      .limit(limit)
      .getMany();
  }

  /** Status counts of the jobs of each batch. */
  async batchStatusCounts(
    batchIds: number[],
  ): Promise<Array<{ batchId: number; status: number; count: number }>> {
    if (batchIds.length === 0) return [];
    const rows = await this.jobs()
      .createQueryBuilder('j')
      .select('j.batch_id', 'batchId')
      .addSelect('j.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .where('j.batch_id IN (:...batchIds)', { batchIds })
      .groupBy('j.batch_id')
      .addGroupBy('j.status')
      .getRawMany<{ batchId: number; status: number; count: number }>();
    return rows.map((row) => ({
      batchId: Number(row.batchId),
      status: Number(row.status),
      count: Number(row.count),
    }));
  }

  /** A page of jobs and the total, cancelled jobs always left out (as WPML). */
  async list(query: JobListQuery): Promise<{ items: TranslationJobEntity[]; total: number }> {
    const qb = this.jobs().createQueryBuilder('j');
    this.filter(qb, query);
    const total = await qb.clone().getCount();
    for (const { column, direction } of query.sorting) qb.addOrderBy(SORT_COLUMNS[column], direction);
    qb.addOrderBy('j.id', query.sorting.length ? 'ASC' : 'DESC');
    if (query.limit > 0) qb.limit(query.limit).offset(query.offset);
    return { items: await qb.getMany(), total };
  }

  private filter(qb: SelectQueryBuilder<TranslationJobEntity>, query: JobListQuery): void {
    qb.where('j.status <> :cancelled', { cancelled: JobStatus.cancelled });
    if (query.ids.length) qb.andWhere('j.id IN (:...ids)', { ids: query.ids });
    if (query.titles.length) {
      const parts = query.titles.map((_, index) => `j.title LIKE :title${index} ESCAPE '!'`);
      qb.andWhere(
        `(${parts.join(' OR ')})`,
        Object.fromEntries(query.titles.map((title, index) => [`title${index}`, likeContains(title)])),
      );
    }
    if (query.sourceLanguage) qb.andWhere('j.source_language = :source', { source: query.sourceLanguage });
    if (query.targetLanguages.length)
      qb.andWhere('j.target_language IN (:...targets)', { targets: query.targetLanguages });
    if (query.statuses.length) {
      const stored = query.statuses.filter(
        (status) => status !== JobStatus.needsUpdate && status !== JobStatus.needsReview,
      );
      const clauses: string[] = [];
      if (stored.length) clauses.push('(j.status IN (:...statuses) AND j.needs_update = :notUpdated)');
      if (query.statuses.includes(JobStatus.needsUpdate)) clauses.push('j.needs_update = :updated');
      if (query.statuses.includes(JobStatus.needsReview)) clauses.push("j.review_status = 'NEEDS_REVIEW'");
      qb.andWhere(`(${clauses.join(' OR ')})`, { statuses: stored, notUpdated: false, updated: true });
    }
    if (query.needsUpdate === 'include') qb.andWhere('j.needs_update = :nu', { nu: true });
    if (query.needsUpdate === 'exclude') qb.andWhere('j.needs_update = :nu', { nu: false });
    if (query.onlyAutomatic) qb.andWhere('j.automatic = :automatic', { automatic: true });
    if (query.translatedBy !== undefined)
      qb.andWhere('j.translator_id = :translatedBy', { translatedBy: query.translatedBy });
    if (query.ownedBy !== undefined) qb.andWhere('j.translator_id = :ownedBy', { ownedBy: query.ownedBy });
    if (query.elementTypes.length)
      qb.andWhere('j.element_type IN (:...types)', { types: query.elementTypes });
    if (query.batchNames.length) {
      qb.andWhere(
        'j.batch_id IN (SELECT b.id FROM ml_translation_batches b WHERE b.batch_name IN (:...batchNames))',
        { batchNames: query.batchNames },
      );
    }
    if (query.scope === 'local') qb.andWhere("j.translation_service = 'local'");
    if (query.scope === 'remote') qb.andWhere("j.translation_service <> 'local'");
    if (query.scope === 'ate') qb.andWhere("j.editor = 'ate'");
    if (query.sentFrom) qb.andWhere('j.sent_date >= :sentFrom', { sentFrom: query.sentFrom });
    if (query.sentTo) qb.andWhere('j.sent_date <= :sentTo', { sentTo: query.sentTo });
    if (query.deadlineFrom)
      qb.andWhere('j.deadline_date >= :deadlineFrom', { deadlineFrom: query.deadlineFrom });
    if (query.deadlineTo) qb.andWhere('j.deadline_date <= :deadlineTo', { deadlineTo: query.deadlineTo });
  }
}
