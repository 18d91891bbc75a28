import { Inject, Injectable } from '@nestjs/common';
import { UsersService } from '../../../platform/auth';
import { lockRowById, nowUtc, Transactions } from '../../../platform/database';
import { RestUser } from '../../../platform/rest';
import { TRANSLATION_FIELD_POLICY, TranslationFieldPolicy } from '../field-policy';
import { TranslationGroups } from '../groups/translation-groups.service';
import { contentHashOf, JobsService } from '../jobs/jobs.service';
import { JobStatus, TranslationJobEntity } from '../jobs/translation-job.entity';
import { TranslatableItem, TranslatableRegistry } from '../translatable-registry';
import { TranslationErrors } from '../translation.errors';
import { buildXliff, fileOriginal, parseXliff, XliffError, XliffUnit } from './xliff';

/** A job's XLIFF document and what a download needs to name it. */
export interface JobXliff {
  job: TranslationJobEntity;
  xml: string;
  fileName: string;
}

/**
 * XLIFF of translation jobs: the document of a job (its original's texts, targets pre-filled with the existing
 * translation), and applying a translated document (validated whole before anything is written; then the
 * translation is created or updated in the group and the job completed, in one transaction).
 */
@Injectable()
export class XliffService {
  constructor(
    private readonly jobsService: JobsService,
    private readonly registry: TranslatableRegistry,
    private readonly groups: TranslationGroups,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    @Inject(TRANSLATION_FIELD_POLICY) private readonly policy: TranslationFieldPolicy,
  ) {}

  /** The XLIFF of a job (404 unknown job, 403 another translator's job). */
  async buildXliff(jobId: number, actor: RestUser | null): Promise<JobXliff> {
    const job = await this.jobsService.getOrFail(jobId, actor);
    if (job.status === JobStatus.cancelled) throw TranslationErrors.jobClosed('The job was cancelled.');
    const original = await this.item(job.elementType, job.elementId);
    if (!original) throw TranslationErrors.jobMismatch('The original of this job no longer exists.');
    const translation = job.translatedElementId
      ? await this.item(job.elementType, job.translatedElementId)
      : await this.currentTranslation(job);
    const units = await this.units(job, original, translation);
    const sender = job.managerId ? await this.users.findById(job.managerId) : null;
    const xml = buildXliff({
      jobId: job.id,
      originalId: job.elementId,
      sourceLanguage: job.sourceLanguage,
      targetLanguage: job.targetLanguage,
      postType: job.elementType.replace(/^post_/, ''),
      originalUrl: original.link,
      sender: sender
        ? {
            id: sender.id,
            username: sender.login,
            // As core's users route: another user's e-mail only for those who may list users.
            email: actor && (actor.id === sender.id || actor.can('list_users')) ? sender.email : undefined,
            displayName: sender.displayName,
          }
        : undefined,
      units,
    });
    return { job, xml, fileName: `job-${job.id}.xliff` };
  }

  /** As {@link buildXliff}, and the job goes in progress (its translator has it). */
  async download(jobId: number, actor: RestUser): Promise<JobXliff> {
    const result = await this.buildXliff(jobId, actor);
    await this.jobsService.started(result.job, actor);
    return result;
  }

