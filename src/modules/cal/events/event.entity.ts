import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from '../../../platform/database';

/** One calendar event (TEC's `tribe_events` post plus its `_Event*` meta), table `cal_events`. */
@Entity('cal_events')
export class EventEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', default: 0 })
  authorId: number;

  @Column({ type: 'varchar', length: 20, default: 'publish' })
  status: string;

  /** Null while a draft or pending object has no slug yet (shown as "" on the wire). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  slug: string | null;

  @Column({ type: 'text' })
  title: string;

  @Column(longTextColumn({ nullable: true }))
  description: string | null;

  @Column({ type: 'text', nullable: true })
  excerpt: string | null;

  @Column({ type: 'varchar', length: 255, default: '' })
  password: string;

  /** Publication date, site-local. */
  @Column(dateTimeColumn())
  date: string;

  @Column(dateTimeColumn())
  dateGmt: string;

  @Column(dateTimeColumn())
  modified: string;

  @Column(dateTimeColumn())
  modifiedGmt: string;

  @Column({ type: 'integer', nullable: true })
  imageId: number | null;

  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  trashedStatus: string | null;

  /** Wall clock in the event's own timezone. */
  @Column(dateTimeColumn())
  startDate: string;

  @Column(dateTimeColumn())
  endDate: string;

  @Column(dateTimeColumn())
  startDateUtc: string;

  @Column(dateTimeColumn())
  endDateUtc: string;

  /** IANA name or `UTC+2`; empty means "site timezone" for legacy rows. */
  @Column({ type: 'varchar', length: 64, default: '' })
  timezone: string;

  @Column({ type: 'boolean', default: false })
  allDay: boolean;

  @Column({ type: 'boolean', default: false })
  hideFromListings: boolean;

  @Column({ type: 'boolean', default: false })
  sticky: boolean;

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  @Column({ type: 'boolean', default: true })
  showMap: boolean;

  @Column({ type: 'boolean', default: true })
  showMapLink: boolean;

  /** Cost as entered; several values are stored joined with ` - `. */
  @Column({ type: 'varchar', length: 255, default: '' })
  cost: string;

  /** Null: never set (the API reports the permalink). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  website: string | null;

  @Column({ type: 'integer', nullable: true })
  venueId: number | null;

  @Column({ type: 'integer', default: 0 })
  postParent: number;
}

/** Event → organizer link, in the order the client gave them. */
@Entity('cal_event_organizers')
export class EventOrganizerEntity {
  @PrimaryColumn({ type: 'integer' })
  eventId: number;

  @PrimaryColumn({ type: 'integer' })
  organizerId: number;

  @Column({ type: 'integer', default: 0 })
  position: number;
}

/** Event → category/tag link. */
@Entity('cal_event_terms')
export class EventTermEntity {
  @PrimaryColumn({ type: 'integer' })
  eventId: number;

  @PrimaryColumn({ type: 'integer' })
  termId: number;
}
