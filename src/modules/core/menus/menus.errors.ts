import { forbidden, RestError } from '../../../platform/rest';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** WordPress's errors of the menus and menu locations controllers. */
export const MenusErrors = {
  cannotView: (loggedIn: boolean) =>
    forbidden('rest_cannot_view', 'Sorry, you are not allowed to view menus.', loggedIn),
  forbiddenContext: (loggedIn: boolean) =>
    forbidden(
      'rest_forbidden_context',
      'Sorry, you are not allowed to edit terms in this taxonomy.',
      loggedIn,
    ),
  cannotCreate: (loggedIn: boolean) =>
    forbidden('rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.', loggedIn),
  cannotUpdate: (loggedIn: boolean) =>
    forbidden('rest_cannot_update', 'Sorry, you are not allowed to edit this term.', loggedIn),
  cannotDelete: (loggedIn: boolean) =>
    forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete this term.', loggedIn),
  notFound: () => new RestError('rest_term_invalid', 'Term does not exist.', 404),
  trashNotSupported: () =>
    new RestError(
      'rest_trash_not_supported',
      "Menus do not support trashing. Set 'force=true' to delete.",
      501,
    ),
  exists: (name: string, existingId: number) =>
    new RestError(
      'menu_exists',
      `The menu name <strong>${escapeHtml(name)}</strong> conflicts with another menu name. Please try another.`,
      400,
      { term_id: existingId },
    ),
  cannotViewLocations: (loggedIn: boolean) =>
    forbidden('rest_cannot_view', 'Sorry, you are not allowed to view menu locations.', loggedIn),
  locationInvalid: () => new RestError('rest_menu_location_invalid', 'Invalid menu location.', 404),
};
