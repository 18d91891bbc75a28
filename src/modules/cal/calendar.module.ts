import { Module } from '@nestjs/common';
import { LastChanged } from '../../platform/database';
import { CalendarDocModule } from './doc/calendar-doc.module';
import { EventsModule } from './events/events.module';
import { OrganizersModule } from './organizers/organizers.module';
import { CALENDAR_CACHE_GROUP, CALENDAR_TABLES } from './shared';
import { EventTermsModule } from './terms/event-terms.module';
import { VenuesModule } from './venues/venues.module';

/**
 * `cal/events/v1`: one module per resource (events, venues, organizers, event categories and tags, the
 * OpenAPI document); this module only groups them and tracks the calendar tables' last change.
 */
@Module({
  imports: [CalendarDocModule, EventsModule, VenuesModule, OrganizersModule, EventTermsModule],
  // The calendar pages and the event importer use the resources' services and the events' queries.
  exports: [EventsModule, VenuesModule, OrganizersModule, EventTermsModule],
})
export class CalendarModule {
  constructor(lastChanged: LastChanged) {
    lastChanged.track(CALENDAR_CACHE_GROUP, CALENDAR_TABLES);
  }
}
