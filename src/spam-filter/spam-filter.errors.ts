import { RestError } from '../rest';

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
  discarded: () => new RestError('spamfilter_rest_comment_discarded', 'Comment discarded.', 400),
};
