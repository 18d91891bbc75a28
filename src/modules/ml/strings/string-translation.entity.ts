import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from '../../../platform/database';

/** A translation of a string into one language (WPML's `icl_string_translations`). */
@Entity('ml_string_translations')
export class StringTranslationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  stringId: number;

  @Column({ type: 'varchar', length: 7 })
  language: string;

  @Column(longTextColumn({ nullable: true }))
  value: string | null;

  @Column({ type: 'integer', default: 0 })
  status: number;

  @Column(dateTimeColumn())
  updatedAt: string;
}
