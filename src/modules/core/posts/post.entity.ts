import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from '../../../platform/database';

/** WordPress's floating date marker for drafts without an explicit date. */
export const ZERO_DATE = '0000-00-00 00:00:00';

/**
 * One row of `posts`: a post, a page, or a revision/autosave of one (`type = 'revision'`,
 * `parentId` = the post). Dates are stored in WordPress's `Y-m-d H:i:s` form, local and GMT.
 */
@Entity('posts')
export class PostEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  type: string;

  @Column({ type: 'varchar', length: 20 })
  status: string;

  @Column({ type: 'integer', default: 0 })
  authorId: number;

  @Column({ type: 'integer', default: 0 })
  parentId: number;

  @Column({ type: 'text' })
  title: string;

  @Column(longTextColumn({ nullable: true }))
  content: string;

  @Column({ type: 'text' })
  excerpt: string;

  /** Null while a draft or pending object has no slug yet (shown as "" on the wire). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  slug: string | null;

  /** The permalink at creation (wp_insert_post's guid); null for rows older than the column: `?p=ID`. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  guid: string | null;

  /** The slug under the unique index (type, language, parent), or null for rows that may share one. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  uniqueSlug: string | null;

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

  @Column({ type: 'varchar', length: 20, default: 'open' })
  commentStatus: string;

  @Column({ type: 'varchar', length: 20, default: 'open' })
  pingStatus: string;

  @Column({ type: 'integer', default: 0 })
  menuOrder: number;

  @Column({ type: 'boolean', default: false })
  sticky: boolean;

  @Column({ type: 'varchar', length: 20, default: 'standard' })
  format: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  template: string;

  @Column({ type: 'integer', default: 0 })
  featuredMedia: number;

  @Column(longTextColumn({ nullable: true }))
  footnotes: string | null;

  @Column({ type: 'boolean', default: false })
  inlineFeaturedImage: boolean;

  @Column({ type: 'varchar', length: 5, default: 'en' })
  language: string;

  /** Status before trashing (`_wp_trash_meta_status`). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  trashMetaStatus: string | null;

  /** Slug before trashing (`_wp_desired_post_slug`). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  desiredSlug: string | null;
}
