import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../../../platform/auth';
import { MediaModule } from '../../core/media';
import { TranslationGroupsModule } from '../../ml';
import { OrganizersModule } from '../organizers/organizers.module';
import { EventTermsModule } from '../terms/event-terms.module';
import { VenuesModule } from '../venues/venues.module';
import { EventLinks } from './event-links';
import { EventPresenter } from './event-presenter';
import { EventEntity, EventOrganizerEntity, EventTermEntity } from './event.entity';
import { EventsController } from './events.controller';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';
import { EventTranslationSource } from './event-translation.source';

/** `cal/events/v1/events`, linked to venues, organizers, categories and tags. */
@Module({
  imports: [
    TypeOrmModule.forFeature([EventEntity, EventOrganizerEntity, EventTermEntity]),
    // listed in the order their routes follow the events' routes in the namespace
    VenuesModule,
    OrganizersModule,
    EventTermsModule,
    UsersModule,
    MediaModule,
    TranslationGroupsModule,
  ],
  controllers: [EventsController],
  providers: [EventsRepository, EventLinks, EventsService, EventPresenter, EventTranslationSource],
  exports: [EventsService, EventsRepository, EventPresenter],
})
export class EventsModule {}