  /**
   * Applies a translated XLIFF to its job: 400 for a malformed file, a file of another job or original, another
   * target language or units the original does not have, nothing written then; else the translation is saved in
   * the original's group and the job completed. Returns the completed job.
   */
  async applyTranslatedXliff(
    jobId: number | null,
    xml: string,
    actor: RestUser | null,
    /** `trusted`: the site applies a delivery itself (ATE), `actor` only authors the translation. */
    options: { trusted?: boolean } = {},
  ): Promise<TranslationJobEntity> {
    let parsed;
    try {
      parsed = parseXliff(xml);
    } catch (error) {
      if (error instanceof XliffError) throw TranslationErrors.invalidXliff(error.message);
      throw error;
    }
    const fileJobId = Number(parsed.original.split('-')[0]);
    const id = jobId ?? fileJobId;
    if (!Number.isInteger(id) || id <= 0) throw TranslationErrors.jobMismatch('The XLIFF file names no job.');
    const job = options.trusted
      ? await this.jobsService.findOrFail(id)
      : await this.jobsService.getOrFail(id, actor);
    if (parsed.original !== fileOriginal(job.id, job.elementId))
      throw TranslationErrors.jobMismatch('The XLIFF file belongs to another job or original.');
    if (parsed.targetLanguage && parsed.targetLanguage !== job.targetLanguage)
      throw TranslationErrors.jobMismatch(
        `The XLIFF file translates into "${parsed.targetLanguage}", the job into "${job.targetLanguage}".`,
      );
    if (job.status === JobStatus.cancelled) throw TranslationErrors.jobClosed('The job was cancelled.');
    const source = this.registry.sourceFor(job.elementType);
    if (!source) throw TranslationErrors.notTranslatable(job.elementType);
    const policy = await this.policy.policyFor(job.elementType);

    return this.transactions.run(async (manager) => {
      // The job as it is now, locked until commit: an assignment or cancellation made meanwhile is kept.
      const latest = await lockRowById(manager, TranslationJobEntity, job.id);
      if (!latest) throw TranslationErrors.jobMismatch('The job no longer exists.');
      if (latest.status === JobStatus.cancelled) throw TranslationErrors.jobClosed('The job was cancelled.');
      Object.assign(job, latest);
      const original = (await source.load(job.elementType, [job.elementId], manager)).get(job.elementId);
      if (!original) throw TranslationErrors.jobMismatch('The original of this job no longer exists.');
      const known = new Set(original.fields.map((field) => field.id));
      const unknown = parsed.units.filter((unit) => !known.has(unit.id)).map((unit) => unit.id);
      if (unknown.length)
        throw TranslationErrors.jobMismatch(`The original has no field(s): ${unknown.join(', ')}.`);
      const texts = new Map(parsed.units.map((unit) => [unit.id, unit.target]));
      const copied = original.fields
        .filter((field) => field.id.startsWith('field-'))
        .map((field) => field.id.slice('field-'.length))
        .filter((key) => ['copy', 'copy-once'].includes(policy.fieldAction(key)));
      for (const key of copied) {
        const value = original.fields.find((field) => field.id === `field-${key}`)?.value;
        if (value !== undefined) texts.set(`field-${key}`, value);
      }
      const row = await this.groups.rowOf(job.elementType, job.elementId, manager);
      const members = row ? await this.groups.membersOf([row.trid], manager) : [];
      const existing = members.find(
        (m) => m.languageCode === job.targetLanguage && m.elementId !== job.elementId,
      );
      const translationId = await source.saveTranslation(job.elementType, {
        original,
        translationId: existing?.elementId ?? null,
        language: job.targetLanguage,
        texts,
        copiedFields: copied,
        actorId: actor?.id ?? job.translatorId,
        unfilteredHtml: actor?.can('unfiltered_html') ?? false,
        manager,
      });
      const now = nowUtc();
      Object.assign(job, {
        status: JobStatus.complete,
        needsUpdate: false,
        translatedElementId: translationId,
        completedDate: now,
        modified: now,
        contentHash: contentHashOf(original),
        translatorId: job.translatorId || actor?.id || 0,
      });
      return this.jobsService.save(job, manager);
    });
  }

  private async item(elementType: string, id: number): Promise<TranslatableItem | null> {
    const source = this.registry.sourceFor(elementType);
    return source ? ((await source.load(elementType, [id])).get(id) ?? null) : null;
  }

  private async currentTranslation(job: TranslationJobEntity): Promise<TranslatableItem | null> {
    const members = await this.groups.membersOf([job.trid]);
    const member = members.find(
      (m) => m.languageCode === job.targetLanguage && m.elementId !== job.elementId,
    );
    return member ? this.item(job.elementType, member.elementId) : null;
  }

  /** The trans-units: the original's fields the policy translates; targets from the translation, else the source. */
  private async units(
    job: TranslationJobEntity,
    original: TranslatableItem,
    translation: TranslatableItem | null,
  ): Promise<XliffUnit[]> {
    const policy = await this.policy.policyFor(job.elementType);
    const previous = new Map((translation?.fields ?? []).map((field) => [field.id, field.value]));
    return original.fields
      .filter(
        (field) => !field.id.startsWith('field-') || policy.fieldAction(field.id.slice(6)) === 'translate',
      )
      .map((field) => {
        const target = previous.get(field.id) ?? '';
        return { id: field.id, source: field.value, target: target !== '' ? target : field.value };
      });
  }
}
