import { Arg } from '../../../rest';
import { ORGANIZER_CAPS } from '../../../auth';
import { PAGE_ARG, PER_PAGE_ARG } from '../../shared/archive';
import {
  AUTHOR_ARG,
  DATE_DESCRIPTION,
  DATE_UTC_DESCRIPTION,
  EVENT_FILTER_ARG,
  HAS_EVENTS_ARG,
  idArg,
  IMAGE_ARG,
  LOOKUPS,
  nonEmptyString,
  ONLY_WITH_UPCOMING_ARG,
  PASSWORD_ARG,
  SEARCH_ARG,
  slugArg,
  URL_OR_EMPTY,
} from '../../shared/linked-post-args';
import { archiveStatusValidator, parseStatusList, WRITABLE_STATUSES } from '../../shared/post-status';
import { strtotimeValidator } from '../../shared/post-dates';

/** `GET /organizers` (TEC `Archive_Organizer::READ_args`). */
export class ListOrganizersArgs {
  @Arg(PAGE_ARG) page: number;
  @Arg(PER_PAGE_ARG) per_page: number;
  @Arg(SEARCH_ARG) search?: string;
  @Arg(EVENT_FILTER_ARG) event?: number;
  @Arg(HAS_EVENTS_ARG) has_events?: unknown;
  @Arg(ONLY_WITH_UPCOMING_ARG) only_with_upcoming?: unknown;
  @Arg({
    description: 'The organizer post status (CSV or array); non-public statuses need edit rights.',
    type: ['string', 'array'],
    items: { type: 'string' },
    validate: archiveStatusValidator(ORGANIZER_CAPS),
    sanitize: parseStatusList,
  })
  status?: string[];
}

export class OrganizerIdArgs {
  @Arg(idArg(LOOKUPS.organizerId, 'The organizer post ID.')) id: number;
}

export class GetOrganizerArgs extends OrganizerIdArgs {
  @Arg(PASSWORD_ARG) password?: string;
}

export class OrganizerSlugArgs {
  @Arg(slugArg(LOOKUPS.organizerSlug, 'The organizer post slug.')) slug: string;
}

export class GetOrganizerBySlugArgs extends OrganizerSlugArgs {
  @Arg(PASSWORD_ARG) password?: string;
}

/** Fields of `POST /organizers` except the name (TEC `Single_Organizer::CREATE_args`). */
class OrganizerFieldsArgs {
  @Arg(AUTHOR_ARG) author?: number;
  @Arg({ description: DATE_DESCRIPTION, type: 'string', validate: strtotimeValidator }) date?: string;
  @Arg({ description: DATE_UTC_DESCRIPTION, type: 'string', validate: strtotimeValidator }) date_utc?: string;
  @Arg({ description: 'The organizer description.', type: 'string' }) description?: string;
  @Arg({ description: 'The organizer post status.', type: 'string', enum: [...WRITABLE_STATUSES] })
  status?: string;
  @Arg({ description: 'The organizer phone number.', type: 'string' }) phone?: string;
  @Arg({ description: 'The organizer website.', type: 'string', validate: URL_OR_EMPTY }) website?: string;
  @Arg({ description: 'The organizer e-mail address.', type: 'string' }) email?: string;
  @Arg(IMAGE_ARG) image?: number | string | null;
}

export class CreateOrganizerArgs extends OrganizerFieldsArgs {
  @Arg(nonEmptyString('The organizer name.', true)) organizer: string;
}

export class UpdateOrganizerArgs extends OrganizerFieldsArgs {
  @Arg(idArg(LOOKUPS.organizerId, 'The organizer post ID.')) id: number;
  @Arg(nonEmptyString('The organizer name.')) organizer?: string;
}

export class UpdateOrganizerBySlugArgs extends OrganizerFieldsArgs {
  @Arg(slugArg(LOOKUPS.organizerSlug, 'The organizer post slug.')) slug: string;
  @Arg(nonEmptyString('The organizer name.')) organizer?: string;
}
