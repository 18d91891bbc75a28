import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { CommentsService } from '../core/comments';
import { AppConfig } from '../../platform/config';
import { formatWpDate } from '../../platform/common/dates';
import { nowUtc } from '../../platform/database';
import { SpamCheckService } from './spam-check.service';
import { SpamFilterQueueEntity } from './spam-filter.entities';
import { SpamFilterRepository } from './spam-filter.repository';
import { SpamFilterService } from './spam-filter.service';

/** Calls claimed per run, and how long a claim holds if its instance dies mid-run. */
const BATCH = 20;
const CLAIM_MINUTES = 10;

export interface RecheckRun {
  claimed: number;
  done: number;
  failed: number;
}

/**
 * Akismet's cron re-check: every `SPAMFILTER_RECHECK_SECONDS` the queued calls that are due are claimed in the
 * database (so with several instances each runs once), sent again, and on failure rescheduled with back-off.
 * A held comment the service now calls spam goes to spam; ham is approved when the moderation rules allow.
 */
@Injectable()
export class SpamRecheckJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SpamRecheckJob');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RecheckRun> | null = null;

  constructor(
    private readonly repository: SpamFilterRepository,
    private readonly checks: SpamCheckService,
    private readonly filter: SpamFilterService,
    private readonly comments: CommentsService,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.config.spamFilterRecheckSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.runOnce().catch((error: unknown) => this.logger.error(`re-check failed: ${String(error)}`));
    }, seconds * 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One run over the due calls (also used by tests and the CLI). */
  runOnce(): Promise<RecheckRun> {
    const run = this.run().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private async run(): Promise<RecheckRun> {
    const result: RecheckRun = { claimed: 0, done: 0, failed: 0 };
    if (!(await this.filter.apiKey())) return result;
    const now = nowUtc();
    const until = formatWpDate(DateTime.utc().plus({ minutes: CLAIM_MINUTES }));
    const rows = await this.repository.claimDue(randomUUID(), now, until, BATCH);
    result.claimed = rows.length;
    for (const row of rows) {
      const ok = row.kind === 'comment-check' ? await this.recheck(row) : await this.resend(row);
      if (ok) result.done += 1;
      else result.failed += 1;
    }
    return result;
  }

  private async recheck(row: SpamFilterQueueEntity): Promise<boolean> {
    const comment = await this.comments.findById(row.commentId);
    if (!comment) {
      await this.repository.dequeue(row.commentId, row.kind);
      return true;
    }
    const verdict = await this.checks.ask(await this.comments.candidateOf(comment));
    if (verdict.kind === 'hold') {
      await this.repository.addEvent({
        commentId: comment.id,
        event: 'recheck-error',
        detail: verdict.reason,
        createdGmt: nowUtc(),
      });
      await this.repository.reschedule(row, this.checks.due(row.attempts + 2), verdict.reason);
      return false;
    }
    const spam = verdict.kind !== 'ham';
    await this.dataSource.transaction(async (manager) => {
      await this.comments.applyLateVerdict(comment.id, spam, manager);
      await this.repository.addEvent(
        {
          commentId: comment.id,
          event: spam ? 'recheck-spam' : 'recheck-ham',
          guid: verdict.guid,
          createdGmt: nowUtc(),
        },
        manager,
      );
      await this.repository.dequeue(comment.id, row.kind, manager);
    });
    return true;
  }

  private async resend(row: SpamFilterQueueEntity): Promise<boolean> {
    const comment = await this.comments.findById(row.commentId);
    if (!comment) {
      await this.repository.dequeue(row.commentId, row.kind);
      return true;
    }
    const result = await this.checks.send(comment, row.kind);
    if (result !== true) {
      await this.repository.reschedule(row, this.checks.due(row.attempts + 2), result);
      return false;
    }
    await this.repository.addEvent({
      commentId: comment.id,
      event: row.kind === 'submit-spam' ? 'report-spam' : 'report-ham',
      createdGmt: nowUtc(),
    });
    await this.repository.dequeue(row.commentId, row.kind);
    return true;
  }
}
