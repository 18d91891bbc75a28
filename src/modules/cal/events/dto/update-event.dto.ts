import { IsOptional, IsString, MinLength } from 'class-validator';
import { Arg } from '../../../../platform/rest';
import { EventDate, EventFieldsDto } from './create-event.dto';
import { EventId, EventSlug } from './event-id.dto';

/** Update: every field optional; fields not sent keep their values (unlike TEC, which resets some). */
export class UpdateEventFieldsDto extends EventFieldsDto {
  @IsOptional()
  @IsString()
  @MinLength(1)
  @Arg({ description: 'The event title.' })
  title?: string;

  @EventDate('The event start date and time.')
  start_date?: string;

  @EventDate('The event end date and time.')
  end_date?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'The event password, when it is password protected.' })
  password?: string;
}

export class UpdateEventDto extends UpdateEventFieldsDto {
  @EventId()
  id: number;
}

export class UpdateEventBySlugDto extends UpdateEventFieldsDto {
  @EventSlug()
  declare slug: string;
}
