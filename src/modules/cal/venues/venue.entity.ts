import { Column, Entity } from 'typeorm';
import { LinkedPostEntity } from '../shared/linked-post.entity';

/** A venue (TEC's `tribe_venue`). */
@Entity('cal_venues')
export class VenueEntity extends LinkedPostEntity {
  @Column({ type: 'varchar', length: 255, default: '' })
  address: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  city: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  country: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  province: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  state: string;

  /** The state for US addresses, the province elsewhere (derived on save unless sent). */
  @Column({ type: 'varchar', length: 255, default: '' })
  stateprovince: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  zip: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  phone: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  website: string;

  @Column({ type: 'boolean', default: false })
  showMap: boolean;

  @Column({ type: 'boolean', default: false })
  showMapLink: boolean;

  @Column({ type: 'double', nullable: true })
  geoLat: number | null;

  @Column({ type: 'double', nullable: true })
  geoLng: number | null;
}
