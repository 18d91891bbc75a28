import { TRANSLATION_OF_ARG } from '../../../translation';
import { Arg } from '../../../rest';
import { VENUE_CAPS } from '../../../auth';
import {
  FLAG_SANITIZE,
  idArg,
  IMAGE_ARG,
  LOOKUPS,
  nonEmptyString,
  PASSWORD_ARG,
  slugArg,
  URL_OR_EMPTY,
  LinkedPostArchiveArgs,
  linkedPostStatusFilter,
  LinkedPostAuthorshipArgs,
} from '../../shared/linked-post-args';
import { WRITABLE_STATUSES } from '../../shared/post-status';

const text = (description: string) => ({ description, type: 'string' as const });

/** `GET /venues` (TEC `Archive_Venue::READ_args`). */
export class ListVenuesArgs extends LinkedPostArchiveArgs {
  @Arg(linkedPostStatusFilter('venue', VENUE_CAPS)) status?: string[];
}

export class VenueIdArgs {
  @Arg(idArg(LOOKUPS.venueId, 'The venue post ID.')) id: number;
}

export class GetVenueArgs extends VenueIdArgs {
  @Arg(PASSWORD_ARG) password?: string;
}

export class VenueSlugArgs {
  @Arg(slugArg(LOOKUPS.venueSlug, 'The venue post slug.')) slug: string;
}

export class GetVenueBySlugArgs extends VenueSlugArgs {
  @Arg(PASSWORD_ARG) password?: string;
}

/** Fields of `POST /venues` except the name (TEC `Single_Venue::CREATE_args`). */
class VenueFieldsArgs extends LinkedPostAuthorshipArgs {
  @Arg(text('The venue description.')) description?: string;
  @Arg({ description: 'The venue post status.', type: 'string', enum: [...WRITABLE_STATUSES] })
  status?: string;
  @Arg({
    description: 'Show a map of the venue (truthy string).',
    // A string in TEC's arguments: a JSON boolean is 400 rest_invalid_type.
    type: 'string',
    sanitize: FLAG_SANITIZE,
  })
  show_map?: boolean;
  @Arg({
    description: 'Show a map link (truthy string).',
    // A string in TEC's arguments: a JSON boolean is 400 rest_invalid_type.
    type: 'string',
    sanitize: FLAG_SANITIZE,
  })
  show_map_link?: boolean;
  @Arg(text('The venue address.')) address?: string;
  @Arg(text('The venue city.')) city?: string;
  @Arg(text('The venue country.')) country?: string;
  @Arg(text('The venue province.')) province?: string;
  @Arg(text('The venue state.')) state?: string;
  @Arg(text('The venue ZIP code.')) zip?: string;
  @Arg(text('The venue phone number.')) phone?: string;
  @Arg(text('The venue state or province.')) stateprovince?: string;
  @Arg({ description: 'The venue website.', type: 'string', validate: URL_OR_EMPTY }) website?: string;
  @Arg({ description: 'Latitude of the venue.', type: 'number', minimum: -90, maximum: 90 }) geo_lat?: number;
  @Arg({ description: 'Longitude of the venue.', type: 'number', minimum: -180, maximum: 180 })
  geo_lng?: number;
  @Arg(IMAGE_ARG) image?: number | string | null;
}

export class CreateVenueArgs extends VenueFieldsArgs {
  @Arg(nonEmptyString('The venue name.', true)) venue: string;

  @Arg(TRANSLATION_OF_ARG)
  translation_of?: number;
}

export class UpdateVenueArgs extends VenueFieldsArgs {
  @Arg(idArg(LOOKUPS.venueId, 'The venue post ID.')) id: number;
  @Arg(nonEmptyString('The venue name.')) venue?: string;
}

export class UpdateVenueBySlugArgs extends VenueFieldsArgs {
  @Arg(slugArg(LOOKUPS.venueSlug, 'The venue post slug.')) slug: string;
  @Arg(nonEmptyString('The venue name.')) venue?: string;
}
