import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Stored taxonomy names of `cal_terms`. */
export type CalendarTaxonomy = 'category' | 'tag';

/** An event category or event tag. */
@Entity('cal_terms')
export class CalendarTermEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  taxonomy: CalendarTaxonomy;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 200 })
  slug: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'integer', default: 0 })
  parentId: number;

  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: string;

  /** Published events with this term; maintained on event writes so lists never count on the fly. */
  @Column({ type: 'integer', default: 0 })
  count: number;
}
