import type { TypeCapabilities } from '../../auth';
import type { ArgSpec } from '../../rest';
import { Arg, isIntegerLike, RestError } from '../../rest';
import { PAGE_ARG, PER_PAGE_ARG } from './archive';
import { strtotimeValidator } from './post-dates';
import { archiveStatusValidator, parseStatusList } from './post-status';
import { isImageUrl } from '../../media';
import { isTruthyFlag } from '../dates';
import { existsIn, invalidParam } from './validation-lookups';

/** Lookup names registered by the linked-post services (validation-lookups.ts). */
export const LOOKUPS = {
  user: 'calendar:user-id',
  image: 'calendar:image-id',
  event: 'calendar:event-id',
  venueId: 'calendar:venue-id',
  venueSlug: 'calendar:venue-slug',
  organizerId: 'calendar:organizer-id',
  organizerSlug: 'calendar:organizer-slug',
} as const;

/** "Empty or URL" (TEC's `is_url_or_empty`). */
export const URL_OR_EMPTY: ArgSpec['validate'] = (value) => {
  const text = String(value).trim();
  if (text === '') return true;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? true : invalidParam();
  } catch {
    return invalidParam();
  }
};

/** `image`: empty, the ID of an image attachment, or an image URL (side-loaded; needs `upload_files`). */
export const IMAGE_ARG: ArgSpec = {
  description: 'The featured image: an image attachment ID or an image URL.',
  type: ['integer', 'string'],
  validate: async (value, call, name) => {
    if (value === '' || value === 0 || value === '0') return true;
    if (isIntegerLike(value)) return existsIn(LOOKUPS.image)(Number(value), call, name);
    const url = String(value).trim();
    if (!call.user?.can('upload_files'))
      return new RestError('rest_invalid_param', 'Sorry, you are not allowed to upload images.', 400);
    return isImageUrl(url) ? true : invalidParam();
  },
  sanitize: (value) => {
    if (value === '' || value === 0 || value === '0') return null;
    return isIntegerLike(value) ? Number(value) : String(value).trim();
  },
};

/** TEC's "truthy string" flags (`show_map`, `has_events`): true, 1, yes, on → true. */
export const FLAG_SANITIZE = (value: unknown): boolean => isTruthyFlag(value);

export const AUTHOR_ARG: ArgSpec = {
  description: 'The author user ID.',
  type: 'integer',
  validate: existsIn(LOOKUPS.user),
};

export const DATE_DESCRIPTION = 'The publication date, in the site time zone (anything strtotime reads).';
export const DATE_UTC_DESCRIPTION = 'The publication date in UTC (anything strtotime reads).';

/** The slug of a by-slug route must resolve to an object of the type. */
export function slugArg(lookup: string, description: string): ArgSpec {
  return { description, type: 'string', required: true, validate: existsIn(lookup) };
}

export function idArg(lookup: string, description: string): ArgSpec {
  return { description, type: 'integer', required: true, validate: existsIn(lookup) };
}

/** A non-empty string when sent. */
export function nonEmptyString(description: string, required = false): ArgSpec {
  return {
    description,
    type: 'string',
    required,
    validate: (value) => (String(value).trim() === '' ? invalidParam() : true),
    sanitize: (value) => String(value).trim(),
  };
}

export const SEARCH_ARG: ArgSpec = {
  description: "Limit results to those matching a string (title, description and the type's own fields).",
  type: 'string',
  validate: (value) => (String(value).trim() === '' ? invalidParam() : true),
  sanitize: (value) => String(value).trim(),
};

export const EVENT_FILTER_ARG: ArgSpec = {
  description: 'Only those related to this event ID.',
  type: 'integer',
  validate: existsIn(LOOKUPS.event),
};

export const HAS_EVENTS_ARG: ArgSpec = {
  description: 'Only those with (truthy) or without (falsy) events.',
};

export const ONLY_WITH_UPCOMING_ARG: ArgSpec = {
  description: 'Only those with upcoming events.',
  default: false,
};

export const PASSWORD_ARG: ArgSpec = {
  description: 'The password of a password-protected object.',
  type: 'string',
};

export { FLAG_SANITIZE as flagSanitize };

/** The archive arguments venues and organizers share (TEC `Archive_Venue` / `Archive_Organizer::READ_args`). */
export abstract class LinkedPostArchiveArgs {
  @Arg(PAGE_ARG) page: number;
  @Arg(PER_PAGE_ARG) per_page: number;
  @Arg(SEARCH_ARG) search?: string;
  @Arg(EVENT_FILTER_ARG) event?: number;
  @Arg(HAS_EVENTS_ARG) has_events?: unknown;
  @Arg(ONLY_WITH_UPCOMING_ARG) only_with_upcoming?: unknown;
}

/** The archive `status` filter of a linked post type: CSV or array; non-public statuses need edit rights. */
export function linkedPostStatusFilter(kind: string, caps: TypeCapabilities): ArgSpec {
  return {
    description: `The ${kind} post status (CSV or array); non-public statuses need edit rights.`,
    type: ['string', 'array'],
    items: { type: 'string' },
    validate: archiveStatusValidator(caps),
    sanitize: parseStatusList,
  };
}

/** Write arguments every linked post type starts with: author and publication dates. */
export abstract class LinkedPostAuthorshipArgs {
  @Arg(AUTHOR_ARG) author?: number;
  @Arg({ description: DATE_DESCRIPTION, type: 'string', validate: strtotimeValidator }) date?: string;
  @Arg({ description: DATE_UTC_DESCRIPTION, type: 'string', validate: strtotimeValidator }) date_utc?: string;
}
