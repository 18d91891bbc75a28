import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** Every translatable row as it stood when groups were introduced (copied here: migrations are frozen). */
const SOURCES: Array<{ elementType: string; table: string; where: string | null }> = [
  { elementType: 'post_post', table: 'posts', where: "type = 'post'" },
  { elementType: 'post_page', table: 'posts', where: "type = 'page'" },
  { elementType: 'post_cal_events', table: 'cal_events', where: null },
  { elementType: 'post_cal_venue', table: 'cal_venues', where: null },
  { elementType: 'post_cal_organizer', table: 'cal_organizers', where: null },
  { elementType: 'tax_category', table: 'terms', where: "taxonomy = 'category'" },
  { elementType: 'tax_post_tag', table: 'terms', where: "taxonomy = 'post_tag'" },
  { elementType: 'tax_cal_events_cat', table: 'cal_terms', where: "taxonomy = 'category'" },
  { elementType: 'tax_cal_events_tag', table: 'cal_terms', where: "taxonomy = 'tag'" },
];

/**
 * Translation groups (WPML's `icl_translations`) and the group sequence; every existing row becomes the original
 * of a group of its own (trid = its translation row's id), in set-based statements.
 */
export class TranslationGroups1765900000000 implements MigrationInterface {
  name = 'TranslationGroups1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'ml_translations',
        columns: [
          C.id(),
          C.string('element_type', 40),
          C.foreignId('element_id'),
          C.integer('trid', 0),
          C.string('language_code', 7),
          C.nullableString('source_language_code', 7),
        ],
        indices: [
          new TableIndex({
            name: 'uq_ml_translations_element',
            columnNames: ['element_type', 'element_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_ml_translations_element_id', columnNames: ['element_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({ name: 'ml_translation_groups', columns: [C.id(), C.string('element_type', 40)] }),
    );
    for (const source of SOURCES) {
      await queryRunner.query(
        `INSERT INTO ml_translations (element_type, element_id, trid, language_code, source_language_code) ` +
          `SELECT '${source.elementType}', id, 0, language, NULL FROM ${source.table}` +
          (source.where ? ` WHERE ${source.where}` : '') +
          ' ORDER BY id',
      );
    }
    await queryRunner.query('UPDATE ml_translations SET trid = id');
    await queryRunner.query(
      'INSERT INTO ml_translation_groups (id, element_type) SELECT trid, element_type FROM ml_translations ORDER BY trid',
    );
    await queryRunner.createIndex(
      'ml_translations',
      new TableIndex({
        name: 'uq_ml_translations_group_language',
        columnNames: ['trid', 'language_code'],
        isUnique: true,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('ml_translation_groups');
    await queryRunner.dropTable('ml_translations');
  }
}
