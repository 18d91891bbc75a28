import { applyDecorators } from '@nestjs/common';
import { IsDefined, IsInt, IsOptional, IsString } from 'class-validator';
import type { TypeCapabilities } from '../../../platform/auth';
import type { ArgSpec } from '../../../platform/rest';
import { Arg, isIntegerLike, RestError, ArgsKeywordOrder } from '../../../platform/rest';
import { ArchivePage, ArchivePerPage, TEC_KEYWORD_ORDER } from './archive';
import { strtotimeValidator } from './post-dates';
import { archiveStatusValidator, parseStatusList } from './post-status';
import { isImageUrl } from '../../core/media';
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
export function ImageArg(
  description = 'The featured image: an image attachment ID or an image URL.',
): PropertyDecorator {
  return Arg({
    description,
    type: ['integer', 'string'], // WordPress multi-type
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
  });
}

/** TEC's "truthy string" flags (`show_map`, `has_events`): true, 1, yes, on → true. */
export const FLAG_SANITIZE = (value: unknown): boolean => isTruthyFlag(value);

/** `author`: the ID of an existing user. */
export function AuthorArg(description = 'The author user ID.'): PropertyDecorator {
  return applyDecorators(IsOptional(), IsInt(), Arg({ description, validate: existsIn(LOOKUPS.user) }));
}

export const DATE_DESCRIPTION = 'The publication date, in the site time zone (anything strtotime reads).';
export const DATE_UTC_DESCRIPTION = 'The publication date in UTC (anything strtotime reads).';

/** The slug of a by-slug route must resolve to an object of the type. */
export function SlugCapture(lookup: string, description: string): PropertyDecorator {
  return applyDecorators(IsDefined(), IsString(), Arg({ description, validate: existsIn(lookup) }));
}

/** The ID of a by-ID route must resolve to an object of the type. */
export function IdCapture(lookup: string, description: string): PropertyDecorator {
  return applyDecorators(IsDefined(), IsInt(), Arg({ description, validate: existsIn(lookup) }));
}

const notBlank: NonNullable<ArgSpec['validate']> = (value) =>
  String(value).trim() === '' ? invalidParam() : true;
const trimmed = (value: unknown) => String(value).trim();

/** A string that must not be blank when sent; trimmed. */
export function NonEmptyString(description: string, required = false): PropertyDecorator {
  return applyDecorators(
    required ? IsDefined() : IsOptional(),
    IsString(),
    Arg({ description, validate: notBlank, sanitize: trimmed }),
  );
}

/** An optional plain string field. */
export function OptionalText(description: string): PropertyDecorator {
  return applyDecorators(IsOptional(), IsString(), Arg({ description }));
}

/** `search`: a non-blank string, trimmed. */
export function SearchArg(): PropertyDecorator {
  return NonEmptyString(
    "Limit results to those matching a string (title, description and the type's own fields).",
  );
}

/** An event filter: the ID of an existing event. */
export function EventFilter(
  description = 'Only those related to this event ID.',
  order?: readonly string[],
): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsInt(),
    Arg({ description, validate: existsIn(LOOKUPS.event) }, { order }),
  );
}

/** `password`: the password of a password-protected object. */
export function PasswordArg(description = 'The password of a password-protected object.'): PropertyDecorator {
  return OptionalText(description);
}

export { FLAG_SANITIZE as flagSanitize };

/** The archive arguments venues and organizers share (TEC `Archive_Venue` / `Archive_Organizer::READ_args`). */
export abstract class LinkedPostArchiveArgs {
  @ArchivePage() page: number;
  @ArchivePerPage() per_page: number;
  @SearchArg() search?: string;
  @EventFilter() event?: number;
  // Untyped: any value is read as a truthy flag (`isTruthyFlag`).
  @Arg({ description: 'Only those with (truthy) or without (falsy) events.' }) has_events?: unknown;
  @Arg({ description: 'Only those with upcoming events.', default: false }) only_with_upcoming?: unknown;
}

/** The archive `status` filter of a linked post type (CSV or array); non-public statuses need edit rights. */
export function LinkedPostStatusFilter(kind: string, caps: TypeCapabilities): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsString({ each: true }),
    Arg({
      description: `The ${kind} post status (CSV or array); non-public statuses need edit rights.`,
      type: ['string', 'array'], // WordPress multi-type; the items are strings
      validate: archiveStatusValidator(caps),
      sanitize: parseStatusList,
    }),
  );
}

/** Write arguments every linked post type starts with: author and publication dates. */
@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export abstract class LinkedPostAuthorshipArgs {
  @AuthorArg() author?: number;

  @IsOptional()
  @IsString()
  @Arg({ description: DATE_DESCRIPTION, validate: strtotimeValidator })
  date?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: DATE_UTC_DESCRIPTION, validate: strtotimeValidator })
  date_utc?: string;
}
