import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/** `cal_events` and its link tables (organizers in order, categories and tags). See docs/calendar-tables.md. */
export class CalendarEvents1763810000000 implements MigrationInterface {
  name = 'CalendarEvents1763810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect = queryRunner.connection.driver.options.type;
    await queryRunner.createTable(
      new Table({
        name: 'cal_events',
        columns: [
          C.id(),
          C.integer('author_id'),
          C.string('status', 20, 'publish'),
          C.string('slug', 200),
          C.text('title', false),
          C.longText('description', dialect),
          C.text('excerpt'),
          C.string('password', 255, ''),
          C.dateTime('date'),
          C.dateTime('date_gmt'),
          C.dateTime('modified'),
          C.dateTime('modified_gmt'),
          C.foreignId('image_id', true),
          C.string('language', 2, 'en'),
          C.nullableString('trashed_status', 20),
          C.dateTime('start_date'),
          C.dateTime('end_date'),
          C.dateTime('start_date_utc'),
          C.dateTime('end_date_utc'),
          C.string('timezone', 64, ''),
          C.boolean('all_day'),
          C.boolean('hide_from_listings'),
          C.boolean('sticky'),
          C.boolean('featured'),
          C.boolean('show_map', true),
          C.boolean('show_map_link', true),
          C.string('cost', 255, ''),
          C.nullableString('website', 500),
          C.foreignId('venue_id', true),
          C.integer('post_parent'),
        ],
        indices: [
          new TableIndex({ name: 'uq_cal_events_slug', columnNames: ['slug'], isUnique: true }),
          // The contract's (language, status, start_date_utc), extended so the archive's count and
          // default window (end bound, hidden flag) are answered from the index alone.
          new TableIndex({
            name: 'ix_cal_events_listing',
            columnNames: ['language', 'status', 'start_date_utc', 'end_date_utc', 'hide_from_listings'],
          }),
          new TableIndex({ name: 'ix_cal_events_start_local', columnNames: ['start_date'] }),
          new TableIndex({ name: 'ix_cal_events_end_local', columnNames: ['end_date'] }),
          new TableIndex({ name: 'ix_cal_events_venue', columnNames: ['venue_id'] }),
          new TableIndex({ name: 'ix_cal_events_author', columnNames: ['author_id'] }),
          new TableIndex({ name: 'ix_cal_events_parent', columnNames: ['post_parent'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cal_event_organizers',
        columns: [
          { ...C.foreignId('event_id'), isPrimary: true },
          { ...C.foreignId('organizer_id'), isPrimary: true },
          C.integer('position'),
        ],
        indices: [
          new TableIndex({ name: 'ix_cal_event_organizers_organizer', columnNames: ['organizer_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'cal_event_terms',
        columns: [
          { ...C.foreignId('event_id'), isPrimary: true },
          { ...C.foreignId('term_id'), isPrimary: true },
        ],
        indices: [new TableIndex({ name: 'ix_cal_event_terms_term', columnNames: ['term_id'] })],
      }),
    );
    // The events archive's geoloc filter narrows venues by a lat/lng bounding box.
    await queryRunner.createIndex(
      'cal_venues',
      new TableIndex({ name: 'ix_cal_venues_geo', columnNames: ['geo_lat', 'geo_lng'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('cal_venues', 'ix_cal_venues_geo');
    await queryRunner.dropTable('cal_event_terms');
    await queryRunner.dropTable('cal_event_organizers');
    await queryRunner.dropTable('cal_events');
  }
}
