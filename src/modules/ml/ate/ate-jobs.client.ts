import { Injectable } from '@nestjs/common';
import { RestError } from '../../../platform/rest';
import { AteAmsClient, TranslationServiceErrors } from '../ams';
import { AteJobErrors } from './ate-jobs.errors';

/** ATE's paths for jobs (WPML's `WPML_TM_ATE_AMS_Endpoints`), relative to `ML_ATE_URL`. */
export const ATE_PATHS = {
  jobs: '/api/wpml/jobs',
  confirm: '/api/wpml/jobs/confirm',
  syncAll: '/api/wpml/sync/all',
  syncPage: '/api/wpml/sync/page',
} as const;

/** ATE's job statuses (ATE side). */
export const AteStatus = {
  created: 0,
  translating: 1,
  translated: 6,
  delivering: 7,
  delivered: 8,
  edited: 15,
} as const;

/** ATE statuses whose translated XLIFF is ready to download. */
export const READY_STATUSES: ReadonlySet<number> = new Set([
  AteStatus.translated,
  AteStatus.delivering,
  AteStatus.delivered,
  AteStatus.edited,
]);

/** A job sent to ATE. */
export interface AteJobRequest {
  wpml_job_id: number;
  source_language: string;
  target_language: string;
  permalink: string;
  notify_url: string;
  deadline: string | null;
  site_identifier: string;
  file: { type: string; name: string; content: string };
}

/** One job as ATE describes it (sync items, a single job): `id` is the site's job id, `ate_id` ATE's. */
export interface AteJobItem {
  ateJobId: number;
  jobId: number;
  status: number;
  downloadLink: string | null;
  raw: Record<string, unknown>;
}

export interface AteSyncAnswer {
  items: AteJobItem[];
  next: { token: string; pages: number } | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const positiveInt = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * ATE's job endpoints on the signed ATE/AMS client: creating jobs, reading one, synchronising statuses, fetching a
 * translated XLIFF (only from under the configured service URLs) and confirming a delivery. Every call has the
 * client's time limit; answers that are not what ATE sends become `ml_remote_bad_answer` (502).
 */
@Injectable()
export class AteJobsClient {
  constructor(readonly remote: AteAmsClient) {}

  get enabled(): boolean {
    return this.remote.ateEnabled;
  }

  websiteId(): string {
    return this.remote.websiteUuid();
  }

  /** Creates ATE jobs; answers ATE's id per site job id (jobs ATE did not take are missing). */
  async createJobs(jobs: AteJobRequest[]): Promise<Map<number, number>> {
    const answer = await this.remote.call('ate', 'POST', ATE_PATHS.jobs, { jobs });
    const map = isRecord(answer) ? answer.jobs : undefined;
    if (!isRecord(map) && !Array.isArray(map)) throw TranslationServiceErrors.badAnswer();
    const sent = new Set(jobs.map((job) => job.wpml_job_id));
    const created = new Map<number, number>();
    for (const [key, value] of Object.entries(map)) {
      const jobId = positiveInt(key);
      const ateJobId = positiveInt(value);
      if (jobId === null || ateJobId === null || !sent.has(jobId)) throw TranslationServiceErrors.badAnswer();
      created.set(jobId, ateJobId);
    }
    return created;
  }

  /** ATE's raw answer about one job (WPML's `GET ate/jobs/{id}` echoes it). */
  async rawJob(ateJobId: number): Promise<unknown> {
    const answer = await this.remote.call('ate', 'GET', `${ATE_PATHS.jobs}/${ateJobId}`);
    if (!isRecord(answer)) throw TranslationServiceErrors.badAnswer();
    return answer;
  }

  async job(ateJobId: number): Promise<AteJobItem> {
    const item = this.item(await this.rawJob(ateJobId));
    if (!item || item.ateJobId !== ateJobId) throw TranslationServiceErrors.badAnswer();
    return item;
  }

  /** First sync call: the statuses of these ATE jobs, and a pagination token when ATE has more pages. */
  async syncAll(ateJobIds: number[]): Promise<AteSyncAnswer> {
    return this.syncAnswer(await this.remote.call('ate', 'POST', ATE_PATHS.syncAll, { ids: ateJobIds }));
  }

  /** A further page (`page` from 0, as ATE counts). */
  async syncPage(token: string, page: number): Promise<AteSyncAnswer> {
    const query = new URLSearchParams({ pagination_token: token, page: String(page) });
    return this.syncAnswer(await this.remote.call('ate', 'GET', `${ATE_PATHS.syncPage}?${query.toString()}`));
  }

  /** The translated XLIFF behind a download link ATE gave; refused outside the configured services. */
  async fetchXliff(link: string): Promise<string> {
    if (!this.remote.isServiceUrl(link)) throw AteJobErrors.untrustedLink();
    const answer = await this.remote.send('GET', link, {
      headers: { accept: 'application/x-xliff+xml, */*' },
    });
    if (answer.status >= 400)
      throw TranslationServiceErrors.remote(
        `The translated file could not be fetched (HTTP ${answer.status}).`,
        answer.status,
      );
    return answer.body;
  }

  /** Tells ATE the delivery arrived; a failure is only logged by the caller (the translation is applied). */
  async confirm(ateJobId: number): Promise<void> {
    await this.remote.call('ate', 'POST', `${ATE_PATHS.confirm}/${ateJobId}`);
  }

  isUnreachable(error: unknown): boolean {
    return error instanceof RestError && error.code === 'ml_remote_unreachable';
  }

  private syncAnswer(answer: unknown): AteSyncAnswer {
    if (!isRecord(answer) || !Array.isArray(answer.items)) throw TranslationServiceErrors.badAnswer();
    const items = answer.items
      .map((raw) => this.item(raw))
      .filter((item): item is AteJobItem => item !== null);
    const next = isRecord(answer.next) ? answer.next : null;
    const token = next && typeof next.pagination_token === 'string' ? next.pagination_token : null;
    const pages = next ? positiveInt(next.pages_number) : null;
    return { items, next: token && pages ? { token, pages } : null };
  }

  /** An ATE job item (`ate_id`, `id`, `status`, `download_link`), null when it is not one. */
  private item(raw: unknown): AteJobItem | null {
    if (!isRecord(raw)) return null;
    const ateJobId = positiveInt(raw.ate_id);
    const jobId = positiveInt(raw.id);
    const status = typeof raw.status === 'number' && Number.isInteger(raw.status) ? raw.status : null;
    if (ateJobId === null || jobId === null || status === null) return null;
    const link = typeof raw.download_link === 'string' && raw.download_link !== '' ? raw.download_link : null;
    return { ateJobId, jobId, status, downloadLink: link, raw };
  }
}
