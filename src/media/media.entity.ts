import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn } from '../database';

/** An attachment of the media library (featured images of calendar objects and posts). */
@Entity('media')
export class MediaEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', default: 0 })
  authorId: number;

  @Column({ type: 'varchar', length: 500 })
  url: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  title: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  alt: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  mimeType: string;

  @Column({ type: 'integer', nullable: true })
  width: number | null;

  @Column({ type: 'integer', nullable: true })
  height: number | null;

  @Column(dateTimeColumn())
  date: string;

  @Column(dateTimeColumn())
  dateGmt: string;

  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: string;
}
