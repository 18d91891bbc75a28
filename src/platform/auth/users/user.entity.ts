import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn } from '../../database';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 60 })
  login: string;

  @Column({ type: 'varchar', length: 100 })
  email: string;

  @Column({ type: 'varchar', length: 50 })
  slug: string;

  @Column({ type: 'varchar', length: 250, default: '' })
  displayName: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  firstName: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  lastName: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  nickname: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 200, default: '' })
  url: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  locale: string;

  @Column({ type: 'varchar', length: 20 })
  role: string;

  @Column({ type: 'varchar', length: 255 })
  passwordHash: string;

  @Column(dateTimeColumn())
  registeredAt: string;
}
