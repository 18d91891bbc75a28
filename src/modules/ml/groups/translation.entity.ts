import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One element's place in a translation group (WPML's `icl_translations`): all language versions of one item
 * share a `trid`; the original has no source language. Unique per (type, element) and per (group, language).
 */
@Entity('ml_translations')
export class TranslationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 40 })
  elementType: string;

  @Column({ type: 'integer' })
  elementId: number;

  @Column({ type: 'integer' })
  trid: number;

  @Column({ type: 'varchar', length: 7 })
  languageCode: string;

  @Column({ type: 'varchar', length: 7, nullable: true })
  sourceLanguageCode: string | null;
}

/** The group sequence: one row per translation group, its id is the `trid`. */
@Entity('ml_translation_groups')
export class TranslationGroupEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 40 })
  elementType: string;
}
