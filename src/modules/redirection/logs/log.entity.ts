import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn } from '../../../platform/database';

/** Columns shared by the redirect log and the 404 log. */
abstract class LogColumns {
  @PrimaryGeneratedColumn()
  id: number;

  /** UTC `Y-m-d H:i:s`. */
  @Column(dateTimeColumn())
  created: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  domain: string | null;

  @Column({ type: 'text', nullable: true })
  agent: string | null;

  @Column({ type: 'text', nullable: true })
  referrer: string | null;

  @Column({ type: 'integer', default: 0 })
  httpCode: number;

  @Column({ type: 'varchar', length: 10, nullable: true })
  requestMethod: string | null;

  /** JSON (`{"headers":{...}}`) or null. */
  @Column({ type: 'text', nullable: true })
  requestData: string | null;

  @Column({ type: 'varchar', length: 45, nullable: true })
  ip: string | null;
}

/** A redirect that fired (`redirection_logs`). */
@Entity('redirection_logs')
export class RedirectLogEntity extends LogColumns {
  @Column({ type: 'text', nullable: true })
  sentTo: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  redirectBy: string | null;

  @Column({ type: 'integer', nullable: true })
  redirectionId: number | null;
}

/** A request that ended as a 404 (`redirection_404`). */
@Entity('redirection_404')
export class NotFoundLogEntity extends LogColumns {}
