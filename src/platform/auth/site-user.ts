import type { RestUser } from '../rest';
import { isRole, ROLE_CAPABILITIES } from './capabilities';
import type { UserEntity } from './users/user.entity';

/** The logged-in user as services see it. */
export class SiteUser implements RestUser {
  readonly roles: readonly string[];

  constructor(
    readonly entity: UserEntity,
    /** The application password that authenticated this request, for `introspect`. */
    readonly applicationPasswordUuid?: string,
  ) {
    this.roles = [entity.role];
  }

  get id(): number {
    return this.entity.id;
  }

  get login(): string {
    return this.entity.login;
  }

  can(capability: string): boolean {
    return isRole(this.entity.role) && ROLE_CAPABILITIES[this.entity.role].has(capability);
  }
}
