import { forbidden, RestError } from '../../../../platform/rest';

/** WordPress's errors of the block types controller. */
export const BlockTypesErrors = {
  cannotView: (loggedIn: boolean) =>
    forbidden('rest_block_type_cannot_view', 'Sorry, you are not allowed to manage block types.', loggedIn),
  invalid: () => new RestError('rest_block_type_invalid', 'Invalid block type.', 404),
};
