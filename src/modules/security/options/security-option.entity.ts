import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One security option (Wordfence's wfConfig row); `value` is JSON, typed by the option registry. */
@Entity('security_options')
export class SecurityOptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text' })
  value: string;
}
