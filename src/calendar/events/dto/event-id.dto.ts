import { Arg } from '../../../rest';
import { existsIn } from '../../shared';
import { EVENT_LOOKUPS } from '../event-lookups';

const SLUG_ARG = {
  description: 'The event slug.',
  type: 'string' as const,
  required: true,
  minLength: 1,
  validate: existsIn(EVENT_LOOKUPS.slug),
};

export class EventReadArgs {
  @Arg({ description: 'The password of a password-protected event.', type: 'string' })
  password?: string;

  @Arg({
    description: 'Scope under which the request is made.',
    type: 'string',
    enum: ['view', 'edit'],
    default: 'view',
  })
  context: 'view' | 'edit';
}

export class EventIdDto extends EventReadArgs {
  @Arg({ description: 'The event ID.', type: 'integer', required: true })
  id: number;
}

export { SLUG_ARG as EVENT_SLUG_ARG };

export class EventSlugDto extends EventReadArgs {
  @Arg(SLUG_ARG)
  slug: string;
}

export class DeleteEventDto {
  @Arg({ description: 'The event ID.', type: 'integer', required: true })
  id: number;
}

export class DeleteEventBySlugDto {
  @Arg(SLUG_ARG)
  slug: string;
}
