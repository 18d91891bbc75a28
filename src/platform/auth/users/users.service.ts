import { Injectable } from '@nestjs/common';
import { pickUniqueSlug, slugify, slugSearchPrefix, truncateSlug } from '../../common/slug';
import { claimUniqueSlug, nowUtc, Transactions, violatesUnique } from '../../database';
import { forbidden, RestError, RestUser } from '../../rest';
import { isRole, Role, ROLE_CAPABILITIES } from '../capabilities';
import { hashUserPassword } from '../passwords';
import { AuthoredContentRegistry } from './user-content.hooks';
import { UserEntity } from './user.entity';
import { UserListQuery, UsersRepository } from './users.repository';

export interface NewUser {
  username: string;
  email: string;
  password: string;
  role?: Role;
  name?: string;
  firstName?: string;
  lastName?: string;
  nickname?: string;
  url?: string;
  description?: string;
  locale?: string;
  slug?: string;
}

export type UserChanges = Partial<Omit<NewUser, 'username'>> & { username?: string };

/** `user_nicename` is 50 characters. */
const USER_SLUG_OPTIONS = { maxLength: 50 };

export const UserErrors = {
  invalidId: () => new RestError('rest_user_invalid_id', 'Invalid user ID.', 404),
  notLoggedIn: () => new RestError('rest_not_logged_in', 'You are not currently logged in.', 401),
  // WordPress answers these wp_insert_user errors 500 with `data: null`; bad input is a 400 here (docs/api/core.md)
  existingLogin: () => new RestError('existing_user_login', 'Sorry, that username already exists!', 400),
  existingEmail: () =>
    new RestError('existing_user_email', 'Sorry, that email address is already used!', 400),
  invalidUsername: () =>
    new RestError(
      'rest_user_invalid_username',
      'This username is invalid because it uses illegal characters. Please enter a valid username.',
      400,
    ),
  usernameNotEditable: () => new RestError('rest_user_invalid_argument', 'Username is not editable.', 400),
  invalidEmail: () => new RestError('rest_user_invalid_email', 'Invalid email address.', 400),
  invalidSlug: () => new RestError('rest_user_invalid_slug', 'Invalid slug.', 400),
  unknownRole: (role: string) =>
    new RestError('rest_user_invalid_role', `The role ${role} does not exist.`, 400),
  invalidRole: (loggedIn: boolean) =>
    forbidden('rest_user_invalid_role', 'Sorry, you are not allowed to give users that role.', loggedIn),
  invalidReassign: () =>
    new RestError('rest_user_invalid_reassign', 'Invalid user ID for reassignment.', 400),
  trashNotSupported: () =>
    new RestError(
      'rest_trash_not_supported',
      "Users do not support trashing. Set 'force=true' to delete.",
      501,
    ),
};

const VALID_LOGIN = /^[A-Za-z0-9 _.\-@]+$/;

/** WordPress's validate_username: only letters, digits, space, `_ . - @`, not empty. */
export function isValidLogin(login: string): boolean {
  return login.trim() !== '' && VALID_LOGIN.test(login);
}

