import { forbidden, RestError } from '../../../platform/rest';

/** WordPress's errors of the themes controller. */
export const ThemesErrors = {
  cannotViewThemes: (loggedIn: boolean) =>
    forbidden('rest_cannot_view_themes', 'Sorry, you are not allowed to view themes.', loggedIn),
  cannotViewActiveTheme: (loggedIn: boolean) =>
    forbidden(
      'rest_cannot_view_active_theme',
      'Sorry, you are not allowed to view the active theme.',
      loggedIn,
    ),
  notFound: () => new RestError('rest_theme_not_found', 'Theme not found.', 404),
};
