import type { ArgSpec } from '../../../rest';
import { Arg } from '../../../rest';
import { EVENT_CAPS } from '../../../auth';
import { archiveStatusValidator, existsIn } from '../../shared';
import { LOOKUPS } from '../../shared/linked-post-args';
import { EVENT_LOOKUPS } from '../event-lookups';
import {
  toStringList,
  validEventDate,
  validFlagString,
  eachExistsIn,
  validPositiveIntList,
} from './event-arg-rules';

export const EVENTS_MAX_PER_PAGE = 50;

const dateFilter = (description: string) => ({
  description: `${description} Accepts the event date grammar (see the create arguments).`,
  type: ['string', 'integer'] as ('string' | 'integer')[],
  validate: validEventDate,
});

const slugOrIdList = (description: string, lookup: string, message: string): ArgSpec => ({
  description,
  type: ['array', 'string', 'integer'],
  items: { type: ['integer', 'string'] },
  validate: eachExistsIn(lookup, message),
  sanitize: (value: unknown) => toStringList(value),
});

/** `GET /events` (TEC `Archive_Event::READ_args`). */
export class ListEventsQueryDto {
  @Arg({ description: 'The archive page to return.', type: 'integer', default: 1, minimum: 1 })
  page: number;

  @Arg({
    description: `The number of events to return on each page (at most ${EVENTS_MAX_PER_PAGE}).`,
    type: 'integer',
    default: 10,
    minimum: 1,
    sanitize: (value: unknown) => Math.min(EVENTS_MAX_PER_PAGE, Math.trunc(Number(value))),
  })
  per_page: number;

  @Arg(dateFilter('Events that start on or after this date.'))
  start_date?: string;

  @Arg(dateFilter('Events that end on or before this date.'))
  end_date?: string;

  @Arg(dateFilter('Events that start before this date.'))
  starts_before?: string;

  @Arg(dateFilter('Events that start after this date.'))
  starts_after?: string;

  @Arg(dateFilter('Events that end before this date.'))
  ends_before?: string;

  @Arg(dateFilter('Events that end after this date.'))
  ends_after?: string;

  @Arg({
    description: 'When truthy the dates are used as given; by default they are widened to whole days.',
    type: ['string', 'boolean'],
    default: 'false',
    validate: validFlagString,
    sanitize: (value: unknown) => value,
  })
  strict_dates: string | boolean;

  @Arg({ description: 'Events whose title or description contain this text.', type: 'string', minLength: 1 })
  search?: string;

  @Arg(
    slugOrIdList(
      'Events in any of these event categories (slugs or IDs).',
      EVENT_LOOKUPS.category,
      'Not an existing event category slug or ID.',
    ),
  )
  categories?: string[];

  @Arg(
    slugOrIdList(
      'Events with any of these tags (slugs or IDs).',
      EVENT_LOOKUPS.tag,
      'Not an existing tag slug or ID.',
    ),
  )
  tags?: string[];

  @Arg(slugOrIdList('Events at any of these venue IDs.', LOOKUPS.venueId, 'Not a valid venue ID.'))
  venue?: string[];

  @Arg(
    slugOrIdList('Events with any of these organizer IDs.', LOOKUPS.organizerId, 'Not a valid organizer ID.'),
  )
  organizer?: string[];

  @Arg({ description: 'Only featured (true) or only non-featured (false) events.', type: 'boolean' })
  featured?: boolean;

  @Arg({
    description:
      'Post statuses (CSV or list); only users who can edit events may ask for others than publish.',
    type: ['array', 'string'],
    items: { type: 'string' },
    validate: archiveStatusValidator(EVENT_CAPS),
    sanitize: (value: unknown) => toStringList(value),
  })
  status?: string[];

  @Arg({ description: 'Only events whose venue has coordinates.', type: 'boolean' })
  geoloc?: boolean;

  @Arg({
    description: 'Latitude of the centre; requires geoloc_lng.',
    type: 'number',
    minimum: -90,
    maximum: 90,
  })
  geoloc_lat?: number;

  @Arg({
    description: 'Longitude of the centre; requires geoloc_lat.',
    type: 'number',
    minimum: -180,
    maximum: 180,
  })
  geoloc_lng?: number;

  @Arg({
    description: 'Only these event IDs; the date filters are then ignored.',
    type: ['array', 'string', 'integer'],
    items: { type: 'integer' },
    validate: validPositiveIntList,
    sanitize: (value: unknown) => toStringList(value).map(Number),
  })
  include?: number[];

  @Arg({
    description: 'Only children of this event.',
    type: 'integer',
    validate: existsIn(LOOKUPS.event),
  })
  post_parent?: number;

  @Arg({ description: 'With (true) or without (false) tickets; no event has tickets.', type: 'boolean' })
  ticketed?: boolean;

  @Arg({ description: 'The password of password-protected events.', type: 'string' })
  password?: string;

  @Arg({
    description: 'Scope under which the request is made.',
    type: 'string',
    enum: ['view', 'edit'],
    default: 'view',
  })
  context: 'view' | 'edit';
}
