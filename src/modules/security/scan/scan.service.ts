import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../platform/config';
import { SecurityOptionsService } from '../options/security-options.service';
import { ConfigurationCheck } from './checks/config.check';
import { CommentsCheck, ContentCheck } from './checks/content.check';
import { FilesCheck } from './checks/files.check';
import { MediaCheck } from './checks/media.check';
import { FoundIssue, ScanCheck, ScanContext } from './checks/scan-check';
import { NewAdminCheck, StaleAppPasswordCheck, WeakPasswordCheck } from './checks/users.check';
import { IssuesRepository } from './issues.repository';
import { ScanStatus } from './scan-state.entity';
import { ScanStateRepository } from './scan-state.repository';

/** Why a scan stopped before the end. */
class ScanStopped extends Error {
  constructor(
    readonly status: ScanStatus,
    message: string,
  ) {
    super(message);
  }
}

export type StartResult = { started: true } | { started: false; code: number; message: string };

export interface ScanProgress {
  status: ScanStatus;
  progress: number;
  stage: string;
  startedAt: string | null;
  finishedAt: string | null;
  lastScanTime: number | null;
  lastResult: string;
}

/** Wordfence answers a second start with success:false; its error-code for "already running". */
export const SCAN_ALREADY_RUNNING = 2;

/**
 * The site scan as a background job: claimed in the database (one run at a time across every instance),
 * progress and heartbeat stored at each checkpoint, stopped by DELETE /scan at the next checkpoint, and
 * reported `interrupted` when its instance stopped without finishing. Findings are stored as `pending`
 * and become the current issues only when the scan completes.
 */
@Injectable()
export class ScanService implements OnApplicationShutdown {
  private readonly logger = new Logger('SecurityScan');
  private readonly instanceId = randomUUID();
  private readonly checks: ScanCheck[];
  private running: Promise<void> | null = null;
  private shuttingDown = false;

  constructor(
    private readonly state: ScanStateRepository,
    private readonly issues: IssuesRepository,
    private readonly options: SecurityOptionsService,
    private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    content: ContentCheck,
    comments: CommentsCheck,
    passwords: WeakPasswordCheck,
    appPasswords: StaleAppPasswordCheck,
    admins: NewAdminCheck,
    configuration: ConfigurationCheck,
    files: FilesCheck,
    media: MediaCheck,
  ) {
    this.checks = [configuration, passwords, appPasswords, admins, content, comments, media, files];
  }

  /** Starts a scan unless one is running. */
  async start(): Promise<StartResult> {
    await this.state.markInterrupted(this.staleBefore());
    const runId = await this.state.claim(this.instanceId, this.staleBefore());
    if (runId === null) {
      return { started: false, code: SCAN_ALREADY_RUNNING, message: 'A scan is already running.' };
    }
    await this.issues.deletePending();
    const previous = await this.state.get();
    this.running = this.execute(runId, previous.lastScanStarted).finally(() => {
      this.running = null;
    });
    return { started: true };
  }

  /** Asks the running scan (on whichever instance) to stop. */
  async stop(): Promise<void> {
    await this.state.requestKill();
  }

  async progress(): Promise<ScanProgress> {
    await this.state.markInterrupted(this.staleBefore());
    const row = await this.state.get();
    return {
      status: row.status,
      progress: row.progress,
      stage: row.stage,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      lastScanTime: row.lastScanTime,
      lastResult: row.lastResult,
    };
  }

  /** Resolves when this instance has no scan running (tests, shutdown). */
  async idle(): Promise<void> {
    await this.running;
  }

  async onApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    await this.running;
  }

  private staleBefore(): Date {
    return new Date(Date.now() - this.config.securityScanStaleSeconds * 1000);
  }

  private async execute(runId: number, lastScanStarted: number | null): Promise<void> {
    const started = Math.floor(Date.now() / 1000);
    let found = 0;
    try {
      const options = await this.options.all();
      const checks = this.checks.filter((check) => options[check.option]);
      const maxDuration = options.scan_maxDuration;
      let stageIndex = 0;
      const context: ScanContext = {
        options,
        lastScanStarted,
        report: async (issues: FoundIssue[]) => {
          found += issues.length;
          await this.issues.insertPending(runId, issues, Math.floor(Date.now() / 1000));
        },
        checkpoint: async (fraction: number) => {
          if (this.shuttingDown)
            throw new ScanStopped('interrupted', 'The scan was interrupted (the service stopped).');
          if (maxDuration > 0 && Date.now() / 1000 - started > maxDuration) {
            throw new ScanStopped(
              'failed',
              `The scan took longer than scan_maxDuration (${maxDuration} s) and was stopped.`,
            );
          }
          const stage = checks[stageIndex]?.stage ?? 'finishing';
          const percent =
            ((stageIndex + Math.min(1, Math.max(0, fraction))) / Math.max(1, checks.length)) * 100;
          if (!(await this.state.heartbeat(runId, stage, Math.min(99, percent)))) {
            throw new ScanStopped('cancelled', 'The scan was stopped on request.');
          }
        },
      };
      for (stageIndex = 0; stageIndex < checks.length; stageIndex++) {
        await context.checkpoint(0);
        await checks[stageIndex].run(context);
      }
      await this.complete(runId, started, found);
    } catch (error) {
      await this.abort(runId, error);
    }
  }

  private async complete(runId: number, started: number, found: number): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    await this.dataSource.transaction(async (manager) => {
      const claimed = await this.state.finish(
        runId,
        'complete',
        `Scan completed: ${found} problem(s) found.`,
        { lastScanTime: now, lastScanStarted: started, progress: 100 },
        manager,
        true,
      );
      if (!claimed) throw new ScanStopped('cancelled', 'The scan lost its claim.');
      await this.issues.commitPending(manager, runId, now);
    });
  }

  private async abort(runId: number, error: unknown): Promise<void> {
    const stopped = error instanceof ScanStopped ? error : null;
    if (!stopped) this.logger.error({ err: error, runId }, 'Security scan failed');
    try {
      await this.issues.deletePending(runId);
      await this.state.finish(
        runId,
        stopped?.status ?? 'failed',
        stopped?.message ?? `The scan failed: ${(error as Error)?.message ?? String(error)}`,
      );
    } catch (cleanup) {
      this.logger.error({ err: cleanup, runId }, 'Could not record the end of the security scan');
    }
  }
}
