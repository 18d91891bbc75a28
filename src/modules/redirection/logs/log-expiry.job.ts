import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../../platform/config';
import { formatDateTime, SiteOptions } from '../../../platform/database';
import { RedirectionSettingsService } from '../settings/settings.service';
import { RedirectionLogWriter } from './log-writer';
import { LogsRepository } from './logs.repository';

/** The site option stamping the last run (one run a day across every instance). */
const CLAIM_OPTION = 'redirection_log_expiry_last_run';
const DAY_MS = 24 * 3600 * 1000;
/** The plugin's flusher deletes at most this many rows per log and run. */
const MAX_PER_RUN = 20000;

/**
 * The plugin's daily log expiry (`Red_Flusher`): redirect-log and 404-log rows older than `expire_redirect` /
 * `expire_404` days (when > 0) are deleted. Every instance offers to run it periodically; the run is claimed
 * in the database (`SiteOptions.claimEvery`), so exactly one instance runs it a day.
 */
@Injectable()
export class LogExpiryJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LogExpiryJob');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly logs: LogsRepository,
    private readonly settings: RedirectionSettingsService,
    private readonly writer: RedirectionLogWriter,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly options: SiteOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      void this.runIfDue().catch((err: unknown) => this.logger.error({ err }, 'Log expiry failed'));
    }, this.config.redirectionExpiryCheckSeconds * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs the expiry when no instance has run it in the last day; returns the rows deleted, or null. */
  async runIfDue(now = new Date()): Promise<{ logs: number; notFound: number } | null> {
    if (!(await this.options.claimEvery(CLAIM_OPTION, DAY_MS / 1000, now.getTime() / 1000))) return null;
    return this.expire(now);
  }

  async expire(now = new Date()): Promise<{ logs: number; notFound: number }> {
    await this.writer.flush();
    const settings = await this.settings.get();
    const cutoff = (days: number) => formatDateTime(new Date(now.getTime() - days * DAY_MS));
    const logs =
      settings.expire_redirect > 0
        ? await this.logs.expire('log', cutoff(settings.expire_redirect), MAX_PER_RUN)
        : 0;
    const notFound =
      settings.expire_404 > 0 ? await this.logs.expire('404', cutoff(settings.expire_404), MAX_PER_RUN) : 0;
    if (logs || notFound) this.logger.log({ logs, notFound }, 'Expired redirect log rows');
    return { logs, notFound };
  }
}
