import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from '../../../platform/database';

/**
 * An attachment of the media library (WordPress's `attachment` post type): uploaded files served from the
 * uploads folder, and images recorded by URL for featured images of calendar objects and posts.
 */
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

  @Column({ type: 'varchar', length: 200, default: '' })
  slug: string;

  /** `inherit` (the attachment follows its post) or `private`. */
  @Column({ type: 'varchar', length: 20, default: 'inherit' })
  status: string;

  /** The post it is attached to (WordPress's `post_parent`), 0 when unattached. */
  @Column({ type: 'integer', default: 0 })
  parentId: number;

  @Column(longTextColumn({ nullable: true }))
  caption: string | null;

  @Column(longTextColumn({ nullable: true }))
  description: string | null;

  /** The stored file below the uploads folder (`2026/11/name.png`); empty for images recorded by URL. */
  @Column({ type: 'varchar', length: 255, default: '' })
  file: string;

  @Column({ type: 'integer', nullable: true })
  filesize: number | null;

  /** JSON of the generated sizes and image metadata ({@link MediaDetails} without the URLs). */
  @Column(longTextColumn({ nullable: true }))
  details: string | null;

  @Column(dateTimeColumn({ default: '' }))
  modified: string;

  @Column(dateTimeColumn({ default: '' }))
  modifiedGmt: string;

  @Column({ type: 'varchar', length: 20, default: 'open' })
  commentStatus: string;

  @Column({ type: 'varchar', length: 20, default: 'closed' })
  pingStatus: string;
}
