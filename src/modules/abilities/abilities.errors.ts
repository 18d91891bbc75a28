import { forbidden, RestError } from '../../platform/rest';

/** WordPress 6.9's Abilities API errors. */
export const AbilitiesErrors = {
  notFound: () => new RestError('rest_ability_not_found', 'Ability not found.', 404),
  categoryNotFound: () =>
    new RestError('rest_ability_category_not_found', 'Ability category not found.', 404),
  cannotExecute: (loggedIn: boolean) =>
    forbidden('rest_ability_cannot_execute', 'Sorry, you are not allowed to execute this ability.', loggedIn),
  readOnlyNeedsGet: () =>
    new RestError('rest_ability_invalid_method', 'Read-only abilities require GET method.', 405),
  updateNeedsPost: () =>
    new RestError('rest_ability_invalid_method', 'Abilities that perform updates require POST method.', 405),
  invalidInput: (name: string, reason: string) =>
    new RestError('ability_invalid_input', `Ability "${name}" has invalid input. Reason: ${reason}`, 400),
};
