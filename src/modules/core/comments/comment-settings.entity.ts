import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The discussion settings (one row, id 1): WordPress's options `comment_registration`,
 * `require_name_email`, `comment_moderation`, `comment_previously_approved`, `comment_max_links`,
 * `moderation_keys`, `disallowed_keys`, the flood interval (`comment_flood_filter`) and the
 * `rest_allow_anonymous_comments` filter.
 */
@Entity('comment_settings')
export class CommentSettingsEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'boolean', default: false })
  allowAnonymous: boolean;

  @Column({ type: 'boolean', default: false })
  registrationRequired: boolean;

  @Column({ type: 'boolean', default: true })
  requireNameEmail: boolean;

  @Column({ type: 'boolean', default: false })
  moderation: boolean;

  @Column({ type: 'boolean', default: true })
  previouslyApproved: boolean;

  @Column({ type: 'integer', default: 2 })
  maxLinks: number;

  @Column({ type: 'text' })
  moderationKeys: string;

  @Column({ type: 'text' })
  disallowedKeys: string;

  @Column({ type: 'integer', default: 15 })
  floodSeconds: number;
}
