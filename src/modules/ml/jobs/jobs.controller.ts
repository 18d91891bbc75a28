import {
  CREATABLE,
  NS,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
  RestUser,
} from '../../../platform/rest';
import { translationRoutePermission } from '../translation-access';
import { TranslationErrors } from '../translation.errors';
import { XliffService } from '../xliff/xliff.service';
import {
  AssignJobArgs,
  BatchSyncArgs,
  ListJobsArgs,
  SendJobsArgs,
  XliffDownloadArgs,
  XliffFetchArgs,
} from './dto/job-args.dto';
import { toJobResponse } from './job.mapper';
import { JobListQuery } from './jobs.repository';
import { JobsService } from './jobs.service';

const csv = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
const ints = (value: string | undefined) => csv(value).map(Number);

/** The JSON body of `jobs/cancel` / `tp/apply-translations`: an array of `{id, type}` (as WPML reads it). */
function itemsOf(call: RestCall<unknown>): Array<{ id: number; type: string }> {
  const params = call.params();
  const list = Array.isArray(params)
    ? (params as unknown[])
    : Array.isArray(params.jobs)
      ? (params.jobs as unknown[])
      : Object.keys(params)
          .filter((key) => /^\d+$/.test(key))
          .map((key) => params[key]);
  return list.flatMap((entry) => {
    if (entry === null || typeof entry !== 'object') return [];
    const { id, type } = entry as { id?: unknown; type?: unknown };
    const numeric = Number(id);
    return Number.isInteger(numeric) && numeric > 0
      ? [{ id: numeric, type: typeof type === 'string' ? type : 'post' }]
      : [];
  });
}

