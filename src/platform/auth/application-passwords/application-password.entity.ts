import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { dateTimeColumn } from '../../database';

@Entity('application_passwords')
export class ApplicationPasswordEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  uuid: string;

  @Index('ix_application_passwords_user')
  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 36, default: '' })
  appId: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 128 })
  passwordHash: string;

  @Column(dateTimeColumn())
  createdAt: string;

  @Column(dateTimeColumn({ nullable: true }))
  lastUsedAt: string | null;

  @Column({ type: 'varchar', length: 45, nullable: true })
  lastIp: string | null;
}
