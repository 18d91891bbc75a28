import { IsIn, IsNumber, IsOptional, IsString, Max, Min } from 'class-validator';
import { TRANSLATION_OF_ARG } from '../../../ml';
import { Arg, ArgsKeywordOrder } from '../../../../platform/rest';
import { VENUE_CAPS } from '../../../../platform/auth';
import {
  FLAG_SANITIZE,
  IdCapture,
  ImageArg,
  LOOKUPS,
  NonEmptyString,
  OptionalText,
  PasswordArg,
  SlugCapture,
  URL_OR_EMPTY,
  LinkedPostArchiveArgs,
  LinkedPostStatusFilter,
  LinkedPostAuthorshipArgs,
} from '../../shared/linked-post-args';
import { WRITABLE_STATUSES } from '../../shared/post-status';
import { TEC_KEYWORD_ORDER } from '../../shared';

/**
 * A "truthy string" flag: a string in TEC's arguments (a JSON boolean is 400 rest_invalid_type), read as a
 * boolean.
 */
function TruthyString(description: string): PropertyDecorator {
  return (target, property) => {
    IsOptional()(target, property);
    IsString()(target, property);
    // TEC declares these two with a type and no validator: WordPress's own type error answers.
    Arg({ description, sanitize: FLAG_SANITIZE, opaque: false })(target, property);
  };
}

/** `GET /venues` (TEC `Archive_Venue::READ_args`). */
export class ListVenuesArgs extends LinkedPostArchiveArgs {
  @LinkedPostStatusFilter('venue', VENUE_CAPS) status?: string[];
}

@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class VenueIdArgs {
  @IdCapture(LOOKUPS.venueId, 'The venue post ID.') id: number;
}

export class GetVenueArgs extends VenueIdArgs {
  @PasswordArg() password?: string;
}

@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class VenueSlugArgs {
  @SlugCapture(LOOKUPS.venueSlug, 'The venue post slug.') slug: string;
}

export class GetVenueBySlugArgs extends VenueSlugArgs {
  @PasswordArg() password?: string;
}

/** Fields of `POST /venues` except the name (TEC `Single_Venue::CREATE_args`). */
class VenueFieldsArgs extends LinkedPostAuthorshipArgs {
  @OptionalText('The venue description.') description?: string;

  @IsOptional()
  @IsString()
  @IsIn([...WRITABLE_STATUSES])
  @Arg({ description: 'The venue post status.' })
  status?: string;

  @TruthyString('Show a map of the venue (truthy string).') show_map?: boolean;
  @TruthyString('Show a map link (truthy string).') show_map_link?: boolean;
  @OptionalText('The venue address.') address?: string;
  @OptionalText('The venue city.') city?: string;
  @OptionalText('The venue country.') country?: string;
  @OptionalText('The venue province.') province?: string;
  @OptionalText('The venue state.') state?: string;
  @OptionalText('The venue ZIP code.') zip?: string;
  @OptionalText('The venue phone number.') phone?: string;
  @OptionalText('The venue state or province.') stateprovince?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'The venue website.', validate: URL_OR_EMPTY })
  website?: string;

  @IsOptional()
  @IsNumber()
  @Min(-90)
  @Max(90)
  @Arg({ description: 'Latitude of the venue.' })
  geo_lat?: number;

  @IsOptional()
  @IsNumber()
  @Min(-180)
  @Max(180)
  @Arg({ description: 'Longitude of the venue.' })
  geo_lng?: number;

  @ImageArg() image?: number | string | null;
}

export class CreateVenueArgs extends VenueFieldsArgs {
  @NonEmptyString('The venue name.', true) venue: string;

  @Arg(TRANSLATION_OF_ARG)
  translation_of?: number;
}

export class UpdateVenueArgs extends VenueFieldsArgs {
  @IdCapture(LOOKUPS.venueId, 'The venue post ID.') id: number;
  @NonEmptyString('The venue name.') venue?: string;
}

export class UpdateVenueBySlugArgs extends VenueFieldsArgs {
  @SlugCapture(LOOKUPS.venueSlug, 'The venue post slug.') slug: string;
  @NonEmptyString('The venue name.') venue?: string;
}
