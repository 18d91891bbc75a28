import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn } from '../../platform/database';

/** The filter's state (one row, id 1): Akismet's options `wordpress_api_key`, its settings and the alert. */
@Entity('spamfilter_state')
export class SpamFilterStateEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  apiKey: string | null;

  @Column({ type: 'boolean', default: true })
  strictness: boolean;

  @Column({ type: 'boolean', default: true })
  showUserCommentsApproved: boolean;

  @Column({ type: 'varchar', length: 50, nullable: true })
  alertCode: string | null;

  @Column({ type: 'text', nullable: true })
  alertMessage: string | null;
}

/** Events of the spam filter: the per-comment history (Akismet's `akismet_history`) and the local counts. */
export type SpamEventName =
  | 'check-spam'
  | 'check-ham'
  | 'check-error'
  | 'discarded'
  | 'recheck-spam'
  | 'recheck-ham'
  | 'recheck-error'
  | 'report-spam'
  | 'report-ham'
  | 'report-error'
  | 'missed-spam'
  | 'false-positive'
  | 'status-changed'
  | 'webhook-spam'
  | 'webhook-ham'
  | 'webhook-spam-noaction'
  | 'webhook-ham-noaction';

@Entity('spamfilter_events')
export class SpamFilterEventEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** 0 for a discarded comment (never stored). */
  @Column({ type: 'integer', default: 0 })
  commentId: number;

  @Column({ type: 'varchar', length: 30 })
  event: SpamEventName;

  @Column({ type: 'varchar', length: 255, default: '' })
  detail: string;

  /** The service's `X-akismet-guid` for a check, '' otherwise. */
  @Column({ type: 'varchar', length: 64, default: '' })
  guid: string;

  @Column({ type: 'integer', default: 0 })
  userId: number;

  @Column(dateTimeColumn())
  createdGmt: string;
}

export type SpamQueueKind = 'comment-check' | 'submit-spam' | 'submit-ham';

/** A call still owed to the service: a comment waiting for its check, or a report that did not get through. */
@Entity('spamfilter_queue')
export class SpamFilterQueueEntity {
  @PrimaryColumn({ type: 'integer' })
  commentId: number;

  @PrimaryColumn({ type: 'varchar', length: 20 })
  kind: SpamQueueKind;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column(dateTimeColumn())
  nextAttemptGmt: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  claimToken: string | null;

  @Column(dateTimeColumn({ nullable: true }))
  claimedUntilGmt: string | null;

  @Column({ type: 'varchar', length: 255, default: '' })
  lastError: string;
}
