import { createHash } from 'node:crypto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SiteUser, TRANSLATION_CAPS, UsersService } from '../../../platform/auth';
import { nowUtc, Transactions } from '../../../platform/database';
import { LANGUAGES, RestUser } from '../../../platform/rest';
import { TRANSLATION_FIELD_POLICY, TranslationFieldPolicy } from '../field-policy';
import { elementTypeInfo } from '../groups/element-types';
import { TranslationGroups } from '../groups/translation-groups.service';
import { TranslatableItem, TranslatableRegistry } from '../translatable-registry';
import { isTranslationManager } from '../translation-access';
import { TranslationErrors } from '../translation.errors';
import { JobListQuery, JobsRepository } from './jobs.repository';
import { JobStatus, TranslationBatchEntity, TranslationJobEntity } from './translation-job.entity';

/** What to send to translation. */
export interface SendToTranslationInput {
  elements: Array<{ id: number; elementType?: string }>;
  /** Default: every site language other than the original's. */
  targetLanguages?: string[];
  translatorId?: number;
  /** `Y-m-d` */
  deadline?: string;
  batchName?: string;
}

/** A job with what its view needs: batch, original, translator. */
export interface JobView {
  job: TranslationJobEntity;
  batch: TranslationBatchEntity | null;
  original: TranslatableItem | null;
  translation: TranslatableItem | null;
  translatorName: string;
}

/** The md5 of an item's translatable texts: a completed job whose original's hash changes needs an update. */
export function contentHashOf(item: TranslatableItem): string {
  const hash = createHash('md5');
  for (const field of item.fields) hash.update(`${field.id}\u0000${field.value}\u0001`);
  return hash.digest('hex');
}

/** Short element types (`post`, `page`, `cal_events`) are accepted for WPML's (`post_page`). */
export function normaliseElementType(type: string): string {
  return elementTypeInfo(type) ? type : `post_${type}`;
}

/**
 * Translation jobs (WPML's translation management): sending content, listing with WPML's filters, assigning to a
 * translator, cancelling, and marking completed jobs "needs update" when their original changes.
 */
