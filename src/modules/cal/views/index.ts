export { CalendarViewsModule } from './calendar-views.module';
export { CalendarViewsService } from './calendar-views.service';
export { parseViewRequest } from './view-request';
export type { ViewRequest } from './view-request';
