import { forbidden, RestError } from '../../platform/rest';

/** WordPress's errors of the URL details controller. */
export const BlockEditorErrors = {
  cannotViewUrlDetails: (loggedIn: boolean) =>
    forbidden('rest_cannot_view_url_details', 'Sorry, you are not allowed to process remote URLs.', loggedIn),
  noResponse: () =>
    new RestError('no_response', 'URL not found. Response returned a non-200 status code for this URL.', 404),
  noContent: () => new RestError('no_content', 'Unable to retrieve body from response at this URL.', 404),
};
