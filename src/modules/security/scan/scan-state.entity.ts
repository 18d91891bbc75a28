import { Column, Entity, PrimaryColumn } from 'typeorm';
import { dateTimeColumn } from '../../../platform/database';

export type ScanStatus = 'idle' | 'running' | 'complete' | 'cancelled' | 'interrupted' | 'failed';

/** The one scan job of the site: who runs it (claimed in the database), how far it is, when it last finished. */
@Entity('security_scan')
export class ScanStateEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 20, default: 'idle' })
  status: ScanStatus;

  /** The process running the scan (its instance id), null when none. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  instanceId: string | null;

  /** Increases with every started scan; a runner only writes while the row still carries its run id. */
  @Column({ type: 'integer', default: 0 })
  runId: number;

  @Column(dateTimeColumn({ nullable: true }))
  startedAt: string | null;

  @Column(dateTimeColumn({ nullable: true }))
  heartbeatAt: string | null;

  @Column(dateTimeColumn({ nullable: true }))
  finishedAt: string | null;

  @Column({ type: 'integer', default: 0 })
  progress: number;

  @Column({ type: 'varchar', length: 50, default: '' })
  stage: string;

  @Column({ type: 'boolean', default: false })
  killRequested: boolean;

  /** Unix time the last scan completed (Wordfence's `scanTime`). */
  @Column({ type: 'integer', nullable: true })
  lastScanTime: number | null;

  /** Unix time the last completed scan started (administrators created after it are reported). */
  @Column({ type: 'integer', nullable: true })
  lastScanStarted: number | null;

  @Column({ type: 'varchar', length: 255, default: '' })
  lastResult: string;
}