@Injectable()
export class JobsService implements OnModuleInit {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly groups: TranslationGroups,
    private readonly registry: TranslatableRegistry,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    @Inject(TRANSLATION_FIELD_POLICY) private readonly policy: TranslationFieldPolicy,
  ) {}

  onModuleInit(): void {
    this.registry.onOriginalChanged((elementType, id, manager) =>
      this.originalChanged(elementType, id, manager),
    );
  }

  // ---------------------------------------------------------------- reading

  async getOrFail(
    jobId: number,
    actor: RestUser | null,
    manager?: EntityManager,
  ): Promise<TranslationJobEntity> {
    const job = await this.findOrFail(jobId, manager);
    this.assertMayWork(job, actor);
    return job;
  }

  /** A job whatever the caller may do with it (for the site's own work, e.g. an ATE delivery): 404 unknown. */
  async findOrFail(jobId: number, manager?: EntityManager): Promise<TranslationJobEntity> {
    const job = await this.jobs.findById(jobId, manager);
    if (!job) throw TranslationErrors.jobNotFound();
    return job;
  }

  /** Managers work on any job; a translator on jobs assigned to them (or unassigned ones they take). */
  assertMayWork(job: TranslationJobEntity, actor: RestUser | null): void {
    if (isTranslationManager(actor)) return;
    if (
      actor &&
      actor.can(TRANSLATION_CAPS.translate) &&
      (job.translatorId === actor.id || job.translatorId === 0)
    )
      return;
    throw TranslationErrors.notAllowed(actor !== null);
  }

  async list(actor: RestUser, query: JobListQuery): Promise<{ items: JobView[]; total: number }> {
    const scoped = isTranslationManager(actor) ? query : { ...query, ownedBy: actor.id };
    const { items, total } = await this.jobs.list(scoped);
    return { items: await this.views(items), total };
  }

  /** Batch-loads what the view-model shows of each job: batches, originals, translations, translators. */
  async views(jobs: TranslationJobEntity[]): Promise<JobView[]> {
    const [batches, originals, translations, translators] = await Promise.all([
      this.jobs.batchesByIds(jobs.map((job) => job.batchId)),
      this.loadItems(jobs.map((job) => ({ elementType: job.elementType, id: job.elementId }))),
      this.loadItems(
        jobs
          .filter((job) => job.translatedElementId)
          .map((job) => ({ elementType: job.elementType, id: job.translatedElementId as number })),
      ),
      this.users.findByIds([...new Set(jobs.map((job) => job.translatorId).filter((id) => id > 0))]),
    ]);
    const batchById = new Map(batches.map((batch) => [batch.id, batch]));
    const names = new Map(translators.map((user) => [user.id, user.displayName || user.login]));
    return jobs.map((job) => ({
      job,
      batch: batchById.get(job.batchId) ?? null,
      original: originals.get(`${job.elementType}:${job.elementId}`) ?? null,
      translation: job.translatedElementId
        ? (translations.get(`${job.elementType}:${job.translatedElementId}`) ?? null)
        : null,
      translatorName: names.get(job.translatorId) ?? '',
    }));
  }

  /** Items of several types, one load per type. */
  async loadItems(
    refs: Array<{ elementType: string; id: number }>,
    manager?: EntityManager,
  ): Promise<Map<string, TranslatableItem>> {
    const byType = new Map<string, number[]>();
    for (const ref of refs) byType.set(ref.elementType, [...(byType.get(ref.elementType) ?? []), ref.id]);
    const result = new Map<string, TranslatableItem>();
    await Promise.all(
      [...byType].map(async ([elementType, ids]) => {
        const source = this.registry.sourceFor(elementType);
        if (!source) return;
        for (const [id, item] of await source.load(elementType, [...new Set(ids)], manager))
          result.set(`${elementType}:${id}`, item);
      }),
    );
    return result;
  }

  // ---------------------------------------------------------------- sending

  /** Creates one job per element and target language, in one batch, in one transaction. */
  async send(actor: RestUser, input: SendToTranslationInput): Promise<TranslationJobEntity[]> {
    if (input.translatorId) await this.assertTranslator(input.translatorId);
    const now = nowUtc();
    return this.transactions.run(async (manager) => {
      const batch = await this.jobs.createBatch(
        {
          batchName: input.batchName?.trim() || `Manual Translations from ${now.slice(0, 10)}`,
          tpId: null,
          createdAt: now,
          lastSync: null,
        },
        manager,
      );
      const created: TranslationJobEntity[] = [];
      for (const element of input.elements) {
        const { item, trid } = await this.translatableOriginal(element, manager);
        const targets = (input.targetLanguages?.length ? input.targetLanguages : [...LANGUAGES]).filter(
          (language) => language !== item.language,
        );
        if (targets.length === 0)
          throw TranslationErrors.notTranslatable('the target language is the original’s language');
        const members = await this.groups.membersOf([trid], manager);
        for (const language of targets) {
          const open = await this.jobs.activeFor(trid, language, manager);
          if (open && open.status !== JobStatus.complete)
            throw TranslationErrors.jobClosed(
              `Item ${item.id} is already in translation into "${language}" (job ${open.id}).`,
            );
          const job = manager.create(TranslationJobEntity, {
            batchId: batch.id,
            trid,
            elementType: item.elementType,
            elementId: item.id,
            translatedElementId:
              members.find((member) => member.languageCode === language && member.elementId !== item.id)
                ?.elementId ?? null,
            sourceLanguage: item.language,
            targetLanguage: language,
            status: JobStatus.waitingForTranslator,
            needsUpdate: false,
            reviewStatus: null,
            translatorId: input.translatorId ?? 0,
            managerId: actor.id,
            translationService: 'local',
            tpId: null,
            tsStatus: null,
            title: item.title.slice(0, 255),
            sentDate: now,
            deadlineDate: input.deadline ? `${input.deadline.slice(0, 10)} 00:00:00` : null,
            completedDate: null,
            editor: 'xliff',
            ateJobId: null,
            automatic: false,
            contentHash: contentHashOf(item),
            modified: now,
          });
          created.push(await this.jobs.save(job, manager));
        }
      }
      return created;
    });
  }

  /** The original to send: it must exist, be translatable, and be the group's original (not a translation). */
  private async translatableOriginal(
    element: { id: number; elementType?: string },
    manager: EntityManager,
  ): Promise<{ item: TranslatableItem; trid: number }> {
    let elementType = element.elementType ? normaliseElementType(element.elementType) : undefined;
    if (!elementType) {
      const rows = (
        await Promise.all(
          this.registry.elementTypes().map((type) => this.groups.rowOf(type, element.id, manager)),
        )
      ).filter((row) => row !== null);
      elementType = rows.find((row) => elementTypeInfo(row.elementType)?.kind === 'post')?.elementType;
    }
    const source = elementType ? this.registry.sourceFor(elementType) : undefined;
    if (!elementType || !source)
      throw TranslationErrors.notTranslatable(`no translatable item with ID ${element.id}`);
    if (!(await this.policy.policyFor(elementType)).translatable)
      throw TranslationErrors.notTranslatable(`${elementType} is not a translatable type`);
    const item = (await source.load(elementType, [element.id], manager)).get(element.id);
    const row = await this.groups.rowOf(elementType, element.id, manager);
    if (!item || !row) throw TranslationErrors.notTranslatable(`no translatable item with ID ${element.id}`);
    if (row.sourceLanguageCode !== null)
      throw TranslationErrors.notTranslatable(
        `item ${element.id} is itself a translation; send its original`,
      );
    return { item, trid: row.trid };
  }

  private async assertTranslator(userId: number): Promise<SiteUser> {
    const user = await this.users.findById(userId);
    const site = user ? new SiteUser(user) : null;
    if (!site || !site.can(TRANSLATION_CAPS.translate)) throw TranslationErrors.notTranslator();
    return site;
  }

  // ---------------------------------------------------------------- assigning, cancelling

  /**
   * `jobs/assign`: `null` when the translator does not exist (as WPML), 400 when they may not translate. A
   * translator may only take an unassigned job or one of their own, for themselves.
   */
  async assign(actor: RestUser, jobId: number, translatorId: number): Promise<{ assigned: boolean } | null> {
    const user = translatorId > 0 ? await this.users.findById(translatorId) : null;
    const job = await this.getOrFail(jobId, actor);
    if (!user) return null;
    if (!new SiteUser(user).can(TRANSLATION_CAPS.translate)) throw TranslationErrors.notTranslator();
    if (!isTranslationManager(actor) && translatorId !== actor.id) throw TranslationErrors.notAllowed(true);
    if (job.status === JobStatus.complete && !job.needsUpdate) return { assigned: false };
    await this.transactions.run((manager) =>
      this.jobs.update([job.id], { translatorId, translationService: 'local', modified: nowUtc() }, manager),
    );
    return { assigned: true };
  }

  /** `jobs/cancel`: the found jobs of supported types go back to "not translated"; returns those cancelled. */
  async cancel(
    actor: RestUser,
    items: Array<{ id: number; type: string }>,
  ): Promise<Array<{ id: number; type: string }>> {
    if (!isTranslationManager(actor)) throw TranslationErrors.notAllowed(true);
    const wanted = items.filter((item) => item.type === 'post');
    const jobs = (await this.jobs.findByIds(wanted.map((item) => item.id))).filter(
      (job) => job.status !== JobStatus.cancelled && job.status !== JobStatus.complete,
    );
    await this.transactions.run((manager) =>
      this.jobs.update(
        jobs.map((job) => job.id),
        { status: JobStatus.cancelled, modified: nowUtc() },
        manager,
      ),
    );
    return jobs.map((job) => ({ id: job.id, type: 'post' }));
  }

  // ---------------------------------------------------------------- batches

  /** `tp/batches/sync`: local jobs have nothing to fetch; the batches are stamped and their job counts answered. */
  async syncBatches(batchIds: number[]) {
    const batches = await this.jobs.batchesByIds(batchIds);
    const now = nowUtc();
    await this.transactions.run((manager) =>
      this.jobs.updateBatches(
        batches.map((batch) => batch.id),
        { lastSync: now },
        manager,
      ),
    );
    return this.batchStatuses(batches.map((batch) => ({ ...batch, lastSync: now })));
  }

  /** `tp/batches/status`: the batches that still have open jobs (at most 100, newest first). */
  async recentBatchStatuses() {
    return this.batchStatuses(await this.jobs.openBatches(100));
  }

  async batchStatuses(batches: TranslationBatchEntity[]) {
    const counts = await this.jobs.batchStatusCounts(batches.map((batch) => batch.id));
    return batches.map((batch) => {
      const of = (status: number) =>
        counts
          .filter((row) => row.batchId === batch.id && row.status === status)
          .reduce((sum, row) => sum + row.count, 0);
      const total = counts.filter((row) => row.batchId === batch.id).reduce((sum, row) => sum + row.count, 0);
      return {
        batchId: batch.id,
        batchName: batch.batchName,
        tpId: batch.tpId,
        lastSync: batch.lastSync,
        status: of(JobStatus.waitingForTranslator) + of(JobStatus.inProgress) > 0 ? 'in_progress' : 'done',
        jobs: {
          total,
          waiting_for_translator: of(JobStatus.waitingForTranslator),
          in_progress: of(JobStatus.inProgress),
          complete: of(JobStatus.complete),
          cancelled: of(JobStatus.cancelled),
        },
      };
    });
  }

  // ---------------------------------------------------------------- needs update

  /**
   * An original changed: its completed jobs whose texts differ now need an update (WPML's needs_update). Inside the
   * change's transaction when `manager` is given, else in a transaction of its own.
   */
  async originalChanged(elementType: string, id: number, manager?: EntityManager): Promise<void> {
    const completed = await this.jobs.completedOf(elementType, id, manager);
    if (completed.length === 0) return;
    const item = (await this.loadItems([{ elementType, id }], manager)).get(`${elementType}:${id}`);
    if (!item) return;
    const hash = contentHashOf(item);
    const stale = completed
      .filter((job) => job.contentHash !== hash && !job.needsUpdate)
      .map((job) => job.id);
    if (stale.length === 0) return;
    const mark = (m: EntityManager) => this.jobs.update(stale, { needsUpdate: true, modified: nowUtc() }, m);
    await (manager ? mark(manager) : this.transactions.run(mark));
  }

  /** Marks a job in progress (its XLIFF went to its translator), taking it for an unassigned translator. */
  async started(job: TranslationJobEntity, actor: RestUser | null): Promise<void> {
    if (job.status !== JobStatus.waitingForTranslator) return;
    const changes: Partial<TranslationJobEntity> = { status: JobStatus.inProgress, modified: nowUtc() };
    if (job.translatorId === 0 && actor && !isTranslationManager(actor)) changes.translatorId = actor.id;
    await this.transactions.run((manager) => this.jobs.update([job.id], changes, manager));
    Object.assign(job, changes);
  }

  save(job: TranslationJobEntity, manager: EntityManager) {
    return this.jobs.save(job, manager);
  }
}
