import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A redirect group (`redirection_groups`): a named set of redirects served by one module. */
@Entity('redirection_groups')
export class RedirectGroupEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'integer', default: 1 })
  tracking: number;

  /** 1 WordPress, 2 Apache, 3 Nginx. */
  @Column({ type: 'integer', default: 0 })
  moduleId: number;

  @Column({ type: 'varchar', length: 10, default: 'enabled' })
  status: 'enabled' | 'disabled';

  @Column({ type: 'integer', default: 0 })
  position: number;
}
