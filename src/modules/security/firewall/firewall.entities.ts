import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn } from '../../../platform/database';

/** A block made by the firewall itself (failed logins, 404s, rate limits); manual blocks are the `blockedIPs` option. */
@Entity('security_blocks')
export class FirewallBlockEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** An address or a CIDR range. */
  @Index('ix_security_blocks_ip')
  @Column({ type: 'varchar', length: 64 })
  ip: string;

  /** `login`, `404`, `rate`. */
  @Column({ type: 'varchar', length: 20 })
  source: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  reason: string;

  @Column(dateTimeColumn())
  createdAt: string;

  /** Unix seconds; null: until removed. */
  @Index('ix_security_blocks_expires')
  @Column({ type: 'integer', nullable: true })
  expiresAt: number | null;
}

/** Requests of one kind from one address in one minute, summed over every instance. */
@Entity('security_firewall_hits')
export class FirewallHitEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  ip: string;

  /** `anon`, `auth`, `404`, `login`. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  kind: string;

  /** Unix seconds of the minute's start. */
  @Index('ix_security_firewall_hits_window')
  @PrimaryColumn({ type: 'integer' })
  windowStart: number;

  @Column({ type: 'integer', default: 0 })
  count: number;
}

/** One firewall decision: `blocked`, `learning` (would have been blocked) or `autoblock`. */
@Entity('security_firewall_log')
@Index('ix_security_firewall_log_action', ['action', 'time'])
export class FirewallLogEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('ix_security_firewall_log_time')
  @Column(dateTimeColumn())
  time: string;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  @Column({ type: 'varchar', length: 20 })
  action: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  reason: string;

  @Column({ type: 'varchar', length: 10, default: '' })
  method: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  path: string;
}
