import { ROLE_CAPABILITIES, Role, isRole } from '../../../platform/auth';
import type { RestUser } from '../../../platform/rest';

/**
 * Who an import writes as: the user who queued it, with their role's capabilities, except that imported
 * text is always sanitised (remote content never counts as trusted `unfiltered_html`). Without a known user
 * (ID 0, or deleted since), an editor's capabilities.
 */
export class ImportActor implements RestUser {
  readonly roles: readonly string[];

  constructor(
    readonly id: number,
    readonly login: string,
    private readonly role: Role,
  ) {
    this.roles = [role];
  }

  static of(user: { id: number; login: string; role: string } | undefined): ImportActor {
    if (user && isRole(user.role)) return new ImportActor(user.id, user.login, user.role);
    return new ImportActor(0, 'import', 'editor');
  }

  can(capability: string): boolean {
    if (capability === 'unfiltered_html') return false;
    return ROLE_CAPABILITIES[this.role].has(capability);
  }
}
