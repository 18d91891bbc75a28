export { EventEntity, EventOrganizerEntity, EventTermEntity } from './event.entity';
export { EventLinks } from './event-links';
export { eventSchema, toEventObject } from './event.mapper';
export type { EventRelations } from './event.mapper';
export { EventsController } from './events.controller';
export { EventsRepository } from './events.repository';
export { EventsService } from './events.service';
export { EventsModule } from './events.module';
