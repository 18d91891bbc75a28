import { RestError } from '../../../platform/rest';

const NOT_ALLOWED = 'Sorry, you are not allowed to do that.';

/** Errors of the ATE/AMS routes. */
export const TranslationServiceErrors = {
  /**
   * ATE or AMS is off (`ML_ATE_URL`/`ML_AMS_URL` unset): WPML's routes that require ATE then fail their permission
   * check, `rest_forbidden` (401 anonymous, 403 logged in); `reason` tells which service is off.
   */
  off: (service: 'ate' | 'ams', loggedIn: boolean) =>
    new RestError('rest_forbidden', NOT_ALLOWED, loggedIn ? 403 : 401, {
      reason: service === 'ate' ? 'ate_not_enabled' : 'ams_not_enabled',
    }),
  ateOff: () => TranslationServiceErrors.off('ate', true),
  amsOff: () => TranslationServiceErrors.off('ams', true),
  notRegistered: () =>
    new RestError(
      'ams_not_registered',
      'This site is not registered with the translation management service: register a manager first.',
      409,
    ),
  unreachable: () =>
    new RestError('ml_remote_unreachable', 'The translation service did not answer in time.', 502),
  badAnswer: () =>
    new RestError(
      'ml_remote_bad_answer',
      'The translation service sent an answer that could not be read.',
      502,
    ),
  /** A refusal of the remote service, with its message; its 4xx status is kept, a 5xx becomes 502. */
  remote: (message: string, status: number) =>
    new RestError('ams_error', message, status >= 400 && status < 500 ? status : 502),
};
