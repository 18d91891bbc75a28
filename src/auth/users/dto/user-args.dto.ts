import { Arg, sanitizeTextField, CommonArgs } from '../../../rest';
import { ROLES } from '../../capabilities';
import { isValidLogin, UserErrors } from '../users.service';

export class UserContextArgs {
  @CommonArgs.context()
  context: 'view' | 'embed' | 'edit';
}

export class UserIdArgs extends UserContextArgs {
  @Arg({ description: 'Unique identifier for the user.', type: 'integer' })
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

  @CommonArgs.order('asc')
  order: 'asc' | 'desc';

  @Arg({
    description: 'Sort collection by user attribute.',
    type: 'string',
    default: 'name',
    enum: ['id', 'include', 'name', 'registered_date', 'slug', 'include_slugs', 'email', 'url'],
  })
  orderby: string;

  @Arg({
    description: 'Limit result set to users with one or more specific slugs.',
    type: 'array',
    items: { type: 'string' },
  })
  slug?: string[];

  @Arg({
    description: 'Limit result set to users matching at least one specific role provided.',
    type: 'array',
    items: { type: 'string' },
  })
  roles?: string[];

  @Arg({
    description: 'Limit result set to users who are considered authors.',
    type: 'string',
    enum: ['authors'],
  })
  who?: 'authors';

  @Arg({
    description: 'Limit result set to users who have published posts.',
    type: ['boolean', 'array'],
    items: { type: 'string' },
  })
  has_published_posts?: boolean | string[];
}

class UserWritableArgs {
  @Arg({
    description: 'Display name for the user.',
    type: 'string',
    sanitize: (v) => sanitizeTextField(String(v)),
  })
  name?: string;

  @Arg({
    description: 'First name for the user.',
    type: 'string',
    sanitize: (v) => sanitizeTextField(String(v)),
  })
  first_name?: string;

  @Arg({
    description: 'Last name for the user.',
    type: 'string',
    sanitize: (v) => sanitizeTextField(String(v)),
  })
  last_name?: string;

  @Arg({ description: 'URL of the user.', type: 'string', format: 'uri' })
  url?: string;

  @Arg({ description: 'Description of the user.', type: 'string' })
  description?: string;

  @Arg({ description: 'Locale for the user.', type: 'string', enum: ['', 'en_US', 'nb_NO'] })
  locale?: string;

  @Arg({
    description: 'The nickname for the user.',
    type: 'string',
    sanitize: (v) => sanitizeTextField(String(v)),
  })
  nickname?: string;

  @Arg({ description: 'An alphanumeric identifier for the user.', type: 'string' })
  slug?: string;

  @Arg({
    description: 'Roles assigned to the user.',
    type: 'array',
    items: { type: 'string', enum: [...ROLES] },
  })
  roles?: string[];
}

export class CreateUserArgs extends UserWritableArgs {
  @Arg({
    description: 'Login name for the user.',
    type: 'string',
    required: true,
    // WordPress's check_username: an illegal login is a rest_invalid_param with this inner error.
    validate: (value) => (isValidLogin(String(value)) ? true : UserErrors.invalidUsername()),
  })
  username: string;

  @Arg({ description: 'The email address for the user.', type: 'string', format: 'email', required: true })
  email: string;

  @Arg({
    description: 'Password for the user (never included).',
    type: 'string',
    required: true,
    minLength: 1,
  })
  password: string;
}

export class UpdateUserArgs extends UserWritableArgs {
  @Arg({ description: 'Unique identifier for the user.', type: 'integer' })
  id?: number;

  @Arg({ description: 'Login name for the user.', type: 'string' })
  username?: string;

  @Arg({ description: 'The email address for the user.', type: 'string', format: 'email' })
  email?: string;

  @Arg({ description: 'Password for the user (never included).', type: 'string', minLength: 1 })
  password?: string;
}

export class DeleteUserArgs {
  @Arg({ description: 'Unique identifier for the user.', type: 'integer' })
  id?: number;

  @Arg({
    description: 'Required to be true, as users do not support trashing.',
    type: 'boolean',
    default: false,
  })
  force: boolean;

  @Arg({
    description: "Reassign the deleted user's posts and links to this user ID.",
    type: ['integer', 'boolean'],
    required: true,
  })
  reassign: number | boolean;
}
