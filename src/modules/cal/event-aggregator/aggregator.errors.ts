import { RestError } from '../../../platform/rest';

/** TEC answers only with WordPress's generic codes here (no `ea-*` codes): reference §9.3. */
export const AggregatorErrors = {
  /** The arg check of `import_id` / `batch_hash` failed (WordPress's default message). */
  invalidParameter: () => new RestError('rest_invalid_param', 'Invalid parameter.', 400),
  /** State route: the record left `pending` while the request was processed (TEC's WP_Error with the sentence as code). */
  couldNotUpdate: (importId: string, status: string, current: string) =>
    new RestError(
      `Could not update the status of import ${importId} to ${status}; current record status is ${current}`,
      '',
      500,
    ),
  /** A batch arrived while another one with the same hash was being processed. */
  hashTaken: () =>
    new RestError('rest_invalid_param', 'Invalid parameter(s): batch_hash', 400, {
      params: { batch_hash: 'Invalid parameter.' },
    }),
};
