import type { PermissionCheck } from './routing/rest-route.decorator';
import { forbidden } from './errors';

/** What the OpenAPI document says of each shared rule (`x-permission`). */
const DESCRIPTIONS = new WeakMap<PermissionCheck, string>();

function described(rule: PermissionCheck, description: string): PermissionCheck {
  DESCRIPTIONS.set(rule, description);
  return rule;
}

/** `public`, `logged in`, `capability <name>`, or `route rule` for a route's own check. */
export function describePermission(rule: PermissionCheck | undefined): string {
  return (rule && DESCRIPTIONS.get(rule)) ?? 'route rule';
}

/** Permission rules shared by routes. */
export const Permissions = {
  /** Anyone, logged in or not. */
  public: described(() => true, 'public'),
  /** Any logged-in user. */
  loggedIn: described((call) => call.user !== null, 'logged in'),
  /** A user with `capability`; otherwise `code`/`message` with 401 or 403. */
  capability(
    capability: string,
    code = 'rest_forbidden',
    message = 'Sorry, you are not allowed to do that.',
  ): PermissionCheck {
    return described(
      (call) => (call.user?.can(capability) ? true : forbidden(code, message, call.user !== null)),
      `capability ${capability}`,
    );
  },
};
