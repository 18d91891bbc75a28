import { RestError } from '../../platform/rest';

/** Errors of the page builder's routes (`bld`, `bld/social`): WordPress-shaped, codes of our own. */
export const PageBuilderErrors = {
  socialNotConfigured: () =>
    new RestError('bld_social_not_configured', 'The social media feed is not configured.', 503),
  socialUnavailable: () =>
    new RestError('bld_social_unavailable', 'The social media service could not be reached.', 503),
  socialApiError: (message: string, remoteStatus: number) =>
    new RestError('bld_social_api_error', message, 502, { remote_status: remoteStatus }),
  socialInvalidId: () => new RestError('bld_social_invalid_id', 'Invalid media ID.', 404),
  nothingToRender: () =>
    new RestError('rest_missing_callback_param', 'Missing parameter(s): content', 400, {
      params: ['content'],
    }),
  postInvalidId: () => new RestError('rest_post_invalid_id', 'Invalid post ID.', 404),
};
