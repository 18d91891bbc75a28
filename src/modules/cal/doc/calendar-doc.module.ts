import { Module } from '@nestjs/common';
import { CalendarDocController } from './doc.controller';

/** `cal/events/v1/doc`: the namespace's OpenAPI document, built from the route table. */
@Module({ controllers: [CalendarDocController] })
export class CalendarDocModule {}
