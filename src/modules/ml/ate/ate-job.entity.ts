import { Column, Entity, PrimaryColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from '../../../platform/database';

/**
 * What the site knows of a job's remote ATE job (WPML keeps it in `icl_translate_job.editor_job_id` and the ATE
 * job records): the ATE job id (also on the job row), ATE's last status, the data stored or synchronised, the
 * translated XLIFF's location ATE gave, and the hash of the XLIFF last applied (a delivery is applied once).
 */
@Entity('ml_ate_jobs')
export class AteJobEntity {
  /** The local job (`ml_translation_jobs.id`). */
  @PrimaryColumn({ type: 'integer' })
  jobId: number;

  @Column({ type: 'integer' })
  ateJobId: number;

  /** ATE's status (created 0, translating 1, translated 6, delivering 7, delivered 8, edited 15); null unknown. */
  @Column({ type: 'integer', nullable: true })
  ateStatus: number | null;

  /** The translated XLIFF's URL as ATE gave it (always under `ML_ATE_URL`/`ML_AMS_URL`), null before. */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  downloadLink: string | null;

  /** `ate_job_data` of `ate/jobs/store` or ATE's last job item, as JSON. */
  @Column(longTextColumn({ nullable: true }))
  data: string | null;

  /** sha1 of the translated XLIFF last applied ('' never). */
  @Column({ type: 'varchar', length: 40, default: '' })
  appliedHash: string;

  @Column(dateTimeColumn())
  modified: string;
}

/** A named lock several instances share (WPML's `KeyedLock` options): held by `lockKey` until `expiresAt`. */
@Entity('ml_ate_locks')
export class AteLockEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  lockKey: string;

  @Column(dateTimeColumn())
  expiresAt: string;
}
