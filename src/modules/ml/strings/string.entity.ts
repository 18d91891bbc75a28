import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from '../../../platform/database';

/** String statuses as WPML stores them (`icl_strings.status`, `icl_string_translations.status`). */
export const STRING_STATUS = {
  notTranslated: 0,
  needsUpdate: 3,
  complete: 10,
} as const;

/** A registered string of the site (WPML's `icl_strings`): source text in the site's default language. */
@Entity('ml_strings')
export class StringEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Text domain (a plugin or theme, `WP` for the site's own settings). */
  @Column({ type: 'varchar', length: 160 })
  domain: string;

  /** gettext context (`msgctxt`), `''` when none. */
  @Column({ type: 'varchar', length: 160, default: '' })
  context: string;

  /** Name within the domain and context (the msgid itself when short enough, else its md5). */
  @Column({ type: 'varchar', length: 160 })
  name: string;

  @Column(longTextColumn())
  value: string;

  @Column({ type: 'varchar', length: 7, default: 'en' })
  language: string;

  /** 10 when every other language has a complete translation, 3 when one needs an update, else 0. */
  @Column({ type: 'integer', default: 0 })
  status: number;

  @Column(dateTimeColumn())
  updatedAt: string;
}
