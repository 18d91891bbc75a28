import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from '../../../platform/database';

/** Stored statuses (WordPress's `comment_approved`). */
export type StoredCommentStatus = '1' | '0' | 'spam' | 'trash' | 'post-trashed';

/** One row of `comments` (WordPress's `wp_comments`). Dates are `Y-m-d H:i:s`, site-local and GMT. */
@Entity('comments')
export class CommentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', default: 0 })
  postId: number;

  @Column({ type: 'integer', default: 0 })
  parentId: number;

  @Column({ type: 'integer', default: 0 })
  userId: number;

  @Column({ type: 'varchar', length: 255, default: '' })
  authorName: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  authorEmail: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  authorUrl: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  authorIp: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  authorAgent: string;

  @Column(dateTimeColumn())
  date: string;

  @Column(dateTimeColumn())
  dateGmt: string;

  @Column(longTextColumn({ nullable: true }))
  content: string;

  @Column({ type: 'varchar', length: 20, default: '0' })
  status: string;

  @Column({ type: 'varchar', length: 20, default: 'comment' })
  type: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  previousStatus: string | null;
}
