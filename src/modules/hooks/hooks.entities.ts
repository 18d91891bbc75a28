import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from '../../platform/database';

/** A subscriber: where to send which events, and the signing secret (the previous one while it is still valid). */
@Entity('hook_webhooks')
export class WebhookEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  url: string;

  /** JSON list of event patterns (`post.updated`, `post.*`, `*`). */
  @Column({ type: 'text' })
  events: string;

  /** JSON list of languages, or null for every language. */
  @Column({ type: 'text', nullable: true })
  languages: string | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'varchar', length: 100 })
  secret: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  previousSecret: string | null;

  @Column(dateTimeColumn({ nullable: true }))
  previousSecretUntil: string | null;

  /** When the first delivery still failing today failed; cleared by a success. */
  @Column(dateTimeColumn({ nullable: true }))
  failingSince: string | null;

  @Column({ type: 'text', nullable: true })
  disabledReason: string | null;

  @Column({ type: 'integer' })
  createdBy: number;

  @Column(dateTimeColumn())
  createdGmt: string;

  @Column(dateTimeColumn())
  modifiedGmt: string;
}

/** The outbox: one row per change, written in the change's transaction; fanned out to deliveries after commit. */
@Entity('hook_events')
export class HookEventEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  type: string;

  @Column({ type: 'varchar', length: 20 })
  objectType: string;

  @Column({ type: 'integer' })
  objectId: number;

  @Column({ type: 'varchar', length: 5, default: 'en' })
  language: string;

  /** The item route showing the object (null: the delivery's data is only the id). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  restPath: string | null;

  @Column({ type: 'boolean', default: false })
  dispatched: boolean;

  /** The delivered body, fixed once at fan-out so every webhook and every retry sends the same bytes. */
  @Column(longTextColumn({ nullable: true }))
  payload: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  claimOwner: string | null;

  @Column(dateTimeColumn({ nullable: true }))
  claimUntil: string | null;

  @Column(dateTimeColumn())
  createdGmt: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one webhook: its attempts and their outcome. */
@Entity('hook_deliveries')
export class HookDeliveryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  webhookId: number;

  @Column({ type: 'integer' })
  eventId: number;

  /** `objectType:objectId`: deliveries of one object to one webhook go out in event order. */
  @Column({ type: 'varchar', length: 40 })
  objectKey: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column(dateTimeColumn({ nullable: true }))
  nextAttemptGmt: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  claimOwner: string | null;

  @Column(dateTimeColumn({ nullable: true }))
  claimUntil: string | null;

  @Column({ type: 'integer', nullable: true })
  responseCode: number | null;

  @Column({ type: 'integer', nullable: true })
  responseMs: number | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column(dateTimeColumn({ nullable: true }))
  lastAttemptGmt: string | null;

  @Column(dateTimeColumn({ nullable: true }))
  deliveredGmt: string | null;

  @Column(dateTimeColumn())
  createdGmt: string;
}
