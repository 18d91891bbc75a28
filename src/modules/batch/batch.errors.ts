import { RestError } from '../../platform/rest';

/** Per-item errors of a batch (they appear in the item's slot, never as the batch's own status). */
export const BatchErrors = {
  notAllowed: () =>
    new RestError('rest_batch_not_allowed', 'The requested route does not support batch requests.', 400),
  parsePathFailed: () => new RestError('parse_path_failed', 'Could not parse the path.', 400),
};
