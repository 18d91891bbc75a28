import { forbidden, RestError } from '../../../platform/rest';

/** WordPress's errors of the types, taxonomies and statuses controllers. */
export const ObjectTypesErrors = {
  typeInvalid: () => new RestError('rest_type_invalid', 'Invalid post type.', 404),
  cannotViewTypes: (loggedIn: boolean) =>
    forbidden('rest_cannot_view', 'Sorry, you are not allowed to edit posts in this post type.', loggedIn),
  typeForbiddenContext: (loggedIn: boolean) =>
    forbidden(
      'rest_forbidden_context',
      'Sorry, you are not allowed to edit posts in this post type.',
      loggedIn,
    ),
  taxonomyInvalid: () => new RestError('rest_taxonomy_invalid', 'Invalid taxonomy.', 404),
  cannotViewTaxonomies: (loggedIn: boolean) =>
    forbidden('rest_cannot_view', 'Sorry, you are not allowed to manage terms in this taxonomy.', loggedIn),
  taxonomyForbiddenContext: (loggedIn: boolean) =>
    forbidden(
      'rest_forbidden_context',
      'Sorry, you are not allowed to manage terms in this taxonomy.',
      loggedIn,
    ),
  statusInvalid: () => new RestError('rest_status_invalid', 'Invalid status.', 404),
  cannotViewStatuses: (loggedIn: boolean) =>
    forbidden('rest_cannot_view', 'Sorry, you are not allowed to manage post statuses.', loggedIn),
  cannotReadStatus: (loggedIn: boolean) =>
    forbidden('rest_cannot_read_status', 'Cannot view status.', loggedIn),
};
