export { EventEntity, EventOrganizerEntity, EventTermEntity } from './event.entity';
export { EventLinks } from './event-links';
export { eventPermalink, eventSchema, toEventObject } from './event.mapper';
export type { EventRelations } from './event.mapper';
export { EventsController } from './events.controller';
export { EventsRepository } from './events.repository';
export { EventsService } from './events.service';
export type { EventDateBounds, EventListQuery, EventPage } from './events.repository';
export { EventsModule } from './events.module';
