export { CalendarModule } from './calendar.module';
export { CalendarDocModule } from './doc/calendar-doc.module';
export { EventsModule } from './events';
export { OrganizersModule } from './organizers';
export { EventTermsModule } from './terms';
export { VenuesModule } from './venues';
