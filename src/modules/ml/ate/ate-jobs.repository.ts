import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { JobStatus, TranslationJobEntity } from '..';
import { AteJobEntity } from './ate-job.entity';

/** WPML's `ICL_TM_ATE_NEEDS_RETRY`: ATE did not take the job; `ate/jobs/retry` sends it again. */
export const ATE_NEEDS_RETRY = 40;
/** Local statuses of jobs whose ATE job is still open. */
const OPEN = [JobStatus.waitingForTranslator, JobStatus.inProgress];

/** Queries of the ATE routes: jobs by ATE id, their ATE rows, jobs to synchronise, download or retry. */
@Injectable()
export class AteJobsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private jobs(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(TranslationJobEntity);
  }

  private rows(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(AteJobEntity);
  }

  jobsByIds(ids: number[]): Promise<TranslationJobEntity[]> {
    const unique = [...new Set(ids)];
    return unique.length
      ? this.jobs().find({ where: { id: In(unique) }, order: { id: 'ASC' } })
      : Promise.resolve([]);
  }

  jobByAteId(ateJobId: number): Promise<TranslationJobEntity | null> {
    return this.jobs().findOne({ where: { ateJobId }, order: { id: 'DESC' } });
  }

  async ateRows(jobIds: number[], manager?: EntityManager): Promise<Map<number, AteJobEntity>> {
    if (jobIds.length === 0) return new Map();
    const rows = await this.rows(manager).find({ where: { jobId: In([...new Set(jobIds)]) } });
    return new Map(rows.map((row) => [row.jobId, row]));
  }

  async ateRow(jobId: number): Promise<AteJobEntity | null> {
    return (await this.ateRows([jobId])).get(jobId) ?? null;
  }

  saveRows(rows: AteJobEntity[], manager: EntityManager): Promise<AteJobEntity[]> {
    return rows.length ? this.rows(manager).save(rows) : Promise.resolve([]);
  }

  async updateJobs(
    ids: number[],
    changes: Partial<TranslationJobEntity>,
    manager: EntityManager,
  ): Promise<void> {
    if (ids.length) await this.jobs(manager).update({ id: In(ids) }, changes);
  }

  /** ATE job ids of open ATE jobs (of one translator's jobs and unassigned ones when `translatorId` is given). */
  async openAteJobIds(translatorId?: number): Promise<number[]> {
    const query = this.jobs()
      .createQueryBuilder('j')
      .select('j.ate_job_id', 'ateJobId')
      .where('j.ate_job_id IS NOT NULL AND j.status IN (:...open)', { open: OPEN })
      .orderBy('j.id', 'ASC');
    if (translatorId !== undefined)
      query.andWhere('j.translator_id IN (:...mine)', { mine: [translatorId, 0] });
    const rows: Array<{ ateJobId: number | string }> = await query.getRawMany();
    return rows.map((row) => Number(row.ateJobId));
  }

  /** Open ATE jobs whose translation ATE reported ready (the download queue), oldest first. */
  private readyQuery(readyStatuses: number[], translatorId?: number) {
    const query = this.jobs()
      .createQueryBuilder('j')
      .innerJoin(AteJobEntity, 'a', 'a.job_id = j.id AND a.ate_job_id = j.ate_job_id')
      .where('j.status IN (:...open)', { open: OPEN })
      .andWhere('a.ate_status IN (:...ready)', { ready: readyStatuses })
      .andWhere('a.download_link IS NOT NULL');
    if (translatorId !== undefined)
      query.andWhere('j.translator_id IN (:...mine)', { mine: [translatorId, 0] });
    return query;
  }

  async readyJobIds(readyStatuses: number[], limit: number, translatorId?: number): Promise<number[]> {
    const rows: Array<{ id: number | string }> = await this.readyQuery(readyStatuses, translatorId)
      .select('j.id', 'id')
      .orderBy('j.id', 'ASC')
      .limit(limit)
      .getRawMany();
    return rows.map((row) => Number(row.id));
  }

  countReady(readyStatuses: number[], translatorId?: number): Promise<number> {
    return this.readyQuery(readyStatuses, translatorId).getCount();
  }

  /** Jobs ATE did not take (status 40), oldest first. */
  async needsRetryIds(limit: number, translatorId?: number): Promise<number[]> {
    const query = this.jobs()
      .createQueryBuilder('j')
      .select('j.id', 'id')
      .where('j.status = :retry', { retry: ATE_NEEDS_RETRY })
      .orderBy('j.id', 'ASC')
      .limit(limit);
    if (translatorId !== undefined)
      query.andWhere('j.translator_id IN (:...mine)', { mine: [translatorId, 0] });
    const rows: Array<{ id: number | string }> = await query.getRawMany();
    return rows.map((row) => Number(row.id));
  }
}
