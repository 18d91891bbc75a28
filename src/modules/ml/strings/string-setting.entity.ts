import { Column, Entity } from 'typeorm';
import { longTextColumn } from '../../../platform/database';

/** One String Translation setting (`ml/st/v1/settings`: WPML's option group `ST-<group>`, one key). */
@Entity('ml_st_settings')
export class StringSettingEntity {
  @Column({ type: 'varchar', length: 100, primary: true })
  optionGroup: string;

  @Column({ type: 'varchar', length: 100, primary: true })
  optionKey: string;

  @Column(longTextColumn())
  value: string;
}
