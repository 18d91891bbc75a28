import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** `new`, ignored permanently (`ignoreP`), ignored until changed (`ignoreC`), or found by a running scan. */
export type IssueStatus = 'new' | 'ignoreP' | 'ignoreC' | 'pending';

/** One scan finding (Wordfence's wfIssues row). */
@Entity('security_issues')
@Index('ix_security_issues_status', ['status', 'severity', 'time'])
@Index('ix_security_issues_run', ['runId', 'status'])
export class IssueEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unix time first found. */
  @Column({ type: 'integer', default: 0 })
  time: number;

  @Column({ type: 'integer', default: 0 })
  lastUpdated: number;

  /** The scan run that found it (pending issues belong to one run). */
  @Column({ type: 'integer', default: 0 })
  runId: number;

  @Column({ type: 'varchar', length: 10 })
  status: IssueStatus;

  @Column({ type: 'varchar', length: 50 })
  type: string;

  /** 0, 25, 50, 75 or 100. */
  @Column({ type: 'integer', default: 0 })
  severity: number;

  /** md5 of the issue's stable key: an issue ignored permanently stays ignored. */
  @Index('ix_security_issues_ignore_p')
  @Column({ type: 'varchar', length: 32 })
  ignoreP: string;

  /** md5 of the key plus the flagged content: ignored until the content changes. */
  @Index('ix_security_issues_ignore_c')
  @Column({ type: 'varchar', length: 32 })
  ignoreC: string;

  @Column({ type: 'text' })
  shortMsg: string;

  @Column({ type: 'text' })
  longMsg: string;

  /** JSON object. */
  @Column({ type: 'text' })
  data: string;
}
