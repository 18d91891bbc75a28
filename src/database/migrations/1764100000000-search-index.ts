import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
// eslint-disable-next-line no-restricted-imports -- the back-fill tokenises with the live search code (issue 8: to untangle)
import { SEARCH_POSTINGS_TABLE, SEARCH_WORDS_TABLE } from '../../search/search-index';
// eslint-disable-next-line no-restricted-imports -- as above
import { reindexSearch } from '../../search/reindex';
import { MigrationColumns as C } from '../migration-columns';

/** The word index behind `search` (src/search/search-index.ts), filled from the events, posts and pages stored. */
export class SearchIndex1764100000000 implements MigrationInterface {
  name = 'SearchIndex1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = String(queryRunner.connection.driver.options.type) === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: SEARCH_WORDS_TABLE,
        columns: [
          C.id(),
          // Binary on MySQL: words are stored lowercased, and é must stay a different word from e.
          {
            ...C.string('word', 100),
            ...(mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
          },
          C.boolean('is_number'),
        ],
        indices: [
          new TableIndex({ name: 'uq_search_words_word', columnNames: ['word'], isUnique: true }),
          // Searches for a word with letters scan only the words with letters.
          new TableIndex({ name: 'ix_search_words_kind', columnNames: ['is_number', 'word'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: SEARCH_POSTINGS_TABLE,
        columns: [
          { ...C.string('object_type', 20), isPrimary: true },
          { ...C.foreignId('word_id'), isPrimary: true },
          { ...C.foreignId('object_id'), isPrimary: true },
          C.integer('field_mask'),
        ],
        indices: [
          new TableIndex({ name: 'ix_search_postings_object', columnNames: ['object_type', 'object_id'] }),
        ],
      }),
    );
    await reindexSearch(queryRunner.manager);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable(SEARCH_POSTINGS_TABLE);
    await queryRunner.dropTable(SEARCH_WORDS_TABLE);
  }
}
