import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalendarTermEntity } from './term.entity';
import { CalendarTermsController } from './terms.controller';
import { CalendarTermsRepository } from './terms.repository';
import { CalendarTermsService } from './terms.service';

/** `cal/events/v1/categories` and `cal/events/v1/tags`: the event categories and event tags. */
@Module({
  imports: [TypeOrmModule.forFeature([CalendarTermEntity])],
  controllers: [CalendarTermsController],
  providers: [CalendarTermsRepository, CalendarTermsService],
  exports: [CalendarTermsService],
})
export class EventTermsModule {}
