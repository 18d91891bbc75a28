import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LastChanged } from '../database';
import { CALENDAR_CACHE_GROUP, CALENDAR_TABLES } from './shared';
import { OrganizerEntity } from './organizers/organizer.entity';
import { OrganizersController } from './organizers/organizers.controller';
import { OrganizersRepository } from './organizers/organizers.repository';
import { OrganizersService } from './organizers/organizers.service';
import { CalendarTermEntity } from './terms/term.entity';
import { CalendarTermsController } from './terms/terms.controller';
import { CalendarTermsRepository } from './terms/terms.repository';
import { CalendarTermsService } from './terms/terms.service';
import { VenueEntity } from './venues/venue.entity';
import { VenuesController } from './venues/venues.controller';
import { VenuesRepository } from './venues/venues.repository';
import { VenuesService } from './venues/venues.service';
import { CalendarDocController } from './doc/doc.controller';
import {
  EventEntity,
  EventLinks,
  EventOrganizerEntity,
  EventsController,
  EventsRepository,
  EventsService,
  EventTermEntity,
} from './events';

/** `cal/events/v1`: events, venues, organizers, event categories and tags. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      VenueEntity,
      OrganizerEntity,
      CalendarTermEntity,
      EventEntity,
      EventOrganizerEntity,
      EventTermEntity,
    ]),
  ],
  controllers: [
    CalendarDocController,
    EventsController,
    VenuesController,
    OrganizersController,
    CalendarTermsController,
  ],
  providers: [
    VenuesRepository,
    VenuesService,
    OrganizersRepository,
    OrganizersService,
    CalendarTermsRepository,
    CalendarTermsService,
    EventsRepository,
    EventLinks,
    EventsService,
  ],
  exports: [VenuesService, OrganizersService, CalendarTermsService, EventsService, EventsRepository],
})
export class CalendarModule {
  constructor(lastChanged: LastChanged) {
    lastChanged.track(CALENDAR_CACHE_GROUP, CALENDAR_TABLES);
  }
}
