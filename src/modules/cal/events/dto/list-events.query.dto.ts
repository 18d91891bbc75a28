import { applyDecorators } from '@nestjs/common';
import { IsBoolean, IsInt, IsNumber, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { Arg, KeywordOrder } from '../../../../platform/rest';
import { EVENT_CAPS } from '../../../../platform/auth';
import { ArchivePage, ArchivePerPage, archiveStatusValidator, TEC_KEYWORD_ORDER } from '../../shared';
import { EventFilter, LOOKUPS, OptionalText } from '../../shared/linked-post-args';
import { EVENT_LOOKUPS } from '../event-lookups';
import { EventContext } from './event-id.dto';
import {
  toStringList,
  validEventDate,
  validFlagString,
  eachExistsIn,
  validPositiveIntList,
} from './event-arg-rules';

export const EVENTS_MAX_PER_PAGE = 50;

/** A date filter: the event date grammar or a Unix timestamp (WordPress multi-type). */
function DateFilter(description: string): PropertyDecorator {
  return Arg({
    description: `${description} Accepts the event date grammar (see the create arguments).`,
    type: ['string', 'integer'],
    validate: validEventDate,
  });
}

/** Slugs or IDs of existing objects, as a list, a CSV string or one ID (WordPress multi-types). */
function SlugOrIdList(description: string, lookup: string, message: string): PropertyDecorator {
  return Arg({
    description,
    type: ['array', 'string', 'integer'],
    items: { type: ['integer', 'string'] },
    validate: eachExistsIn(lookup, message),
    sanitize: (value: unknown) => toStringList(value),
  });
}

/** An optional boolean filter. */
function Flag(description: string): PropertyDecorator {
  return applyDecorators(IsOptional(), IsBoolean(), Arg({ description }, { order: TEC_KEYWORD_ORDER }));
}

/** `GET /events` (TEC `Archive_Event::READ_args`). */
export class ListEventsQueryDto {
  @ArchivePage()
  page: number;

  @ArchivePerPage(
    `The number of events to return on each page (at most ${EVENTS_MAX_PER_PAGE}).`,
    EVENTS_MAX_PER_PAGE,
  )
  per_page: number;

  @DateFilter('Events that start on or after this date.')
  start_date?: string;

  @DateFilter('Events that end on or before this date.')
  end_date?: string;

  @DateFilter('Events that start before this date.')
  starts_before?: string;

  @DateFilter('Events that start after this date.')
  starts_after?: string;

  @DateFilter('Events that end before this date.')
  ends_before?: string;

  @DateFilter('Events that end after this date.')
  ends_after?: string;

  @Arg(
    {
      description: 'When truthy the dates are used as given; by default they are widened to whole days.',
      type: ['string', 'boolean'], // WordPress multi-type
      default: 'false',
      validate: validFlagString,
      sanitize: (value: unknown) => value,
    },
    { order: KeywordOrder.defaultFirst },
  )
  strict_dates: string | boolean;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @Arg({ description: 'Events whose title or description contain this text.' })
  search?: string;

  @SlugOrIdList(
    'Events in any of these event categories (slugs or IDs).',
    EVENT_LOOKUPS.category,
    'Not an existing event category slug or ID.',
  )
  categories?: string[];

  @SlugOrIdList(
    'Events with any of these tags (slugs or IDs).',
    EVENT_LOOKUPS.tag,
    'Not an existing tag slug or ID.',
  )
  tags?: string[];

  @SlugOrIdList('Events at any of these venue IDs.', LOOKUPS.venueId, 'Not a valid venue ID.')
  venue?: string[];

  @SlugOrIdList('Events with any of these organizer IDs.', LOOKUPS.organizerId, 'Not a valid organizer ID.')
  organizer?: string[];

  @Flag('Only featured (true) or only non-featured (false) events.')
  featured?: boolean;

  @IsOptional()
  @IsString({ each: true })
  @Arg({
    description:
      'Post statuses (CSV or list); only users who can edit events may ask for others than publish.',
    type: ['array', 'string'], // WordPress multi-type; the items are strings
    validate: archiveStatusValidator(EVENT_CAPS),
    sanitize: (value: unknown) => toStringList(value),
  })
  status?: string[];

  @Flag('Only events whose venue has coordinates.')
  geoloc?: boolean;

  @IsOptional()
  @IsNumber()
  @Min(-90)
  @Max(90)
  @Arg({ description: 'Latitude of the centre; requires geoloc_lng.' })
  geoloc_lat?: number;

  @IsOptional()
  @IsNumber()
  @Min(-180)
  @Max(180)
  @Arg({ description: 'Longitude of the centre; requires geoloc_lat.' })
  geoloc_lng?: number;

  @IsOptional()
  @IsInt({ each: true })
  @Arg({
    description: 'Only these event IDs; the date filters are then ignored.',
    type: ['array', 'string', 'integer'], // WordPress multi-type; the items are integers
    validate: validPositiveIntList,
    sanitize: (value: unknown) => toStringList(value).map(Number),
  })
  include?: number[];

  @EventFilter('Only children of this event.', TEC_KEYWORD_ORDER)
  post_parent?: number;

  @Flag('With (true) or without (false) tickets; no event has tickets.')
  ticketed?: boolean;

  @OptionalText('The password of password-protected events.')
  password?: string;

  @EventContext()
  context: 'view' | 'edit';
}
