import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** Columns every post-like calendar row shares (see docs/calendar-tables.md). */
function postColumns(dialect: string): TableColumnOptions[] {
  return [
    C.id(),
    C.integer('author_id', 0),
    C.string('status', 20, 'publish'),
    C.string('slug', 200, ''),
    C.string('title', 255, ''),
    C.longText('description', dialect),
    C.string('password', 255, ''),
    C.dateTime('date'),
    C.dateTime('date_gmt'),
    C.dateTime('modified'),
    C.dateTime('modified_gmt'),
    { name: 'image_id', type: 'integer', isNullable: true },
    C.string('language', 2, 'en'),
    C.nullableString('trashed_status', 20),
  ];
}

function postIndexes(table: string): TableIndex[] {
  return [
    new TableIndex({ name: `uq_${table}_slug`, columnNames: ['slug'], isUnique: true }),
    new TableIndex({
      name: `ix_${table}_language_status_date`,
      columnNames: ['language', 'status', 'date_gmt'],
    }),
    new TableIndex({ name: `ix_${table}_author`, columnNames: ['author_id'] }),
  ];
}

/** Media library, venues, organizers and the calendar's terms. */
export class CalendarLinked1763800000000 implements MigrationInterface {
  name = 'CalendarLinked1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunner.connection.driver.options.type;
    await queryRunner.createTable(
      new Table({
        name: 'media',
        columns: [
          C.id(),
          C.integer('author_id', 0),
          C.string('url', 500),
          C.string('title', 255, ''),
          C.string('alt', 255, ''),
          C.string('mime_type', 100, ''),
          { name: 'width', type: 'integer', isNullable: true },
          { name: 'height', type: 'integer', isNullable: true },
          C.dateTime('date'),
          C.dateTime('date_gmt'),
          C.string('language', 2, 'en'),
        ],
        indices: [new TableIndex({ name: 'ix_media_url', columnNames: ['url'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cal_venues',
        columns: [
          ...postColumns(dialect),
          C.string('address', 255, ''),
          C.string('city', 255, ''),
          C.string('country', 255, ''),
          C.string('province', 255, ''),
          C.string('state', 255, ''),
          C.string('stateprovince', 255, ''),
          C.string('zip', 50, ''),
          C.string('phone', 100, ''),
          C.string('website', 500, ''),
          C.boolean('show_map', false),
          C.boolean('show_map_link', false),
          C.double('geo_lat'),
          C.double('geo_lng'),
        ],
        indices: postIndexes('cal_venues'),
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cal_organizers',
        columns: [
          ...postColumns(dialect),
          C.string('phone', 100, ''),
          C.string('website', 500, ''),
          C.string('email', 255, ''),
        ],
        indices: postIndexes('cal_organizers'),
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cal_terms',
        columns: [
          C.id(),
          C.string('taxonomy', 20),
          C.string('name', 200),
          C.string('slug', 200),
          C.text('description', true),
          C.integer('parent_id', 0),
          C.string('language', 2, 'en'),
          // Published events with the term, kept by the events module on every write (WordPress's term count).
          C.integer('count', 0),
        ],
        indices: [
          new TableIndex({
            name: 'uq_cal_terms_taxonomy_slug_language',
            columnNames: ['taxonomy', 'slug', 'language'],
            isUnique: true,
          }),
          new TableIndex({
            name: 'ix_cal_terms_taxonomy_language_name',
            columnNames: ['taxonomy', 'language', 'name'],
          }),
          new TableIndex({ name: 'ix_cal_terms_parent', columnNames: ['parent_id'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('cal_terms');
    await queryRunner.dropTable('cal_organizers');
    await queryRunner.dropTable('cal_venues');
    await queryRunner.dropTable('media');
  }
}
