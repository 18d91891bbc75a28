import { Column, Entity, PrimaryColumn } from 'typeorm';
import { longTextColumn } from './columns';

/** One named site option (WordPress's `wp_options`), shared by every instance on the database. */
@Entity('site_options')
export class SiteOptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 191 })
  name: string;

  @Column(longTextColumn())
  value: string;
}
