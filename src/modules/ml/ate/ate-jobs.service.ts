import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { SiteUser, UsersService } from '../../../platform/auth';
import { AppConfig } from '../../../platform/config';
import { nowUtc, Transactions } from '../../../platform/database';
import { RestError, RestUser } from '../../../platform/rest';
import {
  isTranslationManager,
  JobsService,
  JobStatus,
  TranslationErrors,
  TranslationJobEntity,
  XliffService,
} from '..';
import { AteJobEntity } from './ate-job.entity';
import {
  AteJobItem,
  AteJobRequest,
  AteJobsClient,
  AteStatus,
  AteSyncAnswer,
  READY_STATUSES,
} from './ate-jobs.client';
import { AteJobErrors } from './ate-jobs.errors';
import { ATE_NEEDS_RETRY, AteJobsRepository } from './ate-jobs.repository';
import { AteLocks } from './ate-locks';

/** WPML's sync lock (`KeyedLock` "ate_sync"), shared by `ate/jobs/sync` and `ate/jobs/download`. */
export const SYNC_LOCK = 'ate-sync';
/** WPML's `LOCK_RELEASE_TIMEOUT`: a sync session's lock lasts a minute after its last call. */
export const SYNC_LOCK_SECONDS = 60;
const DOWNLOAD_BATCH = 10;
const RETRY_BATCH = 5;

/** `ate/jobs/sync`'s answer (WPML's `Sync\Result` as an array). */
export interface SyncResult {
  lockKey: string | false;
  ateToken: string | null;
  nextPage: number | null;
  numberOfPages: number | null;
  downloadQueueSize: number;
  jobs: Array<{ jobId: number; ateJobId: number; ateStatus: number; status: number }>;
}

/** What happened to one delivery. */
export type Delivery =
  | { outcome: 'applied' | 'unchanged'; job: TranslationJobEntity }
  | { outcome: 'busy' | 'not_ready' | 'cancelled' | 'editing' };

const emptyResult = (): SyncResult => ({
  lockKey: false,
  ateToken: null,
  nextPage: null,
  numberOfPages: null,
  downloadQueueSize: 0,
  jobs: [],
});

const READY = [...READY_STATUSES];

/**
 * Translation jobs in the remote Advanced Translation Editor (WPML's ATE job routes): sending jobs' XLIFF to ATE,
 * storing ATE job data, synchronising statuses page by page under the shared sync lock, and applying ATE's
 * translated XLIFF (from the callback, a download or a fix) under a per-job lock in the database, so two
 * instances or two callbacks never apply one delivery twice. Remote calls run outside transactions; what they
 * bring is written in one transaction or not at all.
 */
@Injectable()
export class AteJobsService {
  private readonly logger = new Logger('AteJobs');

