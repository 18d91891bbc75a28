import {
  CREATABLE,
  forbidden,
  NS,
  READABLE,
  RestController,
  RestResponse,
  RestRoute,
  type PermissionCheck,
  type RestCall,
  type RestUser,
} from '../../../platform/rest';
import { isTranslationManager, mayTranslate } from '..';
import { TranslationServiceErrors } from '../ams';
import { ReceiveAteJobArgs, StoreAteJobArgs, SyncAteJobsArgs } from './dto/ate-args.dto';
import { AteJobsClient } from './ate-jobs.client';
import { AteJobErrors, RECEIVE_FAILED, RECEIVE_LOCKED, receiveAnswer } from './ate-jobs.errors';
import { AteJobsService } from './ate-jobs.service';

/**
 * WPML's rule for the ATE job routes: `managers` (manage_translations, administrators) or also translators;
 * anonymous 401, others 403 (`rest_forbidden`); then ATE must be configured (`ate_not_enabled`).
 */
const ateRoute =
  (who: 'managers' | 'translators'): PermissionCheck =>
  (call: RestCall<any>, self: AteJobsController) => {
    const user = call.user;
    const allowed = who === 'managers' ? isTranslationManager(user) : mayTranslate(user);
    if (!allowed) return forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', user !== null);
    return self.client.enabled ? true : TranslationServiceErrors.off('ate', true);
  };

/** A positive integer from a loose parameter (string or number), null otherwise. */
function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/** A list of job ids from a loose parameter: ids, `{jobId}`/`{id}` objects, or a comma-separated string. */
function jobIdsOf(value: unknown, name: string): number[] {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value];
  return list.map((entry: unknown) => {
    const raw =
      entry !== null && typeof entry === 'object'
        ? ((entry as Record<string, unknown>).jobId ?? (entry as Record<string, unknown>).id)
        : entry;
    const id = idOf(raw);
    if (id === null) throw AteJobErrors.invalidParam(name, `${name} must list job IDs.`);
    return id;
  });
}

/** `ml/tm/v1/ate/jobs*`: translation jobs in the remote Advanced Translation Editor (WPML's ATE REST routes). */
@RestController(NS.mlTm)
export class AteJobsController {
  constructor(
    private readonly ate: AteJobsService,
    readonly client: AteJobsClient,
  ) {}

  private receiveUrl(call: RestCall<any>) {
    return (jobId: number) => call.urls.route(`/${NS.mlTm}/ate/jobs/receive/${jobId}`);
  }

  @RestRoute('/ate/jobs/store', {
    methods: CREATABLE,
    args: StoreAteJobArgs,
    permission: ateRoute('managers'),
  })
  store(call: RestCall<StoreAteJobArgs>): Promise<true> {
    const data = call.args.ate_job_data;
    const record = Array.isArray(data) ? ((data[0] ?? {}) as Record<string, unknown>) : data;
    return this.ate.store(Number(call.args.ml_job_id), record);
  }

  /** Body: `{"jobIds": [<local job ids>]}` (or `jobs`). */
  @RestRoute('/ate/jobs', { methods: CREATABLE, permission: ateRoute('managers') })
  create(call: RestCall<unknown>) {
    const sent = call.param('jobIds') ?? call.param('jobs');
    if (sent === undefined || sent === null || sent === '') throw AteJobErrors.missingParam('jobIds');
    return this.ate.create(call.user as RestUser, jobIdsOf(sent, 'jobIds'), this.receiveUrl(call));
  }

  @RestRoute('/ate/jobs/sync', {
    methods: CREATABLE,
    args: SyncAteJobsArgs,
    permission: ateRoute('translators'),
  })
  sync(call: RestCall<SyncAteJobsArgs>) {
    return this.ate.sync(call.user as RestUser, call.args);
  }

  /** Body: `lockKey` (the sync session's), `jobs` (job ids or `{jobId}`; default: the download queue). */
  @RestRoute('/ate/jobs/download', { methods: CREATABLE, permission: ateRoute('translators') })
  download(call: RestCall<unknown>) {
    const lockKey = call.param('lockKey');
    if (lockKey !== undefined && typeof lockKey !== 'string')
      throw AteJobErrors.invalidParam('lockKey', 'lockKey is not of type string.');
    const jobs = call.param('jobs');
    return this.ate.download(
      call.user as RestUser,
      lockKey || undefined,
      jobs === undefined ? null : jobIdsOf(jobs, 'jobs'),
    );
  }

  /** Body: `jobsToProcess` (job ids; default: every job needing a retry). */
  @RestRoute('/ate/jobs/retry', { methods: CREATABLE, permission: ateRoute('translators') })
  retry(call: RestCall<unknown>) {
    const jobs = call.param('jobsToProcess');
    return this.ate.retry(
      call.user as RestUser,
      jobs === undefined || jobs === null ? null : jobIdsOf(jobs, 'jobsToProcess'),
      this.receiveUrl(call),
    );
  }

  /** ATE's callback when a job is translated: public, as WPML's (`__return_true`), ATE must be configured. */
  @RestRoute('/ate/jobs/receive/(?P<mlJobId>\\d+)', {
    methods: READABLE,
    args: ReceiveAteJobArgs,
    permission: (call: RestCall<ReceiveAteJobArgs>, self: AteJobsController) =>
      self.client.enabled ? true : TranslationServiceErrors.off('ate', call.user !== null),
  })
  async receive(call: RestCall<ReceiveAteJobArgs>): Promise<RestResponse> {
    const outcome = await this.ate.receive(call.args.mlJobId);
    if (outcome === 'ok') return new RestResponse(null, 200).uncached();
    const code = outcome === 'busy' ? RECEIVE_LOCKED : RECEIVE_FAILED;
    return new RestResponse(receiveAnswer(code), code).uncached();
  }

  @RestRoute('/ate/jobs/(?P<ateJobId>\\d+)/fix', { methods: READABLE, permission: ateRoute('translators') })
  fix(call: RestCall<unknown>) {
    const ateJobId = idOf(call.param('ateJobId'));
    if (ateJobId === null) throw AteJobErrors.ateJobNotFound();
    const rawJobId = call.param('jobId');
    if (rawJobId === undefined || rawJobId === '') throw AteJobErrors.missingParam('jobId');
    const jobId = idOf(rawJobId);
    if (jobId === null) throw AteJobErrors.invalidParam('jobId', 'jobId is not of type integer.');
    return this.ate.fix(call.user as RestUser, ateJobId, jobId);
  }

  @RestRoute('/ate/jobs/(?P<ateJobId>\\d+)', { methods: READABLE, permission: ateRoute('translators') })
  get(call: RestCall<unknown>) {
    const ateJobId = idOf(call.param('ateJobId'));
    if (ateJobId === null) throw AteJobErrors.ateJobNotFound();
    return this.ate.get(call.user as RestUser, ateJobId);
  }
}