/** `ml/tm/v1`: translation jobs and their XLIFF (WPML's `wpml/tm/v1` REST routes). */
@RestController(NS.mlTm)
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly xliff: XliffService,
  ) {}

  // The spec's captures (`[\w-]+`; WPML's own are `\d+`): a non-numeric ID is a 400 of the argument.
  @RestRoute('/xliff/fetch/(?P<jobId>[\\w-]+)', {
    methods: READABLE,
    args: XliffFetchArgs,
    permission: (call: RestCall<XliffFetchArgs>) => translationRoutePermission(call.user),
  })
  async fetchXliff(call: RestCall<XliffFetchArgs>) {
    const { job, xml } = await this.xliff.download(call.args.jobId, call.user as RestUser);
    return {
      content: Buffer.from(xml, 'utf8').toString('base64'),
      sourceLang: job.sourceLanguage,
      targetLang: job.targetLanguage,
    };
  }

  @RestRoute('/jobs', {
    methods: READABLE,
    args: ListJobsArgs,
    permission: (call: RestCall<ListJobsArgs>) => translationRoutePermission(call.user),
  })
  async list(call: RestCall<ListJobsArgs>) {
    const { args } = call;
    const ids = [...ints(args.ids), ...ints(args.local_job_ids), ...(args.id ? [args.id] : [])];
    const query: JobListQuery = {
      ids,
      titles: csv(args.title),
      sourceLanguage: args.source_language,
      targetLanguages: csv(args.target_language),
      statuses: ints(args.status),
      needsUpdate: args.needs_update as JobListQuery['needsUpdate'],
      onlyAutomatic: args.only_automatic === true,
      translatedBy: args.translated_by ? Number(args.translated_by) : undefined,
      elementTypes: csv(args.element_type).map((type) => (type.includes('_') ? type : `post_${type}`)),
      batchNames: csv(args.batch_name),
      scope: (args.scope as JobListQuery['scope']) ?? 'all',
      sentFrom: args.sent_from,
      sentTo: args.sent_to ? dayEnd(args.sent_to) : undefined,
      deadlineFrom: args.deadline_from,
      deadlineTo: args.deadline_to ? dayEnd(args.deadline_to) : undefined,
      limit: args.limit ?? 0,
      offset: args.offset ?? 0,
      sorting: Object.entries(args.sorting ?? {}).map(([column, direction]) => ({
        column,
        direction: direction.toLowerCase() === 'desc' ? 'DESC' : 'ASC',
      })),
    };
    const { items, total } = await this.jobs.list(call.user as RestUser, query);
    return { jobs: items.map((view) => toJobResponse(view, call.urls)), total, last_picked_up_date: null };
  }

  @RestRoute('/jobs/assign', {
    methods: CREATABLE,
    args: AssignJobArgs,
    permission: (call: RestCall<AssignJobArgs>) => translationRoutePermission(call.user),
  })
  assign(call: RestCall<AssignJobArgs>) {
    if (call.args.type !== 'post') throw TranslationErrors.invalidJobType();
    return this.jobs.assign(call.user as RestUser, call.args.jobId, call.args.translatorId);
  }

  @RestRoute('/jobs/cancel', {
    methods: CREATABLE,
    permission: (call: RestCall<unknown>) => translationRoutePermission(call.user, true),
  })
  cancel(call: RestCall<unknown>) {
    return this.jobs.cancel(call.user as RestUser, itemsOf(call));
  }

  @RestRoute('/tp/xliff/download/(?P<job_id>[\\w-]+)/(?P<job_type>\\w+)', {
    methods: READABLE,
    args: XliffDownloadArgs,
    permission: (call: RestCall<XliffDownloadArgs>) => translationRoutePermission(call.user),
  })
  async download(call: RestCall<XliffDownloadArgs>) {
    if (call.args.job_type !== 'post') throw TranslationErrors.invalidJobType();
    const { xml, fileName, job } = await this.xliff.download(call.args.job_id, call.user as RestUser);
    if (call.args.json) {
      // WPML answers the translation service's translations; a local job has its document.
      return [{ id: job.id, type: 'post', file_name: fileName, content: xml }];
    }
    return RestResponse.raw(xml, 'application/x-xliff+xml; charset=utf-8')
      .setHeader('Content-Disposition', `attachment; filename="${fileName}"`)
      .uncached();
  }

  @RestRoute('/tp/apply-translations', {
    methods: CREATABLE,
    permission: (call: RestCall<unknown>) => translationRoutePermission(call.user),
  })
  async applyTranslations(call: RestCall<unknown>) {
    const file = call.files.file ?? Object.values(call.files)[0];
    const text = file ? file.data.toString('utf8') : call.param('xliff');
    const jobParam = call.param('job_id');
    if (typeof text === 'string') {
      const jobId = jobParam === undefined || jobParam === '' ? null : Number(jobParam);
      if (jobId !== null && (!Number.isInteger(jobId) || jobId <= 0))
        throw TranslationErrors.invalidXliff('job_id is not a job ID.');
      const job = await this.xliff.applyTranslatedXliff(jobId, text, call.user);
      return [{ id: job.id, type: 'post', status: job.status }];
    }
    // WPML's form: [{id, type}] of jobs whose translations the translation service delivered. Local jobs have
    // nothing waiting remotely: their status is answered as it is.
    const items = itemsOf(call);
    if (items.length === 0)
      throw TranslationErrors.invalidXliff('Send a translated XLIFF file (file or xliff).');
    const views = await Promise.all(
      items.map(async (item) => {
        const job = await this.jobs.getOrFail(item.id, call.user);
        return { id: job.id, type: item.type, status: job.status };
      }),
    );
    return views;
  }

  @RestRoute('/tp/batches/sync', {
    methods: CREATABLE,
    args: BatchSyncArgs,
    permission: (call: RestCall<BatchSyncArgs>) => translationRoutePermission(call.user, true),
  })
  syncBatches(call: RestCall<BatchSyncArgs>) {
    return this.jobs.syncBatches(call.args.batchId);
  }

  @RestRoute('/tp/batches/status', {
    methods: READABLE,
    permission: (call: RestCall<unknown>) => translationRoutePermission(call.user, true),
  })
  batchesStatus() {
    return this.jobs.recentBatchStatuses();
  }

  @RestRoute('/jobs/send', {
    methods: CREATABLE,
    args: SendJobsArgs,
    permission: (call: RestCall<SendJobsArgs>) => translationRoutePermission(call.user, true),
  })
  async send(call: RestCall<SendJobsArgs>): Promise<RestResponse> {
    const created = await this.jobs.send(call.user as RestUser, {
      elements: call.args.elements.map((element) => ({ id: element.id, elementType: element.type })),
      targetLanguages: call.args.target_languages,
      translatorId: call.args.translator_id,
      deadline: call.args.deadline,
      batchName: call.args.batch_name,
    });
    const views = await this.jobs.views(created);
    return new RestResponse({ jobs: views.map((view) => toJobResponse(view, call.urls)) }, 201);
  }
}

/** The last second of a `Y-m-d` day (a "to" date includes its day). */
function dayEnd(value: string): string {
  return value.length === 10 ? `${value} 23:59:59` : value;
}
