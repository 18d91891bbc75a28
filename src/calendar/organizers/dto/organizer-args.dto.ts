import { TRANSLATION_OF_ARG } from '../../../translation';
import { Arg } from '../../../rest';
import { ORGANIZER_CAPS } from '../../../auth';
import {
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

/** `GET /organizers` (TEC `Archive_Organizer::READ_args`). */
export class ListOrganizersArgs extends LinkedPostArchiveArgs {
  @Arg(linkedPostStatusFilter('organizer', ORGANIZER_CAPS)) status?: string[];
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
class OrganizerFieldsArgs extends LinkedPostAuthorshipArgs {
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

  @Arg(TRANSLATION_OF_ARG)
  translation_of?: number;
}

export class UpdateOrganizerArgs extends OrganizerFieldsArgs {
  @Arg(idArg(LOOKUPS.organizerId, 'The organizer post ID.')) id: number;
  @Arg(nonEmptyString('The organizer name.')) organizer?: string;
}

export class UpdateOrganizerBySlugArgs extends OrganizerFieldsArgs {
  @Arg(slugArg(LOOKUPS.organizerSlug, 'The organizer post slug.')) slug: string;
  @Arg(nonEmptyString('The organizer name.')) organizer?: string;
}
