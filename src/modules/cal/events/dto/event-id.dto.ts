import { applyDecorators } from '@nestjs/common';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, MinLength } from 'class-validator';
import { Arg, ArgsKeywordOrder } from '../../../../platform/rest';
import { existsIn, TEC_KEYWORD_ORDER } from '../../shared';
import { OptionalText } from '../../shared/linked-post-args';
import { EVENT_LOOKUPS } from '../event-lookups';

/** The slug of a by-slug event route: an existing event's. */
export function EventSlug(): PropertyDecorator {
  return applyDecorators(
    IsDefined(),
    IsString(),
    MinLength(1),
    Arg({ description: 'The event slug.', validate: existsIn(EVENT_LOOKUPS.slug) }),
  );
}

/** The event ID of a by-ID event route. */
export function EventId(): PropertyDecorator {
  return applyDecorators(IsDefined(), IsInt(), Arg({ description: 'The event ID.' }));
}

/** `context`: TEC's events know `view` and `edit` only. */
export function EventContext(): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsString(),
    IsIn(['view', 'edit']),
    Arg({ description: 'Scope under which the request is made.', default: 'view' }),
  );
}

@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class EventReadArgs {
  @OptionalText('The password of a password-protected event.')
  password?: string;

  @EventContext()
  context: 'view' | 'edit';
}

export class EventIdDto extends EventReadArgs {
  @EventId()
  id: number;
}

export class EventSlugDto extends EventReadArgs {
  @EventSlug()
  slug: string;
}

@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class DeleteEventDto {
  @EventId()
  id: number;
}

@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class DeleteEventBySlugDto {
  @EventSlug()
  slug: string;
}
