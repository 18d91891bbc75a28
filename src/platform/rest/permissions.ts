import type { PermissionCheck } from './routing/rest-route.decorator';
import { forbidden } from './errors';

/** Permission rules shared by routes. */
export const Permissions = {
  /** Anyone, logged in or not. */
  public: (() => true) as PermissionCheck,
  /** Any logged-in user. */
  loggedIn: ((call) => call.user !== null) as PermissionCheck,
  /** A user with `capability`; otherwise `code`/`message` with 401 or 403. */
  capability(
    capability: string,
    code = 'rest_forbidden',
    message = 'Sorry, you are not allowed to do that.',
  ): PermissionCheck {
    return (call) => (call.user?.can(capability) ? true : forbidden(code, message, call.user !== null));
  },
};
