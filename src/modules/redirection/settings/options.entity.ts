import { Column, Entity, PrimaryColumn } from 'typeorm';
import { longTextColumn } from '../../../platform/database';

/** The plugin's options bundle (`redirection_options`), one JSON row as WordPress's option. */
@Entity('redirection_options')
export class RedirectionOptionsEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column(longTextColumn())
  value: string;
}
