import {
  Allow,
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  MinLength,
} from 'class-validator';
import { Arg, CommonArgs, KeywordOrder, sanitizeTextField } from '../../../rest';
import { isValidLogin, UserErrors } from '../users.service';

/** The users controller lists `order` and `orderby` as default, description, enum, type. */
const USERS_LIST_ORDER = ['default', 'description', 'enum', 'type'];

export class UserContextArgs {
  @CommonArgs.context()
  context: 'view' | 'embed' | 'edit';
}

export class UserIdArgs extends UserContextArgs {
  @IsOptional()
  @IsInt()
  @Arg({ description: 'Unique identifier for the user.' })
  id: number;
}

export class ListUsersArgs extends UserContextArgs {
  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage()
  per_page: number;

  @CommonArgs.search()
  search?: string;

  @CommonArgs.exclude()
  exclude: number[];

  @CommonArgs.include()
  include: number[];

  @CommonArgs.offset()
  offset?: number;

  @CommonArgs.order('asc', USERS_LIST_ORDER)
  order: 'asc' | 'desc';

  @IsOptional()
  @IsString()
  @IsIn(['id', 'include', 'name', 'registered_date', 'slug', 'include_slugs', 'email', 'url'])
  @Arg({ description: 'Sort collection by user attribute.', default: 'name' }, { order: USERS_LIST_ORDER })
  orderby: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Arg({ description: 'Limit result set to users with one or more specific slugs.' })
  slug?: string[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Arg({ description: 'Limit result set to users matching at least one specific role provided.' })
  roles?: string[];

  @IsOptional()
  @IsString()
  @IsIn(['authors'])
  @Arg({ description: 'Limit result set to users who are considered authors.' })
  who?: 'authors';

  // WordPress's multi-type (a flag or a list of post types): class-validator has no word for it
  @Allow()
  @Arg({
    description: 'Limit result set to users who have published posts.',
    type: ['boolean', 'array'],
    items: { type: 'string' },
  })
  has_published_posts?: boolean | string[];
}

class UserWritableArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: 'Display name for the user.', sanitize: (v) => sanitizeTextField(String(v)) })
  name?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'First name for the user.', sanitize: (v) => sanitizeTextField(String(v)) })
  first_name?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Last name for the user.', sanitize: (v) => sanitizeTextField(String(v)) })
  last_name?: string;

  @IsOptional()
  @IsUrl()
  @Arg({ description: 'URL of the user.' })
  url?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Description of the user.' })
  description?: string;

  @IsOptional()
  @IsString()
  @IsIn(['', 'en_US', 'nb_NO'])
  @Arg({ description: 'Locale for the user.' })
  locale?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'The nickname for the user.', sanitize: (v) => sanitizeTextField(String(v)) })
  nickname?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'An alphanumeric identifier for the user.' })
  slug?: string;

  // No enum, as WordPress: an unknown role is answered by check_role_update (400 rest_user_invalid_role).
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Arg({ description: 'Roles assigned to the user.' })
  roles?: string[];
}

export class CreateUserArgs extends UserWritableArgs {
  @IsDefined()
  @IsString()
  @Arg({
    description: 'Login name for the user.',
    // WordPress's check_username: an illegal login is a rest_invalid_param with this inner error.
    validate: (value) => (isValidLogin(String(value)) ? true : UserErrors.invalidUsername()),
  })
  username: string;

  @IsDefined()
  @IsEmail()
  @Arg({ description: 'The email address for the user.' })
  email: string;

  @IsDefined()
  @IsString()
  @MinLength(1)
  @Arg({ description: 'Password for the user (never included).' })
  password: string;
}

export class UpdateUserArgs extends UserWritableArgs {
  @IsOptional()
  @IsInt()
  @Arg({ description: 'Unique identifier for the user.' })
  id?: number;

  @IsOptional()
  @IsString()
  @Arg({ description: 'Login name for the user.' })
  username?: string;

  @IsOptional()
  @IsEmail()
  @Arg({ description: 'The email address for the user.' })
  email?: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @Arg({ description: 'Password for the user (never included).' })
  password?: string;
}

export class DeleteUserArgs {
  @IsOptional()
  @IsInt()
  @Arg({ description: 'Unique identifier for the user.' })
  id?: number;

  @IsOptional()
  @IsBoolean()
  @Arg(
    { description: 'Required to be true, as users do not support trashing.', default: false },
    { order: KeywordOrder.typeFirst },
  )
  force: boolean;

  // WordPress's multi-type (a user id, or false for none)
  @IsDefined()
  @Arg(
    {
      description: "Reassign the deleted user's posts and links to this user ID.",
      type: ['integer', 'boolean'],
    },
    { order: KeywordOrder.typeFirst },
  )
  reassign: number | boolean;
}
