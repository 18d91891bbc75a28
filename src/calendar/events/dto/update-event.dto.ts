import { Arg } from '../../../rest';
import { validEventDate } from './event-arg-rules';
import { EventFieldsDto } from './create-event.dto';
import { EVENT_SLUG_ARG } from './event-id.dto';

/** Update: every field optional; fields not sent keep their values (unlike TEC, which resets some). */
export class UpdateEventFieldsDto extends EventFieldsDto {
  @Arg({ description: 'The event title.', type: 'string', minLength: 1 })
  title?: string;

  @Arg({
    description: 'The event start date and time.',
    type: ['string', 'integer'],
    validate: validEventDate,
  })
  start_date?: string;

  @Arg({ description: 'The event end date and time.', type: ['string', 'integer'], validate: validEventDate })
  end_date?: string;

  @Arg({ description: 'The event password, when it is password protected.', type: 'string' })
  password?: string;
}

export class UpdateEventDto extends UpdateEventFieldsDto {
  @Arg({ description: 'The event ID.', type: 'integer', required: true })
  id: number;
}

export class UpdateEventBySlugDto extends UpdateEventFieldsDto {
  @Arg(EVENT_SLUG_ARG)
  declare slug: string;
}