/** Users as WordPress keeps them: unique login, e-mail and slug, one role, hashed password. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly content: AuthoredContentRegistry,
    private readonly transactions: Transactions,
  ) {}

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findById(id);
  }

  findByIds(ids: number[]): Promise<UserEntity[]> {
    return this.users.findByIds(ids);
  }

  async getOrFail(id: number): Promise<UserEntity> {
    const user = id > 0 ? await this.users.findById(id) : null;
    if (!user) throw UserErrors.invalidId();
    return user;
  }

  /** The login or e-mail used for HTTP Basic. */
  async findByLoginOrEmail(identifier: string): Promise<{ user: UserEntity | null; byEmail: boolean }> {
    const byLogin = await this.users.findByLogin(identifier);
    if (byLogin || !identifier.includes('@')) return { user: byLogin, byEmail: false };
    return { user: await this.users.findByEmail(identifier), byEmail: true };
  }

  count(): Promise<number> {
    return this.users.count();
  }

  list(query: UserListQuery): Promise<{ items: UserEntity[]; total: number }> {
    return this.users.list(query);
  }

  /** Who unattended work (an import without an author) is written as: the first administrator, 0 when none. */
  async firstAdministratorId(): Promise<number> {
    const { items } = await this.users.list({
      page: 1,
      perPage: 1,
      include: [],
      exclude: [],
      slugs: [],
      roles: ['administrator'],
      order: 'asc',
      orderby: 'id',
    });
    return items[0]?.id ?? 0;
  }

  publishedAuthorIds(userIds?: number[]): Promise<number[]> {
    return this.content.publishedAuthorIds(userIds);
  }

  async create(input: NewUser): Promise<UserEntity> {
    const username = input.username.trim();
    if (!isValidLogin(username) || username.length > 60) throw UserErrors.invalidUsername();
    if (await this.users.findByLogin(username)) throw UserErrors.existingLogin();
    if (await this.users.findByEmail(input.email)) throw UserErrors.existingEmail();
    const user = new UserEntity();
    user.login = username;
    user.email = input.email;
    user.role = input.role ?? 'subscriber';
    user.passwordHash = await hashUserPassword(input.password);
    user.registeredAt = nowUtc();
    user.displayName = input.name ?? username;
    user.firstName = input.firstName ?? '';
    user.lastName = input.lastName ?? '';
    user.nickname = input.nickname ?? username;
    user.url = input.url ?? '';
    user.description = input.description ?? '';
    user.locale = input.locale ?? '';
    // The unique indexes decide between parallel creates: same login or e-mail → the WordPress error.
    const desired = truncateSlug(slugify(input.slug || username) || 'user', USER_SLUG_OPTIONS.maxLength);
    return claimUniqueSlug({
      desired,
      taken: () => this.users.slugsLike(slugSearchPrefix(desired, USER_SLUG_OPTIONS)),
      write: async (slug) => {
        user.slug = slug;
        try {
          return await this.users.save(user);
        } catch (error) {
          if (violatesUnique(error, 'uq_users_login', 'login')) throw UserErrors.existingLogin();
          if (violatesUnique(error, 'uq_users_email', 'email')) throw UserErrors.existingEmail();
          throw error;
        }
      },
      isCollision: (error) => violatesUnique(error, 'uq_users_slug', 'slug'),
      options: USER_SLUG_OPTIONS,
    });
  }

  /** WordPress's update_item checks, in its order: e-mail owner, username, slug owner. */
  async update(user: UserEntity, changes: UserChanges): Promise<UserEntity> {
    if (changes.email !== undefined) {
      const owner = await this.users.findByEmail(changes.email);
      if (owner && owner.id !== user.id) throw UserErrors.invalidEmail();
    }
    if (changes.username && changes.username !== user.login) throw UserErrors.usernameNotEditable();
    if (changes.slug && changes.slug !== user.slug && (await this.users.findBySlug(changes.slug))) {
      throw UserErrors.invalidSlug();
    }
    if (changes.email !== undefined) user.email = changes.email;
    if (changes.slug && changes.slug !== user.slug) {
      const desired = truncateSlug(slugify(changes.slug) || 'user', USER_SLUG_OPTIONS.maxLength);
      user.slug = pickUniqueSlug(
        desired,
        await this.users.slugsLike(slugSearchPrefix(desired, USER_SLUG_OPTIONS)),
        USER_SLUG_OPTIONS,
      );
    }
    if (changes.password !== undefined) user.passwordHash = await hashUserPassword(changes.password);
    if (changes.role !== undefined) user.role = changes.role;
    if (changes.name !== undefined) user.displayName = changes.name;
    if (changes.firstName !== undefined) user.firstName = changes.firstName;
    if (changes.lastName !== undefined) user.lastName = changes.lastName;
    if (changes.nickname !== undefined) user.nickname = changes.nickname;
    if (changes.url !== undefined) user.url = changes.url;
    if (changes.description !== undefined) user.description = changes.description;
    if (changes.locale !== undefined) user.locale = changes.locale;
    try {
      return await this.users.save(user);
    } catch (error) {
      if (violatesUnique(error, 'uq_users_email', 'email')) throw UserErrors.invalidEmail();
      if (violatesUnique(error, 'uq_users_slug', 'slug')) throw UserErrors.invalidSlug();
      throw error;
    }
  }

  /** Deletes the user and, in the same transaction, reassigns (or deletes) their content. */
  async delete(user: UserEntity, reassignTo: number | null): Promise<void> {
    if (reassignTo !== null && (reassignTo === user.id || !(await this.users.findById(reassignTo)))) {
      throw UserErrors.invalidReassign();
    }
    await this.transactions.run(async (manager) => {
      await this.content.reassignAuthor(user.id, reassignTo, manager);
      await this.users.delete(user.id, manager);
    });
  }

  /**
   * The role asked for, as WordPress's check_role_update: only for those who may promote users, and never a
   * role without `edit_users` for oneself (an administrator demoting themselves could lock the site out).
   */
  roleFrom(roles: string[] | undefined, actor: RestUser | null, targetUserId?: number): Role | undefined {
    if (!roles || roles.length === 0) return undefined;
    const role = roles[0];
    // check_role_update: an unknown role is 400 before the permission to give it is looked at.
    if (!isRole(role)) throw UserErrors.unknownRole(role);
    if (!actor?.can('promote_users')) throw UserErrors.invalidRole(actor !== null);
    if (targetUserId === actor.id && !ROLE_CAPABILITIES[role].has('edit_users')) {
      throw UserErrors.invalidRole(true);
    }
    return role;
  }
}
