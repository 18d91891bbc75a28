import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { longTextColumn } from '../../../platform/database';

/** One redirect (`redirection_items`), stored as the plugin stores it. */
@Entity('redirection_items')
export class RedirectEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The source as entered (a path, or a regular expression). */
  @Column({ type: 'text' })
  url: string;

  /** Normalised lookup key of a plain source, `regex` for regular expressions. */
  @Column({ type: 'varchar', length: 2000, default: '' })
  matchUrl: string;

  /** JSON: the source flags that differ from the site defaults, and `options.log_exclude`. */
  @Column({ type: 'text', nullable: true })
  matchData: string | null;

  @Column({ type: 'boolean', default: false })
  regex: boolean;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'integer', default: 0 })
  lastCount: number;

  @Column({ type: 'varchar', length: 19, default: '1970-01-01 00:00:00' })
  lastAccess: string;

  @Column({ type: 'integer', default: 0 })
  groupId: number;

  @Column({ type: 'varchar', length: 10, default: 'enabled' })
  status: 'enabled' | 'disabled';

  @Column({ type: 'varchar', length: 20 })
  actionType: string;

  @Column({ type: 'integer', default: 0 })
  actionCode: number;

  /** JSON of the match type's target data (a plain URL string for `url` matches, as the plugin). */
  @Column(longTextColumn({ nullable: true }))
  actionData: string | null;

  @Column({ type: 'varchar', length: 20 })
  matchType: string;

  @Column({ type: 'text', nullable: true })
  title: string | null;
}
