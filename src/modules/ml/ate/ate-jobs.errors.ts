import { RestError, RestErrors } from '../../../platform/rest';

/** Errors of the `ml/tm/v1/ate/jobs*` routes (WordPress-shaped; the receive callback has its own, see below). */
export const AteJobErrors = {
  invalidParam: (name: string, message: string) => RestErrors.invalidParams({ [name]: message }, {}),
  missingParam: (name: string) => RestErrors.missingParams([name]),
  ateJobNotFound: () =>
    new RestError('ml_ate_job_not_found', 'No translation job of this site has that ATE job ID.', 404),
  notAteJob: (jobId: number) =>
    new RestError(
      'ml_not_ate_job',
      `Job ${jobId} is not translated in the Advanced Translation Editor.`,
      400,
    ),
  ateJobMismatch: () =>
    new RestError('ml_ate_job_mismatch', 'The job is not the local job of that ATE job.', 400),
  alreadyInAte: (jobId: number, ateJobId: number) =>
    new RestError(
      'ml_ate_job_exists',
      `Job ${jobId} is already being translated in ATE (ATE job ${ateJobId}).`,
      400,
    ),
  notSendable: (jobId: number) =>
    new RestError(
      'ml_job_closed',
      `Job ${jobId} is cancelled or complete: there is nothing to send to ATE.`,
      400,
    ),
  /** ATE's translated XLIFF lies outside the configured services: it is not fetched. */
  untrustedLink: () =>
    new RestError(
      'ml_remote_bad_answer',
      'The translation service named a translated file outside its own address.',
      502,
    ),
};

/**
 * The receive callback's answers as WPML 4.8.1 gives them (`PublicReceive`): an integer code, an empty message,
 * null data. WPML's WP_Error carries no status, so WordPress sends them with HTTP 500; here the HTTP status is
 * the code itself (423 busy, 422 failed), so callers and proxies see a 4xx, never a 500.
 */
export const RECEIVE_LOCKED = 423;
export const RECEIVE_FAILED = 422;
export const receiveAnswer = (code: typeof RECEIVE_LOCKED | typeof RECEIVE_FAILED) => ({
  code,
  message: '',
  data: null,
});
