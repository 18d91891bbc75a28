import { Column, Entity, PrimaryColumn } from 'typeorm';
import { dateTimeColumn } from '../../database';

/** When a background job may next run, and which instance claimed its current run. */
@Entity('redirection_job_claims')
export class RedirectionJobClaimEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column(dateTimeColumn())
  nextRun: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  claimedBy: string;
}