  constructor(
    private readonly client: AteJobsClient,
    private readonly repository: AteJobsRepository,
    private readonly locks: AteLocks,
    private readonly jobs: JobsService,
    private readonly xliff: XliffService,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** How long a delivery may hold its job's lock: its remote calls' time limits and a margin. */
  private get jobLockSeconds(): number {
    return Math.ceil((3 * this.config.mlRemoteTimeoutMs) / 1000) + 30;
  }

  /** The translator whose jobs limit what a non-manager sees (undefined: a manager, every job). */
  private ownerOf(actor: RestUser): number | undefined {
    return isTranslationManager(actor) ? undefined : actor.id;
  }

  private mayWork(job: TranslationJobEntity, actor: RestUser): boolean {
    try {
      this.jobs.assertMayWork(job, actor);
      return true;
    } catch {
      return false;
    }
  }

  // ---------------------------------------------------------------- creating and storing

  /**
   * `POST ate/jobs`: sends each job's XLIFF to ATE in one call. Every job must exist, be open (or need an update
   * or a retry) and not be in ATE already; else nothing is sent. Jobs ATE took get their ATE job id and go in
   * progress, the others need a retry (40); all in one transaction after ATE answered.
   */
  async create(
    actor: RestUser,
    jobIds: number[],
    receiveUrl: (jobId: number) => string,
  ): Promise<{ jobs: Record<string, number>; needs_retry: number[] }> {
    if (jobIds.length === 0) throw AteJobErrors.invalidParam('jobIds', 'jobIds names no job.');
    const jobs = await this.repository.jobsByIds(jobIds);
    if (jobs.length !== new Set(jobIds).size) throw TranslationErrors.jobNotFound();
    for (const job of jobs) {
      this.jobs.assertMayWork(job, actor);
      const completeAndCurrent = job.status === JobStatus.complete && !job.needsUpdate;
      if (job.status === JobStatus.cancelled || completeAndCurrent) throw AteJobErrors.notSendable(job.id);
      if (
        job.ateJobId &&
        job.editor === 'ate' &&
        [JobStatus.waitingForTranslator, JobStatus.inProgress].includes(job.status as 1 | 2)
      )
        throw AteJobErrors.alreadyInAte(job.id, job.ateJobId);
    }
    const items = await this.jobs.loadItems(
      jobs.map((job) => ({ elementType: job.elementType, id: job.elementId })),
    );
    const requests: AteJobRequest[] = [];
    for (const job of jobs) {
      const { xml, fileName } = await this.xliff.buildXliff(job.id, actor);
      requests.push({
        wpml_job_id: job.id,
        source_language: job.sourceLanguage,
        target_language: job.targetLanguage,
        permalink: items.get(`${job.elementType}:${job.elementId}`)?.link ?? '',
        notify_url: receiveUrl(job.id),
        deadline: job.deadlineDate ? job.deadlineDate.slice(0, 10) : null,
        site_identifier: this.client.websiteId(),
        file: {
          type: 'data:application/x-xliff;base64',
          name: fileName,
          content: Buffer.from(xml).toString('base64'),
        },
      });
    }
    const created = await this.client.createJobs(requests);
    const now = nowUtc();
    const taken = jobs.filter((job) => created.has(job.id));
    const refused = jobs.filter((job) => !created.has(job.id));
    await this.transactions.run(async (manager) => {
      for (const job of taken) {
        await this.repository.updateJobs(
          [job.id],
          { ateJobId: created.get(job.id), editor: 'ate', status: JobStatus.inProgress, modified: now },
          manager,
        );
      }
      await this.repository.updateJobs(
        refused.map((job) => job.id),
        { editor: 'ate', status: ATE_NEEDS_RETRY, modified: now },
        manager,
      );
      await this.repository.saveRows(
        taken.map((job) => {
          const ateJobId = created.get(job.id) as number;
          return this.row(job.id, ateJobId, {
            ateStatus: AteStatus.created,
            data: JSON.stringify({ ate_job_id: ateJobId }),
            modified: now,
          });
        }),
        manager,
      );
    });
    return {
      jobs: Object.fromEntries([...created].map(([jobId, ateJobId]) => [String(jobId), ateJobId])),
      needs_retry: refused.map((job) => job.id),
    };
  }

  /** `POST ate/jobs/store`: keeps an ATE job's id and data on a local job (it becomes an ATE job); `true`. */
  async store(mlJobId: number, data: Record<string, unknown>): Promise<true> {
    const raw = data.ate_job_id;
    const ateJobId = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
    if (typeof ateJobId !== 'number' || !Number.isInteger(ateJobId) || ateJobId <= 0)
      throw AteJobErrors.invalidParam('ate_job_data', 'ate_job_data[ate_job_id] is not a positive integer.');
    const job = await this.jobs.findOrFail(mlJobId);
    const status =
      typeof data.ate_status === 'number' && Number.isInteger(data.ate_status) ? data.ate_status : null;
    const now = nowUtc();
    await this.transactions.run(async (manager) => {
      const existing = (await this.repository.ateRows([job.id], manager)).get(job.id);
      const same = existing?.ateJobId === ateJobId;
      await this.repository.updateJobs([job.id], { ateJobId, editor: 'ate', modified: now }, manager);
      await this.repository.saveRows(
        [
          this.row(job.id, ateJobId, {
            ateStatus: status ?? (same ? existing.ateStatus : null),
            downloadLink: same ? existing.downloadLink : null,
            appliedHash: same ? existing.appliedHash : '',
            data: JSON.stringify(data),
            modified: now,
          }),
        ],
        manager,
      );
    });
    return true;
  }

  /** `GET ate/jobs/{ateJobId}`: ATE's answer about the job, for a caller who may work on its local job. */
  async get(actor: RestUser, ateJobId: number): Promise<unknown> {
    const job = await this.repository.jobByAteId(ateJobId);
    if (!job) throw AteJobErrors.ateJobNotFound();
    this.jobs.assertMayWork(job, actor);
    return this.client.rawJob(ateJobId);
  }

  /** `POST ate/jobs/retry`: sends jobs ATE did not take again, a few per call; answers what is left. */
  async retry(actor: RestUser, jobsToProcess: number[] | null, receiveUrl: (jobId: number) => string) {
    const owner = this.ownerOf(actor);
    const ids = jobsToProcess ?? (await this.repository.needsRetryIds(1000, owner));
    const candidates = (await this.repository.jobsByIds(ids.slice(0, RETRY_BATCH))).filter(
      (job) => job.status === ATE_NEEDS_RETRY && this.mayWork(job, actor),
    );
    const rest = ids.slice(RETRY_BATCH);
    if (candidates.length === 0) return { processed: [], jobsToProcess: rest };
    const result = await this.create(
      actor,
      candidates.map((job) => job.id),
      receiveUrl,
    );
    return {
      processed: candidates.map((job) => ({
        jobId: job.id,
        ateJobId: result.jobs[String(job.id)] ?? null,
        status: result.jobs[String(job.id)] ? JobStatus.inProgress : ATE_NEEDS_RETRY,
      })),
      jobsToProcess: rest,
    };
  }

  // ---------------------------------------------------------------- synchronising

  /**
   * `POST ate/jobs/sync`: WPML's sync under the shared lock. Without `page`, the open ATE jobs (a translator's
   * own) are sent to ATE, which answers their statuses and, for more, a pagination token and page count; with
   * `page` (from 1) and `ateToken`, the next page is read. A caller that cannot take the lock (another session
   * holds it, and `lockKey` is not that session's) gets an empty result with `lockKey: false`.
   */
  async sync(
    actor: RestUser,
    args: { lockKey?: string; ateToken?: string; page?: number; numberOfPages?: number },
  ): Promise<SyncResult> {
    if (args.page && !args.ateToken) throw AteJobErrors.missingParam('ateToken');
    const lockKey = await this.locks.acquire(SYNC_LOCK, args.lockKey, SYNC_LOCK_SECONDS);
    if (!lockKey) return emptyResult();
    const result: SyncResult = { ...emptyResult(), lockKey };
    const owner = this.ownerOf(actor);
    try {
      let answer: AteSyncAnswer;
      if (args.page) {
        answer = await this.client.syncPage(args.ateToken as string, args.page - 1);
        if ((args.numberOfPages ?? 0) > args.page) {
          result.nextPage = args.page + 1;
          result.numberOfPages = args.numberOfPages ?? null;
          result.ateToken = args.ateToken ?? null;
        }
      } else {
        const ateJobIds = await this.repository.openAteJobIds(owner);
        answer = ateJobIds.length ? await this.client.syncAll(ateJobIds) : { items: [], next: null };
        if (answer.next) {
          result.ateToken = answer.next.token;
          result.numberOfPages = answer.next.pages;
          result.nextPage = 1;
        }
      }
      result.jobs = await this.recordStatuses(answer.items, actor);
      result.downloadQueueSize = await this.repository.countReady(READY, owner);
      return result;
    } catch (error) {
      // a session that never started leaves the lock to others at once
      if (!args.lockKey) await this.locks.release(SYNC_LOCK, lockKey);
      throw error;
    }
  }

  /** Keeps ATE's statuses and download links of this site's ATE jobs (a translator's own only), in one transaction. */
  private async recordStatuses(items: AteJobItem[], actor: RestUser): Promise<SyncResult['jobs']> {
    const jobs = new Map(
      (await this.repository.jobsByIds(items.map((item) => item.jobId))).map((job) => [job.id, job]),
    );
    const now = nowUtc();
    return this.transactions.run(async (manager) => {
      const rows = await this.repository.ateRows([...jobs.keys()], manager);
      const out: SyncResult['jobs'] = [];
      const save: AteJobEntity[] = [];
      for (const item of items) {
        const job = jobs.get(item.jobId);
        if (!job || job.ateJobId !== item.ateJobId || !this.mayWork(job, actor)) continue;
        const row = rows.get(job.id);
        const link =
          item.downloadLink && this.client.remote.isServiceUrl(item.downloadLink) ? item.downloadLink : null;
        save.push(
          this.row(job.id, item.ateJobId, {
            ateStatus: item.status,
            downloadLink: link ?? (row?.ateJobId === item.ateJobId ? row.downloadLink : null),
            appliedHash: row?.ateJobId === item.ateJobId ? row.appliedHash : '',
            data: JSON.stringify(item.raw),
            modified: now,
          }),
        );
        let status = job.status;
        // WPML: a job ATE reports delivered whose translation the site applied is complete
        if (item.status === AteStatus.delivered && row?.appliedHash && status !== JobStatus.complete) {
          status = JobStatus.complete;
          await this.repository.updateJobs([job.id], { status, modified: now }, manager);
        }
        out.push({ jobId: job.id, ateJobId: item.ateJobId, ateStatus: item.status, status });
      }
      await this.repository.saveRows(save, manager);
      return out;
    });
  }

  // ---------------------------------------------------------------- delivering

  /**
   * `POST ate/jobs/download`: applies ATE's translations of the given jobs (ids, or `{jobId}` objects), else of
   * the download queue (a few per call), under the sync lock. Answers each job handled; `[]` when the lock is
   * another session's.
   */
  async download(actor: RestUser, lockKey: string | undefined, jobIds: number[] | null) {
    const key = await this.locks.acquire(SYNC_LOCK, lockKey, SYNC_LOCK_SECONDS);
    if (!key) return [];
    try {
      const ids = jobIds ?? (await this.repository.readyJobIds(READY, DOWNLOAD_BATCH, this.ownerOf(actor)));
      const jobs = (await this.repository.jobsByIds(ids.slice(0, DOWNLOAD_BATCH * 5))).filter(
        (job) => job.ateJobId !== null && this.mayWork(job, actor),
      );
      const out: Array<{
        jobId: number;
        ateJobId: number | null;
        status: number;
        translatedPostId: number | null;
        outcome: string;
        error?: string;
      }> = [];
      for (const job of jobs) {
        try {
          const delivery = await this.deliver(job, false);
          const done = 'job' in delivery ? delivery.job : job;
          out.push({
            jobId: job.id,
            ateJobId: job.ateJobId,
            status: done.status,
            translatedPostId: done.translatedElementId,
            outcome: delivery.outcome,
          });
        } catch (error) {
          if (!(error instanceof RestError) || this.client.isUnreachable(error)) throw error;
          out.push({
            jobId: job.id,
            ateJobId: job.ateJobId,
            status: job.status,
            translatedPostId: job.translatedElementId,
            outcome: 'failed',
            error: error.message,
          });
        }
      }
      return out;
    } finally {
      if (!lockKey) await this.locks.release(SYNC_LOCK, key);
    }
  }

  /**
   * `GET ate/jobs/receive/{mlJobId}` (ATE's callback): the job's translation, fetched from ATE and applied.
   * `applied`/`unchanged` → 200, `busy` (the job's lock is held: another callback or instance is applying it) →
   * 423, anything else (unknown job, not an ATE job, cancelled, in review editing, not ready, ATE down or
   * answering garbage, a file that does not fit the job) → 422, nothing written.
   */
  async receive(mlJobId: number): Promise<'ok' | 'busy' | 'failed'> {
    const [job] = await this.repository.jobsByIds([mlJobId]);
    if (!job || !job.ateJobId) return 'failed';
    try {
      const delivery = await this.deliver(job, true);
      if (delivery.outcome === 'busy') return 'busy';
      return delivery.outcome === 'applied' || delivery.outcome === 'unchanged' ? 'ok' : 'failed';
    } catch (error) {
      this.logger.warn(
        { jobId: job.id, err: error instanceof Error ? error.message : error },
        'ATE delivery failed',
      );
      return 'failed';
    }
  }

  /** `GET ate/jobs/{ateJobId}/fix?jobId=`: asks ATE again and applies a ready translation; `{completed, error}`. */
  async fix(
    actor: RestUser,
    ateJobId: number,
    jobId: number,
  ): Promise<{ completed: boolean; error: boolean }> {
    const job = await this.jobs.getOrFail(jobId, actor);
    if (job.ateJobId !== ateJobId) throw AteJobErrors.ateJobMismatch();
    try {
      const delivery = await this.deliver(job, true);
      const completed = delivery.outcome === 'applied' || delivery.outcome === 'unchanged';
      return { completed, error: delivery.outcome === 'cancelled' || delivery.outcome === 'editing' };
    } catch (error) {
      // the translation did not fit the job; the service's own failures stay errors of the route
      if (error instanceof RestError && error.status === 400) return { completed: false, error: true };
      throw error;
    }
  }

  /**
   * Fetches and applies one job's translation under the job's lock. `refresh`: asks ATE for the job's state
   * (the callback and fixes); else the download link a sync recorded is used when there is one.
   */
  async deliver(job: TranslationJobEntity, refresh: boolean): Promise<Delivery> {
    const ateJobId = job.ateJobId;
    if (!ateJobId) throw AteJobErrors.notAteJob(job.id);
    if (job.status === JobStatus.cancelled) return { outcome: 'cancelled' };
    if (job.reviewStatus === 'EDITING') return { outcome: 'editing' };
    const held = await this.locks.withLock(
      `ate-job:${job.id}`,
      this.jobLockSeconds,
      async (): Promise<Delivery> => {
        const row = await this.repository.ateRow(job.id);
        let link =
          !refresh &&
          row?.ateJobId === ateJobId &&
          row.ateStatus !== null &&
          READY_STATUSES.has(row.ateStatus)
            ? row.downloadLink
            : null;
        let ateStatus = row?.ateStatus ?? null;
        let data = row?.data ?? null;
        if (!link) {
          const item = await this.client.job(ateJobId);
          if (item.jobId !== job.id) throw AteJobErrors.ateJobMismatch();
          ateStatus = item.status;
          data = JSON.stringify(item.raw);
          if (!READY_STATUSES.has(item.status) || !item.downloadLink) return { outcome: 'not_ready' };
          link = item.downloadLink;
        }
        const xml = await this.client.fetchXliff(link);
        const hash = createHash('sha1').update(xml).digest('hex');
        const current = (await this.repository.jobsByIds([job.id]))[0] ?? job;
        if (row?.appliedHash === hash && current.status === JobStatus.complete && !current.needsUpdate)
          return { outcome: 'unchanged', job: current };
        const author = current.managerId ? await this.users.findById(current.managerId) : null;
        const now = nowUtc();
        const applied = await this.transactions.run(async (manager) => {
          const done = await this.xliff.applyTranslatedXliff(
            current.id,
            xml,
            author ? new SiteUser(author) : null,
            {
              trusted: true,
            },
          );
          await this.repository.saveRows(
            [
              this.row(current.id, ateJobId, {
                ateStatus,
                downloadLink: link,
                data,
                appliedHash: hash,
                modified: now,
              }),
            ],
            manager,
          );
          return done;
        });
        await this.client
          .confirm(ateJobId)
          .catch((error: unknown) =>
            this.logger.warn(
              { ateJobId, err: error instanceof Error ? error.message : error },
              'ATE delivery not confirmed',
            ),
          );
        return { outcome: 'applied', job: applied };
      },
    );
    return held.busy ? { outcome: 'busy' } : held.value;
  }

  private row(jobId: number, ateJobId: number, values: Partial<AteJobEntity>): AteJobEntity {
    const row = new AteJobEntity();
    Object.assign(row, {
      jobId,
      ateJobId,
      ateStatus: null,
      downloadLink: null,
      data: null,
      appliedHash: '',
      ...values,
    });
    return row;
  }
}
