import { Column, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from '../../../platform/database';

/** Columns every post-like calendar row shares (docs/calendar-tables.md). */
export abstract class LinkedPostEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', default: 0 })
  authorId: number;

  @Column({ type: 'varchar', length: 20, default: 'publish' })
  status: string;

  /** Null while a draft or pending object has no slug yet (shown as "" on the wire). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  slug: string | null;

  @Column({ type: 'varchar', length: 255, default: '' })
  title: string;

  @Column(longTextColumn({ nullable: true }))
  description: string | null;

  @Column({ type: 'varchar', length: 255, default: '' })
  password: string;

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
}
