import { IsIn, IsOptional, IsString } from 'class-validator';
import { TRANSLATION_OF_ARG } from '../../../ml';
import { Arg, ArgsKeywordOrder } from '../../../../platform/rest';
import { ORGANIZER_CAPS } from '../../../../platform/auth';
import {
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

/** `GET /organizers` (TEC `Archive_Organizer::READ_args`). */
export class ListOrganizersArgs extends LinkedPostArchiveArgs {
  @LinkedPostStatusFilter('organizer', ORGANIZER_CAPS) status?: string[];
}

@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class OrganizerIdArgs {
  @IdCapture(LOOKUPS.organizerId, 'The organizer post ID.') id: number;
}

export class GetOrganizerArgs extends OrganizerIdArgs {
  @PasswordArg() password?: string;
}

@ArgsKeywordOrder(TEC_KEYWORD_ORDER)
export class OrganizerSlugArgs {
  @SlugCapture(LOOKUPS.organizerSlug, 'The organizer post slug.') slug: string;
}

export class GetOrganizerBySlugArgs extends OrganizerSlugArgs {
  @PasswordArg() password?: string;
}

/** Fields of `POST /organizers` except the name (TEC `Single_Organizer::CREATE_args`). */
class OrganizerFieldsArgs extends LinkedPostAuthorshipArgs {
  @OptionalText('The organizer description.') description?: string;

  @IsOptional()
  @IsString()
  @IsIn([...WRITABLE_STATUSES])
  @Arg({ description: 'The organizer post status.' })
  status?: string;

  @OptionalText('The organizer phone number.') phone?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'The organizer website.', validate: URL_OR_EMPTY })
  website?: string;

  @OptionalText('The organizer e-mail address.') email?: string;
  @ImageArg() image?: number | string | null;
}

export class CreateOrganizerArgs extends OrganizerFieldsArgs {
  @NonEmptyString('The organizer name.', true) organizer: string;

  @Arg(TRANSLATION_OF_ARG)
  translation_of?: number;
}

export class UpdateOrganizerArgs extends OrganizerFieldsArgs {
  @IdCapture(LOOKUPS.organizerId, 'The organizer post ID.') id: number;
  @NonEmptyString('The organizer name.') organizer?: string;
}

export class UpdateOrganizerBySlugArgs extends OrganizerFieldsArgs {
  @SlugCapture(LOOKUPS.organizerSlug, 'The organizer post slug.') slug: string;
  @NonEmptyString('The organizer name.') organizer?: string;
}
