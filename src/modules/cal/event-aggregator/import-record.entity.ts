import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from '../../../platform/database';

/** Record statuses (TEC's `tribe-ea-*` post statuses without the prefix). */
export const RECORD_STATUSES = ['pending', 'success', 'failed', 'schedule', 'draft'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** One import (TEC's `tribe-ea-record` post with its `_tribe_aggregator_*` meta), table `ea_import_records`. */
@Entity('ea_import_records')
export class ImportRecordEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The import service's ID of this import (`_tribe_aggregator_import_id`). */
  @Column({ type: 'varchar', length: 64 })
  importId: string;

  /** ical, gcal, ics, url, meetup, eventbrite, csv (TEC keeps it in `post_mime_type`). */
  @Column({ type: 'varchar', length: 20 })
  origin: string;

  /** `manual` or `schedule`. */
  @Column({ type: 'varchar', length: 20, default: 'manual' })
  type: string;

  @Column({ type: 'varchar', length: 20, default: 'draft' })
  status: RecordStatus;

  /** Shared secret the next batch must carry; null once the import is over (fail closed). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  nextBatchHash: string | null;

  @Column({ type: 'integer', default: 0 })
  percentageComplete: number;

  @Column({ type: 'integer', default: 0 })
  totalEvents: number;

  /** Status of the events it creates; empty: the default (`publish`). */
  @Column({ type: 'varchar', length: 20, default: '' })
  postStatus: string;

  /** Where the events come from (feed URL, file name). */
  @Column({ type: 'text', nullable: true })
  source: string | null;

  /** Cumulative activity (JSON), as the batch route reports it. */
  @Column(longTextColumn({ nullable: true }))
  activity: string | null;

  /** Who queued the import; the imported events are theirs. */
  @Column({ type: 'integer', default: 0 })
  authorId: number;

  /** The scheduled record a run was made from (0: none). */
  @Column({ type: 'integer', default: 0 })
  parentId: number;

  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: string;

  /** Scheduled imports: how often, and when next. */
  @Column({ type: 'integer', default: 0 })
  frequencySeconds: number;

  @Column(dateTimeColumn({ nullable: true }))
  nextRunAt: string | null;

  /** When the service was asked to deliver the batches (null: not yet). */
  @Column(dateTimeColumn({ nullable: true }))
  deliveredAt: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Background job claim: which instance works on the record, until when. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  claimedBy: string | null;

  @Column(dateTimeColumn({ nullable: true }))
  claimedUntil: string | null;

  @Column(dateTimeColumn())
  createdAt: string;

  @Column(dateTimeColumn())
  modifiedAt: string;
}

/** An error logged on a record (TEC's `tribe-ea-error` comments). */
@Entity('ea_import_errors')
export class ImportErrorEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  recordId: number;

  @Column({ type: 'varchar', length: 191 })
  code: string;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column(dateTimeColumn())
  createdAt: string;
}

/** What an origin ID was imported as (create or update by `uid`/`id`/…), with the hash of the last item seen. */
@Entity('ea_imported_items')
export class ImportedItemEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  origin: string;

  /** `event`. */
  @Column({ type: 'varchar', length: 20 })
  kind: string;

  @Column({ type: 'varchar', length: 191 })
  originKey: string;

  @Column({ type: 'integer' })
  objectId: number;

  @Column({ type: 'varchar', length: 64, default: '' })
  contentHash: string;

  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: string;
}
