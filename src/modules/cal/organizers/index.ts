export { OrganizerEntity } from './organizer.entity';
export { organizerJsonLd, toOrganizerObject } from './organizer.mapper';
export type { OrganizerObjectOptions } from './organizer.mapper';
export { OrganizersService } from './organizers.service';
export { OrganizersModule } from './organizers.module';
