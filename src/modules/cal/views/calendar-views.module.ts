import { Module } from '@nestjs/common';
import { CalendarModule } from '..';
import { CalendarPagesController } from './calendar-pages.controller';
import { CalendarViewsRepository } from './calendar-views.repository';
import { CalendarViewsService } from './calendar-views.service';
import { LongestEvent } from './longest-event';
import { ViewNonces } from './view-nonces';
import { ViewsHtmlController } from './views-html.controller';

/** The calendar people see: server-rendered views and pages, iCal feeds and `cal/views/v2`. */
@Module({
  imports: [CalendarModule],
  controllers: [ViewsHtmlController, CalendarPagesController],
  providers: [CalendarViewsRepository, CalendarViewsService, ViewNonces, LongestEvent],
  exports: [CalendarViewsService],
})
export class CalendarViewsModule {}
