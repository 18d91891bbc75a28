import { Column, Entity } from 'typeorm';
import { LinkedPostEntity } from '../shared/linked-post.entity';

/** An organizer (TEC's `tribe_organizer`). */
@Entity('cal_organizers')
export class OrganizerEntity extends LinkedPostEntity {
  @Column({ type: 'varchar', length: 100, default: '' })
  phone: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  website: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  email: string;
}
