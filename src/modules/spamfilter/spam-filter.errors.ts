import { RestError } from '../../platform/rest';

/** Akismet's REST errors, with its codes and messages. */
export const SpamFilterErrors = {
  hardcodedKey: (action: 'changed' | 'deleted') =>
    new RestError(
      'hardcoded_key',
      `This site's API key is hardcoded and cannot be ${action} via the API.`,
      409,
    ),
  invalidKey: () =>
    new RestError('invalid_key', 'The value provided is not a valid and registered API key.', 400),
  malformedRequest: () =>
    new RestError('malformed_request', "The 'comments' parameter must be an array.", 400),
};
