import { applyDecorators } from '@nestjs/common';
import { IsBoolean, IsDefined, IsIn, IsOptional, IsString, MinLength } from 'class-validator';
import { TRANSLATION_OF_ARG } from '../../../ml';
import { Arg, ArgsKeywordOrder } from '../../../../platform/rest';
import { AuthorArg, ImageArg } from '../../shared/linked-post-args';
import {
  toStringList,
  validCost,
  validEventDate,
  validOrganizerInput,
  validTermList,
  validTimezone,
  validVenueInput,
  validWebsite,
} from './event-arg-rules';
import { TEC_KEYWORD_ORDER } from '../../shared';

/** IDs stay numbers, names stay whole (a CSV is split on commas only, so names may contain spaces). */
function termListValue(value: unknown): Array<number | string> {
  return toStringList(value).map((item) => (/^\d+$/.test(item) ? Number(item) : item));
}

/*
 * Date arguments (`start_date`, `end_date`, `date`, `date_utc`) accept what `parseEventDateInput`
 * accepts (full grammar in src/calendar/dates/event-date-parser.ts), in short:
 *   - `YYYY-MM-DD[ HH:MM[:SS]]`, `YYYY/MM/DD`, `YYYYMMDD`, ISO 8601 `YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]`
 *   - Unix timestamps: `@1777629600` or 9+ digits
 *   - `now`, `today`, `tomorrow`, `yesterday`, weekdays (`next monday`), times (`9am`, `14:30`, `noon`)
 *   - relative amounts: `+1 week`, `-2 days`, `3 hours ago`, `next month`; items combine (`tomorrow 9am`)
 * Wall-clock values are read in the event `timezone` (IANA name or `UTC±H[:MM]`), else the site's;
 * `date_utc` is read in UTC. Anything else is a 400 `rest_invalid_param`.
 */

/** An event date: a string in the date grammar above, or a Unix timestamp (WordPress multi-type). */
export function EventDate(description: string, required = false): PropertyDecorator {
  return applyDecorators(
    required ? IsDefined() : IsOptional(),
    Arg({ description, type: ['string', 'integer'], validate: validEventDate }),
  );
}

/** An optional string field. */
function Text(description: string): PropertyDecorator {
  return applyDecorators(IsOptional(), IsString(), Arg({ description }));
}

/** An optional boolean field. */
function Flag(description: string): PropertyDecorator {
  return applyDecorators(IsOptional(), IsBoolean(), Arg({ description }));
}

/** Event category or tag IDs or names, as a list or a CSV string (WordPress multi-types). */
function TermList(description: string): PropertyDecorator {
  return Arg({
    description,
    type: ['array', 'string'],
    items: { type: ['integer', 'string'] },
    validate: validTermList,
    sanitize: termListValue,
  });
}

/** Fields of an event write; required ones are required on create only. */
@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class EventFieldsDto {
  @AuthorArg('The event author ID.')
  author?: number;

  @EventDate('The event publication date, in the event timezone.')
  date?: string;

  @EventDate('The event publication date in UTC.')
  date_utc?: string;

  @Text('The event description (HTML).')
  description?: string;

  @Text('The event slug.')
  slug?: string;

  @Text('The event excerpt.')
  excerpt?: string;

  @IsOptional()
  @IsString()
  @IsIn(['publish', 'future', 'draft', 'pending', 'private'])
  @Arg({ description: 'The event post status; scaled back to pending/draft for users who cannot publish.' })
  status?: string;

  @IsOptional()
  @IsString()
  @Arg({
    description: 'The event timezone: an IANA name or UTC±H[:MM]; empty for the site timezone.',
    validate: validTimezone,
  })
  timezone?: string;

  @Flag('Whether the event lasts all day.')
  all_day?: boolean;

  @ImageArg('The event featured image: an image ID or an image URL (needs upload_files).')
  image?: number | string | null;

  // Untyped: a string, a number or a list of them (validCost).
  @Arg({ description: 'The event cost: a string or a list of strings.', validate: validCost })
  cost?: string | string[];

  @Arg({ description: 'The event website URL.', type: ['string', 'null'], validate: validWebsite })
  website?: string | null;

  @Flag('Whether to show the map.')
  show_map?: boolean;

  @Flag('Whether to show the map link.')
  show_map_link?: boolean;

  @Flag('Whether the event is hidden from listings.')
  hide_from_listings?: boolean;

  @Flag('Whether the event is sticky.')
  sticky?: boolean;

  @Flag('Whether the event is featured.')
  featured?: boolean;

  @TermList('Event category IDs or names (names are created when missing); empty removes all.')
  categories?: Array<number | string>;

  @TermList('Tag IDs or names (names are created when missing); empty removes all.')
  tags?: Array<number | string>;

  @Arg({
    description: 'The venue: an ID, an object with an id, or the data of a new venue.',
    validate: validVenueInput,
  })
  venue?: unknown;

  @Arg({
    description: 'Organizers: IDs, objects with an id, or data of new organizers.',
    validate: validOrganizerInput,
  })
  organizer?: unknown;
}

export class CreateEventDto extends EventFieldsDto {
  @IsDefined()
  @IsString()
  @MinLength(1)
  @Arg({ description: 'The event title.' })
  title: string;

  @EventDate('The event start date and time.', true)
  start_date: string;

  @EventDate('The event end date and time.', true)
  end_date: string;

  @Arg(TRANSLATION_OF_ARG)
  translation_of?: number;
}
