import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn } from '../../../platform/database';

/** WPML's job status codes (`inc/constants.php`); cancelled jobs go back to 0, "not translated", as WPML does. */
export const JobStatus = {
  cancelled: 0,
  waitingForTranslator: 1,
  inProgress: 2,
  /** Virtual: a completed job whose original changed since (`needs_update`). */
  needsUpdate: 3,
  complete: 10,
  /** Virtual: never stored. */
  needsReview: 30,
} as const;

/** A batch of jobs sent together (WPML's `icl_translation_batches`). */
@Entity('ml_translation_batches')
export class TranslationBatchEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  batchName: string;

  @Column({ type: 'integer', nullable: true })
  tpId: number | null;

  @Column(dateTimeColumn())
  createdAt: string;

  /** Last time the batch's jobs were synchronised (`tp/batches/sync`). */
  @Column({ type: 'varchar', length: 19, nullable: true })
  lastSync: string | null;
}

/**
 * One translation job: an original, a target language and its translation's state (WPML's
 * `icl_translation_status` + `icl_translate_job` in one row; `id` is the job id the routes use).
 */
@Entity('ml_translation_jobs')
export class TranslationJobEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  batchId: number;

  @Column({ type: 'integer' })
  trid: number;

  /** WPML's element type of the original (`post_page`). */
  @Column({ type: 'varchar', length: 40 })
  elementType: string;

  @Column({ type: 'integer' })
  elementId: number;

  /** The translation this job wrote (or will update), once there is one. */
  @Column({ type: 'integer', nullable: true })
  translatedElementId: number | null;

  @Column({ type: 'varchar', length: 7 })
  sourceLanguage: string;

  @Column({ type: 'varchar', length: 7 })
  targetLanguage: string;

  @Column({ type: 'integer' })
  status: number;

  @Column({ type: 'boolean', default: false })
  needsUpdate: boolean;

  @Column({ type: 'varchar', length: 20, nullable: true })
  reviewStatus: string | null;

  /** The assigned translator (0: anyone may take it). */
  @Column({ type: 'integer', default: 0 })
  translatorId: number;

  /** Who sent the job. */
  @Column({ type: 'integer', default: 0 })
  managerId: number;

  @Column({ type: 'varchar', length: 40, default: 'local' })
  translationService: string;

  @Column({ type: 'integer', nullable: true })
  tpId: number | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  tsStatus: string | null;

  /** The original's title when sent (the job's name). */
  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column(dateTimeColumn())
  sentDate: string;

  @Column({ type: 'varchar', length: 19, nullable: true })
  deadlineDate: string | null;

  @Column({ type: 'varchar', length: 19, nullable: true })
  completedDate: string | null;

  /** The editor the job is done in: `xliff` (files), `ate` (the remote Advanced Translation Editor), `manual`. */
  @Column({ type: 'varchar', length: 20, default: 'xliff' })
  editor: string;

  /** The remote ATE job id, when the job lives in ATE. */
  @Column({ type: 'integer', nullable: true })
  ateJobId: number | null;

  @Column({ type: 'boolean', default: false })
  automatic: boolean;

  /** md5 of the original's texts when sent/completed: a later change makes a completed job "needs update". */
  @Column({ type: 'varchar', length: 32, default: '' })
  contentHash: string;

  @Column(dateTimeColumn())
  modified: string;
}
