import { IsDefined, IsIn, IsOptional, IsString, IsUUID, Matches, MinLength } from 'class-validator';
import { Arg } from '../../../rest';

/** Arguments of the application-password routes (WordPress's WP_REST_Application_Passwords_Controller). */
export class UserRefArgs {
  // a URL capture: always there, and not `required` in WordPress's index
  @IsString()
  @Matches(/^(?:\d+|me)$/)
  @Arg({ description: 'The user whose application passwords these are, or "me".' })
  user_id: string;
}

/** Reads take `context`; writes answer in `edit` context, as WordPress forces it (so `password` is shown once). */
export class ReadArgs extends UserRefArgs {
  @IsOptional()
  @IsString()
  @IsIn(['view', 'embed', 'edit'])
  @Arg({ description: 'Scope under which the request is made.', default: 'view' })
  context: string;
}

export class ItemArgs extends ReadArgs {
  @IsString()
  @Arg({ description: 'Unique identifier for the application password.' })
  uuid: string;
}

export class ItemRefArgs extends UserRefArgs {
  @IsString()
  @Arg({ description: 'Unique identifier for the application password.' })
  uuid: string;
}

export class CreateArgs extends UserRefArgs {
  @IsOptional()
  @IsUUID()
  @Arg({ description: 'A UUID provided by the application to uniquely identify it.' })
  app_id?: string;

  @IsDefined()
  @IsString()
  @MinLength(1)
  @Matches(/.*\S.*/)
  @Arg({ description: 'The name of the application password.' })
  name: string;
}

export class UpdateArgs extends ItemRefArgs {
  @IsOptional()
  @IsString()
  @MinLength(1)
  @Matches(/.*\S.*/)
  @Arg({ description: 'The name of the application password.' })
  name?: string;
}
