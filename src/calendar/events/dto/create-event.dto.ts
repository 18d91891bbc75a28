import { TRANSLATION_OF_ARG } from '../../../translation';
import type { ArgSpec } from '../../../rest';
import { Arg } from '../../../rest';
import { AUTHOR_ARG, IMAGE_ARG } from '../../shared/linked-post-args';
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

const dateArg = (description: string, required = false): ArgSpec => ({
  description,
  type: ['string', 'integer'],
  required,
  validate: validEventDate,
});

/** Fields of an event write; required ones are required on create only. */
export class EventFieldsDto {
  @Arg({ ...AUTHOR_ARG, description: 'The event author ID.' })
  author?: number;

  @Arg({ ...dateArg('The event publication date, in the event timezone.'), type: ['string', 'integer'] })
  date?: string;

  @Arg({ ...dateArg('The event publication date in UTC.'), type: ['string', 'integer'] })
  date_utc?: string;

  @Arg({ description: 'The event description (HTML).', type: 'string' })
  description?: string;

  @Arg({ description: 'The event slug.', type: 'string' })
  slug?: string;

  @Arg({ description: 'The event excerpt.', type: 'string' })
  excerpt?: string;

  @Arg({
    description: 'The event post status; scaled back to pending/draft for users who cannot publish.',
    type: 'string',
    enum: ['publish', 'future', 'draft', 'pending', 'private'],
  })
  status?: string;

  @Arg({
    description: 'The event timezone: an IANA name or UTC±H[:MM]; empty for the site timezone.',
    type: 'string',
    validate: validTimezone,
  })
  timezone?: string;

  @Arg({ description: 'Whether the event lasts all day.', type: 'boolean' })
  all_day?: boolean;

  @Arg({
    ...IMAGE_ARG,
    description: 'The event featured image: an image ID or an image URL (needs upload_files).',
  })
  image?: number | string | null;

  @Arg({ description: 'The event cost: a string or a list of strings.', validate: validCost })
  cost?: string | string[];

  @Arg({ description: 'The event website URL.', type: ['string', 'null'], validate: validWebsite })
  website?: string | null;

  @Arg({ description: 'Whether to show the map.', type: 'boolean' })
  show_map?: boolean;

  @Arg({ description: 'Whether to show the map link.', type: 'boolean' })
  show_map_link?: boolean;

  @Arg({ description: 'Whether the event is hidden from listings.', type: 'boolean' })
  hide_from_listings?: boolean;

  @Arg({ description: 'Whether the event is sticky.', type: 'boolean' })
  sticky?: boolean;

  @Arg({ description: 'Whether the event is featured.', type: 'boolean' })
  featured?: boolean;

  @Arg({
    description: 'Event category IDs or names (names are created when missing); empty removes all.',
    type: ['array', 'string'],
    items: { type: ['integer', 'string'] },
    validate: validTermList,
    sanitize: termListValue,
  })
  categories?: Array<number | string>;

  @Arg({
    description: 'Tag IDs or names (names are created when missing); empty removes all.',
    type: ['array', 'string'],
    items: { type: ['integer', 'string'] },
    validate: validTermList,
    sanitize: termListValue,
  })
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
  @Arg({ description: 'The event title.', type: 'string', required: true, minLength: 1 })
  title: string;

  @Arg(dateArg('The event start date and time.', true))
  start_date: string;

  @Arg(dateArg('The event end date and time.', true))
  end_date: string;

  @Arg(TRANSLATION_OF_ARG)
  translation_of?: number;
}
